"""Knockout brackets worked by hand: a 5-player cup, an 8-player double elimination played
through, walkovers and corrections (no database)."""

from __future__ import annotations

import pytest

from tournaments.pairing import (
    NOBODY,
    KnockoutError,
    Outcome,
    advance,
    correction_blockers,
    dependent_matches,
    double_elimination,
    single_elimination,
)


def _slots(bracket, state) -> list[tuple[int, str, int, int | None, int | None]]:
    return [
        (m.id, m.side, m.round, state.matches[m.id].first, state.matches[m.id].second)
        for m in bracket.matches
    ]


def test_five_players() -> None:
    """Seeds 1, 2, 3 have byes; 4 and 5 play; the semi-finals are 1 v 4/5 and 3 v 2."""
    bracket = single_elimination(5)
    assert [(m.first.label(), m.second.label()) for m in bracket.matches] == [
        ("seed 1", "bye"),
        ("seed 4", "seed 5"),
        ("seed 3", "bye"),
        ("seed 2", "bye"),
        ("winner of match 1", "winner of match 2"),
        ("winner of match 3", "winner of match 4"),
        ("winner of match 5", "winner of match 6"),
    ]
    state = advance(bracket, {})
    assert state.ready == [2, 6]  # the byes decided, 2 v 3 can start at once
    assert [state.matches[m].status for m in (1, 3, 4)] == ["bye"] * 3
    assert state.matches[1].winner == 1 and state.matches[1].loser == NOBODY
    assert state.places == {}
    results = {2: Outcome(5), 6: Outcome(3)}
    state = advance(bracket, results)
    assert state.ready == [5]
    assert _slots(bracket, state)[4:] == [
        (5, "W", 2, 1, 5),
        (6, "W", 2, 3, 2),
        (7, "W", 3, None, 3),
    ]
    assert state.places == {4: 5}  # round 1 is over: 4 is fifth
    results[5] = Outcome(1)
    results[7] = Outcome(3)
    state = advance(bracket, results)
    assert state.champion == 3
    assert state.places == {4: 5, 5: 3, 2: 3, 1: 2, 3: 1}  # the semi-finals' losers share 3rd
    assert state.ready == []


def test_five_players_with_a_third_place_match() -> None:
    bracket = single_elimination(5, third_place=True)
    third = bracket.match(7)
    assert (third.side, third.first.label(), third.second.label()) == (
        "3rd",
        "loser of match 5",
        "loser of match 6",
    )
    results = {2: Outcome(5), 6: Outcome(3), 5: Outcome(1)}
    state = advance(bracket, results)
    assert state.ready == [7, 8]
    assert (state.matches[7].first, state.matches[7].second) == (5, 2)
    state = advance(bracket, {**results, 7: Outcome(2), 8: Outcome(3)})
    assert state.places == {4: 5, 2: 3, 5: 4, 1: 2, 3: 1}


# The results of the 8-player double elimination, match by match (see the structure below).
EIGHT = {
    1: 1,  # W1: 1 v 8
    2: 5,  # W1: 4 v 5, an upset
    3: 3,  # W1: 3 v 6
    4: 2,  # W1: 2 v 7
    5: 1,  # W2: 1 v 5
    6: 2,  # W2: 3 v 2, an upset
    7: 4,  # L1: 8 v 4
    8: 7,  # L1: 6 v 7
    9: 3,  # L2: 4 v 3 (the loser of match 6 drops to the top: the first drop is reversed)
    10: 5,  # L2: 7 v 5
    11: 2,  # W3, the winners' final: 1 v 2
    12: 3,  # L3: 3 v 5
    13: 3,  # L4, the losers' final: 3 v 1 (1 dropped from the winners' final)
    14: 3,  # GF: 2 v 3, the losers' bracket winner wins: a reset
    15: 2,  # GF reset: 3 v 2
}


def test_eight_players_double_elimination_played_through() -> None:
    bracket = double_elimination(8)
    expected = [
        (1, "W", 1, 1, 8),
        (2, "W", 1, 4, 5),
        (3, "W", 1, 3, 6),
        (4, "W", 1, 2, 7),
        (5, "W", 2, 1, 5),
        (6, "W", 2, 3, 2),
        (7, "L", 1, 8, 4),
        (8, "L", 1, 6, 7),
        (9, "L", 2, 4, 3),
        (10, "L", 2, 7, 5),
        (11, "W", 3, 1, 2),
        (12, "L", 3, 3, 5),
        (13, "L", 4, 3, 1),
        (14, "GF", 1, 2, 3),
        (15, "GF", 2, 3, 2),
    ]
    results: dict[int, Outcome] = {}
    state = advance(bracket, results)
    assert state.ready == [1, 2, 3, 4]
    for match_id, winner in EIGHT.items():
        assert match_id in state.ready
        results[match_id] = Outcome(winner)
        state = advance(bracket, results)
    assert _slots(bracket, state) == expected
    assert state.champion == 2
    assert state.places == {8: 7, 6: 7, 4: 5, 7: 5, 5: 4, 1: 3, 3: 2, 2: 1}
    assert len(results) == 15  # 2n - 1 with the reset


def test_eight_players_no_reset_when_the_winners_bracket_winner_wins() -> None:
    bracket = double_elimination(8)
    results = {m: Outcome(w) for m, w in EIGHT.items() if m < 14}
    results[14] = Outcome(2)
    state = advance(bracket, results)
    assert state.matches[15].status == "not_needed"
    assert state.champion == 2
    assert state.places[3] == 2
    with pytest.raises(KnockoutError, match="not needed"):
        advance(bracket, {**results, 15: Outcome(2)})


def test_a_withdrawn_entrant_loses_by_walkover_twice() -> None:
    bracket = double_elimination(8)
    state = advance(bracket, {}, withdrawn={8})
    assert state.matches[1].status == "walkover"
    assert state.matches[1].winner == 1
    assert state.ready == [2, 3, 4]  # match 1 is decided: 1 waits in match 5 for 4 or 5
    assert (state.matches[5].first, state.matches[5].second) == (1, None)
    state = advance(bracket, {2: Outcome(4)}, withdrawn={8})
    assert (state.matches[7].status, state.matches[7].winner) == ("walkover", 5)
    assert 7 not in state.ready


def test_a_walkover_given_as_a_result() -> None:
    bracket = single_elimination(4)
    state = advance(bracket, {1: Outcome(4, walkover=True)})
    assert state.matches[1].status == "walkover"
    assert state.matches[1].played  # counts as a match decided between two entrants
    assert state.matches[3].first == 4


def test_results_that_cannot_be() -> None:
    bracket = single_elimination(5)
    with pytest.raises(KnockoutError, match="bye"):
        advance(bracket, {1: Outcome(1)})
    with pytest.raises(KnockoutError, match="does not play"):
        advance(bracket, {2: Outcome(1)})
    with pytest.raises(KnockoutError, match="not ready"):
        advance(bracket, {7: Outcome(1)})
    with pytest.raises(KnockoutError, match="no match 9"):
        advance(bracket, {9: Outcome(1)})


def test_the_matches_that_depend_on_a_match() -> None:
    bracket = double_elimination(8)
    # 5's winner goes to 11 (and on to 13, 14, 15), its loser to 10 (and on to 12, 13, ...)
    assert dependent_matches(bracket, 5) == [10, 11, 12, 13, 14, 15]
    assert dependent_matches(bracket, 15) == []
    assert dependent_matches(single_elimination(8), 1) == [5, 7]
    results = {m: Outcome(w) for m, w in EIGHT.items() if m <= 9}
    assert correction_blockers(bracket, results, 5) == []  # 10 is not played: 5 may change
    assert correction_blockers(bracket, results, 6) == [9]  # annul 9 first
    results[10] = Outcome(5)
    # 1 went on to 5 (played, and its loser to 10), 8 dropped to 7 (and its winner to 9)
    assert correction_blockers(bracket, results, 1) == [5, 7, 9, 10]


def test_the_smallest_brackets() -> None:
    assert advance(single_elimination(1), {}).champion == 1
    two = double_elimination(2)
    assert [(m.side, m.first.label(), m.second.label()) for m in two.matches] == [
        ("W", "seed 1", "seed 2"),
        ("GF", "winner of match 1", "loser of match 1"),
        ("GF", "winner of match 2", "loser of match 2"),
    ]
    state = advance(two, {1: Outcome(2), 2: Outcome(1), 3: Outcome(1)})
    assert state.champion == 1 and state.places == {2: 2, 1: 1}
    with pytest.raises(KnockoutError):
        double_elimination(1)
    with pytest.raises(KnockoutError):
        single_elimination(0)
