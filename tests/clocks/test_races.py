"""A flag ends the game exactly once, even when a move that came too late, the periodic check and
a poll race for it. The threads race on the file-based SQLite test database (as the move race
tests in tests/games do) and on PostgreSQL (``make test-postgres``); each uses its own
connection, and the game row's lock decides who ends it."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.db import connection

from games import endings, services, timekeeping
from games.errors import GameNotActive
from games.models import Game, GameStatus, Move
from games.signals import game_result_changed
from games.timekeeping import TimeIsUp
from tests.adjudication.helpers import build_world, reload
from tests.adjudication.test_races import race
from tests.conftest import started
from tournaments.models import ResultRecord

pytestmark = pytest.mark.django_db(transaction=True)

ROUNDS = 3


@pytest.fixture
def announced() -> Any:
    """The games whose outcome was announced, once per announcement."""
    seen: list[int] = []

    def receiver(sender: Any, *, game_id: int | None = None, **kwargs: Any) -> None:
        seen.append(game_id)

    game_result_changed.connect(receiver, dispatch_uid="clock-race-test")
    yield seen
    game_result_changed.disconnect(dispatch_uid="clock-race-test")


@pytest.mark.parametrize("round_", range(ROUNDS))
def test_a_late_move_the_periodic_check_and_a_poll_end_the_game_once(
    frozen, announced, round_
) -> None:
    if connection.vendor == "sqlite":
        assert not connection.creation.is_in_memory_db(connection.settings_dict["NAME"])
    world = started(build_world(time_control="fischer/180/2"))
    game = world.game
    mover = world.seated
    frozen.advance(seconds=180, milliseconds=1)

    def act(i: int) -> Any:
        if i % 3 == 0:
            return services.submit_move(game=Game(pk=game.pk), user=mover, notation="A1=S")
        if i % 3 == 1:
            return timekeeping.check_clocks()
        return timekeeping.notice(Game.objects.get(pk=game.pk))

    outcomes = race(act, threads=6)
    for i, outcome in enumerate(outcomes):
        if i % 3 == 0:
            # Refused as too late, or (if the flag fell first) as a move in a finished game.
            assert isinstance(outcome, TimeIsUp | GameNotActive), repr(outcome)
        else:
            assert not isinstance(outcome, BaseException), repr(outcome)
    game.refresh_from_db()
    # Nobody had moved: both sides forfeit (-/-), once.
    assert game.status == GameStatus.FINISHED and game.winners == []
    assert game.end_reason == endings.DOUBLE_FORFEIT
    assert not Move.objects.filter(game=game).exists()
    assert announced.count(game.pk) == 1
    assert ResultRecord.objects.filter(game=game).count() == 1
    assert reload(world.board1).result == "-/-"


def test_a_move_in_time_and_the_check_never_both_win(frozen, announced) -> None:
    """On the last millisecond: the move is in time, and the checks find nothing to end."""
    world = started(build_world(time_control="fischer/180/2"))
    game = world.game
    mover = world.seated
    frozen.advance(seconds=180)

    def act(i: int) -> Any:
        if i == 0:
            return services.submit_move(game=Game(pk=game.pk), user=mover, notation="A1=S")
        return timekeeping.check_clocks()

    outcomes = race(act, threads=4)
    assert not any(isinstance(o, BaseException) for o in outcomes), outcomes
    game.refresh_from_db()
    assert game.is_active and game.ply == 1
    # Exactly no time left is not a flag (board 2's first mover has not moved either).
    assert announced == []
    assert reload(world.board2).game.is_active
    assert timedelta(0) < timekeeping.clocks_now(game, frozen.now).remaining[0]
