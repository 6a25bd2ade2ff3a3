"""The engine's background tasks (Django's task framework: ``django_tasks``; the worker is
``manage.py db_worker``) and their bodies: :func:`run_position_analysis` and
:func:`run_game_analysis` analyse a job that ``games.analysis`` made and queued. Tests may call
the bodies directly."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django_tasks import task

from games.analysis_models import AnalysisStatus, GameAnalysis, PositionAnalysis, moves_key
from games.engine import Budget, analyse, as_dict
from games.models import Game
from games.puzzles.making import puzzles_from_game


@task()
def analyse_position(job_id: int) -> None:
    run_position_analysis(job_id)


@task()
def analyse_game(job_id: int) -> None:
    run_game_analysis(job_id)


def _claim(model: type, pk: int) -> Any | None:
    """Mark a queued job running (``None`` when it is gone, done or taken by another worker)."""
    with transaction.atomic():
        job = model.objects.select_for_update().filter(pk=pk).first()
        if job is None or job.status != AnalysisStatus.QUEUED:
            return None
        job.status = AnalysisStatus.RUNNING
        job.started_at = timezone.now()
        job.save(update_fields=["status", "started_at"])
        return job


def _fail(job: Any) -> None:
    job.status = AnalysisStatus.FAILED
    job.finished_at = timezone.now()
    job.save(update_fields=["status", "finished_at"])


def run_position_analysis(pk: int) -> PositionAnalysis | None:
    """Analyse the position of job ``pk`` (the task's body); the job, or ``None`` if it was not
    waiting."""
    job = _claim(PositionAnalysis, pk)
    if job is None:
        return None
    try:
        game = Game.objects.get(pk=job.game_id)
        moves = game.moves_list[: job.ply]
        if len(moves) != job.ply or moves_key(moves) != job.moves_key:
            _fail(job)  # the moves were taken back: the position is gone
            return job
        rules = game.rules
        answer = analyse(rules, rules.replay(moves), Budget(seconds=float(job.seconds)))
    except Exception:
        _fail(job)
        raise
    job.result = as_dict(answer)
    job.status = AnalysisStatus.DONE
    job.finished_at = timezone.now()
    job.save(update_fields=["result", "status", "finished_at"])
    return job


def run_game_analysis(pk: int) -> GameAnalysis | None:
    """Analyse every position of job ``pk`` (the task's body), saving after each one so that the
    page shows the progress; goes on where it stopped if it was interrupted."""
    job = _claim(GameAnalysis, pk)
    if job is None:
        return None
    try:
        game = Game.objects.get(pk=job.game_id)
        moves = game.moves_list[: job.ply]
        if len(moves) != job.ply or moves_key(moves) != job.moves_key:
            _fail(job)
            return job
        rules = game.rules
        state = rules.replay(moves[: len(job.positions)])
        budget = Budget(seconds=job.seconds)
        for k in range(len(job.positions), job.ply + 1):
            if k:
                state = rules.play(state, moves[k - 1])
            job.positions.append(as_dict(analyse(rules, state, budget), line_limit=6))
            job.save(update_fields=["positions"])
    except Exception:
        _fail(job)
        raise
    job.status = AnalysisStatus.DONE
    job.finished_at = timezone.now()
    job.save(update_fields=["status", "finished_at"])
    # Then the game's puzzles (games.puzzles.making: a node budget a position, so deterministic).
    puzzles_from_game(game)
    return job
