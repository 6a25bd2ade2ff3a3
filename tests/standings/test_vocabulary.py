"""The result vocabulary (tournaments.core.vocabulary): every club notation parses, every code
formats and parses back, points follow the point system — pure Python, no database, no Django."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tournaments.core import vocabulary as V


@pytest.mark.parametrize("code", V.RESULTS)
def test_every_code_formats_and_parses_back(code: str) -> None:
    assert V.parse(V.notation(code)) == code
    assert V.parse(code) == code


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("1-0", V.WIN),
        ("1:0", V.WIN),
        (" 1 – 0 ", V.WIN),
        ("0-1", V.LOSS),
        ("0:1", V.LOSS),
        ("½-½", V.DRAW),
        ("½", V.DRAW),
        ("1/2", V.DRAW),
        ("1/2-1/2", V.DRAW),
        ("0.5-0.5", V.DRAW),
        ("=", V.DRAW),
        ("+/-", V.FORFEIT_WIN),
        ("+-", V.FORFEIT_WIN),
        ("-/+", V.FORFEIT_LOSS),
        ("-+", V.FORFEIT_LOSS),
        ("-/-", V.DOUBLE_FORFEIT),
        ("--", V.DOUBLE_FORFEIT),
        ("bye", V.BYE),
        ("half_bye", V.HALF_BYE),
        ("Half-point bye", V.HALF_BYE),
        ("zero_bye", V.ZERO_BYE),
        ("zero-point bye", V.ZERO_BYE),
    ],
)
def test_club_notations(text: str, code: str) -> None:
    assert V.parse(text) == code


@pytest.mark.parametrize("text", ["2-0", "win", "", "1:1", "+/+"])
def test_anything_else_is_refused_with_the_notations_to_use(text: str) -> None:
    with pytest.raises(V.BadResult) as err:
        V.parse(text)
    assert err.value.translate(lambda s: s) == (
        f"Unknown result “{text}”: use 1-0, 0-1, ½-½, +/-, -/+ or -/-."
    )


def test_notation_is_the_half_style() -> None:
    assert [V.notation(c) for c in V.PAIR_RESULTS] == ["1-0", "0-1", "½-½", "+/-", "-/+", "-/-"]
    assert V.notation("") == ""


@pytest.mark.parametrize(
    ("code", "first", "second"),
    [
        (V.WIN, 3, 0),
        (V.LOSS, 0, 3),
        (V.DRAW, 1, 1),
        (V.FORFEIT_WIN, 3, 0),
        (V.FORFEIT_LOSS, 0, 3),
        (V.DOUBLE_FORFEIT, 0, 0),
        ("", 0, 0),
    ],
)
def test_points_follow_the_point_system(code: str, first: float, second: float) -> None:
    system = V.PointSystem(win=3, draw=1, loss=0, bye=3, half_bye=1, zero_bye=0)
    assert V.points(code, first=True, system=system) == first
    assert V.points(code, first=False, system=system) == second


def test_byes_are_worth_their_kind() -> None:
    system = V.PointSystem()
    assert [V.points(c, first=True, system=system) for c in V.BYE_RESULTS] == [1.0, 0.5, 0.0]


@pytest.mark.parametrize(
    ("winners", "end", "code"),
    [
        ([0], V.END_ADJUDICATED, V.WIN),
        ([1], "sos_most", V.LOSS),
        ([], "full_grid", V.DRAW),
        ([0], V.END_FORFEIT, V.FORFEIT_WIN),
        ([1], V.END_FORFEIT, V.FORFEIT_LOSS),
        ([], V.END_DOUBLE_FORFEIT, V.DOUBLE_FORFEIT),
        (None, "", ""),
    ],
)
def test_a_games_outcome_and_its_result(winners, end: str, code: str) -> None:
    assert V.of_outcome(winners, end) == code


@pytest.mark.parametrize("code", V.PAIR_RESULTS)
def test_a_declared_result_gives_the_game_an_outcome_that_stands_for_it(code: str) -> None:
    winners, end = V.GAME_OUTCOMES[code]
    assert V.of_outcome(winners, end) == code


def test_the_vocabulary_imports_no_django() -> None:
    code = (
        "import sys, tournaments.core.vocabulary, tournaments.core.history; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'django'))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
