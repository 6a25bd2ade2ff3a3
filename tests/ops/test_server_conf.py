"""The site's server (config/server.py: granian): a connection stays open for the next request
(the page's poll and its moves), its settings, what each worker does once the site is loaded,
and the request's environ without the server's process environment (config/wsgi.py)."""

from __future__ import annotations

import gc
import http.client
import os
from pathlib import Path
from typing import Any

import pytest

from config import server
from tests.ops.realservers import HOST, site_server

ROOT = Path(__file__).resolve().parents[2]


def site_environment(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DJANGO_DEBUG="0",
        DJANGO_ALLOWED_HOSTS=HOST,
        SQLITE_PATH=str(tmp_path / "db.sqlite3"),
    )
    return env


@pytest.mark.servers
def test_a_connection_is_kept_for_the_next_request(tmp_path: Path) -> None:
    with site_server(site_environment(tmp_path)) as port:
        conn = http.client.HTTPConnection(HOST, port, timeout=30)
        answers = []
        for _ in range(3):
            conn.request("GET", "/healthz")
            response = conn.getresponse()
            response.read()
            answers.append(response.will_close)  # (a 503: this database has no tables)
        conn.close()
    assert answers == [False] * 3


def test_the_sites_server_settings() -> None:
    from granian.constants import Interfaces

    options = server.server_options()
    assert (options["address"], options["port"]) == ("127.0.0.1", 8000)
    assert options["interface"] == Interfaces.WSGI
    assert (options["workers"], options["blocking_threads"]) == (2, 1)
    assert options["respawn_failed_workers"] is True
    assert options["http1_settings"].keep_alive is True
    assert options["log_access"] is False
    lan = server.server_options(bind="0.0.0.0:8080", workers=4, threads=2, access_log=True)
    assert (lan["address"], lan["port"], lan["workers"], lan["blocking_threads"]) == (
        "0.0.0.0",
        8080,
        4,
        2,
    )
    assert lan["log_access"] is True
    assert server.split_bind("[::1]:8000") == ("::1", 8000)


@pytest.mark.parametrize(
    "arguments", [["--bind", "8000"], ["--bind", "host:0"], ["--workers", "0"], ["--threads", "x"]]
)
def test_bad_options_are_refused_before_anything_starts(arguments: list[str], capsys) -> None:
    with pytest.raises(SystemExit) as stopped:
        server.parse_args(arguments)
    assert stopped.value.code == 2
    assert "usage: python -m config.server" in capsys.readouterr().err


def test_a_worker_leaves_what_it_loaded_out_of_the_garbage_collections() -> None:
    gc.unfreeze()
    try:
        application = server.load_site("config.wsgi:application")
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
    import config.wsgi

    assert application is config.wsgi.application


def test_a_request_carries_none_of_the_servers_environment(monkeypatch) -> None:
    import config.wsgi as wsgi

    process = {
        "DJANGO_SECRET_KEY": "s" * 50,
        "DATABASE_URL": "postgres://club:password@db/club",
        "HTTP_PROXY": "http://proxy.example:3128",
        "HTTP_X_SAME": "1",
    }
    monkeypatch.setattr(wsgi, "PROCESS_ENVIRONMENT", tuple(process.items()))
    seen: dict[str, Any] = {}

    def django_application(environ: dict[str, Any], start_response: Any) -> list[bytes]:
        seen.update(environ)
        return []

    monkeypatch.setattr(wsgi, "django_application", django_application)
    request = {"REQUEST_METHOD": "GET", "PATH_INFO": "/", "HTTP_X_OWN": "2", "HTTP_X_SAME": "3"}
    # As granian builds it: the process environment, then the request's own names over it.
    wsgi.application({**process, **request}, lambda *args: None)
    assert not {"DJANGO_SECRET_KEY", "DATABASE_URL", "HTTP_PROXY"} & seen.keys()
    assert seen["HTTP_X_OWN"] == "2"
    assert seen["HTTP_X_SAME"] == "3"  # the request's own value of a name the process has too
    assert seen["PATH_INFO"] == "/"


def test_the_process_environment_leaves_out_the_request_names(monkeypatch) -> None:
    import config.wsgi as wsgi

    monkeypatch.setenv("PATH_INFO", "/from-the-shell")
    monkeypatch.setenv("CLUB_TEST_VARIABLE", "x")
    names = dict(wsgi._process_environment())
    assert "PATH_INFO" not in names
    assert names["CLUB_TEST_VARIABLE"] == "x"
