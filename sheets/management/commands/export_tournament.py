"""``manage.py export_tournament ID FILE [--language ru|en|…]``: the tournament workbook to a
file, in one of the site's languages (``settings.LANGUAGES``); the command's messages are in that
language too."""

from __future__ import annotations

from typing import Any

from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from common.commands import TranslatedCommand
from sheets.services import export_tournament
from tournaments.models import Tournament

BAR = 30


class Command(TranslatedCommand):
    help = gettext_lazy(
        "Write a tournament's workbook (players, rounds, standings, board sheets) to an .xlsx."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("tournament", type=int, help=gettext_lazy("the tournament's id"))
        parser.add_argument("file", help=gettext_lazy("the .xlsx to write"))

    def handle(self, *args: Any, tournament: int, file: str, **options: Any) -> None:
        try:
            t = Tournament.objects.get(pk=tournament)
        except Tournament.DoesNotExist:
            raise CommandError(_("There is no tournament %(id)s.") % {"id": tournament}) from None
        try:
            with open(file, "wb") as out:
                export_tournament(t, out, progress=self._progress, language=self.language)
        except OSError as err:
            raise CommandError(
                _("Cannot write %(file)s: %(reason)s") % {"file": file, "reason": err.strerror}
            ) from None
        self.stderr.write("")
        self.stdout.write(_("Wrote %(file)s.") % {"file": file})

    def _progress(self, done: int, total: int) -> None:
        filled = BAR * done // max(total, 1)
        bar = "#" * filled + "." * (BAR - filled)
        label = _("Sheets")
        self.stderr.write(f"\r{label} [{bar}] {done}/{total}", ending="")
        self.stderr.flush()
