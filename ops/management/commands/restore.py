"""``manage.py restore FILE [--database ALIAS]``: see :mod:`ops.restore`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import CommandParser
from django.db import DEFAULT_DB_ALIAS
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ops.commands import TranslatedCommand, model_label
from ops.restore import restore_backup


class Command(TranslatedCommand):
    help = gettext_lazy(
        "Load a backup made by the backup command into an empty, fully migrated database, in "
        "one transaction, and check every game against the rules before committing."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "file", metavar="FILE", help=gettext_lazy("The backup file (.jsonl.gz).")
        )
        parser.add_argument(
            "--database",
            default=DEFAULT_DB_ALIAS,
            help=gettext_lazy("The database to restore into (default: %(default)s)."),
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path = Path(options["file"])
        done = restore_backup(path, using=options["database"])
        games = done.header["counts"].get("games.game", 0)
        if done.seeded:
            rows = ", ".join(
                f"{model_label(label)}: {count}" for label, count in done.seeded.items()
            )
            self.stdout.write(
                _("Rows that migrations had made were replaced by the backup's (%(rows)s).")
                % {"rows": rows}
            )
        self.stdout.write(
            _(
                "Restored %(rows)s rows from %(path)s (made %(created)s); %(games)s games "
                "replayed through the rules and match their stored state."
            )
            % {
                "rows": done.saved,
                "path": path,
                "created": done.header.get("created"),
                "games": games,
            }
        )
