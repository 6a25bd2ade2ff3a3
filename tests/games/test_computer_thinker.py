"""The computer's thinker off the request path (games.computer): a move that leaves the computer
to move has a thread of the process think, its search in a search process (or the thread), and
the move is recorded once; a position is thought over once at a time; a search process that
fails gives a level-1 move. Real threads and processes over committed data (transactional)."""

from __future__ import annotations

import threading
import time
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import pytest
from django.core.cache import cache

from games import computer, device_services, services
from games.device_models import ComputerMove
from games.models import Game

pytestmark = pytest.mark.django_db(transaction=True)

WAIT_SECONDS = 60  # a deadline for a failure, not a measure of speed


@pytest.fixture
def background(settings: Any) -> Any:
    cache.clear()
    settings.COMPUTER_MOVES = "background"
    yield settings
    computer.shutdown()


def _game(level: int = 2) -> Game:
    return device_services.create_device_game(
        kind="uttt", options={}, names=["Ann"], seats=2, token="t", computer_seats=[1], level=level
    )


def _wait_for_ply(game: Game, ply: int) -> None:
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        game.refresh_from_db()
        if game.ply >= ply:
            return
        time.sleep(0.05)
    raise AssertionError(f"the computer did not move (ply {game.ply})")


@pytest.mark.parametrize("processes", [0, 1])
def test_the_move_leaves_the_request_and_comes_back_recorded(background, processes) -> None:
    background.COMPUTER_PROCESSES = processes
    game = _game()
    services.submit_move(game=game, user=None, notation="E5", device_token="t")
    _wait_for_ply(game, 2)
    assert list(game.moves.values_list("seat", flat=True)) == [0, 1]
    assert ComputerMove.objects.filter(game=game, ply=2).count() == 1
    computer.shutdown()
    game.refresh_from_db()
    assert game.ply == 2  # recorded once


def test_a_position_is_thought_over_once_at_a_time(background, monkeypatch) -> None:
    background.COMPUTER_PROCESSES = 0
    asked: list[tuple[int, tuple[str, ...]]] = []
    release = threading.Event()

    def thinker(pk: int, moves: tuple[str, ...]) -> bool:
        asked.append((pk, moves))
        assert release.wait(WAIT_SECONDS)  # thinking until the test lets it end
        return True

    monkeypatch.setattr(computer, "_thinker", thinker)
    computer.schedule(7, ["E5"])
    computer.schedule(7, ["E5"])  # the lease is held while the first thinks: nothing
    computer.schedule(7, ["A1"])  # another position
    release.set()
    computer.shutdown()
    assert sorted(asked) == [(7, ("A1",)), (7, ("E5",))]
    computer.schedule(7, ["E5"])  # the lease ends with the thought: asked again, once
    computer.shutdown()
    assert len(asked) == 3


def test_a_failed_search_process_gives_a_level_one_move(background, monkeypatch) -> None:
    background.COMPUTER_PROCESSES = 1

    class Broken:
        def submit(self, *args: Any) -> Future:
            future: Future = Future()
            future.set_exception(BrokenProcessPool("gone"))
            return future

        def shutdown(self, **kwargs: Any) -> None:
            pass

    monkeypatch.setattr(computer, "_processes", Broken())
    game = _game(level=8)
    move, _nodes = computer.search(game, 8, seed=1, seconds=1.0)
    assert move in game.rules.legal_moves(game.current_state())
    assert computer._processes is None  # the broken pool is let go; the next search starts one


def test_a_thinker_that_fails_is_logged_and_frees_the_position(background, monkeypatch) -> None:
    background.COMPUTER_PROCESSES = 0
    calls: list[int] = []

    def failing(pk: int, moves: tuple[str, ...]) -> bool:
        calls.append(pk)
        raise RuntimeError("boom")

    monkeypatch.setattr(computer, "_thinker", failing)
    computer.schedule(5, [])
    computer.shutdown()
    computer.schedule(5, [])  # asked again: the lease went with the failure
    computer.shutdown()
    assert calls == [5, 5]
