"""Where a waiting engine job stands (games.analysis_queue): how many jobs are ahead of it, both
kinds together; "the worker may not be running" only when nothing is running and nothing was
taken while it waited; and the wall time a job took, kept with the adjudication's record."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from games import analysis
from games.analysis_models import AnalysisStatus, GameAnalysis, PositionAnalysis
from games.analysis_queue import STALLED_AFTER_SECONDS, queue_state, took
from tests.engine.site_helpers import over_the_board_game
from tests.engine.test_site_analysis import SOS, SOS_FIRST_WINS, english

pytestmark = pytest.mark.django_db


@pytest.fixture
def arbiter() -> User:
    return User.objects.create_superuser(username="root", password=None)


def position_job(game, ply: int, *, at, status=AnalysisStatus.QUEUED, started=None):
    job = PositionAnalysis.objects.create(
        game=game, ply=ply, moves_key=f"k{ply}", seconds=5, status=status, started_at=started
    )
    PositionAnalysis.objects.filter(pk=job.pk).update(created_at=at)
    job.refresh_from_db()
    return job


def test_jobs_ahead_count_older_waiting_ones_of_both_kinds_and_the_running_one(arbiter) -> None:
    game = over_the_board_game(arbiter, "sos", SOS, SOS_FIRST_WINS[:4])
    now = timezone.now()
    running = position_job(
        game, 1, at=now - timedelta(seconds=30), status=AnalysisStatus.RUNNING, started=now
    )
    older = position_job(game, 2, at=now - timedelta(seconds=20))
    whole = GameAnalysis.objects.create(game=game, ply=4, moves_key="g", seconds=0.1)
    GameAnalysis.objects.filter(pk=whole.pk).update(created_at=now - timedelta(seconds=10))
    mine = position_job(game, 3, at=now - timedelta(seconds=5))
    later = position_job(game, 4, at=now)

    state = queue_state(mine, now=now)
    assert state is not None and state.ahead == 3 and not state.stalled
    assert queue_state(older, now=now).ahead == 1  # only the running one
    assert queue_state(later, now=now).ahead == 4
    assert queue_state(running, now=now) is None  # taken: no longer in line


def test_a_queue_nobody_takes_from_is_called_stalled(arbiter) -> None:
    game = over_the_board_game(arbiter, "sos", SOS, SOS_FIRST_WINS[:4])
    now = timezone.now()
    waited = STALLED_AFTER_SECONDS + 5
    job = position_job(game, 1, at=now - timedelta(seconds=waited))
    state = queue_state(job, now=now)
    assert state.ahead == 0 and state.stalled and state.waited_seconds == waited
    # A job that has only just been asked for is not stalled yet.
    assert not queue_state(job, now=job.created_at + timedelta(seconds=5)).stalled
    # A job running long (a whole game's analysis) is a busy worker, not a missing one.
    position_job(
        game, 2, at=now - timedelta(seconds=500), status=AnalysisStatus.RUNNING, started=now
    )
    state = queue_state(job, now=now + timedelta(seconds=5))
    assert state.ahead == 1 and not state.stalled


def test_the_game_page_says_where_its_analysis_waits(arbiter) -> None:
    game = over_the_board_game(arbiter, "sos", SOS, SOS_FIRST_WINS)
    key = analysis.moves_key(game.moves_list)
    job = GameAnalysis.objects.create(game=game, ply=9, moves_key=key, seconds=0.1)
    page = english(arbiter).get(game.get_absolute_url()).content.decode()
    assert "Next in line: the engine takes it as soon as it is free." in page
    GameAnalysis.objects.filter(pk=job.pk).update(created_at=timezone.now() - timedelta(hours=1))
    page = english(arbiter).get(game.get_absolute_url()).content.decode()
    assert "the background worker may not be running" in page


def test_took_gives_the_wall_time_of_the_queue_and_of_the_run(arbiter) -> None:
    game = over_the_board_game(arbiter, "sos", SOS, SOS_FIRST_WINS[:4])
    now = timezone.now()
    job = position_job(game, 1, at=now - timedelta(seconds=40))
    assert took(job) == (None, None)
    job.started_at = now - timedelta(seconds=25)
    assert took(job) == (15, None)
    job.finished_at = now - timedelta(seconds=13)
    assert took(job) == (15, 12)
