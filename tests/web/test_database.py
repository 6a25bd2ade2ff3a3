"""Database selection (`config.database`) and the SQLite connection options."""

from __future__ import annotations

import os
import sqlite3
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.utils import ConnectionHandler
from pytest_django import DjangoDbBlocker

from config.database import SQLITE_INIT_COMMAND, database_config, sqlite_test_path

BASE = Path("/srv/club")


def test_sqlite_by_default() -> None:
    config = database_config({}, BASE)
    assert config == {
        "ENGINE": "config.sqlite",
        "NAME": BASE / "db.sqlite3",
        "OPTIONS": {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": (
                "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;"
            ),
        },
        "CONN_MAX_AGE": 600,
        "CONN_HEALTH_CHECKS": True,
        "TEST": {"NAME": sqlite_test_path()},
    }


def test_sqlite_test_database_is_a_file_of_this_process() -> None:
    """Not Django's in-memory default: threads in tests need real separate connections."""
    path = sqlite_test_path()
    assert path.parent == Path(tempfile.gettempdir())
    assert str(os.getpid()) in path.name
    assert path.suffix == ".sqlite3"
    assert database_config({"SQLITE_PATH": "/elsewhere/club.db"}, BASE)["TEST"] == {"NAME": path}


def test_empty_database_url_means_sqlite() -> None:
    assert database_config({"DATABASE_URL": "  "}, BASE)["ENGINE"] == "config.sqlite"


def test_sqlite_path_overrides_the_file(tmp_path: Path) -> None:
    config = database_config({"SQLITE_PATH": str(tmp_path / "club.db")}, BASE)
    assert config["NAME"] == tmp_path / "club.db"
    assert config["OPTIONS"]["transaction_mode"] == "IMMEDIATE"


def test_options_are_not_shared_between_calls() -> None:
    database_config({}, BASE)["OPTIONS"]["timeout"] = 1
    assert database_config({}, BASE)["OPTIONS"]["timeout"] == 20


def test_database_url_selects_postgresql() -> None:
    config = database_config(
        {"DATABASE_URL": "postgres://club:s3cret@db.example:5433/tournaments", "SQLITE_PATH": "x"},
        BASE,
    )
    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert config["NAME"] == "tournaments"
    assert config["USER"] == "club"
    assert config["PASSWORD"] == "s3cret"
    assert config["HOST"] == "db.example"
    assert config["PORT"] == 5433
    assert config["CONN_MAX_AGE"] == 60
    assert "transaction_mode" not in config.get("OPTIONS", {})


def test_settings_use_database_config() -> None:
    expected = database_config(os.environ, settings.BASE_DIR)
    actual = settings.DATABASES["default"]
    assert actual["ENGINE"] == expected["ENGINE"]
    if expected["ENGINE"] == "config.sqlite":
        assert actual["OPTIONS"] == expected["OPTIONS"]
        assert actual["TEST"]["NAME"] == expected["TEST"]["NAME"]


@pytest.mark.django_db
def test_tests_run_on_the_sqlite_test_file() -> None:
    if connection.vendor != "sqlite":
        pytest.skip("SQLite only")
    name = connection.settings_dict["NAME"]
    assert not connection.creation.is_in_memory_db(name)
    # pytest-xdist would add a suffix for each worker.
    assert Path(name).name.startswith(sqlite_test_path().stem)


@pytest.fixture
def file_db(tmp_path: Path, django_db_blocker: DjangoDbBlocker) -> Iterator[BaseDatabaseWrapper]:
    """A Django connection, configured as in production, to a fresh SQLite file."""
    handler = ConnectionHandler(
        {"default": database_config({"SQLITE_PATH": str(tmp_path / "club.db")}, BASE)}
    )
    connection = handler["default"]
    with django_db_blocker.unblock():
        connection.ensure_connection()
        yield connection
        connection.close()


def test_file_database_pragmas(file_db: BaseDatabaseWrapper) -> None:
    with file_db.cursor() as cursor:
        assert cursor.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert cursor.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL
        assert cursor.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert file_db.transaction_mode == "IMMEDIATE"


def test_wal_persists_in_the_file(file_db: BaseDatabaseWrapper) -> None:
    """WAL is a property of the file: a plain sqlite3 connection sees it too."""
    plain = sqlite3.connect(file_db.settings_dict["NAME"])
    try:
        assert plain.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    finally:
        plain.close()


def test_transactions_take_the_write_lock_at_begin(file_db: BaseDatabaseWrapper) -> None:
    """BEGIN IMMEDIATE: a second writer is refused before the first has written anything."""
    with file_db.cursor() as cursor:
        cursor.execute("CREATE TABLE t (x INTEGER)")
    # What transaction.atomic() does on this connection.
    file_db.set_autocommit(False, force_begin_transaction_with_broken_autocommit=True)
    other = sqlite3.connect(file_db.settings_dict["NAME"], timeout=0, isolation_level=None)
    try:
        assert other.execute("SELECT count(*) FROM t").fetchone()[0] == 0  # readers go on
        with pytest.raises(sqlite3.OperationalError, match="locked"):
            other.execute("BEGIN IMMEDIATE")
    finally:
        other.close()
        file_db.rollback()
        file_db.set_autocommit(True)


def test_init_command_runs_on_a_plain_connection(tmp_path: Path) -> None:
    """The same init_command, run statement by statement as Django does, gives WAL."""
    plain = sqlite3.connect(tmp_path / "plain.db")
    try:
        for statement in SQLITE_INIT_COMMAND.split(";"):
            if statement.strip():
                plain.execute(statement)
        assert plain.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    finally:
        plain.close()
