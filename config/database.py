"""Choice of database from the environment, kept apart from settings so it can be tested."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import dj_database_url

# Every connection to the embedded SQLite database runs these, in order (Django splits on ";").
SQLITE_INIT_COMMAND = "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;"

SQLITE_OPTIONS: dict[str, Any] = {
    # BEGIN IMMEDIATE takes the write lock when a transaction starts, so two writers queue
    # (on the lock file of config/sqlite, up to `timeout` seconds) instead of failing with
    # "database is locked" when one upgrades a read lock.
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
    "init_command": SQLITE_INIT_COMMAND,
}


def sqlite_test_path() -> Path:
    """The file of the SQLite test database: one per test process, in the temporary directory.

    Django's default test database for SQLite is in memory, where threads share one cache and
    lock whole tables, so tests of concurrent moves would not see two real connections. A file
    (WAL, BEGIN IMMEDIATE, as in production) gives each thread its own connection. The process
    id keeps two test runs apart; Django deletes the file when the run ends.
    """
    return Path(tempfile.gettempdir()) / f"sosttt-test-{os.getpid()}.sqlite3"


def database_config(environ: Mapping[str, str], base_dir: Path) -> dict[str, Any]:
    """Return the `default` entry of DATABASES.

    `DATABASE_URL` (e.g. ``postgres://user:pass@host:5432/name``) wins when set and non-empty;
    otherwise SQLite at `SQLITE_PATH`, or ``base_dir / "db.sqlite3"``.
    """
    url = environ.get("DATABASE_URL", "").strip()
    if url:
        # Persistent connections without a health check before every request (Django's default):
        # the check is a round trip per request, ~10 % of a move's cost under load; a connection
        # the server dropped fails one request and is then replaced.
        return dict(dj_database_url.parse(url, conn_max_age=60, conn_health_checks=False))
    sqlite_path = environ.get("SQLITE_PATH", "").strip()
    return {
        # Django's SQLite backend, with writers queued on a lock file (config/sqlite/base.py).
        "ENGINE": "config.sqlite",
        "NAME": Path(sqlite_path) if sqlite_path else base_dir / "db.sqlite3",
        "OPTIONS": dict(SQLITE_OPTIONS),
        # Keep connections open between requests: closing the last connection to a WAL database
        # checkpoints it (an fsync), which cost ~20 ms a move under load.
        "CONN_MAX_AGE": 600,
        "CONN_HEALTH_CHECKS": True,
        "TEST": {"NAME": sqlite_test_path()},
    }
