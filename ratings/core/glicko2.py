"""Glicko-2, exactly as Mark Glickman's "Example of the Glicko-2 system" (Boston University,
2013 revision) describes it, step by step:

1. a new player starts at r = 1500, RD = 350, σ = 0.06; τ, the system constant, is a
   parameter (0.3 … 1.2 in the paper; 0.5 in its example);
2. to the Glicko-2 scale: μ = (r − 1500) / 173.7178, φ = RD / 173.7178;
3. v, the estimated variance from the period's games: g(φ) = 1 / √(1 + 3φ²/π²),
   E = 1 / (1 + exp(−g(φⱼ)(μ − μⱼ))), v = [Σ g(φⱼ)² E (1 − E)]⁻¹;
4. Δ = v Σ g(φⱼ)(sⱼ − E), the estimated improvement;
5. the new volatility σ′ by the Illinois algorithm on f(x) (convergence ε = 0.000001);
6. the pre-period value φ* = √(φ² + σ′²);
7. φ′ = 1 / √(1/φ*² + 1/v), μ′ = μ + φ′² Σ g(φⱼ)(sⱼ − E);
8. back to the Glicko scale: r′ = 173.7178 μ′ + 1500, RD′ = 173.7178 φ′.

A player who plays no game in a period keeps r and σ; only φ grows, to √(φ² + σ²). Every game
of a period is rated from the states the period began with. Nothing is rounded: states keep
full floating-point precision (a list may show r and RD to whole numbers, σ to 5 decimals).
The paper puts no ceiling on RD, and none is put here.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .periods import Game, PlayerKey

SCALE = 173.7178
BASE = 1500.0


@dataclass(frozen=True, slots=True)
class Glicko2State:
    """A player's Glicko-2 state on the Glicko scale: rating r, rating deviation RD and
    volatility σ."""

    rating: float = 1500.0
    rd: float = 350.0
    volatility: float = 0.06


def g(phi: float) -> float:
    """Step 3's g(φ)."""
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def new_volatility(
    sigma: float, phi: float, v: float, delta: float, tau: float, eps: float
) -> float:
    """Step 5: σ′ by the Illinois algorithm, as the paper writes it."""
    a = math.log(sigma * sigma)
    phi2, delta2, tau2 = phi * phi, delta * delta, tau * tau

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta2 - phi2 - v - ex) / (2.0 * (phi2 + v + ex) ** 2) - (x - a) / tau2

    big_a = a
    if delta2 > phi2 + v:
        big_b = math.log(delta2 - phi2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > eps:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def update(
    state: Glicko2State,
    games: Sequence[tuple[float, float, float]],
    tau: float = 0.5,
    eps: float = 0.000001,
) -> Glicko2State:
    """Steps 2–8 for one player over a period: ``games`` as (opponent's rating, opponent's RD,
    score) triples on the Glicko scale; no games, only φ grows."""
    phi, sigma = state.rd / SCALE, state.volatility
    if not games:
        return Glicko2State(state.rating, math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma)
    scaled = [((r - BASE) / SCALE, g(rd / SCALE), s) for r, rd, s in games]
    return _update((state.rating - BASE) / SCALE, phi, sigma, scaled, tau, eps)


def _update(
    mu: float,
    phi: float,
    sigma: float,
    games: Sequence[tuple[float, float, float]],
    tau: float,
    eps: float,
) -> Glicko2State:
    """Steps 3–8 on the Glicko-2 scale, ``games`` (at least one) as (μⱼ, g(φⱼ), sⱼ)."""
    inv_v = 0.0
    total = 0.0
    for mu_j, g_j, s in games:
        e = 1.0 / (1.0 + math.exp(-g_j * (mu - mu_j)))
        inv_v += g_j * g_j * e * (1.0 - e)
        total += g_j * (s - e)
    v = 1.0 / inv_v
    sigma2 = new_volatility(sigma, phi, v, v * total, tau, eps)
    phi_star2 = phi * phi + sigma2 * sigma2
    phi_new = 1.0 / math.sqrt(1.0 / phi_star2 + inv_v)
    mu_new = mu + phi_new * phi_new * total
    return Glicko2State(mu_new * SCALE + BASE, phi_new * SCALE, sigma2)


@dataclass(frozen=True, slots=True)
class Glicko2:
    """The method: Glicko-2 with system constant ``tau`` and convergence tolerance ``eps``; new
    players start from ``new`` (1500, 350, 0.06)."""

    name: str = "glicko2"
    tau: float = 0.5
    eps: float = 0.000001
    new: Glicko2State = Glicko2State()

    def apply_period(
        self, states: Mapping[PlayerKey, Glicko2State], games: Sequence[Game]
    ) -> dict[PlayerKey, Glicko2State]:
        """The states after one period: every player who played updated from the period's
        games, every other known player's RD grown (step 6 alone)."""
        scaled: dict[PlayerKey, tuple[float, float, float]] = {}  # μ, φ, g(φ)
        played: dict[PlayerKey, list[tuple[float, float, float]]] = {}
        new = self.new
        for game in games:
            a, b = game.first, game.second
            sa = scaled.get(a) or _scaled(scaled, a, states.get(a, new))
            sb = scaled.get(b) or _scaled(scaled, b, states.get(b, new))
            s = game.score
            played.setdefault(a, []).append((sb[0], sb[2], s))
            played.setdefault(b, []).append((sa[0], sa[2], 1.0 - s))
        out: dict[PlayerKey, Glicko2State] = {}
        tau, eps = self.tau, self.eps
        for key, state in states.items():
            if key not in played:
                phi, sigma = state.rd / SCALE, state.volatility
                out[key] = Glicko2State(
                    state.rating, math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma
                )
        for key, mine in played.items():
            mu, phi, _ = scaled[key]
            out[key] = _update(mu, phi, states.get(key, new).volatility, mine, tau, eps)
        return out


def _scaled(
    cache: dict[PlayerKey, tuple[float, float, float]], key: PlayerKey, state: Glicko2State
) -> tuple[float, float, float]:
    phi = state.rd / SCALE
    cache[key] = found = ((state.rating - BASE) / SCALE, phi, g(phi))
    return found
