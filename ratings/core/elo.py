"""FIDE-style Elo, as the FIDE Rating Regulations (Handbook B.02, in force from 1 March 2024)
describe it, with a rating period for the regulations' rating period (a month).

- A game counts for a rated player only against a rated opponent (8.3.1), each rated from the
  ratings of the list the period began with.
- The rating difference D is capped at 400 (8.3.1, "a difference of more than 400 points shall
  be counted as though it were 400"; since 2024 in every game, not once per event).
- PD is read from table 8.1.2 (``tournaments.core.fide_tables``); ΔR = score − PD; the
  period's change is K × ΣΔR, rounded to the nearest whole number, 0.5 away from zero (8.3.2,
  8.3.4). PD is in hundredths, so the sum is exact and so is the rounding.
- K (8.3.3): ``k_factor``; and for a period of n games, if K × n exceeds 700, K becomes the
  largest whole number with K × n ≤ 700 (``period_k``).
- An unrated player pools their games against rated opponents, period after period, until 5
  are pooled (7.1.4); then ``initial_rating``: Ru = Ra + dp with two hypothetical draws against
  1800 (8.2), rounded to the nearest whole number (half up), at most 2200. An event — here a
  period — in which they score zero, before anything is pooled, is disregarded (8.2.1).
- The rating floor (1400): an initial rating under it is not published (the player stays
  unrated and keeps pooling); a rating that falls under it makes the player unrated again.

Not modelled: the 26-month window of the pooled games, the regulations' rules on which events
are rated (rates of play, round robins with unrated players), and the October 2025 amendment
lifting the 400-point cap for players rated 2650 and above.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

from tournaments.core.fide_tables import dp_of, pd_hundredths

from .periods import Game, PeriodKey, PlayerKey

CAP = 400  # the 400-point rule
FLOOR = 1400  # the rating floor
MAX_INITIAL = 2200  # the highest initial rating
INITIAL_GAMES = 5  # games against rated opponents before a first rating
HYPOTHETICAL = 1800  # the two hypothetical opponents' rating (drawn)
KN_LIMIT = 700  # K × n, the period's cap

# PD in hundredths for every capped difference: PD_CAPPED[d + CAP] for d in −400 … 400.
PD_CAPPED: tuple[int, ...] = tuple(pd_hundredths(d) for d in range(-CAP, CAP + 1))


@dataclass(frozen=True, slots=True)
class EloState:
    """A player's FIDE-style state after a period.

    ``rating`` is None while unrated; ``games`` counts the games rated so far (for K = 40 until
    30); ``reached_2400`` is set once a published rating reached 2400; ``birth_year`` (None:
    unknown, no junior K) and ``pending``, an unrated player's pooled games against rated
    opponents as (opponent's rating, half-points scored) pairs."""

    rating: int | None = None
    games: int = 0
    reached_2400: bool = False
    birth_year: int | None = None
    pending: tuple[tuple[int, int], ...] = field(default=())


def expected(rating: int, opponent: int) -> float:
    """The scoring probability PD of ``rating`` against ``opponent`` (table 8.1.2, the
    difference capped at 400)."""
    d = max(-CAP, min(CAP, rating - opponent))
    return PD_CAPPED[d + CAP] / 100


def k_factor(*, games: int, age: int | None, rating: int, reached_2400: bool) -> int:
    """K (8.3.3) for a player who has had ``games`` rated games, is ``age`` in the period's
    year (the age they reach that calendar year; None: unknown), is rated ``rating`` and has or
    has not had a published rating of 2400:

    - 40 for a player new to the list until they have completed 30 games;
    - 40 until the end of the year of their 18th birthday, while the rating is under 2300;
    - 10 once a published rating reached 2400 (and thereafter, even below 2400);
    - 20 otherwise (a rating that stays under 2400)."""
    if games < 30:
        return 40
    if age is not None and age <= 18 and rating < 2300:
        return 40
    if reached_2400 or rating >= 2400:
        return 10
    return 20


def period_k(k: int, games: int) -> int:
    """K for a period of ``games`` games: if K × n exceeds 700, the largest whole number K with
    K × n ≤ 700 (8.3.3, last paragraph)."""
    return k if k * games <= KN_LIMIT else KN_LIMIT // games


def round_half_away(numerator: int, denominator: int) -> int:
    """numerator / denominator rounded to the nearest whole number, 0.5 away from zero."""
    q, r = divmod(abs(numerator), denominator)
    q += 2 * r >= denominator
    return q if numerator >= 0 else -q


def rating_change(k: int, delta_hundredths: int) -> int:
    """K × ΣΔR with ΣΔR in hundredths, rounded as 8.3.4 says (0.5 away from zero)."""
    return round_half_away(k * delta_hundredths, 100)


def period_change(rating: int, k: int, games: Sequence[tuple[int, float]]) -> int:
    """The rounded change of a rated player over a period: ``games`` as (opponent's rating,
    score) pairs against rated opponents, K before the 700 cap (which this applies)."""
    delta = sum(round(score * 100) - round(expected(rating, opp) * 100) for opp, score in games)
    return rating_change(period_k(k, len(games)), delta)


def initial_rating(games: Sequence[tuple[int, float]]) -> int:
    """An unrated player's first rating from their (opponent's rating, score) games against
    rated opponents (8.2): Ra is the average rating of the opponents and of two hypothetical
    opponents rated 1800, drawn; p the fractional score over those games (the two draws
    included), rounded to the nearest hundredth (half up) to read table 8.1.1; Ru = Ra + dp,
    rounded to the nearest whole number (half up), and at most 2200. Whether it is published
    (5 games, the 1400 floor) is the caller's matter."""
    n = len(games) + 2
    ra = Fraction(sum(opp for opp, _ in games) + 2 * HYPOTHETICAL, n)
    halves = sum(round(score * 2) for _, score in games) + 2
    p_hundredths = (100 * halves + n) // (2 * n)  # floor(100·p + ½), p = halves / 2n
    ru = ra + dp_of(p_hundredths)
    return min(MAX_INITIAL, math.floor(ru + Fraction(1, 2)))


YearOf = Callable[[PeriodKey], int | None]


def _default_year(period: PeriodKey) -> int | None:
    """The calendar year of a period key: a date's ``year``, or the first item of a tuple."""
    year = getattr(period, "year", None)
    if year is None and isinstance(period, tuple) and period and isinstance(period[0], int):
        year = period[0]
    return year if isinstance(year, int) else None


@dataclass(frozen=True, slots=True)
class FideElo:
    """The method: FIDE-style Elo with the rating ``floor`` (1400 in the regulations) and
    ``year_of``, the calendar year of a period key (for the junior K; the default reads a
    date's year or a tuple's first item, and without a year the junior rule is not applied)."""

    name: str = "fide-elo"
    floor: int = FLOOR
    year_of: YearOf | None = _default_year

    def apply_period(
        self, states: Mapping[PlayerKey, EloState], games: Sequence[Game]
    ) -> dict[PlayerKey, EloState]:
        """The states after one period of ``games`` (see the module's docstring)."""
        delta, count, pooled = _tally(states, games)
        out = dict(states)
        for game in games:  # every player who appeared has a state, rated or not
            for key in (game.first, game.second):
                if key not in out:
                    out[key] = EloState()
        year = self.year_of(games[0].period) if games and self.year_of is not None else None
        for key, hundredths in delta.items():
            out[key] = self._rated(states[key], hundredths, count[key], year)
        for key, new in pooled.items():
            out[key] = self._pooled(out[key], new)
        return out

    def _rated(self, state: EloState, hundredths: int, n: int, year: int | None) -> EloState:
        rating = state.rating
        assert rating is not None
        age = year - state.birth_year if year is not None and state.birth_year is not None else None
        k = k_factor(games=state.games, age=age, rating=rating, reached_2400=state.reached_2400)
        new = rating + rating_change(period_k(k, n), hundredths)
        # Built directly, not with dataclasses.replace: this runs for every player of every period.
        if new < self.floor:  # under the floor: unrated again, to be rated anew
            return EloState(None, state.games + n, state.reached_2400, state.birth_year)
        return EloState(
            new, state.games + n, state.reached_2400 or new >= 2400, state.birth_year, ()
        )

    def _pooled(self, state: EloState, new: list[tuple[int, int]]) -> EloState:
        if not state.pending and not any(halves for _, halves in new):
            return state  # a first event scored zero is disregarded
        pending = state.pending + tuple(new)
        if len(pending) < INITIAL_GAMES:
            return replace(state, pending=pending)
        ru = initial_rating([(opp, halves / 2) for opp, halves in pending])
        if ru < self.floor:
            return replace(state, pending=pending)  # not published: keeps pooling
        return replace(
            state,
            rating=ru,
            games=state.games + len(pending),
            reached_2400=state.reached_2400 or ru >= 2400,
            pending=(),
        )


def _tally(
    states: Mapping[PlayerKey, EloState], games: Sequence[Game]
) -> tuple[dict[PlayerKey, int], dict[PlayerKey, int], dict[PlayerKey, list[tuple[int, int]]]]:
    """One pass over a period's games: each rated player's ΣΔR in hundredths and number of
    games against rated opponents, and each unrated player's new games against rated opponents
    as (opponent's rating, half-points). The hot loop: no objects per game but the pooled
    pairs, PD from the precomputed ``PD_CAPPED``."""
    delta: dict[PlayerKey, int] = {}
    count: dict[PlayerKey, int] = {}
    pooled: dict[PlayerKey, list[tuple[int, int]]] = {}
    get = states.get
    pd = PD_CAPPED
    for game in games:
        a, b = game.first, game.second
        sa, sb = get(a), get(b)
        ra = sa.rating if sa is not None else None
        rb = sb.rating if sb is not None else None
        halves = int(game.score * 2)
        if ra is not None and rb is not None:
            d = ra - rb
            d = CAP if d > CAP else -CAP if d < -CAP else d
            x = 50 * halves - pd[d + CAP]  # first's ΔR in hundredths; the second's is −x
            delta[a] = delta.get(a, 0) + x
            delta[b] = delta.get(b, 0) - x
            count[a] = count.get(a, 0) + 1
            count[b] = count.get(b, 0) + 1
        elif rb is not None:
            pooled.setdefault(a, []).append((rb, halves))
        elif ra is not None:
            pooled.setdefault(b, []).append((ra, 2 - halves))
    return delta, count, pooled
