"""The shape every rating method shares: games, rating periods, a whole run and one more period.

A rating is computed period by period (a month, say): every game of a period is rated from the
ratings the players had when the period began, and the new ratings are published when it ends.
So a method is one pure function, ``apply_period(states, games) → states``, from the states
before a period (player key → that method's state) and the period's games to the states after
it. ``run`` replays a whole history with it and keeps every period's states (the history a chart
of ratings needs); ``apply_period`` adds one period to the last states, and gives what a run from
scratch would give — the method's state holds all that the next period needs.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

PlayerKey = Hashable
PeriodKey = Any  # any keys that sort: a (year, month) pair, a date, an int

SCORES = (0.0, 0.5, 1.0)


@dataclass(frozen=True, slots=True)
class Game:
    """One rated game: the two players' keys, the first player's score (1, 0.5 or 0; the second
    has 1 − score) and the key of the period it belongs to."""

    first: PlayerKey
    second: PlayerKey
    score: float
    period: PeriodKey

    def __post_init__(self) -> None:
        if self.score not in SCORES:
            raise ValueError(f"a score is 1, 0.5 or 0, not {self.score!r}")
        if self.first == self.second:
            raise ValueError(f"a player does not play themself ({self.first!r})")


S = TypeVar("S")


class Method(Protocol[S]):
    """A rating method: its name and its one step."""

    name: str

    def apply_period(
        self, states: Mapping[PlayerKey, S], games: Sequence[Game]
    ) -> dict[PlayerKey, S]: ...


@dataclass(frozen=True, slots=True)
class Period:
    """A rating period: its key and its games."""

    key: PeriodKey
    games: Sequence[Game]


@dataclass(frozen=True, slots=True)
class Snapshot:
    """Every player's state after one period (players who have not appeared yet are absent)."""

    period: PeriodKey
    states: Mapping[PlayerKey, Any]


def periods_of(games: Iterable[Game]) -> list[Period]:
    """The games grouped by their period key, periods in order, games in the order given."""
    grouped: dict[PeriodKey, list[Game]] = {}
    for game in games:
        grouped.setdefault(game.period, []).append(game)
    return [Period(key, grouped[key]) for key in sorted(grouped)]


def apply_period(
    method: Method[S], states: Mapping[PlayerKey, S], games: Sequence[Game]
) -> dict[PlayerKey, S]:
    """The states after one more period of ``games`` on top of ``states`` (the incremental
    update: the same as replaying the whole history with that period at its end)."""
    return method.apply_period(states, games)


def run(
    method: Method[S], periods: Iterable[Period], initial: Mapping[PlayerKey, S] | None = None
) -> list[Snapshot]:
    """Replay ``periods`` in order from the ``initial`` states (players absent from them start
    as the method's new players) and return the states after each period.

    The periods must come in increasing key order, each game carrying its period's key: a
    history out of order, or a game filed under another period, is refused (``ValueError``)."""
    states: Mapping[PlayerKey, S] = dict(initial or {})
    history: list[Snapshot] = []
    previous: PeriodKey = None
    for period in periods:
        if history and not previous < period.key:
            raise ValueError(f"period {period.key!r} comes after {previous!r}: out of order")
        stray = next((g for g in period.games if g.period != period.key), None)
        if stray is not None:
            raise ValueError(f"a game of period {stray.period!r} filed under {period.key!r}")
        states = method.apply_period(states, period.games)
        history.append(Snapshot(period.key, states))
        previous = period.key
    return history
