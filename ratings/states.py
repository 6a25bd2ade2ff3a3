"""The core's states as stored rows and back, and a period's figures per player.

A state is kept whole as JSON (``Rating.state``, ``RatingChange.state``) so that a rebuild can
start from a stored period: JSON keeps a float exactly (Python writes the shortest repr that
reads back to the same number), so the states read back are the states written.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ratings.core.elo import EloState, expected, k_factor, period_k
from ratings.core.glicko2 import SCALE, Glicko2State, g
from ratings.core.periods import Game, PlayerKey
from ratings.models import Method, RatingList, StartingRating

State = EloState | Glicko2State


def encode(state: State) -> dict[str, Any]:
    if isinstance(state, Glicko2State):
        return {"r": state.rating, "rd": state.rd, "s": state.volatility}
    return {
        "r": state.rating,
        "n": state.games,
        "top": state.reached_2400,
        "born": state.birth_year,
        "pool": [list(p) for p in state.pending],
    }


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
    return EloState(rating, start.games, rating >= 2400, start.birth_year)


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


@dataclass
class Line:
    """One player's period: games, score, and the figures against the opponents that count."""

    games: int = 0
    score: float = 0.0
    expected: float = 0.0
    opponents: float = 0.0  # the sum of the counted opponents' ratings
    counted: int = 0


def _glicko_expected(mine: Glicko2State, theirs: Glicko2State) -> float:
    mu, mu_j, phi_j = (
        (mine.rating - 1500) / SCALE,
        (theirs.rating - 1500) / SCALE,
        theirs.rd / SCALE,
    )
    return 1.0 / (1.0 + math.exp(-g(phi_j) * (mu - mu_j)))


def _expected(mine: State, theirs: State) -> float | None:
    """The expected score against an opponent, None when the game does not count for a rated
    player's expectation (Elo: either side unrated)."""
    if isinstance(mine, Glicko2State) and isinstance(theirs, Glicko2State):
        return _glicko_expected(mine, theirs)
    if isinstance(mine, EloState) and isinstance(theirs, EloState):
        if mine.rating is None or theirs.rating is None:
            return None
        return expected(mine.rating, theirs.rating)
    return None


def lines(before: Mapping[PlayerKey, State], new: State, games: Sequence[Game]) -> dict[Any, Line]:
    """Each player's line of a period's ``games``, from the states the period began with
    (``new``: a player absent from them)."""
    out: dict[Any, Line] = {}
    for game in games:
        for me, them, score in (
            (game.first, game.second, game.score),
            (game.second, game.first, 1.0 - game.score),
        ):
            line = out.get(me) or out.setdefault(me, Line())
            line.games += 1
            line.score += score
            mine, theirs = before.get(me, new), before.get(them, new)
            e = _expected(mine, theirs)
            if e is not None:
                line.expected += e
                line.opponents += theirs.rating  # type: ignore[operator]
                line.counted += 1
    return out


def period_k_of(state: State, line: Line, year: int | None) -> int | None:
    k = k_of(state, year)
    return period_k(k, line.counted) if k is not None and line.counted else k
