"""``manage.py import_trf FILE [--name NAME] [--kind sos|uttt] [--user USERNAME]``.

Creates a Swiss tournament, played on paper, from a FIDE TRF16 file: its players, rounds and
results (``tournaments.trf_io.import_trf``, one transaction; nothing is written on an error).
The tournament is created by USERNAME, by default the first active superuser.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import CommandError, CommandParser
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from common.commands import TranslatedCommand
from games.models import GameKind
from tournaments.errors import TournamentError
from tournaments.management.commands.pair_trf import read_text
from tournaments.trf_io import import_trf


class Command(TranslatedCommand):
    help = gettext_lazy("Create a tournament with its players, rounds and results from a TRF file.")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help=gettext_lazy("the TRF file"))
        parser.add_argument("--name", help=gettext_lazy("the tournament's name (default: 012)"))
        parser.add_argument(
            "--kind",
            choices=GameKind.values,
            help=gettext_lazy("the game (default: read from the 092 line, else SOS)"),
        )
        parser.add_argument(
            "--user",
            metavar="USERNAME",
            help=gettext_lazy("who creates it (default: the first active superuser)"),
        )

    def handle(self, *args: Any, **options: Any) -> None:
        text = read_text(options["file"])
        model = get_user_model()
        users = model.objects.filter(is_active=True)
        if options["user"]:
            user = users.filter(**{model.USERNAME_FIELD: options["user"]}).first()
            if user is None:
                raise CommandError(
                    _("There is no active user %(name)s.") % {"name": options["user"]}
                )
        else:
            user = users.filter(is_superuser=True).order_by("pk").first()
            if user is None:
                raise CommandError(_("There is no active superuser: name one with --user."))
        try:
            tournament = import_trf(
                text=text, user=user, name=options["name"], kind=options["kind"]
            )
        except TournamentError as err:
            raise CommandError(err.message) from None
        self.stdout.write(
            _("Imported “%(name)s” (id %(id)s): %(players)s players, %(rounds)s rounds paired.")
            % {
                "name": tournament.name,
                "id": tournament.pk,
                "players": tournament.entries.count(),
                "rounds": tournament.round_set.count(),
            }
        )
