"""Round robin by the FIDE Berger tables (C.05 Annex 1)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from tournaments.pairing import (
    PairingImpossible,
    berger_rounds,
    round_robin_pairings,
    round_robin_rounds,
)

# The published tables, 1-based seats, "a-b" = a moves first.
FIDE = {
    4: ["1-4 2-3", "4-3 1-2", "2-4 3-1"],
    6: [
        "1-6 2-5 3-4",
        "6-4 5-3 1-2",
        "2-6 3-1 4-5",
        "6-5 1-4 2-3",
        "3-6 4-2 5-1",
    ],
    8: [
        "1-8 2-7 3-6 4-5",
        "8-5 6-4 7-3 1-2",
        "2-8 3-1 4-7 5-6",
        "8-6 7-5 1-4 2-3",
        "3-8 4-2 5-1 6-7",
        "8-7 1-6 2-5 3-4",
        "4-8 5-3 6-2 7-1",
    ],
    10: [
        "1-10 2-9 3-8 4-7 5-6",
        "10-6 7-5 8-4 9-3 1-2",
        "2-10 3-1 4-9 5-8 6-7",
        "10-7 8-6 9-5 1-4 2-3",
        "3-10 4-2 5-1 6-9 7-8",
        "10-8 9-7 1-6 2-5 3-4",
        "4-10 5-3 6-2 7-1 8-9",
        "10-9 1-8 2-7 3-6 4-5",
        "5-10 6-4 7-3 8-2 9-1",
    ],
}


def table(rows: list[str]) -> list[list[tuple[int, int]]]:
    return [[tuple(int(x) - 1 for x in game.split("-")) for game in row.split()] for row in rows]


@pytest.mark.parametrize("n", sorted(FIDE))
def test_even_tables_match_fide(n: int) -> None:
    assert berger_rounds(n) == table(FIDE[n])


@pytest.mark.parametrize("n", [3, 5, 7, 9])
def test_odd_tables_use_the_next_even_table_with_a_bye_last(n: int) -> None:
    expected = []
    for row in table(FIDE[n + 1]):
        games = [g for g in row if n not in g]
        (bye,) = [a if b == n else b for a, b in row if n in (a, b)]
        expected.append([*games, (bye, None)])
    assert berger_rounds(n) == expected


def test_five_players_as_published() -> None:
    rounds = [[f"{a + 1}-{'bye' if b is None else b + 1}" for a, b in r] for r in berger_rounds(5)]
    assert rounds == [
        ["2-5", "3-4", "1-bye"],
        ["5-3", "1-2", "4-bye"],
        ["3-1", "4-5", "2-bye"],
        ["1-4", "2-3", "5-bye"],
        ["4-2", "5-1", "3-bye"],
    ]


def test_player_n_alternates_and_sits_on_board_one() -> None:
    for n in (4, 6, 8, 12):
        for r, games in enumerate(berger_rounds(n)):
            assert (n - 1) in games[0]
            assert games[0][0 if r % 2 == 1 else 1] == n - 1


def _colours(n: int, double: bool) -> dict[int, str]:
    seq = {seat: "" for seat in range(n)}
    for games in berger_rounds(n, double=double):
        for a, b in games:
            if b is None:
                seq[a] += "-"
            else:
                seq[a] += "F"
                seq[b] += "S"
    return seq


@pytest.mark.parametrize("n", range(2, 21))
def test_single_cycle_complete_and_balanced(n: int) -> None:
    rounds = berger_rounds(n)
    assert len(rounds) == round_robin_rounds(n) == n - 1 + n % 2
    met = Counter(frozenset(g) for games in rounds for g in games if g[1] is not None)
    assert set(met) == {frozenset(p) for p in combinations(range(n), 2)}
    assert set(met.values()) == {1}
    for games in rounds:
        seats = [s for g in games for s in g if s is not None]
        assert sorted(seats) == list(range(n))  # everyone once a round
        assert sum(1 for g in games if g[1] is None) == n % 2
    half = len(rounds) / 2
    for seq in _colours(n, False).values():
        assert abs(seq.count("F") - half) <= 1
        assert abs(seq.count("F") - seq.count("S")) <= 1
    if n % 2:
        byes = Counter(g[0] for games in rounds for g in games if g[1] is None)
        assert byes == Counter(range(n))  # each player has the bye once


@pytest.mark.parametrize("n", range(2, 21))
def test_double_cycle_complete_and_exactly_balanced(n: int) -> None:
    rounds = berger_rounds(n, double=True)
    per_cycle = n - 1 + n % 2
    assert len(rounds) == round_robin_rounds(n, double=True) == 2 * per_cycle
    for cycle in (rounds[:per_cycle], rounds[per_cycle:]):
        met = Counter(frozenset(g) for games in cycle for g in games if g[1] is not None)
        assert set(met) == {frozenset(p) for p in combinations(range(n), 2)}
        assert set(met.values()) == {1}
    firsts = Counter((a, b) for games in rounds for a, b in games if b is not None)
    for a, b in combinations(range(n), 2):
        assert firsts[(a, b)] == firsts[(b, a)] == 1  # each moves first once against the other
    for seq in _colours(n, True).values():
        assert seq.count("F") == seq.count("S")
        # FIDE's exchange of the last two rounds of the first cycle avoids FFF / SSS
        assert "FFF" not in seq.replace("-", "")
        assert "SSS" not in seq.replace("-", "")


def test_double_four_players_by_hand() -> None:
    # The published 4-player table (seats 1-4, "a-b": a moves first):
    #   R1 1-4 2-3   R2 4-3 1-2   R3 2-4 3-1
    # First cycle, its last two rounds exchanged (C.05 Annex 1):
    #   R1 1-4 2-3   R2 2-4 3-1   R3 4-3 1-2
    # Second cycle: the published table in its order, every first move swapped:
    #   R4 4-1 3-2   R5 3-4 2-1   R6 4-2 1-3
    # First (F) / second (S) moves by seat:
    #   1: F S F | S S F   2: F F S | S F S   3: S F S | F F S   4: S S F | F S F
    # Exchanging the second cycle's last rounds too (R5 4-2 1-3, R6 3-4 2-1) would give
    # seat 4 S S F | F F S: three first moves in a row across the turn of the cycles.
    expected = table(["1-4 2-3", "2-4 3-1", "4-3 1-2", "4-1 3-2", "3-4 2-1", "4-2 1-3"])
    assert berger_rounds(4, double=True) == expected
    assert _colours(4, True) == {0: "FSFSSF", 1: "FFSSFS", 2: "SFSFFS", 3: "SSFFSF"}


@pytest.mark.parametrize("n", [4, 5, 6, 8, 10])
def test_double_second_cycle_is_the_published_table_reversed(n: int) -> None:
    single = berger_rounds(n)
    double = berger_rounds(n, double=True)
    per_cycle = len(single)
    assert double[: per_cycle - 2] == single[: per_cycle - 2]
    assert double[per_cycle - 2 : per_cycle] == [single[-1], single[-2]]
    flipped = [[(a, b) if b is None else (b, a) for a, b in games] for games in single]
    # the bye (odd n) stays (seat, None), listed last
    assert double[per_cycle:] == flipped


def test_round_robin_pairings_maps_seeds_to_entries() -> None:
    entries = [11, 22, 33, 44, 55]
    pairs = round_robin_pairings(entries, 2)
    assert [(p.board, p.first, p.second) for p in pairs] == [
        (1, 55, 33),
        (2, 11, 22),
        (3, 44, None),
    ]
    assert pairs[0].reasons[0].to_dict() == {"code": "berger", "first_seat": 5, "second_seat": 3}
    assert pairs[-1].is_bye and pairs[-1].reasons[0].code == "berger_bye"
    second_cycle = round_robin_pairings(entries, 5 + 2, double=True)
    assert {(p.first, p.second) for p in second_cycle if p.second} == {(33, 55), (22, 11)}


@pytest.mark.parametrize("round_no", [0, 4, -1])
def test_round_out_of_range(round_no: int) -> None:
    with pytest.raises(PairingImpossible) as info:
        round_robin_pairings([1, 2, 3, 4], round_no)
    assert info.value.code == "round_out_of_range"
    assert "outside the schedule of 3 rounds" in str(info.value)


def test_tiny_and_invalid() -> None:
    assert berger_rounds(0) == berger_rounds(1) == []
    assert berger_rounds(2) == [[(0, 1)]]
    assert berger_rounds(2, double=True) == [[(0, 1)], [(1, 0)]]
    with pytest.raises(ValueError):
        berger_rounds(-1)
    with pytest.raises(ValueError):
        round_robin_pairings([1, 1], 1)
