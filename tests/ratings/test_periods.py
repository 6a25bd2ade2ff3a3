"""The shared shape: game records, periods in order, a whole run and the incremental update —
one more period on the last states gives what a run from scratch gives."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ratings.core.elo import EloState, FideElo
from ratings.core.glicko2 import Glicko2, Glicko2State
from ratings.core.periods import Game, Period, Snapshot, apply_period, periods_of, run

KEYS = "abcdefg"


@st.composite
def histories(draw: st.DrawFn) -> list[Period]:
    """Up to 8 periods of up to 12 games among 7 players, keys (2025, month)."""
    periods = []
    for month in range(1, draw(st.integers(1, 8)) + 1):
        games = draw(
            st.lists(
                st.tuples(
                    st.sampled_from(KEYS), st.sampled_from(KEYS), st.sampled_from([0, 0.5, 1])
                ),
                max_size=12,
            )
        )
        key = (2025, month)
        periods.append(Period(key, [Game(a, b, s, key) for a, b, s in games if a != b]))
    return periods


elo_state = st.one_of(
    st.builds(
        EloState,
        st.integers(1400, 2600),
        st.integers(0, 60),
        st.booleans(),
        st.one_of(st.none(), st.integers(2000, 2012)),
    ),
    st.builds(EloState),  # unrated
)
glicko_state = st.builds(
    Glicko2State, st.floats(1000, 2600), st.floats(30, 350), st.floats(0.03, 0.09)
)


def _check_incremental(method: Any, periods: list[Period], initial: dict) -> None:
    whole = run(method, periods, initial)
    assert [snapshot.period for snapshot in whole] == [p.key for p in periods]
    for n in range(len(periods)):
        before = initial if n == 0 else run(method, periods[:n], initial)[-1].states
        assert apply_period(method, before, periods[n].games) == whole[n].states


@settings(max_examples=60, deadline=None)
@given(histories(), st.dictionaries(st.sampled_from(KEYS), elo_state))
def test_elo_incremental_equals_from_scratch(periods: list[Period], initial: dict) -> None:
    _check_incremental(FideElo(), periods, initial)


@settings(max_examples=60, deadline=None)
@given(histories(), st.dictionaries(st.sampled_from(KEYS), glicko_state))
def test_glicko2_incremental_equals_from_scratch(periods: list[Period], initial: dict) -> None:
    _check_incremental(Glicko2(), periods, initial)


def test_run_keeps_every_periods_states_and_leaves_the_initial_ones_alone() -> None:
    initial = {"a": EloState(2000, 40), "b": EloState(1900, 40)}
    kept = dict(initial)
    games = [
        Game("a", "b", 1, (2025, 1)),
        Game("b", "a", 1, (2025, 2)),
        Game("a", "b", 1, (2025, 2)),
    ]
    history = run(FideElo(), periods_of(games), initial)
    assert initial == kept
    assert [s.period for s in history] == [(2025, 1), (2025, 2)]
    # January: 2000 beats 1900, D = 100, PD = 0.64: +0.36 × 20 = +7.2 → +7, and −7.
    assert history[0] == Snapshot((2025, 1), {"a": EloState(2007, 41), "b": EloState(1893, 41)})
    # February from 2007 v 1893 (D = 114, PD = 0.66): a scores 1 of 2, 1 − 1.32 = −0.32,
    # 20 × −0.32 = −6.4 → −6: 2001; b +6: 1899.
    assert history[1].states == {"a": EloState(2001, 43), "b": EloState(1899, 43)}


def test_periods_of_groups_by_period_in_order() -> None:
    games = [Game("a", "b", 1, 3), Game("a", "c", 0, 1), Game("b", "c", 0.5, 3)]
    assert periods_of(games) == [Period(1, [games[1]]), Period(3, [games[0], games[2]])]


def test_run_refuses_a_history_out_of_order_or_misfiled() -> None:
    later, earlier = Period(2, [Game("a", "b", 1, 2)]), Period(1, [Game("a", "b", 1, 1)])
    with pytest.raises(ValueError, match="out of order"):
        run(Glicko2(), [later, earlier])
    with pytest.raises(ValueError, match="filed under"):
        run(Glicko2(), [Period(1, [Game("a", "b", 1, 2)])])


@pytest.mark.parametrize("score", [2, -1, 0.25, None])
def test_a_game_has_a_score_of_1_half_or_0(score: Any) -> None:
    with pytest.raises(ValueError, match="a score is"):
        Game("a", "b", score, 1)


def test_a_player_does_not_play_themself() -> None:
    with pytest.raises(ValueError, match="themself"):
        Game("a", "a", 1, 1)
