"""The scores the engine reports (``state.scores``, ``rules.scores(state)``): SOS points per seat
and, in ultimate tic-tac-toe, small boards won by X and by O, at every move of random games and
equal to ``Outcome.scores`` at the end. Every expectation is recomputed here independently
(tests/rules/rules_oracle.py), never by asking the engine."""

from __future__ import annotations

import itertools

from hypothesis import given
from rules_oracle import sos_triples, statuses_by_replay
from test_rules_properties import CHOICES, SETTINGS, SOS_OPTIONS, UTTT_OPTIONS, random_game

from games.rules import get_rules

# Tactical: X wins the small board 4 (D4-F6) at move 11 and board 0 (A1-C3) at move 15.
TWO_BOARDS = [
    *("G4", "B2", "E5", "D4", "A3", "A7", "C3", "H8", "F4", "H2"),
    *("D6", "C9", "H9", "D7", "B3"),
]


def test_uttt_scores_are_the_small_boards_won_by_each_mark() -> None:
    rules = get_rules("uttt")
    state = rules.start()
    seen = []
    for move in TWO_BOARDS:
        state = rules.play(state, move)
        seen.append(state.scores)
    assert seen[:10] == [(0, 0)] * 10
    assert seen[10:14] == [(1, 0)] * 4
    assert seen[14] == (2, 0) == rules.scores(state)
    assert rules.outcome(state) is None


@SETTINGS
@given(options=UTTT_OPTIONS, choices=CHOICES)
def test_uttt_scores_follow_every_move(options, choices) -> None:
    rules = get_rules("uttt", **options)
    states = random_game(rules, choices)
    for state in states:
        status = statuses_by_replay(state.moves)
        assert state.scores == (status.count("x"), status.count("o"))
        assert rules.scores(state) == state.scores
    end = states[-1]
    assert rules.outcome(end).scores == end.scores


@SETTINGS
@given(options=SOS_OPTIONS, choices=CHOICES)
def test_sos_scores_follow_every_move(options, choices) -> None:
    rules = get_rules("sos", **options)
    states = random_game(rules, choices)
    totals = [0] * rules.players
    for before, after in itertools.pairwise(states):
        made = len(sos_triples(after.grid)) - len(sos_triples(before.grid))
        totals[rules.to_move(before)] += made
        assert after.scores == tuple(totals)
        assert rules.scores(after) == after.scores
    assert rules.outcome(states[-1]).scores == states[-1].scores
    assert rules.scores(rules.start()) == (0,) * rules.players
