"""Adjudication by engine: an arbiter has the engine analyse an unfinished game, sees its
verdict, and decides.

1. :func:`request_analysis` — the arbiter asks (based on the version he saw, as every act): the
   engine analyses the game's current position for the tournament's ``engine_seconds`` (casual
   games: ``games.analysis_models.DEFAULT_ADJUDICATION_SECONDS``), in the background
   (``games.analysis``). Two requests for one position make one analysis.
2. The arbiter's engine page (``tournaments.web.engine_views``) shows the progress, then the
   verdict: a proven result, a clear advantage with its figures, or "unclear"
   (``games.engine.verdict``, put into words by ``tournaments.web.engine_text``).
3. :func:`decide_by_engine` — the arbiter decides (the engine's suggestion or another result);
   the decision goes through ``tournaments.acts.decisions.decide`` (so the results service writes
   the one record, source *adjudication*), and the record keeps the engine, the budget, the
   evaluation and the line (``after["engine"]``), shown to the players with the record.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from common.logs import log_event
from games import analysis, analysis_queue
from games.analysis_models import DEFAULT_ADJUDICATION_SECONDS, AnalysisStatus, PositionAnalysis
from games.errors import GameError
from games.models import Game
from tournaments import authority
from tournaments.acts import decisions, results, versions
from tournaments.authority import AnyUser
from tournaments.core import vocabulary as V
from tournaments.errors import TournamentError
from tournaments.models import Pairing, ResultRecord

ENGINE_NAME = "games.engine"


def engine_seconds(game: Game, pairing: Pairing | None = None) -> int:
    """The engine's time for adjudicating ``game``: its tournament's setting, else the default."""
    pairing = pairing or authority.pairing_of(game)
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
    pairing = authority.pairing_of(game)
    if not authority.may_adjudicate(user, game=game, pairing=pairing):
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
        # Wall time: how long the job waited for the worker, then how long it took there.
        "queued_seconds": analysis_queue.took(job)[0],
        "wall_seconds": analysis_queue.took(job)[1],
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
    pairing = authority.pairing_of(game)
    if not authority.may_adjudicate(user, game=game, pairing=pairing):
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
    return decisions.decide(
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
