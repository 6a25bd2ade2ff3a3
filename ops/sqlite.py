"""The SQLite database holds password hashes: its file is created readable by its owner only.

SQLite creates a missing database file with the process's umask (usually readable by every local
user), and its -wal and -shm files with the database file's mode. So the file is made first,
empty and 0600, before anything connects; SQLite takes an empty file as a new database.
"""

from __future__ import annotations

import os
from pathlib import Path

from django.conf import settings

# Django's SQLite backend, and the site's (config/sqlite: writers queued on a lock file).
SQLITE_ENGINES = ("django.db.backends.sqlite3", "config.sqlite")


def database_file(entry: dict) -> Path | None:
    """The file of a SQLite DATABASES entry (``None`` for another engine or an in-memory one)."""
    if entry.get("ENGINE") not in SQLITE_ENGINES:
        return None
    name = str(entry.get("NAME") or "")
    if not name or name == ":memory:" or name.startswith("file:"):
        return None
    return Path(name)


def create_private_file(path: Path) -> bool:
    """Create ``path`` empty with mode 0600 if it is missing (and its folder exists)."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except (FileExistsError, FileNotFoundError, PermissionError):
        return False
    os.close(fd)
    return True


def create_private_database_files() -> None:
    for entry in settings.DATABASES.values():
        path = database_file(entry)
        if path is not None:
            create_private_file(path)
