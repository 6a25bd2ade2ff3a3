"""Knockout brackets played through with random results, every field of 2 to 128 (no database).

Each property is checked on the matches actually decided by ``advance``: who stood in them,
who won, which were byes."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest

from tournaments.pairing import (
    NOBODY,
    Bracket,
    BracketState,
    Outcome,
    advance,
    double_elimination,
    knockout_bracket,
    single_elimination,
)

FIELDS = range(2, 129)

Pick = Callable[[int, int], int]


def play_through(bracket: Bracket, pick: Pick) -> tuple[BracketState, dict[int, Outcome]]:
    """Play every ready match, ``pick(first, second)`` naming the winner, until a champion."""
    results: dict[int, Outcome] = {}
    state = advance(bracket, results)
    while state.ready:
        for match_id in state.ready:
            status = state.matches[match_id]
            assert status.first and status.second
            results[match_id] = Outcome(pick(status.first, status.second))
        state = advance(bracket, results)
    return state, results


def at_random(seed: int) -> Pick:
    rng = random.Random(seed)
    return lambda a, b: rng.choice((a, b))


def favourite(a: int, b: int) -> int:
    return min(a, b)


def _rounds(bracket: Bracket, state: BracketState, side: str) -> list[list[tuple[int, int]]]:
    return [
        [(state.matches[m.id].first or 0, state.matches[m.id].second or 0) for m in rnd]
        for rnd in bracket.rounds(side)
    ]


def _entrants(state: BracketState, match_id: int) -> tuple[int | None, int | None]:
    return (state.matches[match_id].first, state.matches[match_id].second)


def _losses(bracket: Bracket, state: BracketState) -> Counter[int]:
    return Counter(s.loser for s in state.matches.values() if s.played and s.loser)


@pytest.mark.parametrize("n", FIELDS)
def test_single_elimination_properties(n: int) -> None:
    bracket = single_elimination(n)
    state, results = play_through(bracket, at_random(n))
    assert state.finished
    assert len(results) == n - 1  # n - 1 matches played
    assert sum(s.played for s in state.matches.values()) == n - 1
    alive = set(range(1, n + 1))
    for number, rnd in enumerate(_rounds(bracket, state, "W"), start=1):
        seeds = [s for pair in rnd for s in pair if s != NOBODY]
        assert len(seeds) == len(set(seeds))  # once per round
        assert set(seeds) == alive  # every entrant still in plays (or has a bye)
        if number == 1:  # byes only in round 1, only to the highest seeds
            byes = sorted(a or b for a, b in rnd if NOBODY in (a, b))
            assert byes == list(range(1, bracket.size - n + 1))
        else:
            assert all(NOBODY not in pair for pair in rnd)
        alive -= {state.matches[m.id].loser for m in bracket.rounds("W")[number - 1]}
        if number < len(bracket.rounds("W")):  # seeds 1 and 2 meet only in the final
            assert not any({1, 2} == set(pair) for pair in rnd)
    assert alive == {state.champion}
    assert sorted(state.places) == list(range(1, n + 1))
    assert Counter(state.places.values())[1] == 1
    assert list(state.places.values()).count(2) == 1


@pytest.mark.parametrize("n", FIELDS)
def test_single_elimination_with_the_favourites_winning(n: int) -> None:
    bracket = single_elimination(n, third_place=True)
    state, results = play_through(bracket, favourite)
    final = state.matches[bracket.rounds("W")[-1][0].id]
    assert {final.first, final.second} == {1, 2}
    assert state.champion == 1
    third = bracket.rounds("3rd")
    if n >= 3:
        (match,) = third[0]
        assert state.matches[match.id].winner == 3
        assert state.places[3] == 3
    if n >= 4:
        semis = bracket.rounds("W")[-2]
        in_semis = {
            s for m in semis for s in (state.matches[m.id].first, state.matches[m.id].second)
        }
        assert in_semis == {1, 2, 3, 4}
        assert state.places[4] == 4
        assert len(results) == n  # n - 1, and the third-place match
    assert sorted(state.places) == list(range(1, n + 1))


@pytest.mark.parametrize("n", FIELDS)
def test_double_elimination_properties(n: int) -> None:
    bracket = double_elimination(n)
    state, results = play_through(bracket, at_random(1000 + n))
    assert state.finished
    played = sum(s.played for s in state.matches.values())
    assert played == len(results)
    assert played in (2 * n - 2, 2 * n - 1)
    reset_played = state.matches[bracket.matches[-1].id].played
    assert played == (2 * n - 1 if reset_played else 2 * n - 2)
    losses = _losses(bracket, state)
    champion = state.champion
    assert champion is not None
    assert losses[champion] <= 1  # at most once, before a reset
    assert all(losses[s] == 2 for s in range(1, n + 1) if s != champion)  # out after two
    for side in ("W", "L"):
        for number, rnd in enumerate(_rounds(bracket, state, side), start=1):
            seeds = [s for pair in rnd for s in pair if s != NOBODY]
            assert len(seeds) == len(set(seeds))
            if side == "W" and number > 1:
                assert all(NOBODY not in pair for pair in rnd)
    first = _rounds(bracket, state, "W")[0]
    assert sorted(a or b for a, b in first if NOBODY in (a, b)) == list(
        range(1, bracket.size - n + 1)
    )
    assert sorted(state.places) == list(range(1, n + 1))
    assert [s for s, place in state.places.items() if place == 1] == [champion]


@pytest.mark.parametrize("n", FIELDS)
def test_double_elimination_without_a_reset(n: int) -> None:
    bracket = double_elimination(n, reset=False)
    state, results = play_through(bracket, at_random(2000 + n))
    assert len(results) == 2 * n - 2
    losses = _losses(bracket, state)
    final = state.matches[bracket.matches[-1].id]
    out_once = {s for s in range(1, n + 1) if losses[s] == 1 and s != state.champion}
    assert out_once <= {final.loser}  # only the winners' bracket winner may go out on one


def _earliest_rematch(bracket: Bracket, trials: int) -> int | None:
    """The earliest losers' bracket round in which two entrants meet again, over ``trials``
    random runs (``None`` if never)."""
    earliest = None
    for trial in range(trials):
        state, _ = play_through(bracket, at_random(trial))
        met: set[frozenset[int]] = set()
        for match in bracket.matches:
            status = state.matches[match.id]
            pair = frozenset((status.first, status.second))
            if match.side == "L" and pair in met:
                earliest = match.round if earliest is None else min(earliest, match.round)
            met.add(pair)
    return earliest


@pytest.mark.parametrize("n", [8, 16, 32, 64, 128])
def test_no_rematch_in_the_first_half_of_the_losers_bracket(n: int) -> None:
    """The drop-down placement keeps apart those who met: no rematch in the first half of the
    losers' bracket (8 players: none before its round 3; 128: none before its round 7)."""
    bracket = double_elimination(n)
    earliest = _earliest_rematch(bracket, 20)
    assert earliest is None or earliest > len(bracket.rounds("L")) // 2


def test_natural_drops_would_bring_rematches_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above can fail: with every drop laid in natural order, a loser of winners'
    round 2 meets again, in losers' round 2, someone he beat in round 1."""
    monkeypatch.setattr(
        knockout_bracket, "ORDERINGS", {"natural": knockout_bracket.ORDERINGS["natural"]}
    )
    assert _earliest_rematch(double_elimination(16), 20) == 2
