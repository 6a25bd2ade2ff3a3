"""The round-robin crosstable."""

from __future__ import annotations

from tests.standings.examples import DOUBLE_RR4, RR5, game
from tournaments.core.history import BYE, WIN, PointSystem
from tournaments.standings import crosstable


def cells(rows):
    return [[" ".join(cell) for cell in row.cells] for row in rows]


def test_double_round_robin_of_four():
    # DOUBLE_RR4 (examples.py), each cell by round: first cycle, then second.
    rows = crosstable([1, 2, 3, 4], DOUBLE_RR4)
    assert cells(rows) == [
        ["", "½ 0", "1 0", "1 ½"],
        ["½ 1", "", "½ -", "1 -"],
        ["0 1", "½ +", "", "1 1"],
        ["0 ½", "0 -", "0 0", ""],
    ]
    # 1: ½ + 0 + 1 + 0 + 1 + ½ = 3;  2: ½ + 1 + ½ + 0 + 1 + 0 = 3;
    # 3: 0 + 1 + ½ + 1 + 1 + 1 = 4.5;  4: 0 + ½ + 0 + 0 + 0 + 0 = 0.5.
    assert [(r.number, r.entry, r.points) for r in rows] == [
        (1, 1, 3),
        (2, 2, 3),
        (3, 3, 4.5),
        (4, 4, 0.5),
    ]
    assert rows[0].cells[1] == ("½", "0")


def test_rows_follow_the_given_order_and_points_use_the_system():
    # RR5 in the order 3, 1, 2, 5, 4 with 3-1-0 points.
    system = PointSystem(win=3, draw=1, loss=0)
    rows = crosstable([3, 1, 2, 5, 4], RR5, system=system)
    assert [r.entry for r in rows] == [3, 1, 2, 5, 4]
    assert cells(rows)[0] == ["", "½", "0", "1", "1"]
    # 3: ½-draw with 1 → 1, lost to 2 → 0, beat 5 → 3, beat 4 → 3 = 7.
    assert rows[0].points == 7


def test_pending_later_and_bye_records():
    # r1 1-2 1-0; r2 1-3 pending; r3 2-3 1-0 beyond rounds_played; a bye counts in the total.
    games = [
        game(1, 1, 2, WIN),
        game(2, 1, 3, None),
        game(2, 2, None, BYE),
        game(3, 2, 3, WIN),
    ]
    rows = crosstable([1, 2, 3], games, rounds_played=2)
    assert cells(rows) == [["", "1", ""], ["0", "", ""], ["", "", ""]]
    assert [r.points for r in rows] == [1, 1, 0]
