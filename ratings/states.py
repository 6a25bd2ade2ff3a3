"""The core's states as stored rows and back, and a period's figures per player.

A state is kept whole as JSON (``Rating.state``, ``RatingChange.state``) so that a rebuild can
start from a stored period: JSON keeps a float exactly (Python writes the shortest repr that
reads back to the same number), so the states read back are the states written.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ratings.core.elo import CAP, PD_CAPPED, EloState, k_factor, period_k
from ratings.core.glicko2 import BASE, SCALE, Glicko2State, g
from ratings.core.periods import Game, PlayerKey
from ratings.models import Method, RatingList, StartingRating

State = EloState | Glicko2State


def encode(state: State) -> dict[str, Any]:
    return json.loads(encode_text(state))


def _json(value: object) -> str:
    """A number, None or a bool as JSON writes it (a float's shortest repr reads back exactly)."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    return repr(value)


def encode_text(state: State) -> str:
    """A state as JSON text, written directly (the rebuild writes one for every row)."""
    if isinstance(state, Glicko2State):
        return f'{{"r": {state.rating!r}, "rd": {state.rd!r}, "s": {state.volatility!r}}}'
    pool = ", ".join(f"[{a}, {b}]" for a, b in state.pending) if state.pending else ""
    return (
        f'{{"r": {_json(state.rating)}, "n": {state.games}, "top": {_json(state.reached_2400)}, '
        f'"born": {_json(state.birth_year)}, "pool": [{pool}]}}'
    )


def decode(method: str, data: Mapping[str, Any]) -> State:
    if method == Method.GLICKO2:
        return Glicko2State(data["r"], data["rd"], data["s"])
    return EloState(
        data["r"],
        data["n"],
        data["top"],
        data["born"],
        tuple((int(a), int(b)) for a, b in data["pool"]),
    )


def starting_state(rating_list: RatingList, start: StartingRating) -> State:
    """A starting rating as the core's state (empty Glicko-2 fields: the list's new player's)."""
    if rating_list.method == Method.GLICKO2:
        return Glicko2State(
            float(start.rating),
            start.deviation if start.deviation is not None else rating_list.initial_deviation,
            start.volatility if start.volatility is not None else rating_list.initial_volatility,
        )
    rating = round(start.rating)
    return EloState(rating, start.games, start.reached_2400 or rating >= 2400, start.birth_year)


def rating_of(state: State) -> float | None:
    return state.rating


def deviation_of(state: State) -> float | None:
    return state.rd if isinstance(state, Glicko2State) else None


def k_of(state: State, year: int | None) -> int | None:
    """An Elo player's K for a period of ``year`` (before the 700 cap); None: unrated, Glicko-2."""
    if not isinstance(state, EloState) or state.rating is None:
        return None
    age = year - state.birth_year if year is not None and state.birth_year is not None else None
    return k_factor(
        games=state.games, age=age, rating=state.rating, reached_2400=state.reached_2400
    )


@dataclass(slots=True)
class Line:
    """One player's period: games, score, and the figures against the opponents that count
    (Elo: both sides rated; Glicko-2: every opponent) — the expected score and the sum of
    their ratings."""

    games: int = 0
    score: float = 0.0
    expected: float = 0.0
    opponents: float = 0.0  # the sum of the counted opponents' ratings
    counted: int = 0


def _line(out: dict[Any, Line], key: Any) -> Line:
    line = out.get(key)
    if line is None:
        line = out[key] = Line()
    return line


def _elo_lines(before: Mapping[PlayerKey, EloState], games: Sequence[Game]) -> dict[Any, Line]:
    """Elo: PD read from the table in hundredths (``PD_CAPPED``, as the core does), so the
    expected scores of a game's two sides sum to exactly 1."""
    out: dict[Any, Line] = {}
    get, pd = before.get, PD_CAPPED
    hundredths: dict[Any, int] = {}
    for game in games:
        a, b, score = game.first, game.second, game.score
        la, lb = _line(out, a), _line(out, b)
        la.games += 1
        lb.games += 1
        la.score += score
        lb.score += 1.0 - score
        sa, sb = get(a), get(b)
        ra = sa.rating if sa is not None else None
        rb = sb.rating if sb is not None else None
        if ra is None or rb is None:
            continue
        d = ra - rb
        p = pd[(CAP if d > CAP else -CAP if d < -CAP else d) + CAP]
        hundredths[a] = hundredths.get(a, 0) + p
        hundredths[b] = hundredths.get(b, 0) + 100 - p
        la.opponents += rb
        lb.opponents += ra
        la.counted += 1
        lb.counted += 1
    for key, total in hundredths.items():
        out[key].expected = total / 100
    return out


def _glicko_lines(
    before: Mapping[PlayerKey, Glicko2State], new: Glicko2State, games: Sequence[Game]
) -> dict[Any, Line]:
    """Glicko-2: E(μ, μj, φj) of step 3 against every opponent, from the period's first
    states (a new player: ``new``)."""
    out: dict[Any, Line] = {}
    scaled: dict[Any, tuple[float, float, float]] = {}  # r, μ, g(φ)
    for game in games:
        a, b, score = game.first, game.second, game.score
        for key in (a, b):
            if key not in scaled:
                state = before.get(key, new)
                scaled[key] = (state.rating, (state.rating - BASE) / SCALE, g(state.rd / SCALE))
        (ra, mu_a, g_a), (rb, mu_b, g_b) = scaled[a], scaled[b]
        la, lb = _line(out, a), _line(out, b)
        la.games += 1
        lb.games += 1
        la.score += score
        lb.score += 1.0 - score
        la.expected += 1.0 / (1.0 + math.exp(-g_b * (mu_a - mu_b)))
        lb.expected += 1.0 / (1.0 + math.exp(-g_a * (mu_b - mu_a)))
        la.opponents += rb
        lb.opponents += ra
        la.counted += 1
        lb.counted += 1
    return out


def lines(before: Mapping[PlayerKey, State], new: State, games: Sequence[Game]) -> dict[Any, Line]:
    """Each player's line of a period's ``games``, from the states the period began with
    (``new``: a player absent from them; its type says the method)."""
    if isinstance(new, Glicko2State):
        return _glicko_lines(before, new, games)  # type: ignore[arg-type]
    return _elo_lines(before, games)  # type: ignore[arg-type]


def period_k_of(state: State, line: Line, year: int | None) -> int | None:
    k = k_of(state, year)
    return period_k(k, line.counted) if k is not None and line.counted else k
