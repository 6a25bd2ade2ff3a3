"""Backups (``manage.py backup [-o FILE]``): a consistent, gzip-compressed dump of the club's data.

The file is JSON Lines, gzip-compressed:

1. a header: ``{"format": "sosttt-backup", "version": 1, "created": …, "django": …,
   "database": …, "migrations": {app: [applied migration names]}, "counts": {model: rows},
   "problems": [what the integrity check found, in words]}``;
2. one line per row, in Django's serialization format (``{"model", "pk", "fields"}``), models in
   dependency order, rows by primary key;
3. a trailer: ``{"end": true, "objects": N}`` — a file cut short has none and is refused.

Every model of every installed app is saved except content types, permissions and sessions:
``migrate`` recreates the first two (rows that point at them are written with natural keys, e.g.
``["play_any_seat", "games", "game"]``, since their ids differ between databases) and sessions
are throw-away (everyone logs in again after a restore). Everything else keeps its primary key,
so links such as ``/games/17/`` stay valid. Users are saved with their password hashes: keep
backups as private as the database (the file is created readable by its owner only).

All of it is read in one transaction (SQLite: one read snapshot, which does not block the
writers; PostgreSQL: REPEATABLE READ, READ ONLY), so the counts, the migration state and the
rows agree with each other even while the site is in use.

In that same transaction, before a byte is written, the data is put through the integrity check
that ``restore`` applies before committing (:func:`games.integrity.integrity_problems`): a
backup that ``restore`` would refuse is not written as if it were good. ``BackupProblems`` names
each problem and no file is made — unless the caller allows problems (``backup
--allow-problems``, to keep the data as it is for a closer look): then the file is written with
the problems listed in its header, and ``restore`` refuses it unless allowed too.
"""

from __future__ import annotations

import gzip
import json
import os
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, time
from pathlib import Path
from typing import Any, TextIO

import django
from django.apps import apps
from django.core.management.base import CommandError
from django.core.serializers import jsonl, sort_dependencies
from django.core.serializers.json import DjangoJSONEncoder
from django.db import DEFAULT_DB_ALIAS, connections, models, transaction
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.migrations.recorder import MigrationRecorder
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from common.commands import problem_list
from games.integrity import integrity_problems

FORMAT = "sosttt-backup"
VERSION = 1
# Not saved: recreated by `migrate` (content types, permissions) or throw-away (sessions, the
# log-in protection's counters and logs, workbooks waiting between preview and apply).
SKIPPED_MODELS = frozenset(
    {
        "contenttypes.contenttype",
        "auth.permission",
        "sessions.session",
        "axes.accessattempt",
        "axes.accessattemptexpiration",
        "axes.accesslog",
        "axes.accessfailurelog",
        "sheets.pendingupload",
    }
)
# Rows that point at these models name them by natural key, not by id.
NATURAL_KEY_MODELS = frozenset({"contenttypes.contenttype", "auth.permission"})
CHUNK = 2000


def backup_models() -> list[type[models.Model]]:
    """The models a backup holds, in an order where the models a row points at come first."""
    app_list = []
    for config in apps.get_app_configs():
        chosen = [
            model
            for model in config.get_models()
            if model._meta.label_lower not in SKIPPED_MODELS
            and model._meta.managed
            and not model._meta.proxy
        ]
        if chosen:
            app_list.append((config, chosen))
    return sort_dependencies(app_list, allow_cycles=True)


def migration_state(connection: BaseDatabaseWrapper) -> dict[str, list[str]]:
    """The migrations applied to the database, by app, each list sorted."""
    state: dict[str, list[str]] = defaultdict(list)
    for app_label, name in MigrationRecorder(connection).applied_migrations():
        state[app_label].append(name)
    return {app_label: sorted(names) for app_label, names in sorted(state.items())}


def utc_now_text() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


class Encoder(DjangoJSONEncoder):
    """Django's JSON encoder, but times keep their microseconds (Django's cuts them to ms)."""

    def default(self, o: Any) -> Any:
        if isinstance(o, datetime | time):
            text = o.isoformat()
            return text[:-6] + "Z" if text.endswith("+00:00") else text
        return super().default(o)


class Serializer(jsonl.Serializer):
    """JSON Lines, with natural keys only for what points at content types and permissions."""

    def _natural_for(self, field: models.Field) -> None:
        self.use_natural_foreign_keys = (
            field.remote_field.model._meta.label_lower in NATURAL_KEY_MODELS
        )

    def handle_fk_field(self, obj: models.Model, field: models.Field) -> None:
        self._natural_for(field)
        super().handle_fk_field(obj, field)

    def handle_m2m_field(self, obj: models.Model, field: models.Field) -> None:
        self._natural_for(field)
        super().handle_m2m_field(obj, field)


def rows_of(model: type[models.Model]) -> models.QuerySet:
    """Every row of ``model`` by primary key, with what the serializer will follow pre-fetched."""
    from django.contrib.auth.models import Permission

    queryset = model._base_manager.order_by("pk")
    natural_fks = [
        field.name
        for field in model._meta.concrete_fields
        if field.is_relation and field.remote_field.model._meta.label_lower in NATURAL_KEY_MODELS
    ]
    if natural_fks:
        queryset = queryset.select_related(*natural_fks)
    prefetch: list[Any] = []
    for field in model._meta.local_many_to_many:
        if not field.remote_field.through._meta.auto_created:
            continue  # rows of an explicit through model are saved as that model's rows
        if field.remote_field.model is Permission:
            prefetch.append(
                models.Prefetch(
                    field.name, queryset=Permission.objects.select_related("content_type")
                )
            )
        else:
            prefetch.append(
                models.Prefetch(
                    field.name, queryset=field.remote_field.model._base_manager.only("pk")
                )
            )
    if prefetch:
        queryset = queryset.prefetch_related(*prefetch)
    return queryset


@contextmanager
def read_snapshot(connection: BaseDatabaseWrapper) -> Iterator[None]:
    """One transaction that sees one consistent state of the database, and writes nothing."""
    if connection.in_atomic_block:
        # Inside somebody else's transaction (a test, a caller): it is the snapshot.
        yield
        return
    if connection.vendor == "sqlite":
        # The settings start every transaction with BEGIN IMMEDIATE, which takes the write lock
        # and would stall every move until the backup ends. A reader needs no lock: in WAL mode
        # a deferred transaction reads one snapshot from its first read to its end.
        saved = getattr(connection, "transaction_mode", None)
        connection.transaction_mode = "DEFERRED"
        try:
            with transaction.atomic(using=connection.alias):
                with connection.cursor() as cursor:
                    cursor.execute("SELECT COUNT(*) FROM django_migrations")  # start the snapshot
                yield
        finally:
            connection.transaction_mode = saved
    elif connection.vendor == "postgresql":
        with transaction.atomic(using=connection.alias):
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            yield
    else:
        with transaction.atomic(using=connection.alias):
            yield


class BackupProblems(CommandError):
    """The database has problems that ``restore`` refuses: no backup was written."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__(
            ngettext(
                "The database has %(count)s problem that restore would refuse:",
                "The database has %(count)s problems that restore would refuse:",
                len(problems),
            )
            % {"count": len(problems)}
            + "\n"
            + problem_list(problems)
            + "\n"
            + _(
                "No backup was written. Correct the data (`python manage.py check_integrity` "
                "lists every problem), or keep it as it is for a closer look with "
                "`backup --allow-problems`: that file is restored only with "
                "`restore --allow-problems`."
            )
        )


def write_backup(
    out: TextIO, *, using: str = DEFAULT_DB_ALIAS, allow_problems: bool = False
) -> dict[str, Any]:
    """Write the whole backup to the text stream ``out``; return its header.

    The snapshot is checked first, as ``restore`` checks it: ``BackupProblems`` (nothing
    written) when the integrity check finds a problem, unless ``allow_problems``; then the
    header lists the problems (``header["problems"]``, ``[]`` for a good backup).
    """
    connection = connections[using]
    chosen = backup_models()
    with read_snapshot(connection):
        problems = integrity_problems(using)
        if problems and not allow_problems:
            raise BackupProblems(problems)
        header: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "created": utc_now_text(),
            "django": django.get_version(),
            "database": connection.vendor,
            "migrations": migration_state(connection),
            "counts": {
                model._meta.label_lower: model._base_manager.using(using).count()
                for model in chosen
            },
            "problems": problems,
        }
        out.write(json.dumps(header, ensure_ascii=False) + "\n")
        serializer = Serializer()
        total = 0
        for model in chosen:
            label = model._meta.label_lower
            counter = _Counter(out)
            serializer.serialize(
                rows_of(model).using(using).iterator(chunk_size=CHUNK),
                stream=counter,
                use_natural_foreign_keys=False,
                use_natural_primary_keys=False,
                cls=Encoder,
            )
            if counter.lines != header["counts"][label]:
                raise CommandError(
                    _(
                        "The rows of %(model)s changed while they were read (%(counted)s counted, "
                        "%(read)s read): the database does not give this command a consistent "
                        "snapshot."
                    )
                    % {"model": label, "counted": header["counts"][label], "read": counter.lines}
                )
            total += counter.lines
        out.write(json.dumps({"end": True, "objects": total}, cls=DjangoJSONEncoder) + "\n")
    return header


class _Counter:
    """A text stream wrapper that counts the lines written through it."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.lines = 0

    def write(self, text: str) -> int:
        self.lines += text.count("\n")
        return self.out.write(text)

    def flush(self) -> None:
        self.out.flush()


def default_path() -> Path:
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    return Path(f"sosttt-backup-{stamp}.jsonl.gz")


def save_backup(
    path: Path, *, using: str = DEFAULT_DB_ALIAS, allow_problems: bool = False
) -> dict[str, Any]:
    """Write a backup to ``path`` (which must not exist yet); returns its header.

    The file appears whole or not at all (written aside, then renamed), readable by its owner
    only: a backup holds the password hashes. A database with problems gives no file
    (``BackupProblems``) unless ``allow_problems`` (see :func:`write_backup`).
    """
    if path.exists():
        raise CommandError(_("%(path)s already exists: choose another file name.") % {"path": path})
    partial = path.with_name(f".{path.name}.partial")
    try:
        fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with (
            os.fdopen(fd, "wb") as raw,
            gzip.GzipFile(filename=path.name, mode="wb", fileobj=raw) as zipped,
            _text(zipped) as out,
        ):
            header = write_backup(out, using=using, allow_problems=allow_problems)
        os.replace(partial, path)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    return header


@contextmanager
def _text(binary: Any) -> Iterator[TextIO]:
    import io

    wrapper = io.TextIOWrapper(binary, encoding="utf-8", newline="\n")
    try:
        yield wrapper
    finally:
        wrapper.flush()
        wrapper.detach()
