"""Knockout seeding: the bracket order, byes, and the seed orders (no database)."""

from __future__ import annotations

import random

import pytest

from tournaments.pairing import (
    KnockoutError,
    bracket_order,
    seeded_slots,
    seeds_by_draw,
    seeds_by_rank,
    seeds_by_rating,
    seeds_from_groups,
    seeds_from_standings,
)

SIZES = [2**k for k in range(8)]  # 1 .. 128


def test_the_standard_order_of_16_and_8() -> None:
    assert bracket_order(16) == [1, 16, 8, 9, 5, 12, 4, 13, 6, 11, 3, 14, 7, 10, 2, 15]
    assert bracket_order(8) == [1, 8, 4, 5, 3, 6, 2, 7]
    assert bracket_order(4) == [1, 4, 2, 3]
    assert bracket_order(2) == [1, 2]
    assert bracket_order(1) == [1]


@pytest.mark.parametrize("size", [0, 3, 6, 12, -4])
def test_a_bracket_is_a_power_of_two(size: int) -> None:
    with pytest.raises(KnockoutError):
        bracket_order(size)


@pytest.mark.parametrize("size", SIZES)
def test_the_top_seeds_meet_as_late_as_they_can(size: int) -> None:
    """Seeds 1..2^j stand in 2^j different blocks of size/2^j: seeds 1 and 2 can meet only in
    the final, 1-4 only from the semi-finals, and so on; every first-round pair adds up to
    size + 1."""
    order = bracket_order(size)
    assert sorted(order) == list(range(1, size + 1))
    for i in range(0, size - 1, 2):
        assert order[i] + order[i + 1] == size + 1
    position = {seed: i for i, seed in enumerate(order)}
    top = 1
    while top <= size:
        block = size // top
        assert len({position[s] // block for s in range(1, top + 1)}) == top
        top *= 2


@pytest.mark.parametrize("entrants", range(2, 129))
def test_byes_face_the_top_seeds(entrants: int) -> None:
    slots = seeded_slots(list(range(1, entrants + 1)))
    size = len(slots)
    assert size // 2 < entrants <= size
    pairs = [(slots[i], slots[i + 1]) for i in range(0, size, 2)]
    with_bye = sorted(a if b is None else b for a, b in pairs if a is None or b is None)
    assert with_bye == list(range(1, size - entrants + 1))
    assert all(a is not None or b is not None for a, b in pairs)
    assert sorted(s for s in slots if s is not None) == list(range(1, entrants + 1))


def test_five_entrants_in_a_bracket_of_eight() -> None:
    assert seeded_slots(["a", "b", "c", "d", "e"]) == ["a", None, "d", "e", "c", None, "b", None]
    with pytest.raises(KnockoutError):
        seeded_slots(["a", "b", "c"], 2)


def test_seeds_by_rank_and_by_rating() -> None:
    assert seeds_by_rank([("x", 3), ("y", 1), ("z", 2)]) == ["y", "z", "x"]
    rated = [("a", 1500), ("b", None), ("c", 1700), ("d", 1500), ("e", -20)]
    assert seeds_by_rating(rated) == ["c", "a", "d", "e", "b"]


def test_a_draw_is_reproducible_and_a_draw() -> None:
    field = list(range(1, 17))
    first = seeds_by_draw(field, random.Random(29))
    assert first == seeds_by_draw(field, random.Random(29))
    assert sorted(first) == field
    assert first != field
    assert first != seeds_by_draw(field, random.Random(30))
    assert field == list(range(1, 17))  # the caller's list is left alone


def test_the_top_of_a_swiss_in_standings_order() -> None:
    assert seeds_from_standings(["p", "q", "r", "s", "t"], 4) == ["p", "q", "r", "s"]
    with pytest.raises(KnockoutError):
        seeds_from_standings(["p"], 2)


def _groups(count: int) -> list[list[str]]:
    return [[f"{chr(65 + g)}{place}" for place in (1, 2, 3)] for g in range(count)]


def test_two_groups_crossed() -> None:
    slots = seeded_slots(seeds_from_groups(_groups(2)))
    assert slots == ["A1", "B2", "B1", "A2"]


def test_four_groups_crossed() -> None:
    slots = seeded_slots(seeds_from_groups(_groups(4)))
    assert slots == ["A1", "B2", "D1", "C2", "C1", "D2", "B1", "A2"]


@pytest.mark.parametrize("count", [1, 2, 4, 8, 16])
def test_groups_crossed_winner_against_a_runner_up_of_the_paired_group(count: int) -> None:
    slots = seeded_slots(seeds_from_groups(_groups(count)))
    assert len(slots) == 2 * count
    for i in range(0, len(slots), 2):
        a, b = sorted([slots[i], slots[i + 1]], key=lambda s: s[1])
        assert a is not None and b is not None
        assert a.endswith("1") and b.endswith("2")
        partner = (ord(a[0]) - 65) ^ 1 if count > 1 else 0
        assert ord(b[0]) - 65 == partner
    # the two of one group stand in opposite halves: they can meet only in the final
    half = len(slots) // 2
    for g in range(count):
        letter = chr(65 + g)
        assert (slots.index(f"{letter}1") < half) != (slots.index(f"{letter}2") < half)


def test_groups_one_qualifier_and_bad_groups() -> None:
    assert seeds_from_groups(_groups(4), qualifiers=1) == ["A1", "B1", "C1", "D1"]
    with pytest.raises(KnockoutError):
        seeds_from_groups(_groups(3))
    with pytest.raises(KnockoutError):
        seeds_from_groups(_groups(2), qualifiers=3)
    with pytest.raises(KnockoutError):
        seeds_from_groups([["A1", "A2"], ["B1"]])
