"""Direct encounter: within the groups still tied on points and every earlier tie-break."""

from __future__ import annotations

from tests.standings.examples import (
    DOUBLE_RR4,
    RR4_LEVEL,
    RR5,
    RR5_ENTRIES,
    SWISS,
    SWISS_ENTRIES,
    SWISS_ROUNDS,
    C,
    D,
    E,
    game,
)
from tournaments.core.history import DRAW, FORFEIT_WIN, LOSS, WIN, PointSystem
from tournaments.standings import TIEBREAKS, ResultTable, StandingRow, compute_standings


def standings(entries, games, rounds, order, **kwargs) -> list[StandingRow]:
    return compute_standings(
        entries, games, system=PointSystem(), order=order, rounds_played=rounds, **kwargs
    )


def de(row: StandingRow) -> float:
    return row.explanations["direct_encounter"].value


def test_between_two():
    # 4-player round robin:  r1 1-2 1-0, 3-4 ½-½;  r2 1-3 0-1, 2-4 1-0;  r3 1-4 1-0, 2-3 ½-½.
    # Points 1: 1 + 0 + 1 = 2; 2: 0 + 1 + ½ = 1.5; 3: ½ + 1 + ½ = 2; 4: ½ + 0 + 0 = 0.5.
    # 1 and 3 tie on 2; 3 beat 1 in r2: DE 3 = 1, 1 = 0. So 3 first, then 1, 2, 4.
    games = [
        game(1, 1, 2, WIN),
        game(1, 3, 4, DRAW),
        game(2, 1, 3, LOSS),
        game(2, 2, 4, WIN),
        game(3, 1, 4, WIN),
        game(3, 2, 3, DRAW),
    ]
    rows = standings([1, 2, 3, 4], games, 3, ["direct_encounter", "sonneborn_berger"])
    assert [r.entry for r in rows] == [3, 1, 2, 4]
    assert [r.place for r in rows] == [1, 2, 3, 4]
    by_entry = {r.entry: r for r in rows}
    assert (de(by_entry[3]), de(by_entry[1])) == (1, 0)
    ex = by_entry[3].explanations["direct_encounter"]
    assert ex.params["group"] == (1, 3) and ex.params["all_met"] is True
    assert [(t.round, t.opponent, t.value) for t in ex.terms] == [(2, 1, 1)]
    # Tied with nobody: 0, a group of one.
    assert de(by_entry[2]) == 0
    assert by_entry[2].explanations["direct_encounter"].params["group"] == (2,)


def test_among_three():
    # RR5: 1, 2, 3 on 2.5. Among them: 1 beat 2 and drew 3, 2 beat 3.
    #   separate standings 1 = 1 + ½ = 1.5;  2 = 0 + 1 = 1;  3 = ½ + 0 = 0.5.
    #   DE's value is how many of the tied DE ranks below: 1 → 2, 2 → 1, 3 → 0.
    rows = standings(RR5_ENTRIES, RR5, 5, ["direct_encounter"], round_robin=True)
    assert [(r.entry, r.points, r.tiebreaks) for r in rows] == [
        (1, 2.5, (2.0,)),
        (2, 2.5, (1.0,)),
        (3, 2.5, (0.0,)),
        (4, 1.5, (0.0,)),
        (5, 1.0, (0.0,)),
    ]
    assert not any(r.shared for r in rows)
    assert dict(rows[0].explanations["direct_encounter"].params["points"]) == {1: 1.5, 2: 1, 3: 0.5}


def test_not_all_met_and_nobody_out_of_reach_stays_tied():
    # SWISS: C, D, E on 0.5. C met D (r1, a draw), but neither met E.
    #   points among the three: C ½, D ½, E 0; maxima (a win for each member not met):
    #   C ½ + 1 (E) = 1.5, D ½ + 1 (E) = 1.5, E 0 + 2 (C, D) = 2.
    #   C leads with ½, but D and E could still reach 1.5 and 2: nobody is ranked, DE 0.
    rows = standings(SWISS_ENTRIES, SWISS, SWISS_ROUNDS, ["direct_encounter"])
    tail = {r.entry: r for r in rows if r.points == 0.5}
    assert set(tail) == {C, D, E}
    for row in tail.values():
        ex = row.explanations["direct_encounter"]
        assert ex.value == 0
        assert ex.params["all_met"] is False
        assert ex.params["decided"] is False
    assert dict(tail[C].explanations["direct_encounter"].params["maximum"]) == {
        C: 1.5,
        D: 1.5,
        E: 2,
    }
    # C's draw with D is listed: the separate standings.
    assert [(t.opponent, t.value) for t in tail[C].explanations["direct_encounter"].terms] == [
        (D, 0.5)
    ]
    # And with no tie-break left, the three share 5th to 7th place, by starting rank (none: id).
    assert [(r.entry, r.place, r.place_to, r.shared) for r in rows[-3:]] == [
        (C, 5, 7, True),
        (D, 5, 7, True),
        (E, 5, 7, True),
    ]


def test_a_forfeit_is_no_encounter_except_in_a_round_robin():
    # r1 1-2 +/-, 3-4 1-0;  r2 1-3 0-1, 2-4 1-0.  Points 1: 1 + 0 = 1, 2: 0 + 1 = 1, 3: 2, 4: 0.
    games = [
        game(1, 1, 2, FORFEIT_WIN),
        game(1, 3, 4, WIN),
        game(2, 1, 3, LOSS),
        game(2, 2, 4, WIN),
    ]
    swiss = {r.entry: r for r in standings([1, 2, 3, 4], games, 2, ["direct_encounter"])}
    # 1 and 2 met only by forfeit: in a Swiss they have not met, DE 0 for both.
    assert (de(swiss[1]), de(swiss[2])) == (0, 0)
    assert swiss[1].shared and swiss[2].shared
    rr = {
        r.entry: r
        for r in standings([1, 2, 3, 4], games, 2, ["direct_encounter"], round_robin=True)
    }
    # In a round robin the forfeit is their encounter: 1 scored 1, 2 scored 0.
    assert (de(rr[1]), de(rr[2])) == (1, 0)
    assert rr[1].place == 2 and rr[2].place == 3


def test_only_the_group_left_by_earlier_tie_breaks():
    # RR4_LEVEL: all four on 1.5. SOS points 3: 12, 1: 10, 2: 10, 4: 8 split them into 3 | 1, 2 | 4.
    # DE applies within {1, 2} only: 1 beat 2 in r1 → 1: 1, 2: 0.
    rows = standings([1, 2, 3, 4], RR4_LEVEL, 3, ["sos_points", "direct_encounter"])
    assert [(r.entry, r.tiebreaks) for r in rows] == [
        (3, (12.0, 0.0)),
        (1, (10.0, 1.0)),
        (2, (10.0, 0.0)),
        (4, (8.0, 0.0)),
    ]
    assert rows[1].explanations["direct_encounter"].params["group"] == (1, 2)
    assert rows[0].explanations["direct_encounter"].params["group"] == (3,)
    # Direct encounter first instead: all four met, each scored 1.5 against the others: no split.
    first = standings([1, 2, 3, 4], RR4_LEVEL, 3, ["direct_encounter"])
    assert {r.tiebreaks for r in first} == {(0.0,)}
    assert set(first[0].explanations["direct_encounter"].params["points"].values()) == {1.5}
    assert {(r.place, r.place_to) for r in first} == {(1, 4)}


def test_double_cycle_counts_the_average_of_both_games():
    """C.07 6.1.2: two who met more than once add the average of their games.

    DOUBLE_RR4: 1 and 2 on 3. r2 1-2 ½-½, r5 2-1 1-0: separate standings
    1 = (½ + 0) / 2 = ¼, 2 = (½ + 1) / 2 = ¾: 2 is ranked above 1 (value 1 and 0).
    """
    rows = standings([1, 2, 3, 4], DOUBLE_RR4, 6, ["direct_encounter"], round_robin=True)
    assert [(r.entry, r.points, r.tiebreaks) for r in rows] == [
        (3, 4.5, (0.0,)),
        (2, 3.0, (1.0,)),
        (1, 3.0, (0.0,)),
        (4, 0.5, (0.0,)),
    ]
    ex = rows[1].explanations["direct_encounter"]
    assert [(t.round, t.points, t.value) for t in ex.terms] == [(2, 0.5, 0.25), (5, 1.0, 0.5)]
    assert dict(ex.params["points"]) == {1: 0.25, 2: 0.75}


# A 3-round Swiss of six (1-6 = A-F) where the three leaders have not all met:
#   r1 A-B 1-0, C-D 1-0, E-F 1-0
#   r2 A-C 1-0, B-E 1-0, D-F 0-1
#   r3 D-A 1-0, B-F 1-0, C-E 1-0
# Points: A 1+1+0 = 2, B 0+1+1 = 2, C 1+0+1 = 2, D 0+0+1 = 1, E 1+0+0 = 1, F 0+1+0 = 1.
ROUT = [
    game(1, 1, 2, WIN),
    game(1, 3, 4, WIN),
    game(1, 5, 6, WIN),
    game(2, 1, 3, WIN),
    game(2, 2, 5, WIN),
    game(2, 4, 6, LOSS),
    game(3, 4, 1, WIN),
    game(3, 2, 6, WIN),
    game(3, 3, 5, WIN),
]


def test_not_all_met_a_leader_out_of_reach_is_ranked_first():
    rows = standings(
        [1, 2, 3, 4, 5, 6], ROUT, 3, ["direct_encounter"], ranks={n: n for n in range(1, 7)}
    )
    by_entry = {r.entry: r for r in rows}
    assert {e: r.points for e, r in by_entry.items()} == {1: 2, 2: 2, 3: 2, 4: 1, 5: 1, 6: 1}
    # On 2: A, B, C. A beat B (r1) and C (r2); B and C have not met.
    #   points among them: A 2, B 0, C 0; maxima: A 2 (met both), B 0 + 1 = 1, C 0 + 1 = 1.
    #   A's 2 is more than B or C could reach (1): A is ranked first (value 2).
    #   Then B: 0 is not more than C's maximum 1: B and C stay tied (value 0).
    a = by_entry[1].explanations["direct_encounter"]
    assert (a.value, a.params["decided"], a.params["all_met"]) == (2, True, False)
    assert dict(a.params["maximum"]) == {1: 2, 2: 1, 3: 1}
    for e in (2, 3):
        ex = by_entry[e].explanations["direct_encounter"]
        assert (ex.value, ex.params["decided"]) == (0, False)
    assert [(r.entry, r.place, r.place_to) for r in rows[:3]] == [(1, 1, 1), (2, 2, 3), (3, 2, 3)]
    # On 1: D, E, F. E beat F (r1), F beat D (r2); D and E have not met.
    #   points: E 1, F 1, D 0; maxima: E 1 + 1 (D) = 2, F 1 (met both), D 0 + 1 (E) = 1.
    #   E leads with 1, but F's maximum is 1 and E's 1 is not more: nobody is ranked.
    for e in (4, 5, 6):
        assert de(by_entry[e]) == 0
    assert dict(by_entry[5].explanations["direct_encounter"].params["maximum"]) == {
        4: 1,
        5: 2,
        6: 1,
    }
    assert [(r.entry, r.place, r.place_to) for r in rows[3:]] == [(4, 4, 6), (5, 4, 6), (6, 4, 6)]


def test_not_all_met_ranks_down_the_list_while_out_of_reach():
    # A group of four given directly: 1 beat 2, 3, 4; 2 beat 3, 4; 3 and 4 have not met.
    #   points among the four: 1 3, 2 2, 3 0, 4 0;  maxima: 1 3, 2 2, 3 0 + 1 = 1, 4 0 + 1 = 1.
    #   1: 3 > max(2, 1, 1) → ranked first;  2: 2 > max(1, 1) → second;
    #   3: 0 is not more than 4's maximum 1; art. 6 again on {3, 4}: they have not met, each
    #   could reach 1 → 3 and 4 stay tied. Values (members ranked below): 3, 2, 0, 0.
    games = [
        game(1, 1, 2, WIN),
        game(1, 3, 5, WIN),
        game(1, 4, 6, WIN),
        game(2, 1, 3, WIN),
        game(2, 2, 4, WIN),
        game(3, 1, 4, WIN),
        game(3, 2, 3, WIN),
    ]
    t = ResultTable.build([1, 2, 3, 4, 5, 6], games, system=PointSystem(), rounds_played=3)
    got = TIEBREAKS["direct_encounter"].compute(t, [(1, 2, 3, 4)])
    assert {e: got[e].value for e in (1, 2, 3, 4)} == {1: 3, 2: 2, 3: 0, 4: 0}
    assert [got[e].params["decided"] for e in (1, 2, 3, 4)] == [True, True, False, False]
    # With 3-1-0 points the maximum adds 3 a missing game: the same order.
    three = PointSystem(win=3, draw=1, loss=0, bye=3, half_bye=1, zero_bye=0)
    t3 = ResultTable.build([1, 2, 3, 4, 5, 6], games, system=three, rounds_played=3)
    got3 = TIEBREAKS["direct_encounter"].compute(t3, [(1, 2, 3, 4)])
    assert {e: got3[e].value for e in (1, 2, 3, 4)} == {1: 3, 2: 2, 3: 0, 4: 0}
    assert dict(got3[1].params["points"]) == {1: 9, 2: 6, 3: 0, 4: 0}
    assert dict(got3[3].params["maximum"]) == {1: 9, 2: 6, 3: 3, 4: 3}


def test_all_met_a_level_subset_is_ranked_by_its_own_games():
    """C.07 6.2: a subset still level in the separate standings gets art. 6 again, on its games.

    Four players, every two have met:
      r1 1-2 1-0, 3-4 ½-½;  r2 1-3 0-1, 2-4 1-0;  r3 1-4 ½-½, 2-3 1-0.
    Separate standings of the four: 1 = 1 + 0 + ½ = 1.5, 2 = 0 + 1 + 1 = 2,
      3 = 1 (beat 1) + ½ (drew 4) + 0 (lost to 2) = 1.5, 4 = ½ + 0 + ½ = 1.
    1 and 3 are level on 1.5: art. 6 on {1, 3} alone: 3 beat 1. So 2, 3, 1, 4 (values: how
    many DE ranks below, 3, 2, 1, 0); one pass of DE would have left 1 and 3 level.
    A cycle is not split: in {1, 2, 3} 1 beat 2, 2 beat 3, 3 beat 1, 1 point each, and art. 6
    on the same three changes nothing: value 0 for all three.
    """
    games = [
        game(1, 1, 2, WIN),
        game(1, 3, 4, DRAW),
        game(2, 1, 3, LOSS),
        game(2, 2, 4, WIN),
        game(3, 1, 4, DRAW),
        game(3, 2, 3, WIN),
    ]
    t = ResultTable.build(
        [1, 2, 3, 4], games, system=PointSystem(), rounds_played=3, round_robin=True
    )
    de_tb = TIEBREAKS["direct_encounter"]
    got = de_tb.compute(t, [(1, 2, 3, 4)])
    assert dict(got[1].params["points"]) == {1: 1.5, 2: 2, 3: 1.5, 4: 1}
    assert {e: got[e].value for e in (1, 2, 3, 4)} == {2: 3, 3: 2, 1: 1, 4: 0}
    assert all(got[e].params["decided"] for e in (1, 2, 3, 4))
    cycle = de_tb.compute(t, [(1, 2, 3)])
    assert dict(cycle[1].params["points"]) == {1: 1, 2: 1, 3: 1}
    assert {e: cycle[e].value for e in (1, 2, 3)} == {1: 0, 2: 0, 3: 0}
    assert not any(cycle[e].params["decided"] for e in (1, 2, 3))
    # Through the standings (these are the four's points too): 1 and 3 level on points, and
    # DE on {1, 3} puts 3 first.
    rows = standings([1, 2, 3, 4], games, 3, ["direct_encounter"], round_robin=True)
    assert [(r.entry, r.points, r.tiebreaks) for r in rows] == [
        (2, 2, (0,)),
        (3, 1.5, (1,)),
        (1, 1.5, (0,)),
        (4, 1, (0,)),
    ]


def test_not_all_met_the_rest_gets_article_6_again():
    """C.07 6.3: once the leaders out of reach are ranked, art. 6 applies again to the rest.

    A Swiss group of four; 1 and 4 have not met:
      1-2 1-0, 1-3 1-0, 2-3 ½-½, 2-4 1-0, 3-4 1-0.
    Separate standings: 1 = 2, 2 = 0 + ½ + 1 = 1.5, 3 = 0 + ½ + 1 = 1.5, 4 = 0;
      maxima (a win for each member not met): 1 = 3, 2 = 1.5, 3 = 1.5, 4 = 0 + 1 = 1.
    1: 2 > max(1.5, 1.5, 1) → ranked first. 2: 1.5 is not more than 3's 1.5 → stop.
    Art. 6 again on {2, 3, 4}, their games only (they all met, 6.2):
      2 = ½ + 1 = 1.5, 3 = ½ + 1 = 1.5, 4 = 0 → 2 and 3, then 4;
      art. 6 on {2, 3}: their draw, ½ each: level.
    Values (members ranked below): 1 → 3, 2 and 3 → 1, 4 → 0; one pass would have left 4
    level with 2 and 3.
    """
    games = [
        game(1, 1, 2, WIN),
        game(1, 3, 4, WIN),
        game(2, 1, 3, WIN),
        game(2, 2, 4, WIN),
        game(3, 2, 3, DRAW),
    ]
    t = ResultTable.build([1, 2, 3, 4], games, system=PointSystem(), rounds_played=3)
    got = TIEBREAKS["direct_encounter"].compute(t, [(1, 2, 3, 4)])
    assert got[1].params["all_met"] is False
    assert dict(got[1].params["maximum"]) == {1: 3, 2: 1.5, 3: 1.5, 4: 1}
    assert {e: got[e].value for e in (1, 2, 3, 4)} == {1: 3, 2: 1, 3: 1, 4: 0}
    assert [got[e].params["decided"] for e in (1, 2, 3, 4)] == [True, False, False, True]


def test_not_all_met_nobody_out_of_reach_leaves_no_rest():
    """C.07 6.3: when nobody is alone at the top whatever the missing games, nobody is ranked
    and there is no smaller set to apply art. 6 to: the group stays level.

    A Swiss group of four; 1 and 4 have not met:
      1-2 1-0, 1-3 1-0, 2-3 1-0, 2-4 ½-½, 3-4 0-1.
    Separate standings: 1 = 2, 2 = 0 + 1 + ½ = 1.5, 3 = 0, 4 = ½ + 1 = 1.5;
      maxima: 1 = 3, 2 = 1.5, 3 = 0, 4 = 1.5 + 1 = 2.5.
    1 leads with 2, but 4 could reach 2.5: all four stay level (value 0).
    With 1-4 played and drawn, every two have met (6.2): 1 = 2.5, 4 = 2, 2 = 1.5, 3 = 0:
      1, 4, 2, 3 (values 3, 2, 1, 0).
    """
    games = [
        game(1, 1, 2, WIN),
        game(1, 3, 4, LOSS),
        game(2, 1, 3, WIN),
        game(2, 2, 4, DRAW),
        game(3, 2, 3, WIN),
    ]
    de_tb = TIEBREAKS["direct_encounter"]
    t = ResultTable.build([1, 2, 3, 4], games, system=PointSystem(), rounds_played=3)
    got = de_tb.compute(t, [(1, 2, 3, 4)])
    assert dict(got[1].params["maximum"]) == {1: 3, 2: 1.5, 3: 0, 4: 2.5}
    assert {got[e].value for e in (1, 2, 3, 4)} == {0}
    played = [*games, game(4, 1, 4, DRAW)]
    t = ResultTable.build([1, 2, 3, 4], played, system=PointSystem(), rounds_played=4)
    got = de_tb.compute(t, [(1, 2, 3, 4)])
    assert dict(got[1].params["points"]) == {1: 2.5, 2: 1.5, 3: 0, 4: 2}
    assert {e: got[e].value for e in (1, 2, 3, 4)} == {1: 3, 4: 2, 2: 1, 3: 0}


def test_round_robin_not_all_met_stays_tied():
    """C.07 6.3 is for Swiss tournaments: a round robin's group that has not all met (the
    standings before the last round) stays level, even with a leader out of reach.

    Group {1, 2, 3}: 1 beat 2 and 3, 2 and 3 have not met yet: 1 = 2, 2 = 0, 3 = 0, maxima
    2 and 3 = 1. In a Swiss 1 is ranked first (value 2); in a round robin all three get 0.
    """
    games = [game(1, 1, 2, WIN), game(2, 1, 3, WIN)]
    de_tb = TIEBREAKS["direct_encounter"]
    swiss = ResultTable.build([1, 2, 3], games, system=PointSystem(), rounds_played=2)
    got = de_tb.compute(swiss, [(1, 2, 3)])
    assert {e: got[e].value for e in (1, 2, 3)} == {1: 2, 2: 0, 3: 0}
    rr = ResultTable.build(
        [1, 2, 3], games, system=PointSystem(), rounds_played=2, round_robin=True
    )
    got = de_tb.compute(rr, [(1, 2, 3)])
    assert {e: got[e].value for e in (1, 2, 3)} == {1: 0, 2: 0, 3: 0}
