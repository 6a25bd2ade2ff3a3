"""The site's gunicorn settings (config/gunicorn_conf.py): a connection stays open for the next
request (the page's poll and its moves), where gunicorn's default sync worker closes each one."""

from __future__ import annotations

import http.client
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.ops.realservers import HOST, free_port, stop_process, wait_for_port

pytestmark = pytest.mark.servers

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = str(Path(sys.executable).parent / "gunicorn")


def answers_on_one_connection(tmp_path: Path, *options: str) -> list[bool]:
    """Three GETs of /healthz on one connection to gunicorn run with ``options``: for each,
    whether the server kept the connection open after it."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DJANGO_DEBUG="0",
        DJANGO_ALLOWED_HOSTS=HOST,
        SQLITE_PATH=str(tmp_path / "db.sqlite3"),
    )
    port = free_port()
    command = [GUNICORN, "config.wsgi:application", "--config", "config/gunicorn_conf.py"]
    command += ["--workers", "1", "--bind", f"{HOST}:{port}", *options]
    usage = subprocess.run([GUNICORN, "--help"], capture_output=True, text=True, check=True)
    if "--no-control-socket" in usage.stdout:
        command.append("--no-control-socket")  # gunicorn 25+: one path per user otherwise
    process = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        wait_for_port(port, process, what="gunicorn")
        conn = http.client.HTTPConnection(HOST, port, timeout=30)
        kept = []
        for _ in range(3):
            conn.request("GET", "/healthz")
            response = conn.getresponse()
            response.read()
            kept.append(not response.will_close)
            if response.will_close:
                conn.close()
        conn.close()
        return kept
    finally:
        stop_process(process)


def test_the_sites_workers_keep_the_connection_for_the_next_request(tmp_path: Path) -> None:
    assert answers_on_one_connection(tmp_path) == [True, True, True]


def test_the_sync_worker_would_close_it_after_each_answer(tmp_path: Path) -> None:
    # (More than one thread would turn a sync worker into a gthread one.)
    sync = ("--worker-class", "sync", "--threads", "1")
    assert answers_on_one_connection(tmp_path, *sync) == [False] * 3


def test_a_worker_leaves_what_it_loaded_out_of_the_garbage_collections() -> None:
    import gc
    import runpy

    conf = runpy.run_path(str(ROOT / "config" / "gunicorn_conf.py"))
    gc.unfreeze()
    try:
        conf["post_worker_init"](None)
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
