"""The rating tie-breaks of C.07 art. 10 (ARO and its cuts, TPR, PTP, APRO, APPO): a worked
example each, computed by hand in the docstrings, and an independent computation written
straight from the regulations' words over raw game lists (``Reference``: Fractions, sorting and
a plain scan of ratings instead of the core's integer halves, ``cut`` and bisection), compared on
hand-made and generated tournaments."""

from __future__ import annotations

import functools
import math
import random
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.standings.test_c07_more import random_swiss
from tournaments.core.fide_tables import DP_UPPER_HALF, PD_UPPER_BOUNDS
from tournaments.core.history import (
    DRAW,
    FORFEIT_LOSS,
    FORFEIT_WIN,
    HALF_BYE,
    LOSS,
    WIN,
    GameRecord,
    PointSystem,
)
from tournaments.standings import TIEBREAKS, ResultTable, compute_standings
from tournaments.standings.__main__ import synthetic_swiss
from tournaments.standings.performance import NOTE_UNRATED, NOTE_UNRATED_VALUE

ARO_KEYS = {
    "average_rating_opponents": (0, 0),
    "average_rating_opponents_cut1": (1, 0),
    "average_rating_opponents_cut2": (2, 0),
    "average_rating_opponents_median1": (1, 1),
    "average_rating_opponents_median2": (2, 2),
}
NEW = (
    *ARO_KEYS,
    "performance_rating",
    "perfect_performance",
    "average_performance_opponents",
    "average_perfect_performance_opponents",
)

# A 1800, B 1600, C 1750, D 2000, E unrated.
A, B, C, D, E = 1, 2, 3, 4, 5
RATINGS = {A: 1800, B: 1600, C: 1750, D: 2000, E: None}
GAMES = [
    GameRecord(1, A, B, WIN), GameRecord(1, C, D, DRAW), GameRecord(1, E, None, HALF_BYE),
    GameRecord(2, C, A, DRAW), GameRecord(2, B, D, LOSS), GameRecord(2, E, None, HALF_BYE),
    GameRecord(3, A, D, LOSS), GameRecord(3, B, C, WIN), GameRecord(3, E, None, HALF_BYE),
    GameRecord(4, A, None, HALF_BYE), GameRecord(4, B, E, DRAW), GameRecord(4, C, D, FORFEIT_WIN),
]  # fmt: skip


def rated(ratings=RATINGS, games=GAMES, rounds=4, *, unrated=None, round_robin=False):
    return ResultTable.build(
        list(ratings),
        games,
        system=PointSystem(),
        rounds_played=rounds,
        ratings=ratings,
        unrated=unrated,
        round_robin=round_robin,
    )


def value(key, t, entry):
    return TIEBREAKS[key].explain(t, entry)


def test_registered_with_fide_acronyms():
    assert {k: TIEBREAKS[k].abbr for k in NEW} == {
        "average_rating_opponents": "ARO",
        "average_rating_opponents_cut1": "ARO-C1",
        "average_rating_opponents_cut2": "ARO-C2",
        "average_rating_opponents_median1": "ARO-M1",
        "average_rating_opponents_median2": "ARO-M2",
        "performance_rating": "TPR",
        "perfect_performance": "PTP",
        "average_performance_opponents": "APRO",
        "average_perfect_performance_opponents": "APPO",
    }


def test_aro_worked_example():
    """A met B 1600, C 1750 and D 2000 over the board; round 4 was a half-point bye (no
    opponent). (1600 + 1750 + 2000) / 3 = 1783.33 -> 1783. Cut 1: (1750 + 2000) / 2 = 1875.
    Median 1: 1750. Cut 2 and median 2: 2000 alone, and nothing (0).
    C met D (r1), A (r2), B (r3); r4's forfeit win is no opponent: 5400 / 3 = 1800.
    B met A, D, C and the unrated E (r4), left out: 5550 / 3 = 1850."""
    t = rated()
    assert value("average_rating_opponents", t, A).value == 1783
    assert value("average_rating_opponents_cut1", t, A).value == 1875
    assert value("average_rating_opponents_median1", t, A).value == 1750
    assert value("average_rating_opponents_cut2", t, A).value == 2000
    assert value("average_rating_opponents_median2", t, A).value == 0
    assert value("average_rating_opponents", t, C).value == 1800
    ex = value("average_rating_opponents", t, B)
    assert ex.value == 1850 and dict(ex.params) == {"sum": 5550, "games": 3}
    assert [(x.round, x.cut, x.note) for x in ex.terms][-1] == (4, True, NOTE_UNRATED)
    cut1 = value("average_rating_opponents_cut1", t, A)
    assert [x.round for x in cut1.terms if x.cut] == [1]  # B's 1600


def test_rounding_half_up():
    """1600 and 1601: 1600.5 -> 1601 (0.5 rounded up)."""
    games = [GameRecord(1, 1, 2, WIN), GameRecord(2, 1, 3, WIN)]
    t = rated({1: 1500, 2: 1600, 3: 1601}, games, 2)
    assert value("average_rating_opponents", t, 1).value == 1601


def test_tpr_worked_example():
    """A: ARO 1783, 1.5 / 3: p = 0.50, dp 0: TPR 1783. D: met C (½), B (1), A (1): ARO
    (1750 + 1600 + 1800) / 3 = 1716.67 -> 1717; p = 2.5 / 3 = 0.8333 -> 0.83, dp 273: 1990.
    B: 1 / 3 against A, D, C -> p 0.33, dp -125; ARO 1850: 1725."""
    t = rated()
    assert value("performance_rating", t, A).value == 1783
    ex = value("performance_rating", t, D)
    assert ex.value == 1990
    assert dict(ex.params) == {"aro": 1717, "score": 2.5, "games": 3, "p": 83, "dp": 273}
    assert value("performance_rating", t, B).value == 1725


def test_ptp_worked_example():
    """A, 1.5 against 1600, 1750, 2000: at 1779 (differences 179, 29, -221) table 8.1.2 gives
    0.73 + 0.54 + 0.22 = 1.49; at 1780 (180, 30, -220) 0.74 + 0.54 + 0.22 = 1.50: PTP 1780."""
    ex = value("perfect_performance", rated(), A)
    assert ex.value == 1780
    assert ex.params["expected"] == 150 and ex.params["expected_below"] == 149


def test_ptp_zero_and_full_scores():
    """0 / 2 against 1500 and 1700: 800 below the lowest, 700 (10.3). 2 / 2: the table gives
    1.00 from a difference of 736, so 1700 + 736 = 2436 (at 2435: 1.00 + 0.99)."""
    games = [GameRecord(1, 1, 2, WIN), GameRecord(2, 1, 3, WIN)]
    t = rated({1: 1600, 2: 1500, 3: 1700}, games, 2)
    assert value("perfect_performance", t, 1).value == 2436
    assert value("perfect_performance", t, 2).value == 1600 - 800
    assert value("perfect_performance", t, 3).value == 1600 - 800


def test_apro_appo_worked_example():
    """APRO of A: the TPRs of B 1725, C and D 1990. C met D (½), A (½), B (0): ARO 1800,
    p = 1 / 3 -> 0.33, dp -125: 1675. (1725 + 1675 + 1990) / 3 = 1796.67 -> 1797.
    APPO of A: the PTPs of B, C, D (checked against the reference below), averaged."""
    t = rated()
    assert value("performance_rating", t, C).value == 1675
    ex = value("average_performance_opponents", t, A)
    assert ex.value == 1797 and [x.value for x in ex.terms] == [1725, 1675, 1990]
    ptps = [value("perfect_performance", t, x).value for x in (B, C, D)]
    assert value("average_perfect_performance_opponents", t, A).value == math.floor(
        Fraction(int(sum(ptps)), 3) + Fraction(1, 2)
    )


def test_unrated_counts_with_the_tournaments_value():
    """With unrated = 1400, B's r4 opponent E counts: (1800 + 2000 + 1750 + 1400) / 4 =
    1737.5 -> 1738; and E (½ against B's 1600) gets a TPR: 1600 + dp(0.50) = 1600."""
    t = rated(unrated=1400)
    ex = value("average_rating_opponents", t, B)
    assert ex.value == 1738 and ex.terms[-1].note == NOTE_UNRATED_VALUE
    assert value("performance_rating", t, E).value == 1600


def test_apro_leaves_out_an_opponent_without_a_rated_game():
    """E's only game is against B; B's APRO counts E only when E has a TPR."""
    assert [x.cut for x in value("average_performance_opponents", rated(), B).terms] == [
        False,
        False,
        False,
        False,
    ]
    games = [GameRecord(1, 1, 2, WIN), GameRecord(2, 1, 3, DRAW)]
    t = rated({1: 1500, 2: None, 3: 1700}, games, 2)
    # 2 is unrated and met only 1: its game counts (1 is rated), so 2 has a TPR; 3 too.
    assert not any(x.cut for x in value("average_performance_opponents", t, 1).terms)
    lonely = rated({1: None, 2: None}, [GameRecord(1, 1, 2, WIN)], 1)
    assert value("average_performance_opponents", lonely, 1).terms[0].cut
    assert value("average_performance_opponents", lonely, 1).value == 0


def test_forfeits_are_no_opponents_in_a_round_robin_either():
    """C's r4 forfeit win against D counts in no rating tie-break, round robin or not."""
    for rr in (False, True):
        ex = value("average_rating_opponents", rated(round_robin=rr), C)
        assert [x.opponent for x in ex.terms] == [D, A, B]


def test_game_score_is_one_half_zero_under_three_points_a_win():
    system = PointSystem(win=3, draw=1, loss=0, bye=3)
    games = [GameRecord(1, 1, 2, WIN), GameRecord(2, 1, 3, DRAW)]
    t = ResultTable.build(
        [1, 2, 3], games, system=system, rounds_played=2, ratings={1: 1500, 2: 1500, 3: 1500}
    )
    assert value("performance_rating", t, 1).params["score"] == 1.5


# --- the independent computation -----------------------------------------------------------


class Reference:
    """C.07 art. 10 read literally over the raw records of rounds 1..rounds."""

    def __init__(self, entries, games, rounds, ratings, unrated):
        self.ratings, self.unrated = ratings, unrated
        self.ptps: dict[int, int | None] = {}
        self.games = {p: [] for p in entries}  # p -> [(opponent, score as a Fraction)]
        mine = {WIN: Fraction(1), DRAW: Fraction(1, 2), LOSS: Fraction(0)}
        for g in games:
            if not 1 <= g.round <= rounds or g.second is None or g.result not in mine:
                continue  # byes, forfeits, double forfeits, results to come: not over the board
            self.games.setdefault(g.first, []).append((g.second, mine[g.result]))
            self.games.setdefault(g.second, []).append((g.first, 1 - mine[g.result]))

    def rating(self, p):
        r = self.ratings.get(p)
        return self.unrated if r is None else r

    def rated(self, p):
        return [(self.rating(o), s) for o, s in self.games[p] if self.rating(o) is not None]

    @staticmethod
    def nearest(x: Fraction) -> int:
        return math.floor(x + Fraction(1, 2))

    def aro(self, p, low=0, high=0):
        ratings = sorted(r for r, _ in self.rated(p))
        ratings = ratings[min(low, len(ratings)) :]
        ratings = ratings[: len(ratings) - min(high, len(ratings))]
        return self.nearest(Fraction(sum(ratings), len(ratings))) if ratings else 0

    def tpr(self, p):
        games = self.rated(p)
        if not games:
            return None
        p100 = self.nearest(100 * sum(s for _, s in games) / len(games))
        dp = DP_UPPER_HALF[p100 - 50] if p100 >= 50 else -DP_UPPER_HALF[50 - p100]
        return self.aro(p) + dp

    @staticmethod
    @functools.cache
    def pd(difference):
        """Table 8.1.2 read row by row: the first row whose upper bound covers |D|."""
        hundredths = 100
        for row, bound in enumerate(PD_UPPER_BOUNDS, start=50):
            if abs(difference) <= bound:
                hundredths = row
                break
        return Fraction(hundredths if difference >= 0 else 100 - hundredths, 100)

    def ptp(self, p):
        if p not in self.ptps:
            self.ptps[p] = self._ptp(p)
        return self.ptps[p]

    def _ptp(self, p):
        games = self.rated(p)
        if not games:
            return None
        ratings = [r for r, _ in games]
        score = sum(s for _, s in games)
        if score == 0:
            return min(ratings) - 800
        candidate = min(ratings) - 736  # expected 0 below: every difference under -735
        while sum(self.pd(candidate - r) for r in ratings) < score:
            candidate += 1
        return candidate

    def average_of(self, p, of):
        got = [of(o) for o, _ in self.games[p]]
        got = [x for x in got if x is not None]
        return self.nearest(Fraction(sum(got), len(got))) if got else 0

    def values(self, p):
        out = {k: self.aro(p, low, high) for k, (low, high) in ARO_KEYS.items()}
        out["performance_rating"] = self.tpr(p) or 0
        out["perfect_performance"] = self.ptp(p) or 0
        out["average_performance_opponents"] = self.average_of(p, self.tpr)
        out["average_perfect_performance_opponents"] = self.average_of(p, self.ptp)
        return out


def assert_same(entries, games, rounds, ratings, unrated=None, *, round_robin=False):
    ref = Reference(entries, games, rounds, ratings, unrated)
    rows = compute_standings(
        entries,
        games,
        system=PointSystem(),
        order=NEW,
        rounds_played=rounds,
        ratings=ratings,
        unrated=unrated,
        round_robin=round_robin,
    )
    for row in rows:
        expected = ref.values(row.entry)
        got = dict(zip(NEW, row.tiebreaks, strict=True))
        assert got == expected, row.entry


def test_reference_agrees_on_the_hand_made_tournament():
    assert_same(list(RATINGS), GAMES, 4, RATINGS)
    assert_same(list(RATINGS), GAMES, 4, RATINGS, unrated=1000)
    assert_same(list(RATINGS), GAMES, 3, RATINGS, round_robin=True)


def random_ratings(rng: random.Random, n: int) -> dict[int, int | None]:
    return {p: None if rng.random() < 0.2 else rng.randint(1000, 2800) for p in range(1, n + 1)}


@pytest.mark.parametrize("seed", range(3))
def test_reference_agrees_on_synthetic_swisses(seed):
    rng = random.Random(seed)
    ratings = random_ratings(rng, 30)
    assert_same(list(range(1, 31)), synthetic_swiss(30, 5, seed=seed), 5, ratings)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(2, 9),
    st.integers(1, 6),
    st.randoms(use_true_random=False),
    st.one_of(st.none(), st.integers(0, 2000)),
)
def test_reference_agrees_on_random_swisses(n, rounds, rng, unrated):
    games = random_swiss(rng, n, rounds)
    assert_same(list(range(1, n + 1)), games, rounds, random_ratings(rng, n), unrated)


def test_forfeit_loss_is_no_game():
    games = [GameRecord(1, 1, 2, FORFEIT_LOSS), GameRecord(2, 1, 3, WIN)]
    t = rated({1: 1500, 2: 1600, 3: 1700}, games, 2)
    assert value("average_rating_opponents", t, 1).value == 1700
