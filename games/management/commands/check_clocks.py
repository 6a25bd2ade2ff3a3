"""``manage.py check_clocks [--every SECONDS]``: end every game on the site whose side to move
has used up its time (a loss on time, through the same path as a move that came too late), or
whose side has not made its first move within the default time (a forfeit; a casual game is
aborted).

Run it from cron or a systemd timer (every minute is enough for correspondence games; every few
seconds for live games nobody is watching), or with ``--every`` as a long-running process.
A flag is also noticed whenever a page or poll asks for the game, so the check only catches the
games nobody is looking at.
"""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import CommandParser
from django.db import close_old_connections
from django.utils.translation import gettext_lazy, ngettext

from common.commands import TranslatedCommand
from games.timekeeping import check_clocks


class Command(TranslatedCommand):
    help = gettext_lazy(
        "End every game whose time has run out (a loss on time, or a forfeit when a side has "
        "not made its first move in time)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--every",
            type=float,
            default=0,
            help=gettext_lazy(
                "Check again every this many seconds, until stopped (default: check once)."
            ),
        )

    def handle(self, *args: Any, **options: Any) -> None:
        every = options["every"]
        while True:
            ended = check_clocks()
            if ended or options["verbosity"] > 1:
                self.stdout.write(
                    ngettext(
                        "%(count)s game ended by its clock: %(games)s",
                        "%(count)s games ended by their clocks: %(games)s",
                        len(ended),
                    )
                    % {"count": len(ended), "games": ", ".join(map(str, ended)) or "-"}
                )
            if every <= 0:
                return
            close_old_connections()
            time.sleep(every)
