"""The arbiter's actions on a tournament's entries, rounds and results (through services)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from games import player_services
from games.bidi import html_sentence
from tournaments import authority, pairings
from tournaments.acts import given_pairings, services
from tournaments.errors import TournamentError
from tournaments.models import Pairing, Round, RoundStatus, Tournament
from tournaments.web.forms import EntryForm, OverrideForm, ResultForm
from tournaments.web.views import _tournament


def _arbiter_action(
    request: HttpRequest, t: Tournament, action: Callable[[], Any], done: str
) -> HttpResponse:
    if not authority.may_arbitrate(request.user, t):
        raise PermissionDenied
    try:
        action()
    except TournamentError as err:
        messages.error(request, err.message)
    else:
        messages.success(request, done)
    return _back(request, t.get_absolute_url())


def _back(request: HttpRequest, default: str) -> HttpResponse:
    """Back to the posted ``next`` page when it is a path of this site, else to ``default``
    (a bare word would be taken for a view's name by ``redirect``)."""
    target = request.POST.get("next", "")
    if not target.startswith("/") or not url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        target = default
    return redirect(target)


@require_POST
@login_required
def entry_add(request: HttpRequest, pk: int) -> HttpResponse:
    t = _tournament(pk)
    if not authority.may_arbitrate(request.user, t):
        raise PermissionDenied
    form = EntryForm(request.POST, tournament=t)
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
        return redirect(t)
    d = form.cleaned_data

    def register() -> None:
        player = d["player"] or player_services.create_player(
            name=d["new_name"], rating=d["rating"]
        )
        services.register(
            tournament=t,
            player=player,
            user=request.user,
            rating=d["rating"],
            half_byes=d["half_byes"],
        )

    name = d["player"].name if d["player"] else d["new_name"]
    done = html_sentence(_("%(name)s is registered."), {"name": name})
    return _arbiter_action(request, t, register, done)


@require_POST
@login_required
def pair_next(request: HttpRequest, pk: int) -> HttpResponse:
    t = _tournament(pk)
    return _arbiter_action(
        request,
        t,
        lambda: pairings.pair_round(tournament=t, user=request.user),
        _("The next round is paired."),
    )


@require_POST
@login_required
def round_finish(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Close a round, after a second look: the first post shows what will happen, the second
    (with ``confirm``) closes it."""
    t = _tournament(pk)
    rnd = get_object_or_404(Round, tournament=t, number=number)
    if request.POST.get("confirm") != "1":
        if not authority.may_arbitrate(request.user, t):
            raise PermissionDenied
        # A round the service would refuse to close (boards without a result) gets its answer
        # at once; one it would close first shows what will happen.
        if rnd.status == RoundStatus.PAIRED and not rnd.pairings.filter(result="").exists():
            return _confirm_finish(request, t, rnd)
    return _arbiter_action(
        request,
        t,
        lambda: services.finish_round(round=rnd, user=request.user),
        _("Round %(number)s is finished.") % {"number": number},
    )


def _confirm_finish(request: HttpRequest, t: Tournament, rnd: Round) -> HttpResponse:
    boards = rnd.pairings.count()
    effects = [
        _("Round %(number)s is closed: its results count in the standings.")
        % {"number": rnd.number},
        ngettext("%(count)s board has its result.", "%(count)s boards have their results.", boards)
        % {"count": boards},
    ]
    if t.rounds and rnd.number < t.rounds:
        effects.append(_("Then the next round can be paired."))
    next_page = request.POST.get("next", "")
    return render(
        request,
        "tournaments/confirm.html",
        {
            "title": _("Finish round %(number)s?") % {"number": rnd.number},
            "effects": effects,
            "fields": [("next", next_page)] if next_page else [],
            "action": request.path,
            "confirm_label": _("Yes, finish the round"),
            "back": rnd.get_absolute_url(),
        },
    )


@require_POST
@login_required
def result_enter(request: HttpRequest, pk: int, pairing: int) -> HttpResponse:
    t = _tournament(pk)
    p = get_object_or_404(Pairing, round__tournament=t, pk=pairing)
    form = ResultForm(request.POST)
    if not authority.may_arbitrate(request.user, t):
        raise PermissionDenied
    if not form.is_valid():
        messages.error(request, _("Choose a result."))
        return _back(request, p.round.get_absolute_url())
    d = form.cleaned_data
    return _arbiter_action(
        request,
        t,
        lambda: services.record_result(
            pairing=p,
            result=d["result"],
            user=request.user,
            first_score=d["first_score"],
            second_score=d["second_score"],
            expected_version=d["version"],
        ),
        _("Result saved."),
    )


@login_required
def round_override(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    t = _tournament(pk)
    rnd = get_object_or_404(Round, tournament=t, number=number)
    if not authority.may_arbitrate(request.user, t):
        raise PermissionDenied
    entries = sorted(t.entries.select_related("player"), key=lambda e: e.rank or 10**6)
    current = [p for p in rnd.pairings.order_by("board") if p.result not in pairings.KEPT_BYES]
    boards = max(len(current), (len(entries) + 1) // 2)
    initial = {}
    for n, p in enumerate(current):
        initial[f"first_{n}"] = str(p.first_id)
        initial[f"second_{n}"] = str(p.second_id) if p.second_id else "bye"
    form = OverrideForm(request.POST or None, entries=entries, boards=boards, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            found = given_pairings.set_pairings(
                round=rnd, boards=form.cleaned_data["boards"], user=request.user
            )
        except TournamentError as err:
            form.add_error(None, err.message)
        else:
            if found:
                messages.warning(
                    request,
                    ngettext(
                        "Pairings saved with %(count)s warning.",
                        "Pairings saved with %(count)s warnings.",
                        len(found),
                    )
                    % {"count": len(found)},
                )
            else:
                messages.success(request, _("Pairings saved."))
            return redirect(rnd)
    return render(request, "tournaments/round_override.html", {"t": t, "rnd": rnd, "form": form})
