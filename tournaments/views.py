"""Views of the tournaments app: public pages and the arbiter's actions (through services)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST, require_safe

from games import player_services
from games.bidi import html_sentence
from tournaments import (
    authority,
    given_pairings,
    hooks,
    pairings,
    queries,
    results,
    scores,
    services,
    settings_service,
)
from tournaments.errors import TournamentError
from tournaments.forms import EntryForm, OverrideForm, ResultForm
from tournaments.models import (
    Pairing,
    Round,
    RoundStatus,
    Tournament,
    TournamentFormat,
    TournamentStatus,
)
from tournaments.settings_form import TournamentForm


@require_safe
def tournament_list(request: HttpRequest) -> HttpResponse:
    tournaments = Tournament.objects.all()
    return render(
        request,
        "tournaments/tournament_list.html",
        {"tournaments": tournaments, "can_create": services.can_create_tournament(request.user)},
    )


@login_required
def tournament_create(request: HttpRequest) -> HttpResponse:
    if not services.can_create_tournament(request.user):
        raise PermissionDenied
    # ``?kind=sos&format=round_robin`` opens the form on that game and format (its tie-breaks).
    shown = {name: request.GET[name] for name in ("kind", "format") if name in request.GET}
    form = TournamentForm(request.POST or None, initial=shown)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        try:
            t = services.create_tournament(
                name=d["name"],
                kind=d["kind"],
                options=d["options"],
                format=d["format"],
                rounds=d["rounds"],
                online=d["online"],
                points_win=d["points_win"],
                points_draw=d["points_draw"],
                points_loss=d["points_loss"],
                points_bye=d["points_bye"],
                tiebreaks=d["tiebreaks"],
                dummy_cap=d["dummy_cap"],
                acceleration=d["acceleration"],
                start_date=d["start_date"],
                end_date=d["end_date"],
                created_by=request.user,
                time_control=d["time_control"],
                registration_open=d["registration_open"],
                registration_approval=d["registration_approval"],
            )
        except TournamentError as err:
            form.add_error(None, err.message)
        else:
            return redirect(t)
    return render(request, "tournaments/tournament_form.html", {"form": form})


@login_required
def tournament_settings(request: HttpRequest, pk: int) -> HttpResponse:
    """The tournament's settings, for its arbiters: checked by the same service as at its
    creation; the game, the format and the rules are frozen once round 1 is paired."""
    t = _tournament(pk)
    if not authority.may_arbitrate(request.user, t):
        raise PermissionDenied
    frozen = t.round_set.exclude(status=RoundStatus.PENDING).exists()
    form = TournamentForm(request.POST or None, tournament=t, frozen=frozen)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        changes = {name: d[name] for name in SETTINGS_FORM_FIELDS}
        changes["tiebreaks"] = d["tiebreaks"]
        if d["format"] != TournamentFormat.SWISS:
            changes.pop("rounds")
        try:
            with transaction.atomic():  # the settings and the arbiters together, or neither
                settings_service.update_tournament(tournament=t, user=request.user, changes=changes)
                settings_service.set_arbiters(
                    tournament=t, user=request.user, arbiters=d["arbiters"]
                )
        except TournamentError as err:
            form.add_error(err.code if err.code in form.fields else None, err.message)
        else:
            messages.success(request, _("The settings are saved."))
            return redirect(t)
    return render(
        request, "tournaments/tournament_form.html", {"form": form, "t": t, "frozen": frozen}
    )


SETTINGS_FORM_FIELDS = (
    "name",
    "kind",
    "options",
    "format",
    "rounds",
    "online",
    "start_date",
    "end_date",
    "points_win",
    "points_draw",
    "points_loss",
    "points_bye",
    "time_control",
    "acceleration",
    "dummy_cap",
    "claim_after_minutes",
    "engine_seconds",
    "registration_open",
    "registration_approval",
)


def _tournament(pk: int) -> Tournament:
    return get_object_or_404(Tournament, pk=pk)


@require_safe
def tournament_detail(request: HttpRequest, pk: int) -> HttpResponse:
    t = _tournament(pk)
    is_arbiter = authority.may_arbitrate(request.user, t)
    entries = list(t.entries.select_related("player"))
    rounds = list(t.round_set.all())
    current = rounds[-1] if rounds else None
    table = queries.standings(t)
    return render(
        request,
        "tournaments/tournament_detail.html",
        {
            "t": t,
            # A round robin's every round, published once round 1 is paired.
            "schedule": queries.schedule(t) if t.is_round_robin else [],
            "podium": queries.podium(table) if t.status == TournamentStatus.FINISHED else [],
            "page": hooks.tournament_page(request, t),
            "is_arbiter": is_arbiter,
            "entries": entries,
            "rounds": rounds,
            "current": current,
            "board_rows": _board_rows(current) if current else [],
            "standings": table,
            "entry_form": EntryForm() if is_arbiter else None,
            "result_form": ResultForm(),
            "can_pair": is_arbiter
            and (current is None or current.status == RoundStatus.FINISHED)
            and t.status != "finished",
        },
    )


def _board_rows(rnd: Round) -> list[dict[str, Any]]:
    rows = list(
        scores.with_scores(rnd.pairings.select_related("first__player", "second__player", "game"))
        .prefetch_related("adjudications__decided_by")
        .order_by("board")
    )
    before = pairings.scores_before(rnd)
    names = {}
    for p in rows:
        names[p.first_id] = p.first.player.name
        if p.second_id:
            names[p.second_id] = p.second.player.name
    out = []
    for p in rows:
        records = list(p.adjudications.all())
        out.append(
            {
                "pairing": p,
                "reasons": [queries.describe(r, names) for r in p.reasons],
                "warnings": [queries.describe(w, names) for w in p.warnings],
                "first_before": before.get(p.first_id, 0.0),
                "second_before": before.get(p.second_id, 0.0) if p.second_id else None,
                "records": records,
                "version": results.make_version(p.game.ply if p.game_id else 0, len(records)),
            }
        )
    return out


@require_safe
def round_detail(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    t = _tournament(pk)
    rnd = get_object_or_404(Round, tournament=t, number=number)
    is_arbiter = authority.may_arbitrate(request.user, t)
    names = {e.pk: e.player.name for e in t.entries.select_related("player")}
    return render(
        request,
        "tournaments/round_detail.html",
        {
            "t": t,
            "rnd": rnd,
            "page": hooks.round_page(request, rnd),
            "board_rows": _board_rows(rnd),
            "round_warnings": [queries.describe(w, names) for w in rnd.warnings],
            "is_arbiter": is_arbiter,
            "result_form": ResultForm(),
        },
    )


@require_safe
def standings_page(request: HttpRequest, pk: int) -> HttpResponse:
    t = _tournament(pk)
    table = queries.standings(t)
    try:
        explain = int(request.GET.get("explain", ""))
    except ValueError:
        explain = None
    entry = table.entries.get(explain) if explain is not None else None
    return render(
        request,
        "tournaments/standings.html",
        {
            "t": t,
            "standings": table,
            "explain": explain,
            "explanation": table.explain(explain) if entry else None,
            "explained_name": entry.player.name if entry else "",
        },
    )


@require_safe
def wall_chart(request: HttpRequest, pk: int) -> HttpResponse:
    """Every round's pairings and results, the podium and the standings: for the hall's wall."""
    t = _tournament(pk)
    table = queries.standings(t)
    return render(
        request,
        "tournaments/wall_chart.html",
        {
            "t": t,
            "schedule": queries.schedule(t),
            "standings": table,
            "podium": queries.podium(table) if t.status == TournamentStatus.FINISHED else [],
        },
    )


@require_safe
def crosstable_page(request: HttpRequest, pk: int) -> HttpResponse:
    t = _tournament(pk)
    entries, rows = queries.crosstable_rows(t)
    lines = [(entries[i], row) for i, row in enumerate(rows)]
    return render(
        request, "tournaments/crosstable.html", {"t": t, "entries": entries, "lines": lines}
    )


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
    """Back to the posted ``next`` page when it is on this site, else to ``default``."""
    target = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(
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
    form = EntryForm(request.POST)
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
