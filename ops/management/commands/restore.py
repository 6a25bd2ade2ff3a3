"""``manage.py restore FILE [--database ALIAS] [--allow-problems]``: see :mod:`ops.restore`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import CommandParser
from django.db import DEFAULT_DB_ALIAS
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from common.commands import TranslatedCommand, model_label, problem_list
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
        parser.add_argument(
            "--allow-problems",
            action="store_true",
            help=gettext_lazy(
                "Restore a backup written with backup --allow-problems, or one whose games fail "
                "the integrity check, for a closer look (into a scratch database); the file, its "
                "row counts and its links are still checked."
            ),
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path = Path(options["file"])
        done = restore_backup(
            path, using=options["database"], allow_problems=options["allow_problems"]
        )
        games = done.header["counts"].get("games.game", 0)
        if done.seeded:
            rows = ", ".join(
                f"{model_label(label)}: {count}" for label, count in done.seeded.items()
            )
            self.stdout.write(
                _("Rows that migrations had made were replaced by the backup's (%(rows)s).")
                % {"rows": rows}
            )
        values = {
            "rows": done.saved,
            "path": path,
            "created": done.header.get("created"),
            "games": games,
        }
        if not done.problems:
            self.stdout.write(
                _(
                    "Restored %(rows)s rows from %(path)s (made %(created)s); %(games)s games "
                    "replayed through the rules and match their stored state."
                )
                % values
            )
            return
        self.stdout.write(_("Restored %(rows)s rows from %(path)s (made %(created)s).") % values)
        self.stderr.write(
            ngettext(
                "Warning: the restored data has %(count)s problem (restored as asked, with "
                "--allow-problems):",
                "Warning: the restored data has %(count)s problems (restored as asked, with "
                "--allow-problems):",
                len(done.problems),
            )
            % {"count": len(done.problems)}
        )
        self.stderr.write(problem_list(done.problems))
