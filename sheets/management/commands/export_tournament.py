"""``manage.py export_tournament ID FILE [--language ru|en|…]``: the tournament workbook to a
file, in one of the site's languages (``settings.LANGUAGES``)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils import translation

from sheets.services import export_tournament, languages
from tournaments.models import Tournament

BAR = 30


class Command(BaseCommand):
    help = "Write a tournament's workbook (players, rounds, standings, board sheets) to an .xlsx."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("tournament", type=int, help="the tournament's id")
        parser.add_argument("file", help="the .xlsx to write")
        codes = languages()
        parser.add_argument(
            "--language",
            default=settings.LANGUAGE_CODE,
            choices=codes,
            help=f"{'|'.join(codes)} (default: the site's, {settings.LANGUAGE_CODE})",
        )

    def handle(self, *args: Any, tournament: int, file: str, language: str, **options: Any) -> None:
        try:
            t = Tournament.objects.get(pk=tournament)
        except Tournament.DoesNotExist:
            raise CommandError(f"No tournament {tournament}.") from None
        with translation.override(language), open(file, "wb") as out:
            export_tournament(t, out, progress=self._progress, language=language)
        self.stderr.write("")
        self.stdout.write(f"Wrote {file}")

    def _progress(self, done: int, total: int) -> None:
        filled = BAR * done // max(total, 1)
        bar = "#" * filled + "." * (BAR - filled)
        self.stderr.write(f"\rSheets [{bar}] {done}/{total}", ending="")
        self.stderr.flush()
