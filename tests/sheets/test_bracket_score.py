"""What a bracket score cell may say, and the games a score stands for (no database)."""

from __future__ import annotations

import pytest

from sheets.imports import bracket_score as S
from tournaments.pairing import MatchRules

TWO = MatchRules(games=2, tiebreak_games=2, decider="armageddon")


@pytest.mark.parametrize(
    ("upper", "lower", "score"),
    [
        ("2", "0", S.Score((2.0, 0.0))),
        (2, 0, S.Score((2.0, 0.0))),
        (1.5, "½", S.Score((1.5, 0.5))),
        ("1½", "0,5", S.Score((1.5, 0.5))),
        ("2-1", None, S.Score((2.0, 1.0))),
        ("1½–½", "0", S.Score((1.5, 0.5))),  # the whole score above: the lower cell is not read
        ("1 (1.5)", "1 (0.5)", S.Score((1.0, 1.0), (1.5, 0.5))),
        ("+", "-", S.Score(walkover=0)),
        (None, None, None),
    ],
)
def test_what_a_score_cell_may_say(upper: object, lower: object, score: S.Score | None) -> None:
    assert S.parse(upper, lower) == score


@pytest.mark.parametrize(("upper", "lower"), [("abc", "1"), ("0.7", "0"), ("1", None), (True, 0)])
def test_what_it_may_not(upper: object, lower: object) -> None:
    with pytest.raises(S.BadScore):
        S.parse(upper, lower)


def test_a_score_says_its_games_only_when_there_is_one_way() -> None:
    assert S.games_for(TWO, [], S.Score((2.0, 0.0))) == [("1-0", "0-1")]
    assert S.games_for(TWO, [], S.Score((0.0, 1.0))) == [("0-1",)]
    assert len(S.games_for(TWO, [], S.Score((1.5, 0.5)))) == 2  # which game was drawn?
    assert S.games_for(TWO, ["1/2"], S.Score((1.5, 0.5))) == [("0-1",)]
    assert S.games_for(TWO, [], S.Score((3.0, 0.0))) == []  # two games
    assert S.games_for(TWO, ["0-1"], S.Score((2.0, 0.0))) == []  # game 1 went the other way
    # Level after the games: the tie-break games in brackets; the decider is not in the score.
    assert S.games_for(TWO, ["1-0", "1-0"], S.Score((1.0, 1.0), (2.0, 0.0))) == [("1-0", "0-1")]
    assert S.games_for(TWO, ["1-0", "1-0"], S.Score((1.0, 1.0), (1.0, 1.0))) != []


def test_a_score_as_the_sheet_writes_it() -> None:
    assert S.Score((2.0, 1.0)).text() == "2–1"
    assert S.Score((1.0, 1.0), (1.5, 0.5)).text() == "1 (1.5)–1 (0.5)"
