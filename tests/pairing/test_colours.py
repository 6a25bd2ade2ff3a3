"""First-move preferences and the allocation within a pair."""

from __future__ import annotations

import pytest

from tournaments.pairing.colours import (
    ABSOLUTE,
    MILD,
    NONE,
    STRONG,
    Side,
    allocate,
    colour_state,
)

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


def side(entry: int, colours: str, rank: int, score: float = 1.0) -> Side:
    return Side(entry, rank, score, colour_state(hist(entry, score, colours)))


def codes(reasons) -> list[str]:
    return [r.code for r in reasons]


def test_opposite_preferences_both_met() -> None:
    first, second, reasons = allocate(side(1, "FS", 1), side(2, "SF", 2))
    assert (first.entry, second.entry) == (1, 2)
    assert codes(reasons) == ["colour_preference", "colour_preference"]


def test_stronger_preference_wins() -> None:
    # 1 wants S mildly (SF); 2 wants S strongly (F): 2 gets it although 1 is higher ranked.
    first, second, _ = allocate(side(1, "SF", 1), side(2, "F", 2))
    assert (first.entry, second.entry) == (1, 2)


def test_absolute_beats_strong() -> None:
    first, second, _ = allocate(side(1, "F", 1), side(2, "FF", 2))
    assert (first.entry, second.entry) == (1, 2)


def test_wider_difference_gets_the_absolute_preference() -> None:
    # Both must not move first: 3 would have SFF+F (three in a row), 4 FFSF+F (difference 3).
    first, second, reasons = allocate(side(3, "SFF", 1), side(4, "FFSF", 2))
    assert (first.entry, second.entry) == (3, 4)
    assert reasons[0].to_dict() == {"code": "colour_wider_difference", "entry": 4}
    broken = [r.params for r in reasons if r.code == "colour_rule_broken"]
    assert broken == [{"entry": 3, "rule": "three_in_a_row", "colour": "F"}]


def test_alternate_from_the_last_differing_round() -> None:
    # Both want S mildly; in round 2 player 1 had S and player 2 F: so now 1 moves first.
    first, second, reasons = allocate(side(1, "FSSF", 1), side(2, "SFSF", 2))
    assert (first.entry, second.entry) == (1, 2)
    assert reasons[0].to_dict() == {"code": "colour_alternation", "round": 2}
    # The same histories without a differing round: the higher-ranked gets his preference.
    first, second, reasons = allocate(side(1, "SF", 1), side(2, "SF", 2))
    assert (first.entry, second.entry) == (2, 1)
    assert reasons[0].to_dict() == {"code": "colour_higher_rank", "entry": 1}


def test_higher_rank_means_score_first() -> None:
    first, second, reasons = allocate(side(5, "SF", 1, score=1.0), side(6, "SF", 2, score=2.0))
    assert (first.entry, second.entry) == (5, 6)  # 6 has more points: he gets his S
    assert reasons[0].params == {"entry": 6}


@pytest.mark.parametrize(("rank", "first_entry"), [(1, 1), (2, 2 + 100), (3, 3), (4, 4 + 100)])
def test_no_preferences_rank_parity(rank: int, first_entry: int) -> None:
    high = side(rank, "", rank)
    low = side(rank + 100, "", rank + 4)
    first, _, reasons = allocate(low, high)
    assert first.entry == first_entry
    assert reasons[0].code == "colour_by_rank"


def test_newcomer_against_player_with_preference() -> None:
    first, second, reasons = allocate(side(1, "", 1), side(2, "F", 2))
    assert (first.entry, second.entry) == (1, 2)
    assert codes(reasons) == ["colour_preference"]
