"""The puzzle finder (games.engine.puzzles): exactly one winning first move, proved by the
exact solvers within a node budget, and missed by the player; none where two moves win."""

from __future__ import annotations

from games.engine.puzzles import SOS, WIN, find_puzzle, position_key
from games.engine.uttt_pos import UtttPos
from games.engine.uttt_solver import UtttSolver
from games.rules import get_rules

SOS_FIRST = get_rules("sos", rows=3, cols=3, players=2, mode="first")
# A classic UTTT game (seeded random moves) where O, to move, missed a win in 2 (played I9).
UTTT_MOVES = [
    "F8",
    "G6",
    "C8",
    "I6",
    "H9",
    "D9",
    "B8",
    "D5",
    "C4",
    "G2",
    "B4",
    "E2",
    "F6",
    "I8",
    "I5",
    "G5",
    "B5",
    "F5",
    "G4",
    "B1",
    "E3",
    "E7",
    "F3",
    "I7",
    "I1",
    "I2",
    "H6",
    "D7",
    "C1",
    "H3",
    "F9",
    "G8",
    "C5",
    "H5",
    "F4",
    "I3",
    "G9",
    "A9",
    "A8",
    "A4",
    "C3",
    "G7",
    "B2",
    "D6",
    "B3",
    "F7",
    "H2",
    "E6",
    "D3",
    "E4",
    "D4",
    "A1",
    "C2",
    "I4",
    "G1",
]


def test_a_missed_win_in_one_is_a_puzzle() -> None:
    state = SOS_FIRST.replay(["A1=S", "C1=S"])
    found = find_puzzle(SOS_FIRST, state, "C3=S")
    assert found is not None
    assert (found.kind, found.solution, found.seat, found.depth) == (WIN, "B1=O", 0, 1)


def test_the_winning_move_played_is_no_puzzle() -> None:
    state = SOS_FIRST.replay(["A1=S", "C1=S"])
    assert find_puzzle(SOS_FIRST, state, "B1=O") is None


def test_two_winning_moves_make_no_puzzle() -> None:
    # X to move can complete A1-B1-C1 or C1-C2-C3: two wins.
    state = SOS_FIRST.replay(["A1=S", "C1=S", "C3=S"])
    assert find_puzzle(SOS_FIRST, state) is None


def test_a_missed_uttt_win_in_two_is_exactly_one_winning_move() -> None:
    rules = get_rules("uttt", preset="classic")
    state = rules.replay(UTTT_MOVES)
    found = find_puzzle(rules, state, "I9")
    assert found is not None
    assert (found.kind, found.solution, found.seat, found.depth) == (WIN, "H8", 1, 2)
    pos = UtttPos.from_state(rules, state)
    wins = [m for m, v in UtttSolver().move_values(pos) if v == 1]
    assert len(wins) == 1
    assert find_puzzle(rules, state, "I9") == found  # the same answer every time


def test_the_move_that_makes_two_soss_at_once() -> None:
    rules = get_rules("sos", rows=3, cols=3, players=3, mode="most")
    state = rules.replay(["A1=S", "C3=S", "C1=S", "A3=S"])
    found = find_puzzle(rules, state, "B1=O")
    assert found is not None
    assert (found.kind, found.solution, found.points) == (SOS, "B2=O", 2)


def test_positions_differ_by_turn_and_rules() -> None:
    a = position_key(SOS_FIRST, SOS_FIRST.replay(["A1=S"]))
    most = get_rules("sos", rows=3, cols=3, players=2, mode="most")
    assert a != position_key(most, most.replay(["A1=S"]))
    assert a == position_key(SOS_FIRST, SOS_FIRST.replay(["A1=S"]))
