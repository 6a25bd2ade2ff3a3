"""Baku acceleration (FIDE C.04.5.1): groups, accelerated rounds and virtual points by hand."""

from __future__ import annotations

import pytest

from tournaments.pairing import pairing_list
from tournaments.pairing.acceleration import (
    accelerated_rounds,
    baku_schedule,
    baku_virtual_points,
    fits_point_system,
    full_point_rounds,
    group_a,
    group_a_size,
    round_virtual_points,
)


@pytest.mark.parametrize(
    ("players", "size"),
    [
        # 2 × ⌈N / 4⌉: the first half of the players, rounded up to an even number.
        (161, 82),  # the Handbook's example: half is 80.5, the next even number 82
        (160, 80),  # half is 80, already even
        (10, 6),  # half is 5 → 6
        (12, 6),
        (13, 8),  # half 6.5 → 8
        (4, 2),
        (1, 2),  # only one player to pair: GA is that one (see group_a)
        (0, 0),
    ],
)
def test_group_a_size(players: int, size: int) -> None:
    assert group_a_size(players) == size


@pytest.mark.parametrize(
    ("rounds", "accelerated", "full"),
    [
        # The first half of the rounds (rounded up) are accelerated; of those, the first half
        # (rounded up) have 1 virtual point, the others ½.
        (9, 5, 3),  # the Handbook's example: rounds 1-3 one point, 4-5 half a point
        (7, 4, 2),  # 1-2 one point, 3-4 half
        (6, 3, 2),
        (5, 3, 2),
        (11, 6, 3),
        (1, 1, 1),
        (2, 1, 1),
        (0, 0, 0),
    ],
)
def test_accelerated_rounds(rounds: int, accelerated: int, full: int) -> None:
    assert accelerated_rounds(rounds) == accelerated
    assert full_point_rounds(rounds) == full


def test_nine_rounds_per_round_virtual_points() -> None:
    # 9 rounds: 1, 1, 1, ½, ½, then nothing in rounds 6-9.
    assert [round_virtual_points(9, r) for r in range(1, 10)] == [1, 1, 1, 0.5, 0.5, 0, 0, 0, 0]
    # Counted in the tournament's points: a 2-1-0 system gives 2 and 1.
    assert [round_virtual_points(9, r, win=2) for r in (1, 3, 4, 5, 6)] == [2, 2, 1, 1, 0]


def test_ten_players_nine_rounds() -> None:
    # 10 players in pairing order 101..110: GA = 2 × ⌈10/4⌉ = 6 players, 101-106; GB 107-110.
    ranked = list(range(101, 111))
    r1 = baku_virtual_points(ranked, rounds=9, round_no=1)
    assert r1 == {
        101: 1,
        102: 1,
        103: 1,
        104: 1,
        105: 1,
        106: 1,
        107: 0,
        108: 0,
        109: 0,
        110: 0,
    }
    r4 = baku_virtual_points(ranked, rounds=9, round_no=4)
    assert [r4[e] for e in ranked] == [0.5] * 6 + [0] * 4
    r6 = baku_virtual_points(ranked, rounds=9, round_no=6)
    assert set(r6.values()) == {0}
    # The whole plan, as XXA lines list it: GA players only, rounds 1-5.
    assert baku_schedule(ranked, rounds=9) == {e: (1, 1, 1, 0.5, 0.5) for e in range(101, 107)}


def test_late_entries_keep_the_last_group_a_player() -> None:
    # Round 1 paired 10 players 1..10 (GA 1-6, the last GA player is 6). Two late entries are
    # placed in the pairing list: 50 between 2 and 3 (a high rating), 60 after 8.
    ranked = [1, 2, 50, 3, 4, 5, 6, 7, 8, 60, 9, 10]
    first_round = set(range(1, 11))
    # GA is everyone down to 6 in the list: 1, 2, 50, 3, 4, 5, 6 — seven players, an odd
    # number, as the Handbook allows after the first round. 60 is below 6: GB.
    assert group_a(ranked, first_round) == {1, 2, 50, 3, 4, 5, 6}
    vp = baku_virtual_points(ranked, rounds=7, round_no=2, first_round=first_round)
    assert [e for e in ranked if vp[e]] == [1, 2, 50, 3, 4, 5, 6]
    assert vp[60] == 0 and vp[7] == 0
    # Counting the list afresh (12 players: 2 × 3 = 6) would have wrongly cut GA at 5.
    assert group_a(ranked) == {1, 2, 50, 3, 4, 5}


def test_small_and_invalid() -> None:
    assert baku_virtual_points([], rounds=5, round_no=1) == {}
    assert baku_virtual_points([7], rounds=5, round_no=1) == {7: 1}
    assert baku_schedule([1, 2, 3], rounds=0) == {}
    with pytest.raises(ValueError):
        baku_virtual_points([1, 1], rounds=5, round_no=1)
    with pytest.raises(ValueError):
        group_a_size(-1)


def test_point_systems_that_fit() -> None:
    assert fits_point_system(win=1, draw=0.5, loss=0)
    assert fits_point_system(win=2, draw=1, loss=0)
    assert not fits_point_system(win=3, draw=1, loss=0)  # a draw is not half a win
    assert not fits_point_system(win=1, draw=0.5, loss=0.5)
    assert not fits_point_system(win=0, draw=0, loss=0)


def test_the_pairing_list_places_late_entries_by_rating() -> None:
    ranked = [("a", 1, 2400), ("b", 2, 2300), ("c", 3, 2200), ("d", 4, 2100)]
    late = [("x", None, 2250), ("y", None, 2300), ("z", None, None), ("w", None, 1000)]
    # By rank; a late entry before the first ranked one rated below him, equal ratings after.
    assert pairing_list(ranked + late) == ["a", "b", "y", "x", "c", "d", "w", "z"]
    assert pairing_list(ranked) == ["a", "b", "c", "d"]
    assert pairing_list([]) == []
