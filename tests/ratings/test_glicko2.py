"""Glicko-2: the example of Glickman's paper, step by step to its printed decimals, and how RD
moves with games and without them."""

from __future__ import annotations

import itertools
import math

from hypothesis import given
from hypothesis import strategies as st

from ratings.core.glicko2 import SCALE, Glicko2, Glicko2State, g, new_volatility, update
from ratings.core.periods import Game

PLAYER = Glicko2State(1500, 200, 0.06)
OPPONENTS = [(1400, 30, 1.0), (1550, 100, 0.0), (1700, 300, 0.0)]


def test_the_papers_intermediate_quantities() -> None:
    """Steps 2–5 of the paper's example (τ = 0.5): φ = 1.1513; g(φⱼ) = 0.9955, 0.9531, 0.7242;
    E = 0.639, 0.432, 0.303; v = 1.7785; Δ = −0.4834; σ′ = 0.05999.

    The paper works v and Δ out from g and E as printed: so does this test; at full precision
    they are v = 1.7790 and Δ = −0.4839 (within 0.001). The volatility from the paper's own
    inputs, cut to 5 decimals as printed, is 0.05999."""
    phi = 200 / SCALE
    assert round(phi, 4) == 1.1513
    opponents = [((r - 1500) / SCALE, g(rd / SCALE), s) for r, rd, s in OPPONENTS]
    gs = [g_j for _, g_j, _ in opponents]
    es = [1 / (1 + math.exp(-g_j * (0 - mu_j))) for mu_j, g_j, _ in opponents]
    assert [round(x, 4) for x in gs] == [0.9955, 0.9531, 0.7242]
    assert [round(e, 3) for e in es] == [0.639, 0.432, 0.303]

    def v_and_delta(gs: list[float], es: list[float]) -> tuple[float, float]:
        v = 1 / sum(g_j**2 * e * (1 - e) for g_j, e in zip(gs, es, strict=True))
        total = sum(g_j * (s - e) for g_j, e, (_, _, s) in zip(gs, es, OPPONENTS, strict=True))
        return v, v * total

    v, delta = v_and_delta([0.9955, 0.9531, 0.7242], [0.639, 0.432, 0.303])
    assert (round(v, 4), round(delta, 4)) == (1.7785, -0.4834)
    full_v, full_delta = v_and_delta(gs, es)
    assert abs(full_v - v) < 0.001 and abs(full_delta - delta) < 0.001
    sigma = new_volatility(0.06, 1.1513, 1.7785, -0.4834, 0.5, 0.000001)
    assert math.floor(sigma * 100_000) / 100_000 == 0.05999


def test_the_papers_example_to_its_printed_decimals() -> None:
    """Steps 6–8: μ′ = −0.2069, φ′ = 0.8722, σ′ = 0.05999, so r′ = 173.7178 × (−0.2069) + 1500 =
    1464.06 and RD′ = 173.7178 × 0.8722 = 151.52.

    The paper converts back from μ′ and φ′ as printed (4 decimals), and prints σ′ cut, not
    rounded, to 5 decimals. At full precision the same state is r′ = 1464.0507, RD′ = 151.5165,
    σ′ = 0.0599960: RD′ and σ′ agree with the paper to its decimals, r′ to within 0.01."""
    after = update(PLAYER, OPPONENTS, tau=0.5)
    mu, phi = (after.rating - 1500) / SCALE, after.rd / SCALE
    assert round(mu, 4) == -0.2069
    assert round(phi, 4) == 0.8722
    assert round(SCALE * round(mu, 4) + 1500, 2) == 1464.06
    assert round(SCALE * round(phi, 4), 2) == 151.52
    assert round(after.rd, 2) == 151.52
    assert math.floor(after.volatility * 100_000) / 100_000 == 0.05999
    assert abs(after.rating - 1464.06) < 0.01
    assert round(after.rating, 4) == 1464.0507


def test_the_method_rates_a_period_as_the_paper_does() -> None:
    """The same example through ``Glicko2.apply_period``: the opponents too are updated, from
    the states the period began with; a player who did not play only has RD grow."""
    states = {
        "p": PLAYER,
        "a": Glicko2State(1400, 30, 0.06),
        "b": Glicko2State(1550, 100, 0.06),
        "c": Glicko2State(1700, 300, 0.06),
        "idle": Glicko2State(1600, 50, 0.06),
    }
    games = [Game("p", "a", 1, 1), Game("b", "p", 1, 1), Game("p", "c", 0, 1)]
    after = Glicko2(tau=0.5).apply_period(states, games)
    assert after["p"] == update(PLAYER, OPPONENTS, tau=0.5)
    assert after["a"] == update(states["a"], [(1500, 200, 0.0)], tau=0.5)
    idle_phi = math.sqrt((50 / SCALE) ** 2 + 0.06**2)
    assert after["idle"] == Glicko2State(1600, idle_phi * SCALE, 0.06)


def test_a_new_player_starts_at_1500_350_006() -> None:
    after = Glicko2().apply_period({}, [Game("x", "y", 0.5, 1)])
    assert after["x"] == after["y"] == update(Glicko2State(), [(1500, 350, 0.5)])
    assert Glicko2State() == Glicko2State(1500, 350, 0.06)


def test_rd_shrinks_period_after_period_of_games_then_grows_when_idle() -> None:
    """A new player plays three games a month against established players (1500, RD 50):
    their RD falls every month; then twelve idle months: it grows every month."""
    method = Glicko2()
    states = {"n": Glicko2State(), **{o: Glicko2State(1500, 50, 0.06) for o in "abc"}}
    rds = [states["n"].rd]
    for month in range(1, 13):
        games = [Game("n", o, s, month) for o, s in zip("abc", (1, 0.5, 0), strict=True)]
        states = method.apply_period(states, games)
        rds.append(states["n"].rd)
    assert all(later < earlier for earlier, later in itertools.pairwise(rds))
    idle = [rds[-1]]
    for _ in range(12):
        states = method.apply_period(states, [])
        idle.append(states["n"].rd)
    assert all(later > earlier for earlier, later in itertools.pairwise(idle))


state = st.builds(Glicko2State, st.floats(1000, 2600), st.floats(30, 350), st.floats(0.03, 0.09))
near_games = st.lists(
    st.tuples(st.floats(-400, 400), st.floats(30, 350), st.sampled_from([0.0, 0.5, 1.0])),
    min_size=1,
    max_size=6,
)


@given(state, near_games)
def test_games_make_rd_smaller_than_idling_would(s: Glicko2State, games: list) -> None:
    """Against opponents within 400 points, a period with games always leaves RD below what
    the same period idle would (and, from RD 100 up, below where it started). (Far outside
    that, a big enough surprise can raise σ′ more than one game's information lowers φ.)"""
    played = update(s, [(s.rating + d, rd, score) for d, rd, score in games])
    idle = update(s, [])
    assert played.rd < idle.rd
    if s.rd >= 100:
        assert played.rd < s.rd


@given(state)
def test_an_idle_period_grows_only_rd(s: Glicko2State) -> None:
    idle = Glicko2().apply_period({"x": s}, [])["x"]
    assert idle.rating == s.rating and idle.volatility == s.volatility
    assert idle.rd > s.rd
