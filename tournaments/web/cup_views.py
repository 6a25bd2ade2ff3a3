"""The arbiter's acts of a knockout on the site: seeding the cup again before round 1, drawing
lots for a level match (``tournaments.acts.cup_play``), clearing a match's results so that an
earlier match's correction can go through (``tournaments.acts.cup_clear``)."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import authority
from tournaments.acts import cup_clear, cup_play
from tournaments.models import KnockoutMatch
from tournaments.web.action_views import _arbiter_action
from tournaments.web.views import _tournament


@require_POST
@login_required
def seed_again(request: HttpRequest, pk: int) -> HttpResponse:
    """The arbiter seeds the cup (again) before round 1."""
    t = _tournament(pk)
    return _arbiter_action(
        request,
        t,
        lambda: cup_play.seed_cup(tournament=t, user=request.user),
        _("The cup is seeded."),
    )


def _match_action(
    request: HttpRequest,
    pk: int,
    match: int,
    act: Callable[[KnockoutMatch], object],
    done: str,
) -> HttpResponse:
    """An arbiter's act on one match of ``pk``'s cup (403 for anyone else), then back."""
    t = _tournament(pk)
    if not authority.may_arbitrate(request.user, t):
        raise PermissionDenied
    row = get_object_or_404(KnockoutMatch, tournament=t, number=match)
    return _arbiter_action(request, t, lambda: act(row), done)


@require_POST
@login_required
def lot(request: HttpRequest, pk: int, match: int) -> HttpResponse:
    """The arbiter draws lots for a level match whose decider is the lot."""
    return _match_action(
        request,
        pk,
        match,
        lambda row: cup_play.draw_lot(match=row, user=request.user),
        _("Lots are drawn."),
    )


@require_POST
@login_required
def clear(request: HttpRequest, pk: int, match: int) -> HttpResponse:
    """The arbiter clears a match's results (its games' results and a lot drawn)."""
    return _match_action(
        request,
        pk,
        match,
        lambda row: cup_clear.clear_match(match=row, user=request.user),
        _("The match's results are cleared."),
    )
