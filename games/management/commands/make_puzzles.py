"""``manage.py make_puzzles [--game N] [--limit K]``: find puzzles in finished games (see
:mod:`games.puzzles.making`) and say how many were made."""

from __future__ import annotations

from typing import Any

from django.core.management.base import CommandError, CommandParser
from django.utils.translation import gettext_lazy, ngettext

from common.commands import TranslatedCommand
from games.models import Game
from games.puzzles.making import finished_games, make_puzzles


class Command(TranslatedCommand):
    help = gettext_lazy(
        "Find puzzles in finished games: positions where the engine proves one winning move, "
        "or one move making the most SOSs at once, that the player missed."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--game", type=int, help=gettext_lazy("Only this game (its number)."))
        parser.add_argument(
            "--limit", type=int, help=gettext_lazy("Stop after this many new puzzles.")
        )

    def handle(self, *args: Any, **options: Any) -> None:
        limit = options["limit"]
        if limit is not None and limit < 1:
            raise CommandError(gettext_lazy("The limit must be at least 1."))
        if options["game"] is not None:
            game = Game.objects.filter(pk=options["game"]).first()
            if game is None:
                raise CommandError(gettext_lazy("There is no such game."))
            games: Any = [game]
        else:
            games = finished_games()
        made = make_puzzles(games, limit=limit)
        self.stdout.write(
            ngettext("%(count)s new puzzle.", "%(count)s new puzzles.", len(made))
            % {"count": len(made)}
        )
