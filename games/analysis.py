"""The engine's analyses, on demand and in the background (Django's task framework).

- :func:`request_position_analysis` — one position of a game, within a budget of seconds (the
  arbiter's adjudication by engine asks for it; see ``tournaments.acts.engine_verdict``);
- :func:`request_game_analysis` — every position of a finished game (its page's analysis).

A request makes at most one job per position (or move list) and budget — the game's row is
locked and the job's row is unique — and enqueues its task once the transaction commits
(``games.analysis_tasks``, where the worker's bodies are: ``manage.py db_worker`` runs them).
Results are stored and never computed again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from games import analysis_tasks, kinds
from games.analysis_models import AnalysisStatus, GameAnalysis, PositionAnalysis, moves_key
from games.engine.verdict import Verdict, seat_value, verdict
from games.errors import GameError, StalePosition
from games.models import ENDED_STATUSES, Game

# Engine seconds a position of a finished game's analysis (settings.ENGINE_ANALYSIS_SECONDS).
DEFAULT_ANALYSIS_SECONDS = 0.5


class AnalysisError(GameError):
    """An analysis that cannot be asked for (translated message)."""


def analysis_seconds() -> float:
    return float(getattr(settings, "ENGINE_ANALYSIS_SECONDS", DEFAULT_ANALYSIS_SECONDS))


def scale_is_points(game: Game) -> bool:
    """Is the evaluation in points (SOS *most*) rather than an expected score?"""
    return kinds.of(game).points_scale(game.rules)


# -- Requests ------------------------------------------------------------------------------------


def _enqueue(task_name: str, pk: int) -> None:
    task = getattr(analysis_tasks, task_name)
    transaction.on_commit(lambda: task.enqueue(pk))


def _get_or_make(model: type, lookup: dict[str, Any], defaults: dict[str, Any]) -> tuple[Any, bool]:
    """The job of ``lookup``, made if missing; a failed or lost one is queued again."""
    try:
        with transaction.atomic():
            job, created = model.objects.get_or_create(**lookup, defaults=defaults)
    except IntegrityError:  # made meanwhile by another request (the row is unique)
        job, created = model.objects.get(**lookup), False
    if not created and (job.status == AnalysisStatus.FAILED or job.lost):
        job.status = AnalysisStatus.QUEUED
        job.started_at = job.finished_at = None
        job.save(update_fields=["status", "started_at", "finished_at"])
        created = True
    return job, created


@transaction.atomic
def request_position_analysis(
    *, game: Game, seconds: int, user: Any = None, expected_ply: int | None = None
) -> tuple[PositionAnalysis, bool]:
    """The analysis of ``game``'s current position within ``seconds``, asked for once: the job
    and whether this call queued it. ``expected_ply``: the number of moves the asker saw
    (``StalePosition`` when the game has moved on)."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    if expected_ply is not None and game.ply != expected_ply:
        raise StalePosition()
    if not game.is_active:
        raise AnalysisError(_("This game is over: there is nothing to adjudicate."), "over")
    job, created = _get_or_make(
        PositionAnalysis,
        {"game": game, "moves_key": moves_key(game.moves_list), "seconds": seconds},
        {"ply": game.ply, "requested_by": _user(user)},
    )
    if created:
        _enqueue("analyse_position", job.pk)
    return job, created


def may_request_analysis(user: Any, game: Game) -> bool:
    """Anyone logged in may have a finished game analysed (once; everybody sees it)."""
    return bool(user is not None and user.is_authenticated) and game.status in ENDED_STATUSES


@transaction.atomic
def request_game_analysis(*, game: Game, user: Any) -> tuple[GameAnalysis, bool]:
    """The analysis of every move of a finished ``game``, asked for once."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    if game.status not in ENDED_STATUSES:
        raise AnalysisError(_("Only a finished game can be analysed."), "not_finished")
    if not game.moves_list:
        raise AnalysisError(_("This game has no moves to analyse."), "no_moves")
    if not may_request_analysis(user, game):
        raise AnalysisError(_("Log in to ask for an analysis."), "not_allowed")
    job, created = _get_or_make(
        GameAnalysis,
        {"game": game, "moves_key": moves_key(game.moves_list)},
        {"ply": game.ply, "seconds": analysis_seconds(), "requested_by": _user(user)},
    )
    if created:
        _enqueue("analyse_game", job.pk)
    return job, created


def _user(user: Any) -> Any:
    return user if user is not None and user.is_authenticated else None


def game_analysis_of(game: Game) -> GameAnalysis | None:
    """The analysis of ``game``'s moves as they are now, if one was asked for."""
    return GameAnalysis.objects.filter(game=game, moves_key=moves_key(game.moves_list)).first()


# -- What the pages show -------------------------------------------------------------------------


def verdict_of(game: Game, result: dict[str, Any]) -> Verdict:
    """The verdict (proven / clear advantage / unclear) on a stored engine answer."""
    return verdict(
        players=game.rules.players, points=scale_is_points(game), evaluation=result["evaluation"]
    )


def describe(evaluation: dict[str, Any], *, points: bool, seat: int, players: int) -> str:
    """An evaluation in words and figures, from ``seat``'s point of view (translated)."""
    if evaluation["proven"] and evaluation.get("winners") is not None:
        winners = evaluation["winners"]
        if not winners:
            outcome = _("draw")
        elif seat in winners:
            outcome = _("win")
        else:
            outcome = _("loss")
        if points and players == 2:
            value = seat_value(players=players, points=True, evaluation=evaluation, seat=seat)
            return _("proven %(outcome)s (%(points)+g)") % {"outcome": outcome, "points": value}
        return _("proven %(outcome)s") % {"outcome": outcome}
    value = seat_value(players=players, points=points, evaluation=evaluation, seat=seat)
    if value is None:
        return "—"
    if points:
        if players == 2:
            return _("%(points)+.1f points") % {"points": value}
        return _("%(points).1f points") % {"points": value}
    return _("%(score).2f") % {"score": value}


@dataclass(frozen=True)
class MoveLine:
    number: int
    seat: int
    player: str
    notation: str
    evaluation: str  # the position after the move, for the chart's seat (or the mover)
    best: str  # the engine's choice where it differs from the move played, else ""
    best_evaluation: str


def move_lines(game: Game, job: GameAnalysis, names: dict[int, str]) -> list[MoveLine]:
    """One line a move: who played what, the evaluation after it, and the engine's move where it
    would have played another."""
    players = game.rules.players
    points = scale_is_points(game)
    moves = game.moves_list
    seats = list(game.moves.order_by("ply").values_list("seat", flat=True))
    lines = []
    positions = job.positions
    for k in range(1, min(len(positions), len(moves) + 1)):
        before, after = positions[k - 1], positions[k]
        seat = seats[k - 1] if k - 1 < len(seats) else 0
        view = 0 if players == 2 else seat
        best = before.get("best_move") or ""
        differs = bool(best) and best.upper() != moves[k - 1].upper()
        lines.append(
            MoveLine(
                number=k,
                seat=seat,
                player=names.get(seat, ""),
                notation=moves[k - 1],
                evaluation=describe(after["evaluation"], points=points, seat=view, players=players),
                best=best if differs else "",
                best_evaluation=describe(
                    before["evaluation"], points=points, seat=view, players=players
                )
                if differs
                else "",
            )
        )
    return lines
