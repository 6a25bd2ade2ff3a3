"""Two arbiters (or a double click) at once: one analysis job and one queued task for a position,
one decision by engine; the others are told it is done already (as tests/adjudication/test_races).
"""

from __future__ import annotations

import pytest
from django_tasks_db.models import DBTaskResult

from games import analysis, analysis_tasks
from games.analysis_models import GameAnalysis, PositionAnalysis
from games.models import Game
from tests import factories
from tests.adjudication.helpers import SOS_FIRST_WINS, World, build_world, play, reload
from tests.adjudication.test_races import applied_once, race
from tests.engine.site_helpers import over_the_board_game
from tournaments.acts import engine_verdict, versions
from tournaments.models import Act, Result, ResultRecord

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def world() -> World:
    return build_world()


def test_raced_requests_make_one_analysis_and_one_task(world: World) -> None:
    game = play(world.game, *SOS_FIRST_WINS[:4])
    seen = versions.version_of(game=game, pairing=reload(world.board1))

    def ask(i: int) -> int:
        with factories.committed():
            return engine_verdict.request_analysis(
                user=world.arbiter if i % 2 else world.staff_arbiter,
                game=Game(pk=game.pk),
                expected_version=seen,
            ).pk

    jobs = race(ask)
    assert all(isinstance(j, int) for j in jobs), jobs
    assert len(set(jobs)) == 1
    assert PositionAnalysis.objects.count() == 1
    assert DBTaskResult.objects.count() == 1


def test_raced_engine_decisions_decide_once(world: World) -> None:
    game = play(world.game, *SOS_FIRST_WINS[:4])
    seen = versions.version_of(game=game, pairing=reload(world.board1))
    job = engine_verdict.request_analysis(user=world.arbiter, game=game, expected_version=seen)
    analysis_tasks.run_position_analysis(job.pk)

    applied_once(
        race(
            lambda i: engine_verdict.decide_by_engine(
                user=world.arbiter,
                job=PositionAnalysis(pk=job.pk),
                result=Result.LOSS,
                reason="unfinished",
                expected_version=seen,
            )
        )
    )
    assert list(ResultRecord.objects.values_list("act", flat=True)) == [Act.ENGINE_RESULT]
    assert reload(world.board1).result == Result.LOSS


def test_raced_game_analysis_requests_make_one_job(world: World) -> None:
    game = over_the_board_game(world.superuser, "sos", {"rows": 3, "cols": 3}, SOS_FIRST_WINS)

    def ask(i: int) -> int:
        with factories.committed():
            return analysis.request_game_analysis(game=Game(pk=game.pk), user=world.arbiter)[0].pk

    jobs = race(ask)
    assert len(set(jobs)) == 1, jobs
    assert GameAnalysis.objects.count() == 1
    assert DBTaskResult.objects.count() == 1
