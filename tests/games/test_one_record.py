"""The move path stores each move once and reads the game once: its query count, and the
game's derived values (scores, outcome) computed from the ``Move`` rows by the engine."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection

from games.models import Game, GameStatus, Move
from games.recording import record_final_position
from games.services import submit_move
from tests.conftest import GameFactory


@contextmanager
def statements() -> Iterator[list[str]]:
    """The SQL statements run inside the block (transaction control left out)."""
    seen: list[str] = []

    def wrapper(execute, sql, params, many, context):  # type: ignore[no-untyped-def]
        if not sql.lstrip().upper().startswith(("SAVEPOINT", "RELEASE", "BEGIN", "ROLLBACK")):
            seen.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(wrapper):
        yield seen


def test_a_move_costs_three_statements_and_stores_one_row(new_game: GameFactory, alice) -> None:
    game = new_game("uttt")
    with statements() as seen:
        submit_move(game=Game(pk=game.pk), user=alice.user, notation="E5", expected_ply=0)
    kinds = [sql.split()[0].upper() for sql in seen]
    # Lock the game (reading its seats' players and its moves), insert the move, update the game.
    assert kinds == ["SELECT", "INSERT", "UPDATE"]
    assert "games_player" in seen[0] and "games_move" in seen[0]
    assert sum("games_move" in sql.split("WHERE")[0] for sql in seen) == 2
    assert Move.objects.filter(game=game).count() == 1


def test_the_cost_of_a_move_does_not_grow_with_the_game(
    new_game: GameFactory, alice, boris
) -> None:
    game = new_game("uttt")
    users = [alice.user, boris.user]
    counts = []
    for ply, notation in enumerate(["G4", "B2", "E5", "D4", "A3", "A7"]):
        with statements() as seen:
            submit_move(game=game, user=users[ply % 2], notation=notation, expected_ply=ply)
        counts.append(len(seen))
    assert counts == [3] * 6


def test_scores_are_the_engines_count_of_the_moves(new_game: GameFactory, alice, boris) -> None:
    game = new_game("sos", rows=3, cols=3)
    users = [alice.user, boris.user]
    # A1=S, B1=O (no SOS), C1=S by Alice makes S-O-S: she scores and moves again.
    for n, notation in enumerate(["A1=S", "B1=O", "C1=S"]):
        submit_move(game=game, user=users[n % 2], notation=notation)
    fresh = Game.objects.get(pk=game.pk)
    assert fresh.scores == [1, 0] == list(fresh.current_state().scores)
    # Edit the record: the score follows the moves.
    Move.objects.filter(game=game, ply=3).update(notation="A2=S")
    assert Game.objects.get(pk=game.pk).scores == [0, 0]


def test_a_game_known_by_its_final_position_keeps_the_paper_scores(new_game: GameFactory) -> None:
    game = new_game("sos", rows=3, cols=3)
    position = ["SOS", "...", "..."]
    record_final_position(game=game, position=position, winners=[0], scores=[1, 0])
    fresh = Game.objects.get(pk=game.pk)
    assert (fresh.final_position, fresh.scores, fresh.winners) == (position, [1, 0], [0])
    assert fresh.status == GameStatus.ADJUDICATED and fresh.ply == 0
