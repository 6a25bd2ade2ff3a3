"""Knockout matches of several games: first moves, scores, tie-breaks and deciders (no
database). Players are 0 (the higher seed) and 1; results are from each game's first mover."""

from __future__ import annotations

import pytest

from tournaments.core.vocabulary import BadResult
from tournaments.pairing import (
    ARMAGEDDON,
    LOT,
    SUDDEN_DEATH,
    KnockoutError,
    MatchRules,
    first_mover,
    match_state,
)


def test_the_first_move_alternates_from_the_higher_seed() -> None:
    assert [first_mover(g) for g in range(1, 7)] == [0, 1, 0, 1, 0, 1]
    with pytest.raises(KnockoutError):
        first_mover(0)


def test_a_two_game_match_to_tie_breaks_then_armageddon() -> None:
    """Each wins with the first move (1-1), the two tie-break games are drawn (1-1), and the
    armageddon is drawn: the second player of game 5, the lower seed, goes through."""
    rules = MatchRules(games=2, tiebreak_games=2, decider=ARMAGEDDON)
    state = match_state(rules, [])
    assert (state.stage, state.next_game, state.next_first) == ("regular", 1, 0)
    state = match_state(rules, ["1-0"])
    assert (state.score, state.stage, state.next_game, state.next_first) == (
        (1.0, 0.0),
        "regular",
        2,
        1,
    )
    state = match_state(rules, ["1-0", "1-0"])  # game 2: the lower seed moved first and won
    assert (state.score, state.stage, state.next_game, state.next_first) == (
        (1.0, 1.0),
        "tiebreak",
        3,
        0,
    )
    assert not state.decided
    state = match_state(rules, ["1-0", "1-0", "1/2", "½-½"])
    assert (state.tiebreak_score, state.stage, state.next_game, state.next_first) == (
        (1.0, 1.0),
        "decider",
        5,
        0,
    )
    state = match_state(rules, ["1-0", "1-0", "1/2", "½-½", "1/2-1/2"])
    assert (state.decided, state.winner, state.decided_by, state.stage) == (
        True,
        1,
        "armageddon",
        "done",
    )
    assert state.next_game is None
    won = match_state(rules, ["1-0", "1-0", "1/2", "½-½", "1-0"])
    assert (won.winner, won.decided_by) == (0, "armageddon")


def test_the_armageddon_draw_goes_to_whoever_moves_second() -> None:
    rules = MatchRules(games=1, tiebreak_games=0, decider=ARMAGEDDON)
    # game 1 drawn; game 2, the armageddon, has the lower seed moving first: a draw sends 0 on
    state = match_state(rules, ["1/2", "1/2"])
    assert (state.winner, state.decided_by) == (0, "armageddon")


def test_a_match_ends_as_soon_as_it_is_won() -> None:
    rules = MatchRules(games=4, tiebreak_games=2)
    state = match_state(rules, ["1-0", "0-1", "1-0"])  # the higher seed wins all three: 3-0
    assert (state.score, state.winner, state.decided_by) == ((3.0, 0.0), 0, "regular")
    with pytest.raises(KnockoutError, match="decided after game 3"):
        match_state(rules, ["1-0", "0-1", "1-0", "1-0"])
    level = match_state(rules, ["1-0", "0-1", "0-1"])  # 2-1: game 4 may level it
    assert (level.score, level.stage, level.next_game) == ((2.0, 1.0), "regular", 4)


def test_tie_breaks_decide() -> None:
    rules = MatchRules(games=2, tiebreak_games=2, decider=LOT)
    state = match_state(rules, ["1/2", "1/2", "0-1", "1/2"])  # game 3: 0 first, loses
    assert (state.tiebreak_score, state.winner, state.decided_by) == ((0.5, 1.5), 1, "tiebreak")


def test_sudden_death_plays_until_a_game_is_won() -> None:
    rules = MatchRules(games=2, tiebreak_games=0, decider=SUDDEN_DEATH)
    state = match_state(rules, ["1/2", "1/2", "1/2", "1/2"])
    assert (state.stage, state.next_game, state.next_first) == ("decider", 5, 0)
    state = match_state(rules, ["1/2", "1/2", "1/2", "1/2", "0-1"])
    assert (state.winner, state.decided_by) == (1, "sudden_death")


def test_lots() -> None:
    rules = MatchRules(games=2, tiebreak_games=0, decider=LOT)
    state = match_state(rules, ["1/2", "1/2"])
    assert (state.stage, state.next_game, state.decided) == ("decider", None, False)
    state = match_state(rules, ["1/2", "1/2"], lot_winner=1)
    assert (state.winner, state.decided_by) == (1, "lot")
    with pytest.raises(KnockoutError, match="lots"):
        match_state(rules, ["1/2"], lot_winner=1)
    with pytest.raises(KnockoutError, match="no more games"):
        match_state(rules, ["1/2", "1/2", "1-0"])


def test_forfeits_count_for_the_side_that_played() -> None:
    rules = MatchRules(games=2)
    state = match_state(rules, ["+/-", "-/+"])  # 0 wins game 1; game 2's first mover (1) forfeits
    assert (state.score, state.winner) == ((2.0, 0.0), 0)
    state = match_state(rules, ["-/-", "1-0"])
    assert (state.score, state.winner) == ((0.0, 1.0), 1)


def test_rules_and_results_that_cannot_be() -> None:
    with pytest.raises(KnockoutError):
        MatchRules(games=0)
    with pytest.raises(KnockoutError):
        MatchRules(decider="coin")
    with pytest.raises(KnockoutError):
        match_state(MatchRules(), ["bye"])
    with pytest.raises(BadResult):
        match_state(MatchRules(), ["2-0"])
