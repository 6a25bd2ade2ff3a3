"""The arbiter's clock acts on the site: add time to a side, stop and start a round's clocks."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.models import Game
from tournaments import authority
from tournaments.acts import clocks, decisions
from tournaments.errors import TournamentError
from tournaments.models import Round
from tournaments.web.forms import AddTimeForm


def seats_of(game: Game) -> list[tuple[int, str]]:
    return [(s.number, s.player.name) for s in game.seats.select_related("player")]


@require_POST
@login_required
def add_time(request: HttpRequest, game: int) -> HttpResponse:
    g = get_object_or_404(Game, pk=game)
    if not decisions.may_adjudicate(request.user, game=g, pairing=decisions.pairing_of(g)):
        raise PermissionDenied
    back = reverse("tournaments:game_arbiter", args=[g.pk])
    form = AddTimeForm(request.POST, seats=seats_of(g))
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
        return redirect(back)
    d = form.cleaned_data
    try:
        clocks.add_time(
            user=request.user,
            game=g,
            seat=d["seat"],
            seconds=d["minutes"] * 60,
            reason=d["reason"],
            note=d["note"],
            expected_version=d["version"],
        )
    except TournamentError as err:
        messages.error(request, err.message)
    else:
        messages.success(request, _("The time is added."))
    return redirect(back)


@require_POST
@login_required
def round_clocks(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    rnd = get_object_or_404(
        Round.objects.select_related("tournament"), tournament_id=pk, number=number
    )
    if not authority.may_arbitrate(request.user, rnd.tournament):
        raise PermissionDenied
    what = request.POST.get("clocks")
    note = request.POST.get("note", "")
    try:
        if what == "begin":
            clocks.start_round(user=request.user, rnd=rnd, note=note)
            done = _("The round has started: the clocks run.")
        elif what == "stop":
            clocks.pause_round(user=request.user, rnd=rnd, note=note)
            done = _("The clocks are stopped.")
        else:
            clocks.resume_round(user=request.user, rnd=rnd, note=note)
            done = _("The clocks run again.")
    except TournamentError as err:
        messages.error(request, err.message)
    else:
        messages.success(request, done)
    return redirect(rnd.get_absolute_url())
