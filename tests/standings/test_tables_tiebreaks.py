"""The tie-breaks of an event at tables (issue 30), worked by hand: SOS difference and direct
placings between the tied, with the order a tournament chooses (docs/tables.md)."""

from __future__ import annotations

import random

import pytest

from tournaments.standings.tables import (
    TABLE_TIEBREAKS,
    TABLES_DIRECT,
    TABLES_OPPONENTS,
    TABLES_ORDER,
    TABLES_SOS,
    TABLES_SOS_DIFFERENCE,
    TABLES_WINS,
    TableBye,
    TableResult,
    TablesData,
    table_standings,
)

A, B, C, D, E = 1, 2, 3, 4, 5


def t(rnd: int, seats: tuple[int, ...], counts: tuple[int, ...], points: tuple[float, ...]):
    return TableResult(round=rnd, seats=seats, counts=counts, points=points)


def data(tables: list[TableResult], byes: tuple[TableBye, ...] = ()) -> TablesData:
    points: dict[int, float] = {}
    for table in tables:
        for e, p in zip(table.seats, table.points, strict=True):
            points[e] = points.get(e, 0.0) + p
    for bye in byes:
        points[bye.entry] = points.get(bye.entry, 0.0) + bye.points
    return TablesData(tables, byes, points)


def test_the_usual_order() -> None:
    assert TABLES_ORDER == (
        TABLES_OPPONENTS,
        TABLES_SOS,
        TABLES_SOS_DIFFERENCE,
        TABLES_WINS,
        TABLES_DIRECT,
    )
    assert list(TABLE_TIEBREAKS) == list(TABLES_ORDER)
    for tb in TABLE_TIEBREAKS.values():
        assert tb.label and tb.abbr and tb.help


# --- SOS difference ---------------------------------------------------------------------------


def test_sos_difference_is_own_count_less_the_others_average() -> None:
    # Round 1 at four: 5, 3, 2, 1. A: 5 - (3+2+1)/3 = 3; B: 3 - 8/3 = 1/3; C: 2 - 3 = -1;
    # D: 1 - 10/3 = -7/3. Round 2 at three: A 0, C 4, E 4: A 0 - 4 = -4, C 4 - 2 = 2, E 2.
    # A bye (B in round 2) adds nothing.
    tables = [
        t(1, (A, B, C, D), (5, 3, 2, 1), (3, 2, 1, 0)),
        t(2, (A, C, E), (0, 4, 4), (0, 2.25, 2.25)),
    ]
    got = TABLE_TIEBREAKS[TABLES_SOS_DIFFERENCE].compute(
        data(tables, (TableBye(2, B, 1.5), TableBye(1, E, 1.5)))
    )
    assert got[A].value == pytest.approx(-1)
    assert got[B].value == pytest.approx(1 / 3)
    assert got[C].value == pytest.approx(1)
    assert got[D].value == pytest.approx(-7 / 3)
    assert got[E].value == pytest.approx(2)
    first, second = got[A].terms
    assert (first.round, first.value, first.score, first.points) == (1, 3.0, 2.0, 5)
    assert (second.round, second.value, second.score, second.points) == (2, -4.0, 4.0, 0)
    assert [(term.round, term.kind, term.value) for term in got[B].terms][-1] == (2, "bye", 0.0)


def test_a_tables_sos_differences_add_up_to_nothing() -> None:
    rng = random.Random(7)
    for _ in range(200):
        m = rng.randint(2, 6)
        counts = tuple(rng.randint(0, 9) for _ in range(m))
        table = t(1, tuple(range(1, m + 1)), counts, (0.0,) * m)
        got = TABLE_TIEBREAKS[TABLES_SOS_DIFFERENCE].compute(data([table]))
        assert sum(ex.value for ex in got.values()) == pytest.approx(0, abs=1e-6)


# --- direct placings between the tied ---------------------------------------------------------

# A, B and C end on 3 points. A and B sat together twice (A ahead in round 1, B in round 4: ½
# each on average), A and C once (C ahead), B and C once (the same count: ½ each).
# A: ½ + 0 = ½; B: ½ + ½ = 1; C: 1 + ½ = 1½. So C, B, A. D has 1 point, E none.
TIED = [
    t(1, (A, B, D), (4, 2, 0), (2, 1, 0)),
    t(2, (B, C, E), (3, 3, 1), (1, 1, 0)),
    t(3, (A, C, D), (1, 5, 2), (0, 2, 1)),
    t(4, (A, B, E), (2, 6, 0), (1, 1, 0)),
]


def test_direct_placings_among_three_tied() -> None:
    rows = table_standings([A, B, C, D, E], TIED, order=[TABLES_DIRECT])
    assert [(r.entry, r.place, r.points, r.tiebreaks) for r in rows] == [
        (C, 1, 3.0, (1.5,)),
        (B, 2, 3.0, (1.0,)),
        (A, 3, 3.0, (0.5,)),
        (D, 4, 1.0, (0.0,)),
        (E, 5, 0.0, (0.0,)),
    ]
    a = rows[2].explanations[TABLES_DIRECT]
    # one term a shared table: the tied opponent, 1/½/0 as points, the average's share as value
    assert [(x.round, x.opponent, x.points, x.value, x.cut) for x in a.terms] == [
        (1, B, 1.0, 0.5, False),
        (3, C, 0.0, 0.0, False),
        (4, B, 0.0, 0.0, False),
    ]
    assert a.params["all_met"] is True and sorted(a.params["group"]) == [A, B, C]
    assert rows[3].explanations[TABLES_DIRECT].terms == ()  # D is tied with nobody


def test_direct_placings_decide_nothing_when_the_tied_did_not_all_meet() -> None:
    # A and B tied on 3, never at one table; C tied with them too, met only A.
    tables = [
        t(1, (A, C, D), (3, 1, 0), (3, 0, 0)),
        t(1, (B, E), (2, 0), (3, 0)),
        t(2, (C, E), (4, 0), (3, 0)),
    ]
    rows = table_standings([A, B, C, D, E], tables, order=[TABLES_DIRECT], ranks={A: 3, B: 2, C: 1})
    tied = [r for r in rows if r.points == 3.0]
    assert [r.entry for r in tied] == [C, B, A]  # by starting rank: direct placings are 0
    assert all(r.tiebreaks == (0.0,) and r.place == 1 and r.place_to == 3 for r in tied)
    a = next(r for r in rows if r.entry == A).explanations[TABLES_DIRECT]
    assert [(x.opponent, x.points, x.cut) for x in a.terms] == [(C, 1.0, True)]
    assert a.params["all_met"] is False


def test_direct_placings_only_among_those_still_tied() -> None:
    # A, B and C on 3 points each, but SOS made (first) parts them: A 5, B 8, C 6. Nobody is
    # level any more, so direct placings give 0 to all.
    tables = [
        t(1, (A, B, C), (3, 1, 2), (2, 0, 1)),
        t(2, (A, B, C), (1, 3, 4), (0, 1, 2)),
        t(3, (A, B, D), (1, 4, 0), (1, 2, 0)),
    ]
    rows = table_standings([A, B, C, D], tables, order=[TABLES_SOS, TABLES_DIRECT])
    assert [(r.entry, r.tiebreaks) for r in rows][:3] == [
        (B, (8.0, 0.0)),
        (C, (6.0, 0.0)),
        (A, (5.0, 0.0)),
    ]
    # A and B on 3 points, C on 1: with direct placings first, only A and B are the group (C
    # sat with them in round 1 but is not tied). A and B met twice: level in round 1 (½), A
    # ahead in round 2 (1): A (½ + 1) / 2 = ¾, B ¼ — although B made more SOS (6 against 5).
    level = [
        t(1, (A, B, C), (2, 2, 2), (1, 1, 1)),
        t(2, (A, B, D), (3, 1, 0), (2, 0, 0)),
        t(3, (B, C, D), (3, 0, 0), (2, 0, 0)),
    ]
    rows = table_standings([A, B, C, D], level, order=[TABLES_DIRECT, TABLES_SOS])
    assert [(r.entry, r.tiebreaks) for r in rows][:2] == [(A, (0.75, 5.0)), (B, (0.25, 6.0))]
    assert sorted(rows[0].explanations[TABLES_DIRECT].params["group"]) == [A, B]


def test_the_order_chosen_decides() -> None:
    # A and B on 3 points. A shares the first place at his table (a win) with 3 against 3 and 0:
    # SOS difference 3 - 1.5 = 1.5. B is second with 5 against 6 and 0: no win, 5 - 3 = 2.
    F = 6
    tables = [t(1, (A, C, D), (3, 3, 0), (3, 2, 0)), t(1, (B, E, F), (5, 6, 0), (3, 4, 0))]
    wins_first = table_standings(
        [A, B, C, D, E, F], tables, order=[TABLES_WINS, TABLES_SOS_DIFFERENCE]
    )
    assert [(r.entry, r.tiebreaks) for r in wins_first][1:3] == [(A, (1.0, 1.5)), (B, (0.0, 2.0))]
    difference_first = table_standings(
        [A, B, C, D, E, F], tables, order=[TABLES_SOS_DIFFERENCE, TABLES_WINS]
    )
    assert [(r.entry, r.tiebreaks) for r in difference_first][1:3] == [
        (B, (2.0, 0.0)),
        (A, (1.5, 1.0)),
    ]
    assert set(wins_first[0].explanations) == {TABLES_WINS, TABLES_SOS_DIFFERENCE}
    with pytest.raises(ValueError):
        table_standings([A], [], order=["buchholz"])
    with pytest.raises(ValueError):
        table_standings([A], [], order=[TABLES_SOS, TABLES_SOS])
