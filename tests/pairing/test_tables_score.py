"""SOS tables: placings by SOS count and scaled placement points (no database)."""

from __future__ import annotations

import random

import pytest

from tournaments.pairing.tables_score import placement_points, placings


def test_placings_share_ties() -> None:
    assert placings([5, 3, 3, 1]) == [1, 2.5, 2.5, 4]
    assert placings([0, 7, 2]) == [3, 1, 2]
    assert placings([4, 4, 4]) == [2, 2, 2]
    assert placings([]) == []


def test_points_3210() -> None:
    assert placement_points([5, 3, 3, 1]) == [3, 1.5, 1.5, 0]
    assert placement_points([9, 1, 4, 6]) == [3, 0, 1, 2]
    # A table of 3 with 3-2-1-0 for tables of 4: 3, 2, 1 scaled by 1.5 / 2.
    assert placement_points([4, 2, 1]) == [2.25, 1.5, 0.75]
    assert placement_points([2, 2, 2]) == [1.5, 1.5, 1.5]


def test_points_for_a_scheme_of_six_at_smaller_tables() -> None:
    scheme = (5, 4, 3, 2, 1, 0)
    assert placement_points([3, 2, 1, 0, 0, 0], scheme) == [5, 4, 3, 1, 1, 1]
    assert placement_points([3, 2, 1, 1, 0, 0], scheme) == [5, 4, 2.5, 2.5, 0.5, 0.5]
    five = placement_points([5, 4, 3, 2, 1], scheme)
    assert five == pytest.approx([x * 2.5 / 3 for x in (5, 4, 3, 2, 1)])


def test_tables_of_every_size_are_worth_the_same_on_average() -> None:
    rng = random.Random(7)
    for scheme in [(3, 2, 1, 0), (5, 4, 3, 2, 1, 0), (4, 2, 1, 0, 0), (1, 0, 0, 0)]:
        mean = sum(scheme) / len(scheme)
        for _ in range(200):
            m = rng.randint(2, len(scheme))
            counts = [rng.randint(0, 3) for _ in range(m)]
            points = placement_points(counts, scheme)
            assert sum(points) / m == pytest.approx(mean)
            assert sorted(points, reverse=True) == [
                points[s] for s in sorted(range(m), key=lambda s: -counts[s])
            ]


def test_table_larger_than_scheme() -> None:
    with pytest.raises(ValueError):
        placement_points([1, 2, 3, 4, 5], (3, 2, 1, 0))
