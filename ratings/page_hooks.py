"""The ratings app's part of the player's and the tournament's pages (answering
:mod:`games.hooks` and :mod:`tournaments.hooks`): each list's rating and history chart on the
player's page; the rating report's tab and the arbiter's *Rating list* on a tournament's."""

from __future__ import annotations

from collections.abc import Iterator

from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import get_language_bidi
from django.utils.translation import gettext as _

from games.hooks import ASIDE, Item, Link, Panel
from games.models import Player
from ratings import authority, queries, queue
from ratings.chart import history_svg
from ratings.models import RatedTournament
from tournaments.hooks import ARBITER, TABS
from tournaments.models import Tournament


def player_page(request: HttpRequest, player: Player) -> Iterator[Item]:
    lists = queries.player_lists(player)
    if not lists:
        return
    rtl = get_language_bidi()
    updating = queue.pending_of([each.rating.list_id for each in lists])
    shown = [
        {
            "entry": each,
            "chart": history_svg(
                each.history,
                list_name=each.rating.list.name,
                glicko=each.glicko,
                rtl=rtl,
                uid=f"rating-chart-{each.rating.list_id}",
            ),
            "updating": each.rating.list_id in updating,
        }
        for each in lists
    ]
    yield Panel("ratings/_player.html", {"rating_lists": shown}, order=50, slot=ASIDE)


def tournament_page(request: HttpRequest, tournament: Tournament) -> Iterator[Item]:
    rated = RatedTournament.objects.filter(tournament=tournament).exists()
    if rated:
        yield Link(_("Rating report"), reverse("ratings:report", args=[tournament.pk]), slot=TABS)
    if authority.may_rate(request.user, tournament):
        yield Link(_("Rating list"), reverse("ratings:rated", args=[tournament.pk]), slot=ARBITER)
