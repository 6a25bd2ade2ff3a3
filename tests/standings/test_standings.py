"""compute_standings: ordering, shared places, starting ranks, the registry, records it ignores."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.standings.examples import (
    DOUBLE_RR4,
    RR4_LEVEL,
    SWISS,
    SWISS_ENTRIES,
    SWISS_ROUNDS,
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    game,
)
from tournaments.core.history import WIN, PointSystem
from tournaments.standings import (
    ROUND_ROBIN_ORDER,
    SWISS_ORDER,
    TIEBREAKS,
    TieBreak,
    compute_standings,
    gettext_noop,
)

ROOT = Path(__file__).resolve().parents[2]


def test_swiss_with_the_default_order():
    # Points A 3.5, B 3, G 2.5, F 2, then C, D, E on 0.5 (examples.py).
    # Order BH-C1, BH, SB, DE, wins — values from test_buchholz / test_own_results:
    #   D: BH-C1 7, BH 7.5, SB 0.5;  E: 5.5, 6, 0.25;  C: 1.5, 2, 0.25
    # C, D, E have not all met each other: DE 0. Wins: all 0.
    rows = compute_standings(
        SWISS_ENTRIES,
        SWISS,
        system=PointSystem(),
        order=SWISS_ORDER,
        rounds_played=SWISS_ROUNDS,
    )
    assert [(r.place, r.entry, r.points) for r in rows] == [
        (1, A, 3.5),
        (2, B, 3),
        (3, G, 2.5),
        (4, F, 2),
        (5, D, 0.5),
        (6, E, 0.5),
        (7, C, 0.5),
    ]
    d = rows[4]
    assert d.tiebreaks == (7, 7.5, 0.5, 0, 0)
    assert list(d.explanations) == list(SWISS_ORDER)
    assert not any(r.shared for r in rows)
    assert [r.place_label for r in rows[:2]] == ["1", "2"]


def test_shared_places_ordered_by_starting_rank():
    # RR4_LEVEL: all on 1.5; SOS points 3: 12, 1: 10, 2: 10, 4: 8. With SOS points alone 1 and 2
    # share places 2-3, listed by starting rank (2 is seeded above 1 here).
    rows = compute_standings(
        [1, 2, 3, 4],
        RR4_LEVEL,
        system=PointSystem(),
        order=["sos_points"],
        rounds_played=3,
        ranks={1: 4, 2: 1, 3: 2, 4: 3},
    )
    assert [(r.entry, r.place, r.place_to, r.shared, r.start_rank) for r in rows] == [
        (3, 1, 1, False, 2),
        (2, 2, 3, True, 1),
        (1, 2, 3, True, 4),
        (4, 4, 4, False, 3),
    ]
    assert rows[1].place_label == "2-3"


def test_starting_rank_breaks_no_tie_it_only_orders_the_rows():
    # Without tie-breaks, everyone on 1.5 shares 1-4; the rows follow the starting ranks, and
    # unranked entries come last, by id.
    rows = compute_standings(
        [1, 2, 3, 4],
        RR4_LEVEL,
        system=PointSystem(),
        order=[],
        rounds_played=3,
        ranks={4: 1, 2: 2},
    )
    assert [r.entry for r in rows] == [4, 2, 1, 3]
    assert {(r.place, r.place_to) for r in rows} == {(1, 4)}
    assert all(r.tiebreaks == () and r.explanations == {} for r in rows)


def test_round_robin_default_order_and_forfeits():
    # DOUBLE_RR4, round-robin reading: the r4 forfeit win of 3 over 2 counts 2's score in SB.
    #   SB 3: 2 (3)×½ + 4 (0.5)×1 + 1 (3)×0 + 2 (3)×1 + 4 (0.5)×1 + 1 (3)×1
    #       = 1.5 + 0.5 + 0 + 3 + 0.5 + 3 = 8.5
    #   SB 2: 3 (4.5)×½ + 1 (3)×½ + 4 (0.5)×1 + 3 forfeit loss ×0 + 1 (3)×1 + 4 -/- ×0
    #       = 2.25 + 1.5 + 0.5 + 0 + 3 + 0 = 7.25
    #   SB 1: 4 (0.5)×1 + 2 (3)×½ + 3 (4.5)×1 + 4 (0.5)×½ + 2×0 + 3×0
    #       = 0.5 + 1.5 + 4.5 + 0.25 = 6.75
    #   SB 4: only r4, the draw with 1: 3 × ½ = 1.5 (losses and the -/- add 0)
    # Wins (over the board): 3: r2, r5, r6 = 3; 2: r3, r5 = 2; 1: r1, r3 = 2; 4: 0.
    # DE: 2 and 1 on 3; r2 ½-½, r5 2 won: averages (6.1.2) 2 ¾, 1 ¼: 2 ranked above 1 (1, 0).
    # Koya: maximum 1 × 6 = 6, threshold 3: opponents 1 (3), 2 (3), 3 (4.5) qualify.
    #   3: vs 2 ½ + 1 (forfeit) ; vs 1 0 + 1 = 2.5    2: vs 3 ½ + 0 ; vs 1 ½ + 1 = 2
    #   1: vs 2 ½ + 0 ; vs 3 1 + 0 = 1.5               4: vs 1 0 + ½ = 0.5
    rows = compute_standings(
        [1, 2, 3, 4],
        DOUBLE_RR4,
        system=PointSystem(),
        order=ROUND_ROBIN_ORDER,
        rounds_played=6,
        round_robin=True,
    )
    assert [(r.entry, r.points, r.tiebreaks) for r in rows] == [
        (3, 4.5, (0, 8.5, 3, 2.5)),
        (2, 3, (1, 7.25, 2, 2)),
        (1, 3, (0, 6.75, 2, 1.5)),
        (4, 0.5, (0, 1.5, 0, 0.5)),
    ]


def test_swiss_reading_of_the_same_forfeit_uses_the_dummy():
    rows = compute_standings(
        [1, 2, 3, 4],
        DOUBLE_RR4,
        system=PointSystem(),
        order=["sonneborn_berger"],
        rounds_played=6,
    )
    sb = {r.entry: r.tiebreaks[0] for r in rows}
    # 3's r4 forfeit win is now a game against a dummy with 3's own 4.5: 8.5 - 3 + 4.5 = 10.
    assert sb[3] == 10


def test_unknown_or_repeated_keys_are_refused():
    kwargs = {"system": PointSystem(), "rounds_played": 1}
    with pytest.raises(ValueError, match="unknown tie-break 'nope'"):
        compute_standings([1, 2], [], order=["buchholz", "nope"], **kwargs)
    with pytest.raises(ValueError, match="repeated"):
        compute_standings([1, 2], [], order=["wins", "wins"], **kwargs)


def test_the_registry():
    assert set(TIEBREAKS) == {
        "buchholz",
        "buchholz_cut1",
        "median_buchholz",
        "sonneborn_berger",
        "direct_encounter",
        "wins",
        "second_moves",
        "progressive",
        "koya",
        "sos_points",
        "sos_difference",
        "buchholz_cut2",
        "median_buchholz2",
        "fore_buchholz",
        "average_opponents_buchholz",
        "sonneborn_berger_cut1",
        "rounds_won",
        "second_move_wins",
        "rounds_elected",
        "average_rating_opponents",
        "average_rating_opponents_cut1",
        "average_rating_opponents_cut2",
        "average_rating_opponents_median1",
        "average_rating_opponents_median2",
        "performance_rating",
        "perfect_performance",
        "average_performance_opponents",
        "average_perfect_performance_opponents",
    }
    for key, tb in TIEBREAKS.items():
        assert isinstance(tb, TieBreak)
        assert tb.key == key
        assert tb.label and tb.abbr
    assert [k for k, tb in TIEBREAKS.items() if tb.grouped] == ["direct_encounter"]
    assert SWISS_ORDER == (
        "buchholz_cut1",
        "buchholz",
        "sonneborn_berger",
        "direct_encounter",
        "wins",
    )
    assert ROUND_ROBIN_ORDER == ("direct_encounter", "sonneborn_berger", "wins", "koya")
    assert gettext_noop("Buchholz") == "Buchholz"


def test_pending_results_and_later_rounds_are_left_out():
    # r1 1-2 1-0; r2 1-3 still being played (no result); r3 recorded but not counted yet.
    games = [game(1, 1, 2, WIN), game(2, 1, 3, None), game(3, 2, 3, WIN)]
    rows = compute_standings(
        [1, 2, 3],
        games,
        system=PointSystem(),
        order=["buchholz", "progressive"],
        rounds_played=2,
    )
    by_entry = {r.entry: r for r in rows}
    assert {e: r.points for e, r in by_entry.items()} == {1: 1, 2: 0, 3: 0}
    # 2 has no record in r2: an absence at the end, a draw in its opponents' eyes: 0 + ½ = 0.5.
    # 1: r1 vs 2 → 0.5; r2 pending: no term at all. BH 0.5, progressive 1.
    assert by_entry[1].tiebreaks == (0.5, 1)
    assert [t.round for t in by_entry[1].explanations["buchholz"].terms] == [1]
    # 2: r1 vs 1 → 1; r2 no record: absent, dummy own 0.  3: r1 absent, r2 pending.
    assert [t.kind for t in by_entry[2].explanations["buchholz"].terms] == ["played", "absent"]
    assert [t.kind for t in by_entry[3].explanations["buchholz"].terms] == ["absent"]


def test_entries_without_games_and_unlisted_opponents():
    # 9 withdrew before the standings were asked for (not listed) but played 1 in round 1.
    games = [game(1, 9, 1, WIN), game(2, 1, 2, WIN)]
    rows = compute_standings(
        [1, 2, 3], games, system=PointSystem(), order=["buchholz"], rounds_played=2
    )
    by_entry = {r.entry: r for r in rows}
    assert set(by_entry) == {1, 2, 3}
    # 9 scored 1 in r1 and is absent in r2, a zero-point round at the end: 1 + ½ = 1.5 as an
    # opponent. 1: 9 → 1.5 + 2 → 0 (2's r1 absence is followed by a played round) = 1.5.
    assert by_entry[1].tiebreaks == (1.5,)
    assert by_entry[3].points == 0 and by_entry[3].tiebreaks == (0,)


def test_the_core_imports_no_django():
    code = (
        "import sys; import tournaments.standings, tournaments.standings.__main__; "
        "bad = sorted(m for m in sys.modules if m.split('.')[0] == 'django'); "
        "assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)
