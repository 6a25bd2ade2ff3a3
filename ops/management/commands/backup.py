"""``manage.py backup [-o FILE] [--database ALIAS]``: see :mod:`ops.backup`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import CommandParser
from django.db import DEFAULT_DB_ALIAS
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ops.backup import default_path, save_backup
from ops.commands import TranslatedCommand, model_label


class Command(TranslatedCommand):
    help = gettext_lazy(
        "Save every user, player, game, move and tournament into one gzip-compressed file, "
        "read in one consistent transaction. Restore it with the restore command."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "-o",
            "--output",
            metavar="FILE",
            help=gettext_lazy(
                "Where to write the backup (default: sosttt-backup-<UTC time>.jsonl.gz here)."
            ),
        )
        parser.add_argument(
            "--database",
            default=DEFAULT_DB_ALIAS,
            help=gettext_lazy("The database to back up (default: %(default)s)."),
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path = Path(options["output"]) if options["output"] else default_path()
        header = save_backup(path, using=options["database"])
        total = sum(header["counts"].values())
        self.stdout.write(
            _("Backup written to %(path)s: %(rows)s rows.") % {"path": path, "rows": total}
        )
        for label, count in header["counts"].items():
            if count:
                self.stdout.write(f"  {model_label(label)}: {count}")
