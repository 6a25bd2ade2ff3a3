"""``manage.py sweep_device_games``: delete the games played on one device that nobody has
claimed (made without an account, never kept by signing up or logging in) and that have not
changed for ``DEVICE_GAMES_RETENTION_DAYS`` days (7 by default), with the players made for them.

Run it daily from cron or a systemd timer (docs/operations.md). Each new game made without an
account also sweeps a small batch, so a site without the timer stays bounded too.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy, ngettext

from common.commands import TranslatedCommand
from games import device


class Command(TranslatedCommand):
    help = gettext_lazy(
        "Delete the games played on one device without an account that have not changed for "
        "the retention period."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        swept = device.sweep()
        self.stdout.write(
            ngettext(
                "%(count)s game played on one device deleted.",
                "%(count)s games played on one device deleted.",
                swept,
            )
            % {"count": swept}
        )
