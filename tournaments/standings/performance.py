"""The tie-breaks based on ratings (FIDE C.07 art. 10, read in the wording of the revision in
force from 1 March 2026; art. 10 was not compared word for word with the 2024 text): ARO and its
cut and median variants (10.1 with 14.1-14.4), TPR (10.2), PTP (10.3), APRO (10.4) and APPO
(10.5).

What counts (10.1-10.5 all say "the opponents played over the board"): the games played over
the board, in a round robin too — forfeits, byes and absences are no opponents and their points
do not count. Each counted game adds the opponent's rating and the entry's game score: 1, ½ or 0
whatever the tournament's point system, since ratings are built on 1-½-0 (FIDE B.02 8.1).

Unrated opponents: C.07 leaves their rating to the tournament's regulations. ``table.unrated``
is that value; when it is ``None`` (the default), a game against an unrated opponent is left out
of these tie-breaks altogether (neither a rating nor a score), and the *how?* page shows it cut.

Rounding (10.1, 10.4, 10.5): averages go to the nearest whole number, 0.5 rounded up, in exact
integer arithmetic. Without any counted game every value is 0.

Worked example (the tests check it): A, rated 1800, beats B (1600), draws C (1750), loses to D
(2000); round 4 is a half-point bye. ARO = (1600 + 1750 + 2000) / 3 = 1783.33 -> 1783. TPR:
p = 1.5 / 3 = 0.50, dp(0.50) = 0, TPR = 1783. PTP: the lowest R whose expected score against
1600, 1750 and 2000 reaches 1.5: table 8.1.2 gives at R = 1779 (differences 179, 29, -221)
0.73 + 0.54 + 0.22 = 1.49, at R = 1780 (180, 30, -220) 0.74 + 0.54 + 0.22 = 1.50, so PTP = 1780.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from types import MappingProxyType

import tournaments.standings.variants  # noqa: F401  (registered first: art. 8 and 14 before 10)
from tournaments.core.fide_tables import dp_of, pd_hundredths

from .results import DRAW_OUTCOME, PLAYED, WIN_OUTCOME, ResultTable
from .terms import Term, _new, cut
from .tiebreaks import TIEBREAKS, Explanation, TieBreak, gettext_noop, register

NOTE_UNRATED = "unrated"  # an unrated opponent without a value for the unrated: left out
NOTE_UNRATED_VALUE = "unrated_value"  # an unrated opponent counted with ``table.unrated``
NOTE_NO_PERFORMANCE = "no_performance"  # APRO/APPO: the opponent has no rated game: left out

_HALVES = {WIN_OUTCOME: 2, DRAW_OUTCOME: 1}  # the game score in halves (a loss: 0)


def round_half_up(total: int, count: int) -> int:
    """``total / count`` to the nearest whole number, 0.5 rounded up (10.1), exactly."""
    return (2 * total + count) // (2 * count)


def rated_games(table: ResultTable, entry: int) -> tuple[list[Term], list[Term]]:
    """The games ``entry`` played over the board, as terms ``value`` = the opponent's rating
    (``table.rating``) and ``points`` = the game score (1, ½, 0): those that count, and those
    left out (unrated opponents without a value for the unrated; marked cut). Cached."""
    cache = table._cache.setdefault("rated_games", {})
    assert isinstance(cache, dict)
    got = cache.get(entry)
    if got is not None:
        return got
    counted: list[Term] = []
    left_out: list[Term] = []
    for r in table.rounds[entry]:
        if r.kind != PLAYED:
            continue
        assert r.opponent is not None
        rating = table.rating(r.opponent)
        score = _HALVES.get(r.outcome or "", 0) / 2
        if rating is None:
            left_out.append(
                _new(
                    Term,
                    (r.round, PLAYED, r.opponent, 0.0, None, score, None, None, NOTE_UNRATED, True),
                )
            )
            continue
        note = NOTE_UNRATED_VALUE if table.ratings.get(r.opponent) is None else ""
        counted.append(
            _new(
                Term,
                (r.round, PLAYED, r.opponent, float(rating), None, score, None, None, note, False),
            )
        )
    cache[entry] = got = (counted, left_out)
    return got


def _in_round_order(*lists: Iterable[Term]) -> tuple[Term, ...]:
    return tuple(sorted((t for terms in lists for t in terms), key=lambda t: t.round))


def _average(terms: Sequence[Term]) -> tuple[int, int, int]:
    """The sum of the values of the terms not cut (whole ratings), their number, and the
    average rounded as 10.1 says (0 without any)."""
    kept = [int(t.value) for t in terms if not t.cut]
    total = sum(kept)
    return total, len(kept), round_half_up(total, len(kept)) if kept else 0


class _AverageRatingBase(TieBreak):
    low = 0
    high = 0

    def explain(self, table: ResultTable, entry: int) -> Explanation:
        counted, left_out = rated_games(table, entry)
        terms = cut(counted, self.low, self.high)
        total, games, value = _average(terms)
        params = MappingProxyType({"sum": total, "games": games})
        return Explanation(float(value), _in_round_order(terms, left_out), params)


@register
class AverageRatingOfOpponents(_AverageRatingBase):
    """ARO (10.1): the average rating of the opponents played over the board, rounded to the
    nearest whole number (0.5 up). An opponent met twice counts twice."""

    key = "average_rating_opponents"
    label = gettext_noop("Average rating of opponents")
    abbr = gettext_noop("ARO")


@register
class AverageRatingCut1(_AverageRatingBase):
    """ARO-C1 (10.1 with 14.1): ARO without the lowest rating. Only games over the board are
    terms of ARO, so an unplayed round is none to cut (16.5 has nothing to choose)."""

    key = "average_rating_opponents_cut1"
    label = gettext_noop("Average rating of opponents cut 1")
    abbr = gettext_noop("ARO-C1")
    low = 1


@register
class AverageRatingCut2(_AverageRatingBase):
    """ARO-C2 (10.1 with 14.2): ARO without the two lowest ratings."""

    key = "average_rating_opponents_cut2"
    label = gettext_noop("Average rating of opponents cut 2")
    abbr = gettext_noop("ARO-C2")
    low = 2


@register
class AverageRatingMedian1(_AverageRatingBase):
    """ARO-M1 (10.1 with 14.3): ARO without the lowest and the highest rating."""

    key = "average_rating_opponents_median1"
    label = gettext_noop("Average rating of opponents median 1")
    abbr = gettext_noop("ARO-M1")
    low = 1
    high = 1


@register
class AverageRatingMedian2(_AverageRatingBase):
    """ARO-M2 (10.1 with 14.4): ARO without the two lowest and the two highest ratings."""

    key = "average_rating_opponents_median2"
    label = gettext_noop("Average rating of opponents median 2")
    abbr = gettext_noop("ARO-M2")
    low = 2
    high = 2


def _halves(terms: Sequence[Term]) -> int:
    """The game score of ``terms`` in half points."""
    return sum(round(2 * (t.points or 0.0)) for t in terms)


@register
class PerformanceRating(TieBreak):
    """TPR (10.2): ARO plus the rating difference dp that table 8.1.1 of the FIDE Rating
    Regulations gives for the fractional score p = points / games over the counted games
    (p to the nearest hundredth, 0.5 up, as the table is in hundredths). ``params``: "aro",
    "score", "games", "p" (hundredths), "dp"."""

    key = "performance_rating"
    label = gettext_noop("Tournament performance rating")
    abbr = gettext_noop("TPR")

    def explain(self, table: ResultTable, entry: int) -> Explanation:
        cache = table._cache.setdefault("tpr", {})
        assert isinstance(cache, dict)
        got = cache.get(entry)
        if got is not None:
            return got
        counted, left_out = rated_games(table, entry)
        _, games, aro = _average(counted)
        halves = _halves(counted)
        p = (100 * halves + games) // (2 * games) if games else 0
        dp = dp_of(p) if games else 0
        params = {"aro": aro, "score": halves / 2, "games": games, "p": p, "dp": dp}
        value = float(aro + dp) if games else 0.0
        cache[entry] = got = Explanation(
            value, _in_round_order(counted, left_out), MappingProxyType(params)
        )
        return got


def expected_hundredths(rating: int, opponents: Sequence[int]) -> int:
    """The expected score, in hundredths, of a player rated ``rating`` against ``opponents``:
    the sum of table 8.1.2's probabilities, over the full scale (no 400-point cut, 10.3)."""
    return sum(pd_hundredths(rating - r) for r in opponents)


def perfect_performance(halves: int, opponents: Sequence[int]) -> int:
    """PTP (10.3) for a score of ``halves`` half points against ``opponents``' ratings: the
    lowest whole rating R whose expected score is at least the score. A zero score: 800 below
    the lowest-rated opponent (10.3). A full score follows the definition: the table gives
    1.00 only from a difference of 736, so R is the highest-rated opponent's rating + 736."""
    if halves <= 0:
        return min(opponents) - 800
    want = 50 * halves  # the score in hundredths
    low, high = min(opponents) - 737, max(opponents) + 736  # expected: 0 < want <= 100 n
    while high - low > 1:  # invariant: expected(low) < want <= expected(high)
        mid = (low + high) // 2
        if expected_hundredths(mid, opponents) >= want:
            high = mid
        else:
            low = mid
    return high


@register
class PerfectPerformance(TieBreak):
    """PTP (10.3): ``perfect_performance`` over the counted games. ``params``: "score",
    "games", "expected" (hundredths, at the PTP) and "expected_below" (at the PTP less 1)."""

    key = "perfect_performance"
    label = gettext_noop("Perfect tournament performance")
    abbr = gettext_noop("PTP")

    def explain(self, table: ResultTable, entry: int) -> Explanation:
        cache = table._cache.setdefault("ptp", {})
        assert isinstance(cache, dict)
        got = cache.get(entry)
        if got is not None:
            return got
        counted, left_out = rated_games(table, entry)
        ratings = [int(t.value) for t in counted]
        halves = _halves(counted)
        params: dict[str, object] = {"score": halves / 2, "games": len(counted)}
        value = 0.0
        if counted:
            ptp = perfect_performance(halves, ratings)
            params["expected"] = expected_hundredths(ptp, ratings)
            params["expected_below"] = expected_hundredths(ptp - 1, ratings)
            value = float(ptp)
        cache[entry] = got = Explanation(
            value, _in_round_order(counted, left_out), MappingProxyType(params)
        )
        return got


class _AveragePerformanceBase(TieBreak):
    of = ""  # the key of the opponents' tie-break averaged

    def explain(self, table: ResultTable, entry: int) -> Explanation:
        of = TIEBREAKS[self.of]
        terms: list[Term] = []
        for r in table.rounds[entry]:
            if r.kind != PLAYED:
                continue
            assert r.opponent is not None
            theirs = of.explain(table, r.opponent)
            has = bool(theirs.params.get("games"))
            note = "" if has else NOTE_NO_PERFORMANCE
            score = _HALVES.get(r.outcome or "", 0) / 2
            terms.append(
                _new(
                    Term,
                    (
                        r.round,
                        PLAYED,
                        r.opponent,
                        theirs.value,
                        None,
                        score,
                        None,
                        None,
                        note,
                        not has,
                    ),
                )
            )
        total, games, value = _average(terms)
        params = MappingProxyType({"sum": total, "games": games})
        return Explanation(float(value), tuple(terms), params)


@register
class AveragePerformanceOfOpponents(_AveragePerformanceBase):
    """APRO (10.4): the average of the TPRs of the opponents played over the board, rounded to
    the nearest whole number (0.5 up). An opponent without a rated game has no TPR and is left
    out."""

    key = "average_performance_opponents"
    label = gettext_noop("Average performance rating of opponents")
    abbr = gettext_noop("APRO")
    of = "performance_rating"


@register
class AveragePerfectPerformanceOfOpponents(_AveragePerformanceBase):
    """APPO (10.5): the average of the PTPs of the opponents played over the board, rounded to
    the nearest whole number (0.5 up). An opponent without a rated game is left out."""

    key = "average_perfect_performance_opponents"
    label = gettext_noop("Average perfect performance of opponents")
    abbr = gettext_noop("APPO")
    of = "perfect_performance"
