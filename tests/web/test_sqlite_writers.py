"""The SQLite backend of config/sqlite: writers queue on ``<database>-lock`` before BEGIN, and
every way a transaction ends releases it."""

from __future__ import annotations

import contextlib
import fcntl
import os
import sqlite3
import stat
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.db import OperationalError
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.utils import ConnectionHandler
from pytest_django import DjangoDbBlocker

from config.database import database_config
from config.sqlite.base import lock_path
from ops.sqlite import database_file

BASE = Path("/srv/club")


def handler_for(path: Path, **options: object) -> ConnectionHandler:
    entry = database_config({"SQLITE_PATH": str(path)}, BASE)
    entry["OPTIONS"].update(options)
    return ConnectionHandler({"default": entry})


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "club.db"


@pytest.fixture
def conn(db_path: Path, django_db_blocker: DjangoDbBlocker) -> Iterator[BaseDatabaseWrapper]:
    """A Django connection, configured as in production, to a fresh SQLite file with a table."""
    connection = handler_for(db_path)["default"]
    with django_db_blocker.unblock():
        with connection.cursor() as cursor:
            cursor.execute("CREATE TABLE t (x INTEGER)")
        yield connection
        connection.close()


@contextlib.contextmanager
def _atomic(connection: BaseDatabaseWrapper) -> Iterator[None]:
    """What ``transaction.atomic()`` does on ``connection`` (a connection of its own handler,
    which ``atomic`` cannot name): begin, then commit, or roll back on an error."""
    connection.set_autocommit(False, force_begin_transaction_with_broken_autocommit=True)
    try:
        yield
    except BaseException:
        connection.rollback()
        raise
    else:
        connection.commit()
    finally:
        connection.set_autocommit(True)


def lock_is_free(db_path: Path) -> bool:
    """Whether another process could take the writers' lock now (a descriptor of its own)."""
    with open(lock_path(str(db_path)), "rb") as other:
        try:
            fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        fcntl.flock(other, fcntl.LOCK_UN)
        return True


def rows(db_path: Path) -> list[int]:
    plain = sqlite3.connect(db_path)
    try:
        return [x for (x,) in plain.execute("SELECT x FROM t ORDER BY x")]
    finally:
        plain.close()


def test_the_site_uses_the_backend(db_path: Path) -> None:
    entry = database_config({"SQLITE_PATH": str(db_path)}, BASE)
    assert entry["ENGINE"] == "config.sqlite"
    assert database_file(entry) == db_path  # still made private before anything connects


def test_a_transaction_holds_the_lock_until_commit(
    conn: BaseDatabaseWrapper, db_path: Path
) -> None:
    with _atomic(conn):
        with conn.cursor() as cursor:
            cursor.execute("INSERT INTO t VALUES (1)")
        assert not lock_is_free(db_path)
    assert lock_is_free(db_path)
    assert rows(db_path) == [1]


def test_rollback_and_errors_release_the_lock(conn: BaseDatabaseWrapper, db_path: Path) -> None:
    with pytest.raises(ZeroDivisionError), _atomic(conn):
        with conn.cursor() as cursor:
            cursor.execute("INSERT INTO t VALUES (2)")
        assert not lock_is_free(db_path)
        1 / 0  # noqa: B018
    assert lock_is_free(db_path)
    assert rows(db_path) == []
    with pytest.raises(OperationalError), _atomic(conn), conn.cursor() as cursor:
        cursor.execute("INSERT INTO missing VALUES (1)")  # a failing statement inside
    assert lock_is_free(db_path)


def test_closing_the_connection_releases_the_lock(conn: BaseDatabaseWrapper, db_path: Path) -> None:
    conn.set_autocommit(False, force_begin_transaction_with_broken_autocommit=True)
    assert not lock_is_free(db_path)
    conn.close()
    assert lock_is_free(db_path)
    conn.ensure_connection()
    with _atomic(conn):  # a new connection takes it again
        assert not lock_is_free(db_path)
    assert lock_is_free(db_path)


def test_a_second_writer_waits_for_the_first(conn: BaseDatabaseWrapper, db_path: Path) -> None:
    """The second transaction begins only once the first has committed: it sees its row."""
    handler = handler_for(db_path)
    first_in = threading.Event()
    seen: list[list[int]] = []

    def later() -> None:
        second = handler["default"]  # a connection of this thread
        first_in.wait()
        with _atomic(second), second.cursor() as cursor:
            seen.append([x for (x,) in cursor.execute("SELECT x FROM t").fetchall()])
            cursor.execute("INSERT INTO t VALUES (20)")
        second.close()

    thread = threading.Thread(target=later)
    thread.start()
    try:
        with _atomic(conn), conn.cursor() as cursor:
            first_in.set()
            # The other thread is waiting for the lock file (or has not got there yet):
            # either way it cannot begin until this commits.
            cursor.execute("INSERT INTO t VALUES (10)")
    finally:
        thread.join(timeout=30)
    assert not thread.is_alive()
    assert seen == [[10]]
    assert rows(db_path) == [10, 20]


def test_a_writer_gives_up_after_the_timeout(
    db_path: Path, django_db_blocker: DjangoDbBlocker
) -> None:
    """Past its `timeout` a writer fails as SQLite would, and writes nothing."""
    connection = handler_for(db_path, timeout=0.05)["default"]
    with django_db_blocker.unblock():
        with connection.cursor() as cursor:
            cursor.execute("CREATE TABLE t (x INTEGER)")
        with open(lock_path(str(db_path)), "ab") as holder:
            fcntl.flock(holder, fcntl.LOCK_EX)  # another process's writer, say
            with (
                pytest.raises(OperationalError, match="database is locked"),
                _atomic(connection),
                connection.cursor() as cursor,
            ):
                cursor.execute("INSERT INTO t VALUES (3)")
            fcntl.flock(holder, fcntl.LOCK_UN)
        with _atomic(connection), connection.cursor() as cursor:
            cursor.execute("INSERT INTO t VALUES (4)")
        connection.close()
    assert rows(db_path) == [4]


def test_sqlite_still_locks_writers_that_skip_the_file(
    conn: BaseDatabaseWrapper, db_path: Path
) -> None:
    with _atomic(conn):
        other = sqlite3.connect(db_path, timeout=0, isolation_level=None)
        try:
            with pytest.raises(sqlite3.OperationalError, match="locked"):
                other.execute("BEGIN IMMEDIATE")
        finally:
            other.close()


def test_the_lock_file_is_private(conn: BaseDatabaseWrapper, db_path: Path) -> None:
    with _atomic(conn):
        pass
    path = Path(lock_path(str(db_path)))
    assert path.parent == db_path.parent
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_an_in_memory_database_has_no_lock_file(
    tmp_path: Path, django_db_blocker: DjangoDbBlocker, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    entry = database_config({}, tmp_path)
    entry["NAME"] = ":memory:"
    connection = ConnectionHandler({"default": entry})["default"]
    with django_db_blocker.unblock():
        with _atomic(connection), connection.cursor() as cursor:
            cursor.execute("CREATE TABLE t (x INTEGER)")
        connection.close()
    assert os.listdir(tmp_path) == []


def test_destroying_a_test_database_removes_its_lock_file(
    db_path: Path, django_db_blocker: DjangoDbBlocker
) -> None:
    connection = handler_for(db_path)["default"]
    with django_db_blocker.unblock():
        with _atomic(connection):
            pass
        connection.close()
        assert Path(lock_path(str(db_path))).exists()
        connection.creation._destroy_test_db(str(db_path), verbosity=0)
    assert not db_path.exists()
    assert not Path(lock_path(str(db_path))).exists()
