"""The accounts app's part of the tournament page (answering :mod:`tournaments.hooks`): its
arbiters reach the players' claims and *Add players* from the tournament they run (the players
added there are entered in it)."""

from __future__ import annotations

from collections.abc import Iterator

from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import gettext as _

from accounts.authority import may_add_players
from games.hooks import Item, Link
from tournaments.authority import may_arbitrate
from tournaments.hooks import ARBITER
from tournaments.models import Tournament


def tournament_page(request: HttpRequest, tournament: Tournament) -> Iterator[Item]:
    if not may_arbitrate(request.user, tournament):
        return
    if may_add_players(request.user):
        url = f"{reverse('accounts:add_players')}?tournament={tournament.pk}"
        yield Link(_("Add players"), url, order=200, slot=ARBITER)
    yield Link(_("Claims of players"), reverse("accounts:claims"), order=210, slot=ARBITER)
