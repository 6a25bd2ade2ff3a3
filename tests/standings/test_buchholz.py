"""Buchholz, its cut and median, Sonneborn-Berger, and how unplayed rounds enter them.

The SWISS example and its adjusted scores are laid out in examples.py. Reminder:
points A 3.5, B 3, C 0.5, D 0.5, E 0.5, F 2, G 2.5; adjusted (as an opponent) the same except
C = 1 (its final absence counts as a draw).
"""

from __future__ import annotations

import pytest

from tests.standings.examples import (
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
from tests.standings.helpers import cut_rounds, explained, table, values
from tournaments.core.history import (
    BYE,
    DRAW,
    FORFEIT_WIN,
    HALF_BYE,
    LOSS,
    WIN,
    ZERO_BYE,
    PointSystem,
)
from tournaments.standings import (
    NOTE_ADJUSTED,
    NOTE_CAPPED,
    NOTE_DUMMY,
    ResultTable,
    compute_standings,
)


@pytest.fixture
def swiss():
    return table(SWISS_ENTRIES, SWISS, SWISS_ROUNDS)


def test_points_and_adjusted_scores(swiss):
    assert swiss.points == {A: 3.5, B: 3, C: 0.5, D: 0.5, E: 0.5, F: 2, G: 2.5}
    # C: r1 ½ + r2 forfeit loss 0 + r3 double forfeit 0 + r4 absent, counted as a draw ½ = 1.
    assert swiss.adjusted == {A: 3.5, B: 3, C: 1, D: 0.5, E: 0.5, F: 2, G: 2.5}
    assert swiss.adjusted_rounds[C] == (4,)
    assert swiss.adjusted_rounds[D] == ()  # r3 zero bye, then r4 played: counted as scored
    assert swiss.adjusted_rounds[E] == ()  # r2 half bye, r3 forfeit loss, r4 played


def test_buchholz(swiss):
    # A: r1 B 3 + r2 F 2 + r3 G 2.5 + r4 D 0.5                       = 8
    # B: r1 A 3.5 + r2 forfeit win: dummy = own 3 + r3 forfeit win: dummy 3 + r4 E 0.5 = 10
    # C: r1 D 0.5 + r2, r3, r4 unplayed: dummy = own 0.5 each        = 2
    # D: r1 C 1 (adjusted) + r2 G 2.5 + r3 zero bye: dummy 0.5 + r4 A 3.5 = 7.5
    # E: r1 F 2 + r2 half bye: dummy 0.5 + r3 forfeit loss: dummy 0.5 + r4 B 3 = 6
    # F: r1 E 0.5 + r2 A 3.5 + r3 double forfeit: dummy = own 2 + r4 G 2.5 = 8.5
    # G: r1 pairing bye: dummy = own 2.5 + r2 D 0.5 + r3 A 3.5 + r4 F 2 = 8.5
    assert values("buchholz", swiss) == {A: 8, B: 10, C: 2, D: 7.5, E: 6, F: 8.5, G: 8.5}


def test_buchholz_explanation_names_each_term(swiss):
    b = explained("buchholz", swiss)[B]
    assert [(t.round, t.kind, t.opponent, t.value, t.note) for t in b.terms] == [
        (1, "played", A, 3.5, ""),
        (2, "forfeit_win", C, 3, NOTE_DUMMY),
        (3, "forfeit_win", E, 3, NOTE_DUMMY),
        (4, "played", E, 0.5, ""),
    ]
    d = explained("buchholz", swiss)[D]
    assert d.terms[0].opponent == C and d.terms[0].score == 1 and d.terms[0].note == NOTE_ADJUSTED
    assert d.terms[2].kind == "zero_bye" and d.terms[2].opponent is None


def test_buchholz_cut1_cuts_a_voluntary_unplayed_round_first(swiss):
    # No VUR: the lowest contribution goes.
    #   A: 8 - r4 D 0.5 = 7.5;  B: 10 - r4 E 0.5 = 9.5 (forfeit wins are not VUR);
    #   G: 8.5 - r2 D 0.5 = 8 (a pairing-allocated bye is not VUR).
    # With VURs the lowest VUR goes, whatever its value:
    #   C: VURs r2, r3, r4 all 0.5, the earliest is cut: 2 - 0.5 = 1.5
    #   D: VUR r3 0.5: 7.5 - 0.5 = 7
    #   E: VURs r2 0.5, r3 0.5: r2 cut: 6 - 0.5 = 5.5
    #   F: VUR r3 (dummy 2) is cut although r1 (E, 0.5) is lower: 8.5 - 2 = 6.5
    ex = explained("buchholz_cut1", swiss)
    assert {e: x.value for e, x in ex.items()} == {
        A: 7.5,
        B: 9.5,
        C: 1.5,
        D: 7,
        E: 5.5,
        F: 6.5,
        G: 8,
    }
    assert cut_rounds(ex[F]) == [3]
    assert cut_rounds(ex[C]) == [2]
    assert cut_rounds(ex[G]) == [2]


def test_median_buchholz(swiss):
    # The cut-1 term as above, and the highest remaining contribution:
    #   A: 8 - 0.5 (r4) - 3 (r1 B)            = 4.5
    #   B: 10 - 0.5 (r4) - 3.5 (r1 A)         = 6
    #   C: 2 - 0.5 (r2 VUR) - 0.5 (r1, earliest of the 0.5s left) = 1
    #   D: 7.5 - 0.5 (r3 VUR) - 3.5 (r4 A)    = 3.5
    #   E: 6 - 0.5 (r2 VUR) - 3 (r4 B)        = 2.5
    #   F: 8.5 - 2 (r3 VUR) - 3.5 (r2 A)      = 3
    #   G: 8.5 - 0.5 (r2 D) - 3.5 (r3 A)      = 4.5
    ex = explained("median_buchholz", swiss)
    assert {e: x.value for e, x in ex.items()} == {
        A: 4.5,
        B: 6,
        C: 1,
        D: 3.5,
        E: 2.5,
        F: 3,
        G: 4.5,
    }
    assert cut_rounds(ex[C]) == [1, 2]
    assert cut_rounds(ex[F]) == [2, 3]


def test_sonneborn_berger(swiss):
    # Opponent (or dummy) score × points earned in that round:
    #   A: 3×1 + 2×½ + 2.5×1 + 0.5×1           = 3 + 1 + 2.5 + 0.5 = 7
    #   B: 3.5×0 + dummy 3×1 + dummy 3×1 + 0.5×1 = 6.5
    #   C: 0.5×½ (r1 D) + 0 + 0 + 0           = 0.25
    #   D: 1×½ (r1 C, adjusted) + 0 + 0 + 0    = 0.5
    #   E: 2×0 + dummy 0.5×½ (half bye) + 0 + 0 = 0.25
    #   F: 0.5×1 + 3.5×½ + dummy 2×0 + 2.5×½   = 0.5 + 1.75 + 0 + 1.25 = 3.5
    #   G: dummy 2.5×1 (bye) + 0.5×1 + 3.5×0 + 2×½ = 2.5 + 0.5 + 0 + 1 = 4
    assert values("sonneborn_berger", swiss) == {
        A: 7,
        B: 6.5,
        C: 0.25,
        D: 0.5,
        E: 0.25,
        F: 3.5,
        G: 4,
    }


def test_three_one_zero_point_system():
    system = PointSystem(win=3, draw=1, loss=0, bye=3, half_bye=1, zero_bye=0)
    t = table(SWISS_ENTRIES, SWISS, SWISS_ROUNDS, system)
    # A 3+1+3+3 = 10, B 0+3+3+3 = 9, C 1+0+0+0 = 1, D 1+0+0+0 = 1, E 0+1+0+0 = 1,
    # F 3+1+0+1 = 5, G 3+3+0+1 = 7.
    assert t.points == {A: 10, B: 9, C: 1, D: 1, E: 1, F: 5, G: 7}
    # C's final absence counts as a draw, now worth 1: 1 + 0 + 0 + 1 = 2.
    assert t.adjusted[C] == 2
    bh = values("buchholz", t)
    # A: B 9 + F 5 + G 7 + D 1 = 22.  D: C 2 + G 7 + dummy 1 + A 10 = 20.
    assert bh[A] == 22
    assert bh[D] == 20
    # G: dummy own 7 (bye) + D 1 + A 10 + F 5 = 23.
    assert bh[G] == 23
    sb = values("sonneborn_berger", t)
    # A: 9×3 + 5×1 + 7×3 + 1×3 = 27 + 5 + 21 + 3 = 56.
    # G: dummy 7×3 (bye worth 3) + 1×3 + 10×0 + 5×1 = 21 + 3 + 0 + 5 = 29.
    assert sb[A] == 56
    assert sb[G] == 29


def test_withdrawn_players_missing_rounds():
    # 4 players, 3 rounds. W=4 plays round 1, then withdraws: no records in rounds 2 and 3.
    #   r1  1-2 1-0    3-4 0-1
    #   r2  1-3 ½-½    2 pairing-allocated bye      (4 gone)
    #   r3  2-1 0-1    3 pairing-allocated bye
    # Points: 1: 1 + ½ + 1 = 2.5; 2: 0 + 1 + 0 = 1; 3: 0 + ½ + 1 = 1.5; 4: 1 + 0 + 0 = 1.
    games = [
        game(1, 1, 2, WIN),
        game(1, 3, 4, LOSS),
        game(2, 1, 3, DRAW),
        game(2, 2, None, BYE),
        game(3, 2, 1, LOSS),
        game(3, 3, None, BYE),
    ]
    t = table([1, 2, 3, 4], games, 3)
    assert t.points == {1: 2.5, 2: 1, 3: 1.5, 4: 1}
    assert [r.kind for r in t.rounds[4]] == ["played", "absent", "absent"]
    # As an opponent, 4 counts its two missing rounds as draws: 1 + ½ + ½ = 2.
    assert t.adjusted[4] == 2
    bh = values("buchholz", t)
    # 3: r1 vs 4 → 2 (adjusted) + r2 vs 1 → 2.5 + r3 bye → dummy own 1.5   = 6
    # 4: r1 vs 3 → 1.5 + r2, r3 absent → dummy own 1 each                  = 3.5
    assert bh[3] == 6
    assert bh[4] == 3.5
    # 4's cut-1 drops an absence (VUR) although 1 < 1.5: 3.5 - 1 = 2.5.
    assert values("buchholz_cut1", t)[4] == 2.5
    # 3's Sonneborn-Berger: 2×0 (lost to 4) + 2.5×½ + dummy 1.5×1 = 2.75.
    assert values("sonneborn_berger", t)[3] == 2.75


def test_half_point_bye_in_the_last_round_counts_as_a_draw_for_the_opponents():
    # 3 rounds:  r1 1-2 0-1, 3 zero-point bye;  r2 1-3 1-0, 2 bye;  r3 1 half-point bye, 2-3 0-1.
    games = [
        game(1, 1, 2, LOSS),
        game(1, 3, None, ZERO_BYE),
        game(2, 1, 3, WIN),
        game(2, 2, None, BYE),
        game(3, 1, None, HALF_BYE),
        game(3, 2, 3, LOSS),
    ]
    t = table([1, 2, 3], games, 3)
    # 1: 0 + 1 + ½ = 1.5; 2: 1 + 1 + 0 = 2; 3: 0 + 0 + 1 = 1.
    assert t.points == {1: 1.5, 2: 2, 3: 1}
    # 1's half-point bye is in the last round (16.2.5): it counts as a draw, ½ like its points.
    assert t.adjusted_rounds[1] == (3,)
    assert t.adjusted[1] == 1.5
    # 3's zero bye in r1 is followed by played rounds: counted as scored, 0.
    assert t.adjusted_rounds[3] == ()
    assert t.adjusted[3] == 1


def test_zero_point_bye_in_the_last_round_counts_as_a_draw_for_the_opponents():
    # 2 rounds: r1 1-2 1-0; r2 1 asks for a zero-point bye, 2 gets the pairing bye.
    games = [game(1, 1, 2, WIN), game(2, 1, None, ZERO_BYE), game(2, 2, None, BYE)]
    t = table([1, 2], games, 2)
    # 1 scored 1 + 0 = 1 but counts 1 + ½ = 1.5 for its opponents.
    assert t.points[1] == 1
    assert t.adjusted[1] == 1.5
    # 2: r1 vs 1 → 1.5 + r2 bye → dummy own (0 + 1 = 1) = 2.5
    assert values("buchholz", t)[2] == 2.5
    # 1: r1 vs 2 → 1 + r2 zero bye → dummy own 1 = 2
    assert values("buchholz", t)[1] == 2


def test_forfeit_win_not_voluntary_but_forfeit_loss_is():
    # 3 rounds, 5 players. Player 1: r1 forfeit win over 2, r2 beats 3, r3 loses to 4.
    # Player 2: r1 forfeit loss, r2 beats 5, r3 beats 3.
    games = [
        game(1, 1, 2, FORFEIT_WIN),
        game(1, 3, 4, DRAW),
        game(1, 5, None, BYE),
        game(2, 1, 3, WIN),
        game(2, 2, 5, WIN),
        game(2, 4, None, BYE),
        game(3, 4, 1, WIN),
        game(3, 2, 3, WIN),
        game(3, 5, None, BYE),
    ]
    t = table([1, 2, 3, 4, 5], games, 3)
    # 1: 1 + 1 + 0 = 2; 2: 0 + 1 + 1 = 2; 3: ½ + 0 + 0 = 0.5; 4: ½ + 1 + 1 = 2.5; 5: 1+0+1 = 2.
    assert t.points == {1: 2, 2: 2, 3: 0.5, 4: 2.5, 5: 2}
    cut1 = explained("buchholz_cut1", t)
    # 1: dummy 2 (r1, not VUR) + 3 → 0.5 + 4 → 2.5 = 5; no VUR: the lowest (r2, 0.5) goes: 4.5
    assert cut1[1].value == 4.5 and cut_rounds(cut1[1]) == [2]
    # 2: dummy 2 (r1 forfeit loss, VUR) + 5 → 2 + 3 → 0.5 = 4.5; the VUR goes: 4.5 - 2 = 2.5
    assert cut1[2].value == 2.5 and cut_rounds(cut1[2]) == [1]


def test_cuts_never_exceed_the_contributions():
    # One round, one game: median would cut two terms of one; it cuts only the lowest.
    t = table([1, 2], [game(1, 1, 2, WIN)], 1)
    assert values("median_buchholz", t) == {1: 0, 2: 0}
    assert values("buchholz", t) == {1: 0, 2: 1}
    # No rounds at all: every Buchholz is 0.
    empty = table([1, 2], [], 0)
    assert values("buchholz_cut1", empty) == {1: 0, 2: 0}


def test_dummy_cap_of_the_2026_revision():
    # C.07 (2026) art. 16.4: a dummy opponent's score is capped — in a round with a scheduled
    # opponent (forfeits) at that opponent's score (as it counts in Buchholz); in a round
    # without one (byes, absences) at draw × rounds played = ½ × 4 = 2.
    # Adjusted scores: A 3.5, B 3, C 1, D 0.5, E 0.5, F 2, G 2.5.
    t = table(SWISS_ENTRIES, SWISS, SWISS_ROUNDS)
    capped = ResultTable.build(
        SWISS_ENTRIES, SWISS, system=PointSystem(), rounds_played=SWISS_ROUNDS, dummy_cap=True
    )
    # B: r1 A 3.5 + r2 forfeit win over C: min(own 3, C 1) = 1 + r3 forfeit win over E:
    #    min(3, E 0.5) = 0.5 + r4 E 0.5                               = 5.5 (uncapped 10)
    # C: r2 -/+ vs B min(0.5, 3) + r3 -/- vs F min(0.5, 2) + r4 absent min(0.5, 2):
    #    still its own 0.5 each; + r1 D 0.5                          = 2
    # F: r3 double forfeit with C: min(own 2, C 1) = 1: 0.5 + 3.5 + 1 + 2.5 = 7.5 (uncapped 8.5)
    # G: r1 pairing bye: min(own 2.5, 2) = 2: 2 + 0.5 + 3.5 + 2       = 8 (uncapped 8.5)
    # A (no unplayed round), D (zero bye: 0.5 < 2), E (0.5): unchanged.
    assert values("buchholz", capped) == {A: 8, B: 5.5, C: 2, D: 7.5, E: 6, F: 7.5, G: 8}
    assert values("buchholz", t) == {A: 8, B: 10, C: 2, D: 7.5, E: 6, F: 8.5, G: 8.5}
    g_terms = explained("buchholz", capped)[G].terms
    assert (g_terms[0].score, g_terms[0].note) == (2, NOTE_CAPPED)
    assert explained("buchholz", capped)[C].terms[1].note == NOTE_DUMMY  # not lowered
    # Sonneborn-Berger uses the same capped dummy:
    #   B: r1 A 3.5 × 0 + r2 1 × 1 + r3 0.5 × 1 + r4 E 0.5 × 1 = 2 (uncapped 0 + 3 + 3 + 0.5 = 6.5)
    #   G: r1 2 × 1 + r2 D 0.5 × 1 + r3 A 3.5 × 0 + r4 F 2 × ½ = 3.5 (uncapped 4)
    sb, sb_plain = values("sonneborn_berger", capped), values("sonneborn_berger", t)
    assert (sb[B], sb[G], sb_plain[B], sb_plain[G]) == (2, 3.5, 6.5, 4)
    # Through compute_standings: the option reaches the table.
    rows = compute_standings(
        SWISS_ENTRIES,
        SWISS,
        system=PointSystem(),
        order=["buchholz"],
        rounds_played=SWISS_ROUNDS,
        dummy_cap=True,
    )
    assert {r.entry: r.tiebreaks[0] for r in rows}[B] == 5.5
