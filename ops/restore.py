"""Restoring (``manage.py restore FILE``): load a backup into an empty database.

In order, and changing nothing unless every step passes:

1. read the whole file: gzip intact, a header of this format, one row per line, the trailer, and
   as many rows of each model as the header says;
2. the database is fully migrated, and its migrations are exactly the backup's (a backup moves
   between versions of the site only through migrations: restore it with the version that made
   it, then upgrade);
3. the database is empty: no user and no row of this project's apps (``migrate`` on a new
   database, or ``flush``, leaves it so). Rows that migrations make elsewhere, such as the
   Arbiter group, do not count: they are deleted and the backup's rows take their place;
4. load every row in one transaction, then check it: the foreign keys, the row counts against
   the header, and every game — moves numbered 1…n without gaps or repeats, each legal for the
   seat to move when replayed through the rules engine, and the replay equal to the stored state.
   Any mismatch is reported and the transaction rolled back.

A backup made with ``backup --allow-problems`` of a database with problems lists them in its
header and is refused before anything is read into the database, unless ``allow_problems``
(``restore --allow-problems``, for a closer look at that data in a scratch database): then the
games and tournaments may fail the integrity check — its problems are returned — while the file,
its row counts and the foreign keys are checked as always.
"""

from __future__ import annotations

import gzip
import json
import zlib
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core import serializers
from django.core.exceptions import ObjectDoesNotExist
from django.core.management.base import CommandError
from django.core.management.color import no_style
from django.core.serializers.base import DeserializationError
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections, transaction
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.migrations.executor import MigrationExecutor
from django.db.models import Model
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from common.commands import model_label, problem_list
from games.integrity import integrity_problems
from ops.backup import FORMAT, VERSION, backup_models, migration_state


class BackupFileError(CommandError):
    """The file is not a complete backup in this format."""


class _Rollback(Exception):
    """Raised inside the restore transaction to undo it, carrying what went wrong."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__(problems)
        self.problems = problems


def read_lines(path: Path) -> Iterator[str]:
    """The file's lines, decompressed; ``BackupFileError`` when it is not readable gzip text."""
    try:
        with gzip.open(path, "rt", encoding="utf-8", newline="\n") as lines:
            yield from lines
    except FileNotFoundError:
        raise BackupFileError(_("There is no file %(path)s.") % {"path": path}) from None
    except (OSError, EOFError, zlib.error, UnicodeDecodeError) as err:
        raise BackupFileError(
            _("%(path)s is damaged or not a backup (%(error)s).")
            % {"path": path, "error": str(err) or type(err).__name__}
        ) from None


def _parse(line: str, number: int) -> Any:
    try:
        return json.loads(line)
    except ValueError:
        raise BackupFileError(
            _("Line %(line)s of the backup is not valid JSON: the file is damaged.")
            % {"line": number}
        ) from None


def check_file(path: Path) -> dict[str, Any]:
    """Read the whole backup once without touching the database; return its header.

    Raises ``BackupFileError`` for a damaged file, a file of another format or version, a file
    cut short (no trailer) and row counts that differ from the header's.
    """
    header: dict[str, Any] | None = None
    trailer: dict[str, Any] | None = None
    seen: Counter[str] = Counter()
    number = 0
    for number, line in enumerate(read_lines(path), 1):
        if trailer is not None:
            raise BackupFileError(_("The backup has data after its end marker: it is damaged."))
        data = _parse(line, number)
        if header is None:
            header = data
            if not isinstance(header, dict) or header.get("format") != FORMAT:
                raise BackupFileError(
                    _("%(path)s is not a backup made by the backup command.") % {"path": path}
                )
            if header.get("version") != VERSION:
                raise BackupFileError(
                    _("The backup is in format version %(found)s; this version reads %(known)s.")
                    % {"found": header.get("version"), "known": VERSION}
                )
            if (
                not isinstance(header.get("counts"), dict)
                or not isinstance(header.get("migrations"), dict)
                or not isinstance(header.get("problems", []), list)
            ):
                raise BackupFileError(_("The backup's header is incomplete: the file is damaged."))
        elif isinstance(data, dict) and data.get("end") is True:
            trailer = data
        elif (
            isinstance(data, dict)
            and isinstance(data.get("fields"), dict)
            and data.get("model") in header["counts"]
        ):
            seen[data["model"]] += 1
        else:
            raise BackupFileError(
                _("Line %(line)s of the backup is not a row of a saved model: the file is damaged.")
                % {"line": number}
            )
    if header is None:
        raise BackupFileError(_("%(path)s is empty.") % {"path": path})
    if trailer is None:
        raise BackupFileError(
            _("The backup ends without its end marker: it was cut short (%(lines)s lines).")
            % {"lines": number}
        )
    wrong = [
        f"{model_label(label)} {seen[label]}≠{count}"
        for label, count in header["counts"].items()
        if seen[label] != count
    ]
    if wrong or trailer.get("objects") != sum(seen.values()):
        raise BackupFileError(
            _("The rows in the backup do not match its header (%(models)s): it is damaged.")
            % {"models": ", ".join(wrong) or _("total")}
        )
    return header


def check_migrations(connection: BaseDatabaseWrapper, header: dict[str, Any]) -> None:
    """Refuse unless the database is fully migrated to the very state the backup was made in."""
    executor = MigrationExecutor(connection)
    if executor.migration_plan(executor.loader.graph.leaf_nodes()):
        raise CommandError(
            _(
                "This database is not fully migrated: run `python manage.py migrate` first, "
                "then restore."
            )
        )
    current = migration_state(connection)
    saved = {app: sorted(names) for app, names in header["migrations"].items()}
    if current != saved:
        differences = []
        for app in sorted(current.keys() | saved.keys()):
            if current.get(app) != saved.get(app):
                differences.append(
                    _("%(app)s: backup at %(saved)s, this code at %(current)s")
                    % {
                        "app": app,
                        "saved": (saved.get(app) or ["—"])[-1],
                        "current": (current.get(app) or ["—"])[-1],
                    }
                )
        raise CommandError(
            _(
                "The backup was made by another version of the site (%(differences)s). Restore "
                "it with the version that made it, then upgrade that database the usual way "
                "(`make setup`, `python manage.py migrate`): data moves between versions only "
                "through migrations."
            )
            % {"differences": "; ".join(differences)}
        )


def is_club_data(model: type[Model]) -> bool:
    """Is ``model`` the club's own data (a user, or a model of this project's apps)?

    Other models a backup fills (groups, the admin's log) may hold rows that migrations made,
    such as the Arbiter group: a database with only those is still empty.
    """
    if model._meta.label_lower == "auth.user":
        return True
    config = model._meta.app_config
    path = Path(config.path).resolve()
    return (
        path.is_relative_to(Path(settings.BASE_DIR).resolve()) and "site-packages" not in path.parts
    )


def rows_present(using: str = DEFAULT_DB_ALIAS, *, club_data: bool = True) -> dict[str, int]:
    """Row counts of the backed-up models that have rows: the club's data, or the rest."""
    present = {}
    for model in backup_models():
        if is_club_data(model) != club_data:
            continue
        manager = model._base_manager.using(using)
        if manager.exists():
            present[model._meta.label_lower] = manager.count()
    return present


def clear_seeded_rows(using: str) -> dict[str, int]:
    """Delete the rows migrations made in the backed-up models (the backup's replace them)."""
    deleted = rows_present(using, club_data=False)
    for model in reversed(backup_models()):
        if model._meta.label_lower in deleted:
            model._base_manager.using(using).all().delete()
    return deleted


def _objects(path: Path) -> Iterator[str]:
    """The row lines of a checked backup: all but the header and the trailer."""
    lines = read_lines(path)
    next(lines)
    previous = None
    for line in lines:
        if previous is not None:
            yield previous
        previous = line


def load(path: Path, using: str) -> int:
    """Save every row of the checked backup ``path``; the caller holds the transaction."""
    connection = connections[using]
    saved = 0
    deferred = []
    chosen = backup_models()
    with connection.constraint_checks_disabled():
        objects = serializers.deserialize(
            "jsonl", _objects(path), using=using, handle_forward_references=True
        )
        for obj in objects:
            obj.save(using=using)
            saved += 1
            if obj.deferred_fields:
                deferred.append(obj)
        for obj in deferred:
            obj.save_deferred_fields(using=using)
    tables = [model._meta.db_table for model in chosen]
    tables += [
        field.remote_field.through._meta.db_table
        for model in chosen
        for field in model._meta.local_many_to_many
        if field.remote_field.through._meta.auto_created
    ]
    connection.check_constraints(table_names=tables)
    # The next new row of each table gets the id after the largest restored one.
    statements = connection.ops.sequence_reset_sql(no_style(), chosen)
    if statements:
        with connection.cursor() as cursor:
            for sql in statements:
                cursor.execute(sql)
    return saved


def count_problems(header: dict[str, Any], using: str) -> list[str]:
    problems = []
    chosen = {model._meta.label_lower: model for model in backup_models()}
    for label in sorted(chosen.keys() | header["counts"].keys()):
        expected = header["counts"].get(label, 0)
        model = chosen.get(label)
        found = model._base_manager.using(using).count() if model else 0
        if found != expected:
            problems.append(
                _("%(model)s: %(found)s rows restored, the backup's header says %(expected)s.")
                % {"model": model_label(label), "found": found, "expected": expected}
            )
    return problems


@dataclass(frozen=True)
class Restored:
    """What a restore did: the backup's header, the rows loaded, the seeded rows replaced, and
    the integrity check's problems let through (``allow_problems`` only; else ``[]``)."""

    header: dict[str, Any]
    saved: int
    seeded: dict[str, int]
    problems: list[str]


def restore_backup(
    path: Path, *, using: str = DEFAULT_DB_ALIAS, allow_problems: bool = False
) -> Restored:
    """Load the backup at ``path`` into the empty database ``using``, checked, in one transaction.

    Raises ``CommandError`` (with every problem found) and changes nothing when any step fails.
    With ``allow_problems`` the integrity check's problems do not fail it (they are returned).
    """
    connection = connections[using]
    nothing_changed = _("Nothing was changed.")
    try:
        header = check_file(path)
    except BackupFileError as err:
        raise CommandError(f"{err} {nothing_changed}") from None
    recorded = header.get("problems") or []
    if recorded and not allow_problems:
        raise CommandError(
            ngettext(
                "The backup %(path)s was written with --allow-problems: the database it was "
                "taken from had %(count)s problem that restore refuses:",
                "The backup %(path)s was written with --allow-problems: the database it was "
                "taken from had %(count)s problems that restore refuses:",
                len(recorded),
            )
            % {"path": path, "count": len(recorded)}
            + "\n"
            + problem_list([str(problem) for problem in recorded])
            + "\n"
            + _(
                "Restore an earlier backup, or load this one only for a closer look (into a "
                "scratch database) with `restore --allow-problems`. %(nothing)s"
            )
            % {"nothing": nothing_changed}
        )
    check_migrations(connection, header)
    present = rows_present(using, club_data=True)
    if present:
        rows = ", ".join(f"{model_label(label)}: {count}" for label, count in present.items())
        raise CommandError(
            _(
                "The database is not empty (%(rows)s). A backup is restored only into an "
                "empty database: point the site at a new one (SQLite: move the database file "
                "aside or set SQLITE_PATH to a new file; PostgreSQL: create a new database "
                "and set DATABASE_URL), run `python manage.py migrate`, then restore again. "
                "(`python manage.py flush` empties this one, deleting everything in it.) "
                "%(nothing)s"
            )
            % {"rows": rows, "nothing": nothing_changed}
        )
    try:
        with transaction.atomic(using=using):
            seeded = clear_seeded_rows(using)
            try:
                saved = load(path, using)
            except BackupFileError as err:
                raise _Rollback([str(err)]) from None
            except (DeserializationError, ObjectDoesNotExist, DatabaseError) as err:
                raise _Rollback(
                    [_("A row could not be loaded: %(error)s") % {"error": err}]
                ) from None
            problems = count_problems(header, using)
            if problems:
                raise _Rollback(problems)
            allowed = integrity_problems(using)
            if allowed and not allow_problems:
                raise _Rollback(allowed)
    except _Rollback as failed:
        raise CommandError(
            _("The backup %(path)s cannot be restored:") % {"path": path}
            + "\n"
            + problem_list(failed.problems)
            + "\n"
            + _("The transaction was rolled back. %(nothing)s") % {"nothing": nothing_changed}
        ) from None
    return Restored(header=header, saved=saved, seeded=seeded, problems=allowed)
