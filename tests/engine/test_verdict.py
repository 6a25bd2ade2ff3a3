"""The verdict on an engine answer (pure): proven, a clear advantage, or unclear."""

from __future__ import annotations

import json

import pytest

from games.engine import analyse, as_dict
from games.engine.verdict import ADVANTAGE, PROVEN, UNCLEAR, seat_value, verdict
from games.rules import get_rules


def ev(seat: int, value: float, *, proven: bool = False, visits=None, winners=None, scores=None):
    return {
        "seat": seat,
        "value": value,
        "proven": proven,
        "visits": visits,
        "winners": winners,
        "scores": scores,
    }


@pytest.mark.parametrize(
    "evaluation, expected",
    [
        (ev(0, 1.0, proven=True, winners=[0]), (PROVEN, (0,))),
        (ev(1, 0.5, proven=True, winners=[]), (PROVEN, ())),
        (ev(0, 0.80, visits=500), (ADVANTAGE, (0,))),
        (ev(1, 0.80, visits=500), (ADVANTAGE, (1,))),
        (ev(0, 0.20, visits=500), (ADVANTAGE, (1,))),
        (ev(0, 0.75, visits=100), (ADVANTAGE, (0,))),  # both thresholds met exactly
        (ev(0, 0.80, visits=99), (UNCLEAR, None)),  # too few passes to name a side
        (ev(0, 0.74, visits=10_000), (UNCLEAR, None)),
        (ev(0, 0.80), (ADVANTAGE, (0,))),  # a heuristic search: no count of passes
        (ev(0, 0.80, visits=None) | {"margin": 0.3}, (ADVANTAGE, (0,))),  # an old record's
        # margin is no longer read
        (ev(0, 0.50), (UNCLEAR, None)),
    ],
)
def test_expected_scores(evaluation, expected) -> None:
    v = verdict(players=2, points=False, evaluation=evaluation)
    assert (v.kind, v.winners) == expected


def test_points() -> None:
    assert verdict(players=2, points=True, evaluation=ev(1, 2.0)).winners == (1,)
    assert verdict(players=2, points=True, evaluation=ev(1, -3.0)).winners == (0,)
    assert verdict(players=2, points=True, evaluation=ev(0, 1.0)).kind == UNCLEAR
    three = ev(2, 5.0, scores=[1.0, 6.0, 5.0])
    assert verdict(players=3, points=True, evaluation=three).kind == UNCLEAR
    three = ev(2, 5.0, scores=[1.0, 8.0, 5.0])
    assert verdict(players=3, points=True, evaluation=three).winners == (1,)


def test_seat_values() -> None:
    assert seat_value(players=2, points=False, evaluation=ev(1, 0.8), seat=0) == pytest.approx(0.2)
    assert seat_value(players=2, points=True, evaluation=ev(1, 3.0), seat=0) == -3.0
    assert seat_value(players=3, points=True, evaluation=ev(0, 1, scores=[1, 2, 3]), seat=2) == 3
    assert seat_value(players=3, points=False, evaluation=ev(0, 0.5), seat=1) is None


def test_an_answer_is_stored_as_plain_json_values() -> None:
    rules = get_rules("uttt", preset="classic")
    state = rules.replay(["E5", "E4", "D2", "B4", "E2"])
    answer = as_dict(analyse(rules, state, 0.1))
    assert json.loads(json.dumps(answer)) == answer
    assert answer["best_move"] in rules.legal_moves(state)
    assert answer["line"][0] == answer["best_move"]
    assert 0.0 <= answer["evaluation"]["value"] <= 1.0 and answer["evaluation"]["seat"] == 1
