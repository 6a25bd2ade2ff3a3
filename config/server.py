"""The site's application server: granian, serving ``config.wsgi:application``.

    python -m config.server [--bind HOST:PORT] [--workers N] [--threads N] [--access-log]

``make serve-production`` and ``make serve-lan`` run it, and so do ``bench/load.py`` and the
tests that start real servers: the server's settings are here, once.

- **granian** (a Rust HTTP server for Python): it reads the requests and writes the answers in
  Rust, so a worker's Python runs the site alone. gunicorn, the server before it, parses and
  writes in Python, in the same interpreter as the site: ``bench/load.py --games 25
  --quick-login`` (2 workers, 50 players, SQLite) on the quiet 2-core machine (2026-12-02),
  three runs each, alternately: our moves 233, 249, 223 a second under gunicorn (gthread, one
  thread a worker), 307, 315, 337 under granian (5.9–6.3 ms of server CPU a move against
  4.4–5.0); the floor's 325, 315, 324 against 368, 391, 460.
- **Workers** (``--workers``, 2): processes, each with the site loaded. **Threads**
  (``--threads``, 1): the Python threads of a worker that run requests, one at a time each. More
  threads bring no more moves (a worker's threads share one core's Python, and on SQLite the
  moves queue for the one write lock anyway), only a longer tail; one thread is what gunicorn's
  workers ran too.
- A connection stays open for the next request (HTTP/1.1 keep-alive): the page's poll and its
  moves use one connection.
- A worker that dies is started again; on SIGTERM or SIGINT the server stops taking
  connections and gives the requests under way up to ``STOP_SECONDS`` to finish.
- A client has ``HEADER_SECONDS`` to send a request's headers (a slow client holds no worker: the
  requests are read in Rust before a worker's thread takes them).
- Each worker leaves what it loaded out of the garbage collections (:func:`load_site`).
- No access log unless ``--access-log``: the site logs its own events (``config/logging.py``).
"""

from __future__ import annotations

import argparse
import gc
import sys
from typing import Any

TARGET = "config.wsgi:application"
BIND = "127.0.0.1:8000"
WORKERS = 2
THREADS = 1
# Connections waiting to be accepted.
BACKLOG = 2048
# Seconds the requests under way get to finish when the server is told to stop.
STOP_SECONDS = 30
# Seconds a client has to send the headers of a request.
HEADER_SECONDS = 30


def split_bind(bind: str) -> tuple[str, int]:
    """``HOST:PORT`` (``[::1]:8000`` for IPv6) as host and port; ``ValueError`` otherwise."""
    host, sep, port = bind.rpartition(":")
    if not sep or not host or not port.isdecimal() or not 0 < int(port) < 65536:
        raise ValueError(bind)
    return host.strip("[]"), int(port)


def server_options(
    *,
    bind: str = BIND,
    workers: int = WORKERS,
    threads: int = THREADS,
    access_log: bool = False,
) -> dict[str, Any]:
    """The keyword arguments of granian's ``Server`` for the site (see the module's notes)."""
    from granian.constants import HTTPModes, Interfaces
    from granian.http import HTTP1Settings

    host, port = split_bind(bind)
    return {
        "target": TARGET,
        "address": host,
        "port": port,
        "interface": Interfaces.WSGI,
        "workers": workers,
        "blocking_threads": threads,
        "backlog": BACKLOG,
        "http": HTTPModes.http1,
        "http1_settings": HTTP1Settings(header_read_timeout=HEADER_SECONDS * 1000),
        "websockets": False,
        "respawn_failed_workers": True,
        "workers_kill_timeout": STOP_SECONDS,
        "log_access": access_log,
    }


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be 1 or more")
    return value


def _bind(text: str) -> str:
    try:
        split_bind(text)
    except ValueError:
        raise argparse.ArgumentTypeError("HOST:PORT, such as 127.0.0.1:8000") from None
    return text


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m config.server", description="Serve the site with granian."
    )
    parser.add_argument("--bind", type=_bind, default=BIND, help=f"HOST:PORT ({BIND})")
    parser.add_argument("--workers", type=_positive, default=WORKERS, help=f"({WORKERS})")
    parser.add_argument(
        "--threads", type=_positive, default=THREADS, help=f"threads a worker ({THREADS})"
    )
    parser.add_argument("--access-log", action="store_true", help="log every request")
    return parser.parse_args(argv)


def load_site(target: str) -> Any:
    """What each worker runs to load the site: the WSGI application ``target``; then everything
    made so far (Django, the apps, the settings: most of the process, alive to its end) leaves
    the garbage collector's care, so its collections, which run every few requests, go over what
    the requests make only (about a tenth of a move's CPU otherwise, longer pauses for the
    whole-heap ones)."""
    from granian._internal import load_target

    application = load_target(target)
    gc.freeze()
    return application


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    from django.core.exceptions import ImproperlyConfigured

    from config.env import settings_module

    try:
        settings_module()  # what each worker's config.wsgi will do: no settings, no server
    except ImproperlyConfigured as err:
        print(f"config.server: {err}", file=sys.stderr)
        return 1
    from granian.server import Server

    options = server_options(
        bind=args.bind, workers=args.workers, threads=args.threads, access_log=args.access_log
    )
    Server(**options).serve(target_loader=load_site)
    return 0


if __name__ == "__main__":
    sys.exit(main())
