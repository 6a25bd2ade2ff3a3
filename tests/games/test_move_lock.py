"""The move's one read (``games.queries.lock_game``): the locked game, its seats' players and its
moves, on either database, whatever order the database hands the moves in."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.db import router

from games import queries
from games.models import Game, Move
from games.services import submit_move, take_back
from tests.conftest import GameFactory


def _using() -> str:
    return router.db_for_write(Game)


def test_a_new_game_has_its_seats_and_no_moves(new_game: GameFactory, alice, boris) -> None:
    game = new_game("uttt")
    locked = queries.lock_game(_using(), game.pk)
    assert locked is not None
    assert locked.game.pk == game.pk and locked.game.ply == 0
    assert locked.seats == {0: (alice.user_id, alice.name), 1: (boris.user_id, boris.name)}
    assert locked.notations == ()


def test_no_game_is_none(db: None) -> None:
    assert queries.lock_game(_using(), 987_654) is None


def test_the_moves_come_in_ply_order(new_game: GameFactory, alice, boris) -> None:
    game = new_game("sos", rows=3, cols=3)
    for player, notation in zip(
        (alice, boris, alice, alice), ("A1=S", "B1=O", "C1=S", "A2=O"), strict=True
    ):
        submit_move(game=game, user=player.user, notation=notation)
    locked = queries.lock_game(_using(), game.pk)
    assert locked is not None
    # SOS: A1=S, B1=O, C1=S by Alice scores, and she moves again (A2=O).
    assert locked.notations == ("A1=S", "B1=O", "C1=S", "A2=O")
    stored = Move.objects.filter(game=game).order_by("ply").values_list("notation", flat=True)
    assert locked.notations == tuple(stored)


def test_moves_handed_in_any_order_are_sorted_by_ply(
    new_game: GameFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = new_game("uttt")
    rows = queries.LOCK_GAME.rows(_using(), game.pk)
    shuffled = json.dumps([[3, "C3"], [1, "E5"], [2, "D4"]])

    def rows_in_another_order(using: str, *args: Any) -> list[list[Any]]:
        return [[*row[:-1], shuffled] for row in rows]

    monkeypatch.setattr(queries.LOCK_GAME, "rows", rows_in_another_order)
    locked = queries.lock_game(_using(), game.pk)
    assert locked is not None and locked.notations == ("E5", "D4", "C3")


def test_a_take_back_shows_in_the_next_move(new_game: GameFactory, alice, boris) -> None:
    game = new_game("uttt")
    submit_move(game=game, user=alice.user, notation="E5")
    submit_move(game=game, user=boris.user, notation="D4")
    take_back(game=Game.objects.get(pk=game.pk), count=1)
    # Boris is to move again, from the position after E5 alone.
    move = submit_move(game=game, user=boris.user, notation="F6", expected_ply=1)
    assert move.ply == 2
    notations = Move.objects.filter(game=game).values_list("notation", flat=True)
    assert list(notations) == ["E5", "F6"]
