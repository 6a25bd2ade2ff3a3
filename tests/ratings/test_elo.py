"""FIDE-style Elo: worked examples computed by hand from the regulations' tables, and the
properties of the arithmetic."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ratings.core.elo import (
    EloState,
    FideElo,
    expected,
    initial_rating,
    k_factor,
    period_change,
    period_k,
    round_half_away,
)
from ratings.core.periods import Game


def test_a_2100_player_scoring_6_of_9_with_k_20() -> None:
    """A 2100 player (K = 20: 30 games and more, an adult, never 2400) scores 6/9:

    ======== ====== ====== ======= =====
    opponent D      PD     score   ΔR
    ======== ====== ====== ======= =====
    1950     +150   0.70   1       +0.30
    2050     +50    0.57   1       +0.43
    2200     −100   0.36   1       +0.64
    1900     +200   0.76   1       +0.24
    2000     +100   0.64   ½       −0.14
    2150     −50    0.43   ½       +0.07
    2300     −200   0.24   ½       +0.26
    2100     0      0.50   ½        0.00
    2250     −150   0.30   0       −0.30
    ======== ====== ====== ======= =====

    ΣPD = 4.50, ΣΔR = 6 − 4.50 = +1.50; K × ΣΔR = 20 × 1.50 = +30: 2130 on the next list.
    (K × n = 180 ≤ 700: no cap.)"""
    games = [(1950, 1), (2050, 1), (2200, 1), (1900, 1), (2000, 0.5), (2150, 0.5)]
    games += [(2300, 0.5), (2100, 0.5), (2250, 0)]
    k = k_factor(games=120, age=40, rating=2100, reached_2400=False)
    assert k == 20
    assert sum(expected(2100, opp) for opp, _ in games) == pytest.approx(4.50)
    assert period_change(2100, k, games) == 30


def test_the_400_point_rule_caps_a_difference() -> None:
    """A 2500 player (K = 10) beats a 1900 player (K = 20). D = 600 counts as 400: PD = 0.92
    (row 392-411), not 0.98 (row 560-619). The winner: 10 × (1 − 0.92) = +0.8, rounded +1 (it
    would be 10 × 0.02 = 0.2, rounded 0, uncapped). The loser: PD = 0.08, 20 × (0 − 0.08) =
    −1.6, rounded −2."""
    assert expected(2500, 1900) == 0.92
    assert expected(1900, 2500) == 0.08
    assert period_change(2500, 10, [(1900, 1)]) == 1
    assert period_change(1900, 20, [(2500, 0)]) == -2


def test_half_a_point_is_rounded_away_from_zero() -> None:
    """Two players with K = 10: 2500 beats 2390, D = 110, PD = 0.65 (row 107-113). The winner:
    10 × 0.35 = +3.5 → +4; the loser: 10 × (0 − 0.35) = −3.5 → −4 (8.3.4: 0.5 away from
    zero, so the two changes still sum to zero)."""
    assert period_change(2500, 10, [(2390, 1)]) == 4
    assert period_change(2390, 10, [(2500, 0)]) == -4
    assert [round_half_away(n, 10) for n in (-15, -14, 14, 15, 25)] == [-2, -1, 1, 2, 3]


def test_an_unrated_players_first_rating() -> None:
    """An unrated player meets five rated opponents: 1600 (won), 1700 (drawn), 1500 (won),
    1800 (lost), 1650 (drawn): 3 points. With the two hypothetical draws against 1800:
    Ra = (1600 + 1700 + 1500 + 1800 + 1650 + 1800 + 1800) / 7 = 11850 / 7 = 1692.857…,
    p = (3 + 1) / 7 = 0.5714… → 0.57, dp = 50 (table 8.1.1), Ru = 1742.857… → 1743."""
    games = [(1600, 1), (1700, 0.5), (1500, 1), (1800, 0), (1650, 0.5)]
    assert initial_rating(games) == 1743


def test_a_first_rating_is_at_most_2200() -> None:
    """Five wins over 2100s: Ra = (5 × 2100 + 2 × 1800) / 7 = 2014.29, p = 6/7 = 0.857… →
    0.86, dp = 309: 2323.29, capped at 2200."""
    assert initial_rating([(2100, 1)] * 5) == 2200


def test_a_first_rating_pools_periods_and_spares_the_rated_opponents() -> None:
    """The example above over two periods: after three games the player is still unrated (3 of
    the 5 games pooled); after the other two, rated 1743 with 5 games. The rated opponents' own
    ratings do not move for games against an unrated player (8.3.1)."""
    method = FideElo(year_of=None)
    opponents = {f"o{r}": EloState(r, 100) for r in (1600, 1700, 1500, 1800, 1650)}
    first = [Game("u", "o1600", 1, 1), Game("u", "o1700", 0.5, 1), Game("o1500", "u", 0, 1)]
    after = method.apply_period(opponents, first)
    assert after["u"].rating is None and len(after["u"].pending) == 3
    assert all(after[k] == opponents[k] for k in opponents)
    second = [Game("u", "o1800", 0, 2), Game("o1650", "u", 0.5, 2)]
    after = method.apply_period(after, second)
    assert after["u"] == EloState(1743, 5)
    assert all(after[k] == opponents[k] for k in opponents)


def test_a_first_event_scored_zero_is_disregarded_and_the_floor_holds() -> None:
    """Four losses in a first period count for nothing. Then one draw and four losses against
    1400s: Ra = (5 × 1400 + 3600) / 7 = 1514.29, p = (0.5 + 1) / 7 = 0.214… → 0.21,
    dp = −230: 1284 < 1400, not published — the player stays unrated, still pooling."""
    method = FideElo(year_of=None)
    rated = {f"r{i}": EloState(1400, 100) for i in range(5)}
    zero = [Game("u", f"r{i}", 0, 1) for i in range(4)]
    first = method.apply_period(rated, zero)
    assert first["u"] == EloState()  # seen, nothing pooled
    games = [Game("u", "r0", 0.5, 2)] + [Game("u", f"r{i}", 0, 2) for i in range(1, 5)]
    after = method.apply_period(first, games)
    assert initial_rating([(1400, 0.5)] + [(1400, 0)] * 4) == 1284
    assert after["u"].rating is None and len(after["u"].pending) == 5


def test_a_rating_under_the_floor_makes_the_player_unrated() -> None:
    """1405 (K = 20) loses to 1500: D = −95, PD = 0.37 (row 92-98), 20 × (0 − 0.37) = −7.4 →
    −7: 1398 < 1400, so unrated on the next list (the games still count)."""
    after = FideElo().apply_period(
        {"a": EloState(1405, 50), "b": EloState(1500, 50)}, [Game("a", "b", 0, (2025, 3))]
    )
    assert after["a"].rating is None and after["a"].games == 51


@pytest.mark.parametrize(
    ("games", "age", "rating", "reached", "k"),
    [
        (0, None, 1800, False, 40),  # new to the list
        (29, 40, 2350, False, 40),
        (30, 40, 2399, False, 20),
        (30, 40, 2400, False, 10),
        (30, 40, 2350, True, 10),  # 2400 once reached: 10 for good
        (30, 18, 2299, False, 40),  # until the end of the year they turn 18, under 2300
        (30, 18, 2300, False, 20),
        (30, 19, 2000, False, 20),
        (30, None, 2000, False, 20),
    ],
)
def test_k_factor(games: int, age: int | None, rating: int, reached: bool, k: int) -> None:
    assert k_factor(games=games, age=age, rating=rating, reached_2400=reached) == k


def test_k_times_games_at_most_700() -> None:
    """40 × 18 = 720 > 700: K = 38 (38 × 18 = 684); 20 × 35 = 700: K stays 20."""
    assert period_k(40, 18) == 38
    assert period_k(20, 35) == 20
    assert period_k(20, 36) == 19


def test_the_junior_k_reads_the_periods_year() -> None:
    """A player born 2007 with 40 games, rated 2000, beats a 2000: +0.5 × K. In 2025 (the year
    they turn 18) K = 40: +20; in 2026, K = 20: +10."""
    states = {"j": EloState(2000, 40, False, 2007), "o": EloState(2000, 40)}
    in_2025 = FideElo().apply_period(states, [Game("j", "o", 1, (2025, 12))])
    in_2026 = FideElo().apply_period(states, [Game("j", "o", 1, (2026, 1))])
    assert in_2025["j"].rating == 2020 and in_2026["j"].rating == 2010


ratings = st.integers(1400, 2800)
scores = st.sampled_from([0.0, 0.5, 1.0])


@given(ratings, ratings, scores, st.sampled_from([10, 20, 40]))
def test_equal_k_changes_of_one_game_sum_to_zero(a: int, b: int, s: float, k: int) -> None:
    assert period_change(a, k, [(b, s)]) + period_change(b, k, [(a, 1 - s)]) == 0


players = st.sampled_from("abcdef")


@given(st.lists(st.tuples(players, players, scores), min_size=1, max_size=30), st.data())
def test_a_game_is_the_same_game_either_way_round(
    games: list[tuple[str, str, float]], data: st.DataObject
) -> None:
    """Game(a, b, s) and Game(b, a, 1 − s) are one game: writing any of a period's games the
    other way round changes no one's new rating (the second player's ΔR is the first's, negated,
    in the same hundredths)."""
    states = {key: EloState(data.draw(ratings), 100) for key in "abcdef"}
    period = [Game(a, b, s, 1) for a, b, s in games if a != b]
    flipped = [
        Game(g.second, g.first, 1 - g.score, 1) if data.draw(st.booleans()) else g for g in period
    ]
    method = FideElo(floor=0)
    assert method.apply_period(states, flipped) == method.apply_period(states, period)
