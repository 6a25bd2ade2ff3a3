"""``manage.py check_integrity [--database ALIAS]``: replay every game's moves and report each
inconsistency (see :mod:`games.integrity`); exits with an error when there is one."""

from __future__ import annotations

from typing import Any

from django.core.management.base import CommandError, CommandParser
from django.db import DEFAULT_DB_ALIAS
from django.utils.translation import gettext_lazy, ngettext

from common.commands import TranslatedCommand
from games.integrity import integrity_problems
from games.models import Game


class Command(TranslatedCommand):
    help = gettext_lazy(
        "Replay every game's moves through the rules engine and report any game whose moves, "
        "cached move count, status or recorded result do not agree."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--database",
            default=DEFAULT_DB_ALIAS,
            help=gettext_lazy("The database to check (default: %(default)s)."),
        )

    def handle(self, *args: Any, **options: Any) -> None:
        using = options["database"]
        problems = integrity_problems(using)
        if problems:
            raise CommandError(
                ngettext(
                    "%(count)s problem found:",
                    "%(count)s problems found:",
                    len(problems),
                )
                % {"count": len(problems)}
                + "\n"
                + "\n".join(f"- {p}" for p in problems)
            )
        games = Game.objects.using(using).count()
        self.stdout.write(
            ngettext(
                "%(count)s game checked: its moves and its record agree.",
                "%(count)s games checked: their moves and their records agree.",
                games,
            )
            % {"count": games}
        )
