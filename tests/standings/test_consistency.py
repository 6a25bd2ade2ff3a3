"""Invariants over synthetic Swiss tournaments (the benchmark's generator, small sizes)."""

from __future__ import annotations

import pytest

from tournaments.core.history import PointSystem
from tournaments.standings import TIEBREAKS, VUR_KINDS, ResultTable, compute_standings
from tournaments.standings.__main__ import synthetic_swiss

COUNTS = ("wins", "second_moves", "second_move_wins", "rounds_won", "rounds_elected")
# Averages of whole ratings, rounded to whole numbers (C.07 art. 10).
AVERAGES = [
    key for key in TIEBREAKS if key.startswith("average_") and key != "average_opponents_buchholz"
]
RATED = ("performance_rating", "perfect_performance")
SUMS = [
    key
    for key in TIEBREAKS
    if key not in (*COUNTS, *AVERAGES, *RATED, "average_opponents_buchholz")
]


@pytest.mark.parametrize("seed", range(6))
def test_invariants(seed):
    n, rounds = 41, 6
    games = synthetic_swiss(n, rounds, seed=seed)
    entries = list(range(1, n + 1))
    system = PointSystem()
    ratings = {e: None if e % 7 == 0 else 1000 + 37 * e for e in entries}
    table = ResultTable.build(entries, games, system=system, rounds_played=rounds)
    # Every entry has exactly one result per round; the points add up to what was handed out.
    for e in entries:
        assert [r.round for r in table.rounds[e]] == list(range(1, rounds + 1))
    handed_out = sum(table.points.values())
    assert handed_out == pytest.approx(sum(r.points for rs in table.rounds.values() for r in rs))

    rows = compute_standings(
        entries,
        games,
        system=system,
        order=list(TIEBREAKS),
        rounds_played=rounds,
        ratings=ratings,
    )
    assert sorted(r.entry for r in rows) == entries
    for row in rows:
        ex = row.explanations
        for key in SUMS:
            kept = sum(t.value for t in ex[key].terms if not t.cut)
            assert ex[key].value == pytest.approx(kept), key
        for key in COUNTS:
            assert ex[key].value == len(ex[key].terms), key
        aob = ex["average_opponents_buchholz"]
        assert aob.value == pytest.approx(sum(t.value for t in aob.terms) / max(len(aob.terms), 1))
        assert len([t for t in ex["buchholz_cut2"].terms if t.cut]) == 2
        assert len([t for t in ex["sonneborn_berger_cut1"].terms if t.cut]) == 1
        bh = ex["buchholz"]
        assert len(bh.terms) == rounds
        cut1 = [t for t in ex["buchholz_cut1"].terms if t.cut]
        assert len(cut1) == 1
        vurs = [t for t in bh.terms if t.kind in VUR_KINDS]
        if vurs:
            assert cut1[0].kind in VUR_KINDS
            assert cut1[0].value == min(t.value for t in vurs)
        else:
            assert cut1[0].value == min(t.value for t in bh.terms)
        assert bh.value - ex["buchholz_cut1"].value == pytest.approx(cut1[0].value)
        assert len([t for t in ex["median_buchholz"].terms if t.cut]) == 2
        assert row.tiebreaks == tuple(ex[key].value for key in TIEBREAKS)
        for key in AVERAGES:
            kept = [t.value for t in ex[key].terms if not t.cut]
            mean = sum(kept) / len(kept) if kept else 0
            assert ex[key].value == int(ex[key].value) and abs(ex[key].value - mean) <= 0.5, key
        tpr, aro = ex["performance_rating"], ex["average_rating_opponents"]
        assert tpr.value == (aro.value + tpr.params["dp"] if aro.params["games"] else 0)
        assert [t.opponent for t in tpr.terms] == [t.opponent for t in aro.terms]
        ptp = ex["perfect_performance"]
        if ptp.params["games"] and ptp.params["score"]:
            want = 100 * ptp.params["score"]
            assert ptp.params["expected_below"] < want <= ptp.params["expected"]

    # Sorted best first; places shared exactly by equal rows.
    keys = [(r.points, r.tiebreaks) for r in rows]
    assert keys == sorted(keys, reverse=True)
    for i, row in enumerate(rows):
        same = [j for j, k in enumerate(keys) if k == keys[i]]
        assert (row.place, row.place_to) == (same[0] + 1, same[-1] + 1)
        assert row.shared == (len(same) > 1)
