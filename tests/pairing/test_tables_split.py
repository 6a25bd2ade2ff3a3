"""SOS tables: the split of a round into tables, the byes, round 1's snake (no database)."""

from __future__ import annotations

import math

import pytest

from tournaments.pairing.tables_messages import TablesImpossible
from tournaments.pairing.tables_split import byes_needed, choose_byes, snake, split


@pytest.mark.parametrize(
    ("players", "size", "sizes"),
    [
        (10, 4, [4, 3, 3]),
        (8, 4, [4, 4]),
        (6, 4, [3, 3]),
        (3, 4, [3]),
        (7, 6, [4, 3]),
        (13, 6, [5, 4, 4]),
        (9, 3, [3, 3, 3]),
        (11, 5, [4, 4, 3]),
        (0, 4, []),
    ],
)
def test_split_examples(players: int, size: int, sizes: list[int]) -> None:
    assert split(players, size) == sizes


@pytest.mark.parametrize(
    ("players", "size", "byes"), [(5, 4, 1), (4, 3, 1), (5, 3, 2), (2, 4, 2), (1, 6, 1)]
)
def test_no_split_says_how_many_byes(players: int, size: int, byes: int) -> None:
    with pytest.raises(TablesImpossible) as caught:
        split(players, size)
    assert caught.value.code == "tables_no_split"
    assert caught.value.params["byes"] == byes == byes_needed(players, size)
    assert f"{byes} of them must have a bye" in str(caught.value)


def test_small_tables_only_when_allowed() -> None:
    assert split(5, 4, allow_small=True) == [3, 2]
    assert split(4, 3, allow_small=True) == [2, 2]
    assert byes_needed(1, 4, allow_small=True) == 1  # never a table of one


@pytest.mark.parametrize("size", [2, 7, 0])
def test_bad_size(size: int) -> None:
    with pytest.raises(TablesImpossible) as caught:
        split(12, size)
    assert caught.value.code == "tables_bad_size"


@pytest.mark.parametrize("allow_small", [False, True])
def test_split_rule_for_every_field(allow_small: bool) -> None:
    low = 2 if allow_small else 3
    for size in range(3, 7):
        for n in range(0, 201):
            b = byes_needed(n, size, allow_small=allow_small)
            sizes = split(n - b, size, allow_small=allow_small)
            assert sum(sizes) == n - b
            assert len(sizes) == math.ceil((n - b) / size)
            assert all(low <= s <= size for s in sizes)
            assert sizes == sorted(sizes, reverse=True)
            if sizes:
                assert max(sizes) - min(sizes) <= 1
            for fewer in range(b):  # no smaller number of byes gives a split
                with pytest.raises(TablesImpossible):
                    split(n - fewer, size, allow_small=allow_small)


def test_snake_balances_tables() -> None:
    assert snake(range(8), [4, 4]) == [[0, 3, 4, 7], [1, 2, 5, 6]]
    assert snake(range(10), [4, 3, 3]) == [[0, 5, 6, 9], [1, 4, 7], [2, 3, 8]]
    assert snake(range(12), [4, 4, 4]) == [[0, 5, 6, 11], [1, 4, 7, 10], [2, 3, 8, 9]]


def test_byes_go_to_the_lowest_placed_without_one() -> None:
    standing = [10, 11, 12, 13, 14]
    assert choose_byes(standing, 1, {}) == [14]
    assert choose_byes(standing, 1, {14: 1}) == [13]
    assert choose_byes(standing, 2, {14: 1, 13: 1}) == [12, 11]
    everyone = {e: 1 for e in standing}
    assert choose_byes(standing, 1, everyone | {14: 2}) == [13]
