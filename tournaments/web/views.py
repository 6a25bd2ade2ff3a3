"""Views of the tournaments app: the public pages, the creation and the settings (the arbiter's
actions are in ``action_views``)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from tournaments import authority, formats, hooks, pairings, queries, scores
from tournaments.acts import group_reads, services, versions
from tournaments.acts import tournament_settings as settings_service
from tournaments.errors import TournamentError
from tournaments.models import (
    Round,
    RoundStatus,
    Tournament,
    TournamentStatus,
)
from tournaments.web import cup_page, stage_page, tables_mine, tables_page
from tournaments.web.forms import EntryForm, ResultForm
from tournaments.web.settings_form import TournamentForm


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
                format_options=d.get("format_options") or {},
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
        if not formats.get(d["format"]).rounds_given:
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
    "format_options",
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
    "default_time",
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
            # Every round of a format with a schedule (a round robin), once round 1 is paired.
            "schedule": queries.schedule(t) if t.format_entry.has_schedule else [],
            "round_times": list(t.round_times.all()),
            "podium": queries.podium(table) if t.status == TournamentStatus.FINISHED else [],
            "page": hooks.tournament_page(request, t),
            "is_arbiter": is_arbiter,
            "entries": entries,
            "rounds": rounds,
            "current": current,
            "board_rows": _board_rows(current) if current else [],
            "standings": table,
            "entry_form": EntryForm(tournament=t) if is_arbiter else None,
            "result_form": ResultForm(),
            "can_pair": is_arbiter
            and (current is None or current.status == RoundStatus.FINISHED)
            and t.status != "finished",
            **cup_page.cup_context(t),
            **stage_page.stage_context(t, is_arbiter),
            "my_tables": tables_mine.my_tables(request.user, t)
            if t.format_entry.plays_tables
            else [],
        },
    )


def _board_rows(rnd: Round) -> list[dict[str, Any]]:
    rows = list(
        scores.with_scores(rnd.pairings.select_related("first__player", "second__player", "game"))
        .prefetch_related("result_records__decided_by")
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
        records = list(p.result_records.all())
        out.append(
            {
                "pairing": p,
                "reasons": [queries.describe(r, names, html=True) for r in p.reasons],
                "warnings": [queries.describe(w, names, html=True) for w in p.warnings],
                "first_before": before.get(p.first_id, 0.0),
                "second_before": before.get(p.second_id, 0.0) if p.second_id else None,
                "records": records,
                "version": versions.make_version(p.game.ply if p.game_id else 0, len(records)),
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
            "round_warnings": [queries.describe(w, names, html=True) for w in rnd.warnings],
            "is_arbiter": is_arbiter,
            "result_form": ResultForm(),
            **cup_page.cup_context(t, rnd),
            **tables_page.tables_context(t, rnd),
        },
    )


@require_safe
def standings_page(request: HttpRequest, pk: int) -> HttpResponse:
    t = _tournament(pk)
    try:
        explain = int(request.GET.get("explain", ""))
    except ValueError:
        explain = None
    context = stage_page.standings_context(t, request, explain)  # a group stage's groups
    table = context["standings"]
    entry = table.entries.get(explain) if explain is not None else None
    return render(
        request,
        "tournaments/standings.html",
        {
            **context,
            "t": t,
            "explain": explain,
            "explanation": table.explain(explain) if entry else None,
            "explained_name": entry.player.name if entry else "",
            "extra_columns": hooks.standings_columns(t),  # the ratings of a rated tournament
        },
    )


@require_safe
def wall_chart(request: HttpRequest, pk: int) -> HttpResponse:
    """Every round's pairings and results, the podium and the standings: for the hall's wall."""
    t = _tournament(pk)
    schedule = queries.schedule(t)
    groups = stage_page.wall_groups(t, schedule)  # a group stage: one chart a group
    table = queries.standings(t)
    finished = t.status == TournamentStatus.FINISHED and not groups
    return render(
        request,
        "tournaments/wall_chart.html",
        {
            "t": t,
            "schedule": schedule,
            "standings": table,
            "podium": queries.podium(table) if finished else [],
            "wall_groups": groups,
        },
    )


@require_safe
def crosstable_page(request: HttpRequest, pk: int) -> HttpResponse:
    t = _tournament(pk)
    entries, rows = queries.crosstable_rows(t)
    lines = [(entries[i], row) for i, row in enumerate(rows)]
    context = {
        "t": t,
        "entries": entries,
        "lines": lines,
        "group_crosstables": group_reads.group_crosstables(t),  # a group stage: one a group
        "extra_columns": hooks.standings_columns(t),  # the ratings of a rated tournament
    }
    return render(request, "tournaments/crosstable.html", context)
