"""Django's SQLite backend, with its writers queued on a lock file beside the database.

SQLite lets one connection write at a time. A transaction here starts with ``BEGIN IMMEDIATE``
(``config/database.py``), and a connection that finds the write lock taken is put to sleep by
SQLite's busy handler: 1 ms, then 2, 5, 10, 15, 20, 25 … up to 100 ms a try, until the lock is
free at one of its wake-ups or the timeout passes. A move holds the lock for well under a
millisecond, so under load most of a waiting worker's time was sleep past the moment the lock
came free: with two workers, half the server's CPU stood idle and the slowest moves waited the
longest sleeps (see ``docs/operations.md``).

Here a connection first takes an exclusive lock on the file ``<database>-lock`` (``flock``; every
process of the site, workers and commands alike, takes the same file), then begins; commit,
rollback and closing release it. While the lock is taken, the connection tries again after
50 µs, doubling up to half a millisecond, so it starts a fraction of a millisecond after the
lock comes free; past the connection's ``timeout`` (the SQLite option, seconds) it fails as
SQLite would, with "database is locked", and nothing is written. SQLite's own lock still guards
the database: a writer that does not take the file (the ``sqlite3`` shell, a statement outside a
transaction) only waits the old way. The kernel drops the lock of a process that dies. An
in-memory database has no file to lock and begins as Django's does.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import time
from typing import IO, Any

from django.db import OperationalError
from django.db.backends.sqlite3 import base, creation

# The waits between two tries at the lock file: the first, and the longest (seconds).
FIRST_WAIT = 0.00005
LONGEST_WAIT = 0.0005
# SQLite's default busy timeout, when the settings give none (seconds).
DEFAULT_TIMEOUT = 5.0


def lock_path(database: str) -> str:
    """The lock file of the SQLite database file ``database``."""
    return f"{database}-lock"


class DatabaseCreation(creation.DatabaseCreation):
    def _destroy_test_db(self, test_database_name: str, verbosity: int) -> None:
        super()._destroy_test_db(test_database_name, verbosity)
        if test_database_name and not self.is_in_memory_db(test_database_name):
            with contextlib.suppress(FileNotFoundError):
                os.remove(lock_path(str(test_database_name)))


# The range of SQLite's integers (and of PostgreSQL's bigint).
INTEGER_RANGE = range(-(2**63), 2**63)


class CursorWrapper(base.SQLiteCursorWrapper):
    """Django's cursor, where a read compares an integer beyond SQLite's range as PostgreSQL
    does (numerically: it equals no row's id) instead of failing to bind it (``OverflowError``:
    ``/admin/auth/group/add/`` posting ``permissions=99999999999999999999``). Only on that
    failure, so the usual statement costs nothing more; a write of such a number still fails."""

    def execute(self, query: str, params: Any = None) -> Any:
        try:
            return super().execute(query, params)
        except OverflowError:
            if not query.lstrip().upper().startswith("SELECT") or not isinstance(
                params, list | tuple
            ):
                raise
            return super().execute(query, [_in_range(p) for p in params])


def _in_range(value: Any) -> Any:
    """``value``, or a float of it when it is an integer SQLite cannot bind."""
    return float(value) if type(value) is int and value not in INTEGER_RANGE else value


class DatabaseWrapper(base.DatabaseWrapper):
    """SQLite whose transactions queue on ``<database>-lock`` before ``BEGIN``, and whose reads
    take any integer (:class:`CursorWrapper`)."""

    creation_class = DatabaseCreation

    def create_cursor(self, name: str | None = None) -> Any:
        return self.connection.cursor(factory=CursorWrapper)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._lock_file: IO[bytes] | None = None
        self._lock_pid = 0
        self._locked = False

    def _writer_lock(self) -> IO[bytes] | None:
        """This connection's open lock file (opened again in a forked process), or ``None`` for
        an in-memory database."""
        if self.is_in_memory_db():
            return None
        if self._lock_file is None or self._lock_pid != os.getpid():
            # A file of its own, never the database file: closing any descriptor of the
            # database file would drop the process's SQLite locks on it.
            path = lock_path(str(self.settings_dict["NAME"]))
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
            self._lock_file = os.fdopen(fd, "r+b", buffering=0)
            self._lock_pid = os.getpid()
            self._locked = False
        return self._lock_file

    def _acquire_writer_lock(self) -> None:
        lock = self._writer_lock()
        if lock is None:
            return
        wait = FIRST_WAIT
        deadline: float | None = None
        while True:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                now = time.monotonic()
                if deadline is None:
                    timeout = self.settings_dict["OPTIONS"].get("timeout", DEFAULT_TIMEOUT)
                    deadline = now + float(timeout)
                elif now >= deadline:
                    raise OperationalError("database is locked") from None
                time.sleep(wait)
                wait = min(wait * 2, LONGEST_WAIT)
            else:
                self._locked = True
                return

    def _release_writer_lock(self) -> None:
        if self._locked:
            self._locked = False
            if self._lock_file is not None and self._lock_pid == os.getpid():
                fcntl.flock(self._lock_file, fcntl.LOCK_UN)

    def _start_transaction_under_autocommit(self) -> None:
        self._acquire_writer_lock()
        try:
            super()._start_transaction_under_autocommit()
        except BaseException:
            self._release_writer_lock()
            raise

    def _commit(self) -> Any:
        try:
            return super()._commit()
        finally:
            self._release_writer_lock()

    def _rollback(self) -> Any:
        try:
            return super()._rollback()
        finally:
            self._release_writer_lock()

    def _close(self) -> Any:
        try:
            return super()._close()
        finally:
            self._release_writer_lock()
