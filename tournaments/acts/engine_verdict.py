"""Adjudication by engine: an arbiter has the engine analyse an unfinished game, sees its
verdict, and decides.

1. :func:`request_analysis` — the arbiter asks (based on the version he saw, as every act): the
   engine analyses the game's current position for the tournament's ``engine_seconds`` (casual
   games: ``games.analysis_models.DEFAULT_ADJUDICATION_SECONDS``), in the background
   (``games.analysis``). Two requests for one position make one analysis.
2. The arbiter's engine page shows the progress, then the verdict: a proven result, a clear
   advantage with its figures, or "unclear" (``games.engine.verdict``).
3. :func:`decide_by_engine` — the arbiter decides (the engine's suggestion or another result);
   the decision goes through ``tournaments.acts.decisions.decide`` (so the results service writes
   the one record, source *adjudication*), and the record keeps the engine, the budget, the
   evaluation and the line (``after["engine"]``), shown to the players with the record.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from common.logs import log_event
from games import analysis
from games.analysis_models import DEFAULT_ADJUDICATION_SECONDS, AnalysisStatus, PositionAnalysis
from games.engine.verdict import ADVANTAGE, PROVEN
from games.errors import GameError
from games.models import Game, GameKind
from tournaments.acts import decisions as adjudication
from tournaments.acts import results, versions
from tournaments.acts.services import AnyUser
from tournaments.core import vocabulary as V
from tournaments.errors import TournamentError
from tournaments.models import Pairing, RecordReason, ResultRecord
from tournaments.web.forms import _ReasonForm, decision_label

ENGINE_NAME = "games.engine"
METHODS = {
    "solved": gettext_lazy("exact solver"),
    "mcts": gettext_lazy("Monte Carlo tree search"),
    "search": gettext_lazy("heuristic search"),
}
RESULT_OF_WINNERS = {(0,): V.WIN, (): V.DRAW, (1,): V.LOSS}


def engine_seconds(game: Game, pairing: Pairing | None = None) -> int:
    """The engine's time for adjudicating ``game``: its tournament's setting, else the default."""
    pairing = pairing or adjudication.pairing_of(game)
    if pairing is not None:
        return int(pairing.round.tournament.engine_seconds)
    return DEFAULT_ADJUDICATION_SECONDS


def current_analysis(game: Game, pairing: Pairing | None = None) -> PositionAnalysis | None:
    """The engine's analysis of ``game``'s position now, at the budget it would get, if asked."""
    return PositionAnalysis.objects.filter(
        game=game,
        moves_key=analysis.moves_key(game.moves_list),
        seconds=engine_seconds(game, pairing),
    ).first()


def _not_allowed() -> TournamentError:
    return TournamentError(_("Only this game's arbiters may decide it."), "not_allowed")


@transaction.atomic
def request_analysis(
    *, user: AnyUser | None, game: Game, expected_version: str | None
) -> PositionAnalysis:
    """Have the engine analyse ``game``'s current position (once, however often asked)."""
    pairing = adjudication.pairing_of(game)
    if not adjudication.may_adjudicate(user, game=game, pairing=pairing):
        raise _not_allowed()
    game_row, pairing = versions.lock(game=game, pairing=pairing)
    assert game_row is not None
    if not game_row.is_active:
        raise TournamentError(_("This game is over: there is nothing to adjudicate."), "over")
    versions.check_version(expected_version, game=game_row, pairing=pairing)
    try:
        job, created = analysis.request_position_analysis(
            game=game_row,
            seconds=engine_seconds(game_row, pairing),
            user=user,
            expected_ply=versions.expected_ply(expected_version),
        )
    except GameError as err:
        if err.code == "stale":
            raise versions.stale() from None
        raise TournamentError(err.message, err.code) from None
    if created:
        log_event(
            "club.adjudication",
            "engine_requested",
            game=game_row.pk,
            ply=job.ply,
            seconds=job.seconds,
            user=getattr(user, "pk", None),
        )
    return job


def engine_record(job: PositionAnalysis) -> dict[str, Any]:
    """What the decision's record keeps of the engine's analysis."""
    result = job.result or {}
    return {
        "engine": ENGINE_NAME,
        "method": result.get("evaluation", {}).get("method"),
        "budget_seconds": job.seconds,
        "ply": job.ply,
        "analysis": job.pk,
        "verdict": analysis.verdict_of(job.game, result).as_dict(),
        "evaluation": result.get("evaluation"),
        "best_move": result.get("best_move"),
        "line": result.get("line", []),
        "nodes": result.get("nodes"),
        "seconds": result.get("seconds"),
    }


@transaction.atomic
def decide_by_engine(
    *,
    user: AnyUser | None,
    job: PositionAnalysis,
    reason: str,
    expected_version: str,
    result: str = "",
    winners: list[int] | None = None,
    note: str = "",
) -> ResultRecord:
    """Decide the game the engine analysed: ``result`` (two seats: ``1-0``, ``½-½``, ``0-1``)
    or ``winners``, with the engine's verdict kept in the record. Refused as already done when
    the game changed since the arbiter saw it (another move, another decision)."""
    job = PositionAnalysis.objects.select_related("game").get(pk=job.pk)
    game = job.game
    pairing = adjudication.pairing_of(game)
    if not adjudication.may_adjudicate(user, game=game, pairing=pairing):
        raise _not_allowed()
    if job.status != AnalysisStatus.DONE:
        raise TournamentError(_("The engine has not finished its analysis yet."), "not_ready")
    if winners is None and results.parse_result(result) not in V.PLAYED_RESULTS:
        raise TournamentError(_("Choose a game result."), "bad_result")
    parsed = versions.parse_version(expected_version)
    if parsed is None:
        raise versions.malformed_version()
    if parsed[0] != job.ply or not game.is_active:
        raise versions.stale()
    if analysis.moves_key(game.moves_list) != job.moves_key:
        raise versions.stale()
    return adjudication.decide(
        user=user,
        reason=reason,
        result=result,
        note=note,
        game=game,
        pairing=pairing,
        winners=winners,
        expected_version=expected_version,
        engine=engine_record(job),
    )


# -- What is shown ---------------------------------------------------------------------------


def seat_label(game_kind: str, seat: int, names: dict[int, str] | None = None) -> str:
    """``Alice (X)`` / ``seat 2``: how a verdict names a seat."""
    name = (names or {}).get(seat)
    mark = ("X", "O")[seat] if game_kind == GameKind.UTTT and seat < 2 else ""
    if name:
        return f"{name} ({mark})" if mark else name
    label = _("seat %(number)s") % {"number": seat + 1}
    return f"{label} ({mark})" if mark else label


def verdict_text(record: dict[str, Any], *, kind: str, names: dict[int, str] | None = None) -> str:
    """The engine's verdict in one translated sentence (the arbiter's page and the record)."""
    verdict = record.get("verdict") or {}
    winners = verdict.get("winners")
    if verdict.get("kind") == PROVEN:
        if not winners:
            return _("Proven result: a draw.")
        who = ", ".join(seat_label(kind, w, names) for w in winners)
        return _("Proven result: %(who)s wins.") % {"who": who}
    if verdict.get("kind") == ADVANTAGE and winners:
        who = ", ".join(seat_label(kind, w, names) for w in winners)
        return _("Clear advantage: %(who)s.") % {"who": who}
    return _("Unclear: the engine sees no clear advantage.")


def figures_text(
    record: dict[str, Any],
    *,
    kind: str,
    points: bool,
    players: int,
    names: dict[int, str] | None = None,
) -> str:
    """The evaluation's figures (for the seat to move) and the engine's search, translated."""
    ev = record.get("evaluation") or {}
    if not ev:
        return ""
    seat = int(ev.get("seat", 0))
    described = analysis.describe(ev, points=points, seat=seat, players=players)
    return _(
        "For %(who)s (to move): %(value)s. Best move %(best)s; line %(line)s. "
        "%(engine)s, %(budget)s s, %(nodes)s nodes."
    ) % {
        "who": seat_label(kind, seat, names),
        "value": described,
        "best": record.get("best_move") or "—",
        "line": " ".join(record.get("line") or []) or "—",
        "engine": METHODS.get(ev.get("method", ""), "—"),
        "budget": record.get("budget_seconds"),
        "nodes": record.get("nodes"),
    }


def suggested_result(record: dict[str, Any]) -> str | None:
    """The two-seat result the verdict suggests (``None`` when unclear)."""
    verdict = record.get("verdict") or {}
    winners = verdict.get("winners")
    if verdict.get("kind") not in (PROVEN, ADVANTAGE) or winners is None:
        return None
    return RESULT_OF_WINNERS.get(tuple(winners))


# -- The arbiter's page ----------------------------------------------------------------------

ENGINE_RESULT_CHOICES = [(code, decision_label(code)) for code in V.PLAYED_RESULTS]


class EngineDecideForm(_ReasonForm):
    result = forms.ChoiceField(label=gettext_lazy("Result"), choices=ENGINE_RESULT_CHOICES)


class EngineWinnersForm(_ReasonForm):
    def __init__(self, *args: Any, seats: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["winners"] = forms.MultipleChoiceField(
            label=gettext_lazy("Winners"),
            required=False,
            widget=forms.CheckboxSelectMultiple,
            choices=[(str(n), name) for n, name in seats],
        )


class RequestForm(forms.Form):
    version = _ReasonForm.base_fields["version"]  # the version field of every act's form


@login_required
def engine_page(request: HttpRequest, game: int) -> HttpResponse:
    """The arbiter's adjudication by engine of one game: ask, watch, decide."""
    g = get_object_or_404(Game, pk=game)
    pairing = adjudication.pairing_of(g)
    if not adjudication.may_adjudicate(request.user, game=g, pairing=pairing):
        raise PermissionDenied
    here = reverse("tournaments:engine", args=[g.pk])
    version = adjudication.version(game=g, pairing=pairing)
    seats = list(g.seats.select_related("player").order_by("number"))
    names = {s.number: s.player.name for s in seats}
    act = request.POST.get("act", "") if request.method == "POST" else ""
    job = current_analysis(g, pairing)
    if act == "analyse":
        form = RequestForm(request.POST)
        if form.is_valid():
            try:
                request_analysis(
                    user=request.user, game=g, expected_version=form.cleaned_data["version"]
                )
            except TournamentError as err:
                messages.error(request, err.message)
        return redirect(here)
    record = engine_record(job) if job is not None and job.status == AnalysisStatus.DONE else None
    decide_form = None
    if record is not None:
        initial: dict[str, Any] = {"version": version, "reason": RecordReason.UNFINISHED}
        data = request.POST if act == "decide" else None
        if len(seats) > 2:
            winners = (record["verdict"] or {}).get("winners")
            if winners is not None:
                initial["winners"] = [str(w) for w in winners]
            decide_form = EngineWinnersForm(
                data, initial=initial, seats=list(names.items()), auto_id="id_engine_%s"
            )
        else:
            suggestion = suggested_result(record)
            if suggestion:
                initial["result"] = suggestion
            decide_form = EngineDecideForm(data, initial=initial, auto_id="id_engine_%s")
        if data is not None and decide_form.is_valid():
            d = decide_form.cleaned_data
            try:
                decide_by_engine(
                    user=request.user,
                    job=job,  # type: ignore[arg-type]
                    reason=d["reason"],
                    note=d.get("note", ""),
                    result=d.get("result", ""),
                    winners=[int(w) for w in d["winners"]] if "winners" in d else None,
                    expected_version=d["version"],
                )
            except TournamentError as err:
                messages.error(request, err.message)
                return redirect(here)
            messages.success(request, _("The decision is recorded."))
            return redirect(g)
    points = analysis.scale_is_points(g)
    return render(
        request,
        "tournaments/engine.html",
        {
            "game": g,
            "pairing": pairing,
            "job": job,
            "version": version,
            "seconds": engine_seconds(g, pairing),
            "record": record,
            "verdict": verdict_text(record, kind=g.kind, names=names) if record else "",
            "figures": figures_text(
                record, kind=g.kind, points=points, players=len(seats), names=names
            )
            if record
            else "",
            "decide_form": decide_form,
            "back": reverse("tournaments:game_arbiter", args=[g.pk]),
        },
    )
