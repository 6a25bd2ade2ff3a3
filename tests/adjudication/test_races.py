"""Every act applies once: the same act sent from several threads at once (a double click, two
arbiters) changes the record exactly once; the others are refused as already done.

The threads race on the file-based SQLite test database (as the move race test in
tests/games/test_services.py does) and on PostgreSQL (``make test-postgres``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.utils import timezone

from games.models import Game, GameStatus, Move
from tests.adjudication.helpers import (
    SOS_FIRST_WINS,
    World,
    build_paper_round,
    build_world,
    play,
    reload,
)
from tournaments.acts import claims, decisions, results, services, versions
from tournaments.errors import TournamentError
from tournaments.models import Claim, Pairing, Result, ResultRecord, Tournament

pytestmark = pytest.mark.django_db(transaction=True)

THREADS = 4


def race(act: Callable[[int], Any], threads: int = THREADS) -> list[Any]:
    """Run ``act(i)`` from ``threads`` threads released together; each result or exception."""
    if connection.vendor == "sqlite":
        # Threads on Django's in-memory test database would share one cache, not race.
        assert not connection.creation.is_in_memory_db(connection.settings_dict["NAME"])
    barrier = threading.Barrier(threads, timeout=30)
    out: list[Any] = [None] * threads

    def run(i: int) -> None:
        try:
            barrier.wait()
            out[i] = act(i)
        except BaseException as exc:  # handed to the test thread
            out[i] = exc
        finally:
            connection.close()

    workers = [threading.Thread(target=run, args=(i,)) for i in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(timeout=60)
        assert not w.is_alive(), "an act hangs"
    return out


def applied_once(outcomes: list[Any]) -> Any:
    """Exactly one act went through; every other was refused with a translated message."""
    done = [o for o in outcomes if not isinstance(o, BaseException)]
    refused = [o for o in outcomes if isinstance(o, BaseException)]
    assert len(done) == 1, outcomes
    for err in refused:
        assert isinstance(err, TournamentError), repr(err)
        assert err.code in ("stale", "annulled", "decided"), (err.code, err.message)
    return done[0]


@pytest.fixture
def world() -> World:
    return build_world()


def version(world: World) -> str:
    return versions.version_of(game=world.game, pairing=reload(world.board1))


def test_a_raced_take_back_removes_one_move(world: World) -> None:
    game = play(world.game, "A1=S", "B1=O", "C1=S")
    seen = version(world)

    applied_once(
        race(
            lambda i: decisions.take_back(
                user=world.arbiter,
                game=Game(pk=game.pk),
                count=1,
                reason="illegal_conduct",
                expected_version=seen,
            )
        )
    )

    assert reload(game).ply == 2
    assert Move.objects.filter(game=game).count() == 2
    assert ResultRecord.objects.count() == 1


def test_a_raced_annul_makes_one_replacement_game(world: World) -> None:
    game = play(world.game, "A1=S", "B1=O")
    games = Game.objects.count()
    seen = version(world)

    applied_once(
        race(
            lambda i: decisions.annul(
                user=world.arbiter,
                game=Game(pk=game.pk),
                reason="illegal_conduct",
                expected_version=seen,
            ),
            threads=5,
        )
    )

    assert reload(game).status == GameStatus.ANNULLED
    assert Game.objects.count() == games + 1
    pairing = reload(world.board1)
    assert pairing.game_id not in (None, game.pk)
    playable = Game.objects.filter(status=GameStatus.WAITING, pairing__isnull=True)
    assert not playable.exists()  # no replacement left playable and linked to no pairing
    assert ResultRecord.objects.count() == 1


def test_a_raced_annul_without_a_version_still_annuls_once(world: World) -> None:
    """The admin's bulk action names no version: the lock and the annulled check suffice."""
    game = play(world.game, "A1=S")
    games = Game.objects.count()

    applied_once(
        race(
            lambda i: decisions.annul(
                user=world.arbiter, game=Game(pk=game.pk), reason="illegal_conduct"
            ),
            threads=5,
        )
    )

    assert Game.objects.count() == games + 1
    assert ResultRecord.objects.count() == 1


@pytest.mark.parametrize("result", [Result.WIN, Result.FORFEIT_LOSS], ids=["decide", "forfeit"])
def test_a_raced_decision_is_recorded_once(world: World, result: str) -> None:
    seen = version(world)

    applied_once(
        race(
            lambda i: decisions.decide(
                user=world.arbiter,
                game=Game(pk=world.game.pk),
                result=result,
                reason="no_show",
                expected_version=seen,
            ),
            threads=5,
        )
    )

    assert reload(world.board1).result == result
    assert ResultRecord.objects.count() == 1


def test_a_raced_paper_result_is_entered_once(world: World) -> None:
    pairing = build_paper_round(world)
    seen = versions.version_of(pairing=pairing)
    codes = [Result.WIN, Result.LOSS, Result.DRAW, Result.FORFEIT_WIN]

    done = applied_once(
        race(
            lambda i: services.record_result(
                pairing=Pairing(pk=pairing.pk),
                result=codes[i],
                user=world.arbiter,
                expected_version=seen,
            )
        )
    )

    assert reload(pairing).result == done.result
    assert ResultRecord.objects.filter(pairing=pairing).count() == 1


def test_a_raced_correction_of_a_finished_round_applies_once(world: World) -> None:
    pairing = build_paper_round(world)
    for p in pairing.round.pairings.all():
        if not p.result:
            services.record_result(pairing=p, result=Result.WIN, user=world.arbiter)
    services.finish_round(round=pairing.round, user=world.arbiter)
    seen = versions.version_of(pairing=pairing)
    records = ResultRecord.objects.filter(pairing=pairing).count()
    codes = [Result.LOSS, Result.DRAW, Result.FORFEIT_LOSS, Result.DOUBLE_FORFEIT]

    done = applied_once(
        race(
            lambda i: decisions.decide(
                user=world.arbiter,
                pairing=Pairing.objects.get(pk=pairing.pk),
                result=codes[i],
                reason="correction",
                expected_version=seen,
            )
        )
    )

    assert reload(pairing).result == done.after["pairing"]["result"]
    assert ResultRecord.objects.filter(pairing=pairing).count() == records + 1


def test_a_raced_claim_decision_applies_once(world: World) -> None:
    Tournament.objects.filter(pk=world.tournament.pk).update(claim_after_minutes=5)
    game = play(world.game, "A1=S")
    Move.objects.filter(game=game).update(created_at=timezone.now() - timedelta(minutes=10))
    claim = claims.claim_win(user=world.seated, game=game)

    applied_once(
        race(
            lambda i: claims.decide_claim(
                user=world.arbiter, claim=Claim(pk=claim.pk), accept=i % 2 == 0
            )
        )
    )

    assert reload(claim).status in ("accepted", "rejected")
    assert ResultRecord.objects.count() == 1


def test_a_raced_withdrawal_applies_once(world: World) -> None:
    entry = world.entry("Alice")

    applied_once(
        race(
            lambda i: decisions.withdraw(
                user=world.arbiter,
                entry=world.entry("Alice"),
                reason="no_show",
                expected_version="0",
            )
        )
    )

    assert reload(entry).withdrawn_from_round == 2
    assert ResultRecord.objects.count() == 1


def test_a_raced_online_finish_and_forfeit_leave_one_result(world: World) -> None:
    """The last move and an arbiter's forfeit based on the position before it: one wins."""
    game = play(world.game, *SOS_FIRST_WINS[:-1])
    seen = version(world)
    last_mover = world.opponent

    def act(i: int) -> Any:
        if i == 0:
            from games import services as game_services

            return game_services.submit_move(
                game=Game(pk=game.pk),
                user=last_mover,
                notation=SOS_FIRST_WINS[-1],
                expected_ply=len(SOS_FIRST_WINS) - 1,
            )
        return decisions.decide(
            user=world.arbiter,
            game=Game(pk=game.pk),
            result=Result.FORFEIT_LOSS,
            reason="no_show",
            expected_version=seen,
        )

    outcomes = race(act, threads=2)

    done = [o for o in outcomes if not isinstance(o, BaseException)]
    assert len(done) == 1, outcomes
    pairing = reload(world.board1)
    assert pairing.result in (Result.WIN, Result.FORFEIT_LOSS)
    assert pairing.result == results.result_of_game(reload(game))
    assert ResultRecord.objects.count() == 1


def test_a_raced_import_apply_applies_once(world: World) -> None:
    from django.utils import translation

    from sheets import services as sheets
    from sheets.errors import ImportConflict
    from tests.sheets.helpers import edit, workbook

    pairing = build_paper_round(world)
    t = pairing.round.tournament
    with translation.override("en"):
        data = edit(workbook(t), {("Round 1", f"C{3 + pairing.board}"): "0-1"})
        plan = sheets.read_workbook(data, tournament=t)
    assert plan.ok and len(plan.results) == 1

    outcomes = race(lambda i: sheets.apply_plan(plan, user=world.arbiter))

    applied = [o for o in outcomes if not isinstance(o, BaseException)]
    assert len(applied) == 1, outcomes
    assert all(isinstance(o, ImportConflict) for o in outcomes if o not in applied), outcomes
    assert reload(pairing).result == Result.LOSS
    assert ResultRecord.objects.filter(pairing=pairing).count() == 1
