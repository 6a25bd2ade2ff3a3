"""The tournaments' part of the home page (answering :func:`games.hooks.register_home_page`):
the tournaments being played and those still taking players, for anyone who comes by."""

from __future__ import annotations

from collections.abc import Iterator

from django.db.models import F
from django.http import HttpRequest

from games.hooks import HOME, Item, Panel
from tournaments.models import Tournament, TournamentStatus

SHOWN = 10  # of each kind; the rest are on the tournament list


def home_page(request: HttpRequest) -> Iterator[Item]:
    """One panel: the current tournaments and the upcoming ones (two queries)."""
    current = Tournament.objects.filter(status=TournamentStatus.RUNNING).order_by(
        F("start_date").desc(nulls_last=True), "-pk"
    )[:SHOWN]
    upcoming = Tournament.objects.filter(status=TournamentStatus.REGISTRATION).order_by(
        F("start_date").asc(nulls_last=True), "pk"
    )[:SHOWN]
    yield Panel(
        "tournaments/_home.html",
        {"current_tournaments": list(current), "upcoming_tournaments": list(upcoming)},
        order=100,
        slot=HOME,
    )
