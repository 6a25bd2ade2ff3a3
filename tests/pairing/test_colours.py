"""First-move preferences (as the checker sees them) and the Dutch colour allocation E.1–E.5."""

from __future__ import annotations

import pytest

from tournaments.pairing.colours import (
    ABSOLUTE,
    MILD,
    NONE,
    STRONG,
    colour_state,
)
from tournaments.pairing.dutch import pair_dutch
from tournaments.pairing.dutch_records import DutchPlayer

from .helpers import hist


@pytest.mark.parametrize(
    ("colours", "wants", "strength", "if_first", "if_second"),
    [
        ("", None, NONE, (), ()),
        ("---", None, NONE, (), ()),
        ("F", "S", STRONG, (), ()),
        ("S", "F", STRONG, (), ()),
        ("FS", "F", MILD, (), ()),
        ("SF", "S", MILD, (), ()),
        ("F-S", "F", MILD, (), ()),  # rounds without a game are skipped
        ("FF", "S", ABSOLUTE, ("three_in_a_row", "colour_difference"), ()),
        ("SS", "F", ABSOLUTE, (), ("three_in_a_row", "colour_difference")),
        ("F-F", "S", ABSOLUTE, ("three_in_a_row", "colour_difference"), ()),
        ("SFF", "S", ABSOLUTE, ("three_in_a_row",), ()),
        ("FSFF", "S", ABSOLUTE, ("three_in_a_row", "colour_difference"), ()),
        ("FFSF", "S", ABSOLUTE, ("colour_difference",), ()),
        ("SFSF", "S", MILD, (), ()),
        ("FSF", "S", STRONG, (), ()),
    ],
)
def test_preferences(colours, wants, strength, if_first, if_second) -> None:
    state = colour_state(hist(1, colours=colours))
    assert (state.wants, state.strength) == (wants, strength)
    assert state.broken_if_first == if_first
    assert state.broken_if_second == if_second


def allocate(a: tuple[str, ...], b: tuple[str, ...], *, ranks=(1, 2)) -> tuple[int, str]:
    """(entry moving first, rule) for players 1 and 2 of equal score with these histories."""
    one = DutchPlayer(entry=1, rank=ranks[0], score=10, real_score=10, colours=a)
    two = DutchPlayer(entry=2, rank=ranks[1], score=10, real_score=10, colours=b)
    result = pair_dutch([one, two], played_rounds=4, last_round=True, top_threshold=0)
    assert result is not None
    (board,) = result.boards
    return board.first, board.colour_rule


@pytest.mark.parametrize(
    ("a", "b", "first", "rule"),
    [
        (("S",), ("F",), 1, "E1"),  # both preferences granted
        ((), ("S",), 2, "E1"),  # one preference, the other has none
        (("F", "F"), ("F",), 2, "E2"),  # absolute against strong: the absolute wins
        (("F", "S", "F"), ("S", "F"), 2, "E2"),  # strong against mild
        (("F", "F", "S", "F", "F"), ("F", "F"), 2, "E2"),  # both absolute: the wider imbalance
        # both mild F: going back over their games, they last differed when 1 had F, 2 had S
        (("S", "F", "F", "S"), ("F", "S", "F", "S"), 2, "E3"),
        (("S", "F"), ("S", "F"), 2, "E4"),  # same history: the higher-ranked 1 gets S
        ((), (), 1, "E5"),  # no preference: rank 1 (odd) gets the initial colour
    ],
)
def test_dutch_colour_allocation(a, b, first, rule) -> None:
    assert allocate(a, b) == (first, rule)


def test_e5_by_the_higher_players_pairing_number() -> None:
    # The higher player has pairing number 2 (even): he gets the other colour than the initial.
    assert allocate((), (), ranks=(2, 3)) == (2, "E5")
