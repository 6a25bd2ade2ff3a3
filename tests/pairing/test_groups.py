"""Group stages' pure core (tournaments/pairing/groups.py): serpentine seeding, by hand-worked
examples and by properties over every field of 2-64 players."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.pairing import (
    group_count,
    group_label,
    groups_pairings,
    groups_rounds,
    serpentine_groups,
)


def test_two_groups_of_four_snake() -> None:
    assert serpentine_groups(list(range(1, 9)), 2) == [[1, 4, 5, 8], [2, 3, 6, 7]]


def test_four_groups_of_three() -> None:
    assert serpentine_groups(list(range(1, 13)), 4) == [
        [1, 8, 9],
        [2, 7, 10],
        [3, 6, 11],
        [4, 5, 12],
    ]


def test_uneven_field() -> None:
    assert serpentine_groups([1, 2, 3, 4, 5, 6, 7], 2) == [[1, 4, 5], [2, 3, 6, 7]]


def test_labels_and_count() -> None:
    assert [group_label(i) for i in range(3)] == ["A", "B", "C"]
    assert group_count(8, 4) == 2
    assert group_count(9, 4) == 3
    assert group_count(3, 4) == 1
    with pytest.raises(ValueError):
        group_label(26)
    with pytest.raises(ValueError):
        group_count(8, 1)


def test_groups_pairings_every_group_plays_all() -> None:
    groups = [[1, 4, 5, 8], [2, 3, 6, 7]]
    assert groups_rounds(groups) == 3
    met: set[frozenset[int]] = set()
    for round_no in (1, 2, 3):
        pairs = groups_pairings(groups, round_no)
        assert [p.board for p in pairs] == [1, 2, 3, 4]
        for p in pairs:
            assert p.second is not None
            met.add(frozenset((p.first, p.second)))
    assert len(met) == 12  # 6 games a group, no game across the groups
    assert all(len(m & {1, 4, 5, 8}) in (0, 2) for m in met)


def test_smaller_group_byes_come_last() -> None:
    groups = [[1, 4, 5], [2, 3, 6, 7]]
    assert groups_rounds(groups) == 3
    pairs = groups_pairings(groups, 1)
    assert pairs[-1].second is None
    assert [p.board for p in pairs] == [1, 2, 3, 4]


@given(st.integers(2, 64), st.integers(1, 8))
def test_snake_properties(players: int, groups: int) -> None:
    dealt = serpentine_groups(list(range(1, players + 1)), groups)
    assert len(dealt) == groups
    assert sorted(s for g in dealt for s in g) == list(range(1, players + 1))
    sizes = [len(g) for g in dealt]
    assert max(sizes) - min(sizes) <= 1
    for g in dealt:
        assert g == sorted(g)  # best first
    # each full row of the snake gives every group exactly one of its seeds
    for row in range(players // groups):
        row_seeds = set(range(row * groups + 1, row * groups + groups + 1))
        assert all(len(row_seeds & set(g)) == 1 for g in dealt)
    # the top seeds head the groups in order
    assert [g[0] for g in dealt if g] == list(range(1, min(groups, players) + 1))
