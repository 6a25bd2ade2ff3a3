"""``manage.py export_trf TOURNAMENT_ID [-o FILE]``: a tournament as a FIDE TRF16 file."""

from __future__ import annotations

from typing import Any

from django.core.management.base import CommandError, CommandParser
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from common.commands import TranslatedCommand
from tournaments.errors import TournamentError
from tournaments.models import Tournament
from tournaments.trf_io import export_trf


class Command(TranslatedCommand):
    help = gettext_lazy("Write a tournament as a FIDE TRF16 file (to standard output by default).")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("tournament_id", type=int, help=gettext_lazy("the tournament's id"))
        parser.add_argument(
            "-o", "--output", metavar="FILE", help=gettext_lazy("write to FILE (UTF-8)")
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            tournament = Tournament.objects.get(pk=options["tournament_id"])
        except Tournament.DoesNotExist:
            raise CommandError(
                _("There is no tournament %(id)s.") % {"id": options["tournament_id"]}
            ) from None
        try:
            text = export_trf(tournament)
        except TournamentError as err:
            raise CommandError(err.message) from None
        path = options["output"]
        if not path:
            self.stdout.write(text, ending="")
            return
        try:
            with open(path, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
        except OSError as err:
            raise CommandError(
                _("Cannot write %(file)s: %(reason)s") % {"file": path, "reason": err.strerror}
            ) from None
        self.stderr.write(
            _("Wrote %(file)s (%(players)s players).")
            % {"file": path, "players": tournament.entries.count()}
        )
