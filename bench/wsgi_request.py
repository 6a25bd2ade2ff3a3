"""One request made on Django's WSGI handler itself, as the server makes it: what ``bench/move.py``
and ``bench/board.py`` time as the server's side of a request (no test client's own work)."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable, Mapping
from typing import Any


def call(
    handler: Callable[..., Any],
    method: str,
    path: str,
    *,
    cookie: str,
    body: bytes = b"",
    headers: Mapping[str, str] | None = None,
) -> int:
    """Make the request on ``handler`` (a ``WSGIHandler``), read the whole answer; its status."""
    environ = {
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "SCRIPT_NAME": "",
        "QUERY_STRING": "",
        "SERVER_NAME": "testserver",
        "SERVER_PORT": "80",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "HTTP_HOST": "testserver",
        "HTTP_COOKIE": cookie,
        "CONTENT_LENGTH": str(len(body)),
        "wsgi.input": io.BytesIO(body),
        "wsgi.errors": sys.stderr,
        "wsgi.url_scheme": "http",
        "wsgi.version": (1, 0),
        "wsgi.multithread": False,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
        **(headers or {}),
    }
    status: list[str] = []
    answer = handler(environ, lambda s, _headers, exc_info=None: status.append(s))
    b"".join(answer)
    answer.close()
    return int(status[0].split()[0])
