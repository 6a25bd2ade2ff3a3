"""The engine's background tasks (Django's task framework: ``django_tasks``; the worker is
``manage.py db_worker``). Each task is a thin shell around its function in ``games.analysis``."""

from __future__ import annotations

from django_tasks import task

from games import analysis


@task()
def analyse_position(job_id: int) -> None:
    analysis.run_position_analysis(job_id)


@task()
def analyse_game(job_id: int) -> None:
    analysis.run_game_analysis(job_id)
