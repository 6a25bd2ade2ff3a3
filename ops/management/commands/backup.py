"""``manage.py backup [-o FILE] [--database ALIAS] [--allow-problems]``: see :mod:`ops.backup`.

Exits with an error, naming each problem and writing nothing, when the database has problems
that ``restore`` would refuse; with ``--allow-problems`` it writes the file all the same (marked
in its header) and warns about each problem on stderr."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import CommandError, CommandParser
from django.db import DEFAULT_DB_ALIAS
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from common.commands import TranslatedCommand, model_label, problem_list
from ops.backup import BackupProblems, default_path, save_backup


class Command(TranslatedCommand):
    help = gettext_lazy(
        "Save every user, player, game, move and tournament into one gzip-compressed file, "
        "read in one consistent transaction and checked as restore checks it. Restore it with "
        "the restore command."
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
        parser.add_argument(
            "--allow-problems",
            action="store_true",
            help=gettext_lazy(
                "Write the backup even when the integrity check finds problems (to keep the data "
                "as it is for a closer look); the file is marked, and restore refuses it unless "
                "given --allow-problems too."
            ),
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path = Path(options["output"]) if options["output"] else default_path()
        try:
            header = save_backup(
                path, using=options["database"], allow_problems=options["allow_problems"]
            )
        except BackupProblems as err:
            raise CommandError(str(err)) from None  # shown as a command's error, not by class
        total = sum(header["counts"].values())
        self.stdout.write(
            _("Backup written to %(path)s: %(rows)s rows.") % {"path": path, "rows": total}
        )
        for label, count in header["counts"].items():
            if count:
                self.stdout.write(f"  {model_label(label)}: {count}")
        problems = header["problems"]
        if problems:
            self.stderr.write(
                ngettext(
                    "Warning: the database has %(count)s problem that restore refuses; the "
                    "backup lists it, and is restored only with restore --allow-problems:",
                    "Warning: the database has %(count)s problems that restore refuses; the "
                    "backup lists them, and is restored only with restore --allow-problems:",
                    len(problems),
                )
                % {"count": len(problems)}
            )
            self.stderr.write(problem_list(problems))
