"""The ratings' spreadsheets on the tournament page (answering :mod:`tournaments.hooks`): a
rated tournament's rating report to download, beside the workbook."""

from __future__ import annotations

from collections.abc import Iterator

from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import gettext as _

from games.hooks import Item, Link
from ratings.models import RatedTournament
from tournaments.hooks import TABS
from tournaments.models import Tournament


def tournament_page(request: HttpRequest, tournament: Tournament) -> Iterator[Item]:
    if RatedTournament.objects.filter(tournament=tournament).exists():
        yield Link(
            _("Rating report (.xlsx)"),
            reverse("rating_sheets:report", args=[tournament.pk]),
            order=110,
            slot=TABS,
            download=True,
        )
