"""The C.07 tie-breaks added with issue 27: a worked example each (by hand, on the SWISS of
examples.py), and each compared with the independent computation of reference.py on the
hand-made tournaments and on generated ones."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.standings import reference as ref
from tests.standings.examples import (
    RR5,
    RR5_ENTRIES,
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
    DOUBLE_FORFEIT,
    DRAW,
    FORFEIT_LOSS,
    FORFEIT_WIN,
    HALF_BYE,
    LOSS,
    WIN,
    ZERO_BYE,
    GameRecord,
    PointSystem,
)
from tournaments.standings import TIEBREAKS, compute_standings
from tournaments.standings.__main__ import synthetic_swiss

NEW = (
    "buchholz_cut2",
    "median_buchholz2",
    "fore_buchholz",
    "average_opponents_buchholz",
    "sonneborn_berger_cut1",
    "rounds_won",
    "second_move_wins",
    "rounds_elected",
)


@pytest.fixture
def swiss():
    return table(SWISS_ENTRIES, SWISS, SWISS_ROUNDS)


def test_registered_with_fide_acronyms():
    abbrs = {key: TIEBREAKS[key].abbr for key in NEW}
    assert abbrs == {
        "buchholz_cut2": "BH-C2",
        "median_buchholz2": "BH-M2",
        "fore_buchholz": "FB",
        "average_opponents_buchholz": "AOB",
        "sonneborn_berger_cut1": "SB-C1",
        "rounds_won": "WIN",
        "second_move_wins": "BWG",
        "rounds_elected": "REP",
    }


def test_buchholz_cut2(swiss):
    # Buchholz terms (test_buchholz.py), VURs marked *; the two least go, VURs first:
    #   A 3, 2, 2.5, 0.5 -> 0.5 and 2 go: 5.5      B 3.5, 3, 3, 0.5 -> 0.5 and 3 (r2): 6.5
    #   C 0.5, 0.5*, 0.5*, 0.5* -> r2, r3: 1       D 1, 2.5, 0.5*, 3.5 -> 0.5*, then 1: 6
    #   E 2, 0.5*, 0.5*, 3 -> both VURs: 5          F 0.5, 3.5, 2*, 2.5 -> 2*, then 0.5: 6
    #   G 2.5, 0.5, 3.5, 2 -> 0.5 and 2: 6
    ex = explained("buchholz_cut2", swiss)
    assert {e: x.value for e, x in ex.items()} == {A: 5.5, B: 6.5, C: 1, D: 6, E: 5, F: 6, G: 6}
    assert cut_rounds(ex[F]) == [1, 3]
    assert cut_rounds(ex[C]) == [2, 3]


def test_median_buchholz2_cuts_four_of_five():
    # Points: 1 3, 2 1, 3 1.5, 4 1, 5 2.5, 6 0. 1 met 2, 3 and 4: Buchholz 1 + 1.5 + 1 = 3.5.
    games = [
        GameRecord(1, 1, 2, WIN), GameRecord(1, 3, 4, WIN), GameRecord(1, 5, 6, WIN),
        GameRecord(2, 1, 3, WIN), GameRecord(2, 2, 5, LOSS), GameRecord(2, 4, 6, WIN),
        GameRecord(3, 1, 4, WIN), GameRecord(3, 2, 6, WIN), GameRecord(3, 3, 5, DRAW),
    ]  # fmt: skip
    t = table(range(1, 7), games, 3)
    # Three terms: median 2 cuts the two lowest, then only one is left to cut as the highest.
    ex = explained("median_buchholz2", t)[1]
    assert ex.value == 0 and len(cut_rounds(ex)) == 3
    assert values("buchholz", t)[1] == 3.5


def test_fore_buchholz(swiss):
    # Round 4's games G-F, D-A, B-E as draws: A 1+½+1+½ = 3, B 0+1+1+½ = 2.5, D 1, E 1,
    # F 2, G 2.5; C's r4 absence is no game (0.5, and 1 as its opponents see it).
    #   A: B 2.5 + F 2 + G 2.5 + D 1                  = 8
    #   B: A 3 + dummy own 2.5 + dummy 2.5 + E 1      = 9
    #   C: D 1 + three dummies of own 0.5             = 2.5
    #   E: F 2 + dummy own 1 + dummy 1 + B 2.5        = 6.5
    ex = explained("fore_buchholz", swiss)
    assert {e: x.value for e, x in ex.items()} == {
        A: 8, B: 9, C: 2.5, D: 7.5, E: 6.5, F: 8.5, G: 8.5
    }  # fmt: skip
    assert ex[A].params["round"] == 4
    assert [t.score for t in ex[A].terms] == [2.5, 2, 2.5, 1]


def test_average_of_opponents_buchholz(swiss):
    # Buchholz: A 8, B 10, C 2, D 7.5, E 6, F 8.5, G 8.5. Opponents over the board:
    #   A: B, F, G, D -> 34.5 / 4 = 8.625     B: A, E -> 14 / 2 = 7
    #   C: D -> 7.5                           D: C, G, A -> 18.5 / 3
    #   E: F, B -> 18.5 / 2 = 9.25            F: E, A, G -> 22.5 / 3 = 7.5
    #   G: D, A, F -> 24 / 3 = 8
    got = values("average_opponents_buchholz", swiss)
    assert got == pytest.approx({A: 8.625, B: 7, C: 7.5, D: 18.5 / 3, E: 9.25, F: 7.5, G: 8})
    ex = explained("average_opponents_buchholz", swiss)[D]
    assert ex.params == {"sum": 18.5, "games": 3}
    assert [t.opponent for t in ex.terms] == [C, G, A]


def test_sonneborn_berger_cut1(swiss):
    # SB terms (score x points, test_buchholz.py); the lowest-scored opponent's product goes:
    #   A: D 0.5 x 1 -> 7 - 0.5 = 6.5          B: E 0.5 x 1 -> 6.5 - 0.5 = 6
    #   F: E 0.5 x 1 = 0.5 is the least; its VUR r3 (dummy 2 x 0 = 0) is lower, so the
    #      least goes: 3.5 - 0.5 = 3           G: D 0.5 x 1 -> 4 - 0.5 = 3.5
    #   E: least is r3 (dummy 0.5, product 0); the lowest VUR product (r3, 0) is not lower: 0.25
    #   C, D: every term with the lowest score has product 0: unchanged.
    ex = explained("sonneborn_berger_cut1", swiss)
    assert {e: x.value for e, x in ex.items()} == {
        A: 6.5, B: 6, C: 0.25, D: 0.5, E: 0.25, F: 3, G: 3.5
    }  # fmt: skip
    assert cut_rounds(ex[F]) == [1]
    assert cut_rounds(ex[E]) == [3]


def test_sonneborn_berger_cut1_cuts_a_higher_vur():
    # r1 1 half-point bye, 3 beats 2; r2 1 beats 2, 3 bye; r3 1 beats 3, 2 zero-point bye.
    # Points 1 2.5, 2 0, 3 2; 2's last-round zero bye counts as a draw for 1 (16.3): 0.5.
    # SB of 1: r1 VUR, dummy own 2.5 x ½ = 1.25; r2 2 0.5 x 1 = 0.5; r3 3 2 x 1 = 2: 3.75.
    # Least: 2's 0.5; the VUR's 1.25 is not lower, so it goes instead: 2.5.
    games = [
        GameRecord(1, 1, None, HALF_BYE), GameRecord(1, 2, 3, LOSS),
        GameRecord(2, 1, 2, WIN), GameRecord(2, 3, None, BYE),
        GameRecord(3, 3, 1, LOSS), GameRecord(3, 2, None, ZERO_BYE),
    ]  # fmt: skip
    t = table([1, 2, 3], games, 3)
    assert t.points == {1: 2.5, 2: 0, 3: 2}
    ex = explained("sonneborn_berger_cut1", t)[1]
    assert values("sonneborn_berger", t)[1] == 3.75
    assert ex.value == 2.5 and cut_rounds(ex) == [1]


def test_rounds_won_count_forfeits_and_byes_worth_a_win(swiss):
    # A: r1, r3, r4 won = 3. B: forfeit wins r2, r3 and r4 = 3. G: r1 bye (1 point) and r2 = 2.
    # F: r1. E's half-point bye is not a win's points.
    assert values("rounds_won", swiss) == {A: 3, B: 3, C: 0, D: 0, E: 0, F: 1, G: 2}


def test_games_won_with_the_second_move(swiss):
    # A won D-A in r4; F won E-F in r1; G won D-G in r2; B's r3 forfeit win as second is none.
    assert values("second_move_wins", swiss) == {A: 1, B: 0, C: 0, D: 0, E: 0, F: 1, G: 1}


def test_rounds_elected_to_play(swiss):
    # 4 rounds less the VURs: C 3 (r2 -, r3 -/-, r4 absent) = 1; D r3 zero bye = 3;
    # E r2 half bye, r3 - = 2; F r3 -/- = 3; A, B, G 4 (a pairing bye and forfeit wins count).
    assert values("rounds_elected", swiss) == {A: 4, B: 4, C: 1, D: 3, E: 2, F: 3, G: 4}


def test_rounds_elected_in_a_round_robin():
    # RR5: each plays 4 games in 5 rounds; the resting round is nobody's unplayed round (15.2).
    t = table(RR5_ENTRIES, RR5, 5, round_robin=True)
    assert set(values("rounds_elected", t).values()) == {4}
    # A forfeit loss stays unplayed for REP (15.2): 4 loses r5 to 2 by forfeit.
    games = [g if g.round != 5 or g.first != 4 else game(5, 4, 2, FORFEIT_LOSS) for g in RR5]
    assert values("rounds_elected", table(RR5_ENTRIES, games, 5, round_robin=True))[4] == 3


def test_a_waiting_game_counts_as_elected():
    games = [game(1, 1, 2, WIN), game(2, 1, 2, None)]
    assert values("rounds_elected", table([1, 2], games, 2)) == {1: 2, 2: 2}


# --- against the independent computation -------------------------------------------------------


def reference_values(entries, games, rounds) -> dict[str, dict[int, float]]:
    g = ref.grid(entries, games, rounds)
    fg = ref.fore(g)
    return {
        "buchholz_cut2": {p: ref.buchholz(g, p, low=2) for p in entries},
        "median_buchholz2": {p: ref.buchholz(g, p, low=2, high=2) for p in entries},
        "fore_buchholz": {p: ref.buchholz(fg, p) for p in entries},
        "average_opponents_buchholz": {p: ref.average_opponents_buchholz(g, p) for p in entries},
        "sonneborn_berger_cut1": {p: ref.sonneborn_berger_cut1(g, p) for p in entries},
        "rounds_won": {p: ref.rounds_won(g, p) for p in entries},
        "second_move_wins": {p: ref.wins_with_second_move(g, p) for p in entries},
        "rounds_elected": {p: ref.rounds_elected(g, p) for p in entries},
    }


def assert_same(entries, games, rounds):
    expected = reference_values(entries, games, rounds)
    rows = compute_standings(entries, games, system=PointSystem(), order=NEW, rounds_played=rounds)
    for row in rows:
        for key, value in zip(NEW, row.tiebreaks, strict=True):
            assert value == pytest.approx(expected[key][row.entry]), (key, row.entry)


def test_reference_agrees_on_the_hand_made_swiss():
    assert_same(SWISS_ENTRIES, SWISS, SWISS_ROUNDS)
    assert_same(SWISS_ENTRIES, SWISS, 3)  # FB's final round is then round 3


@pytest.mark.parametrize("seed", range(4))
def test_reference_agrees_on_synthetic_swisses(seed):
    assert_same(list(range(1, 31)), synthetic_swiss(30, 5, seed=seed), 5)


PAIRED = (WIN, DRAW, LOSS, WIN, DRAW, LOSS, FORFEIT_WIN, FORFEIT_LOSS, DOUBLE_FORFEIT)


def random_swiss(rng: random.Random, n: int, rounds: int) -> list[GameRecord]:
    """Random pairings each round: some absent, some byes of every kind, every result."""
    games = []
    for rnd in range(1, rounds + 1):
        players = list(range(1, n + 1))
        rng.shuffle(players)
        while players:
            p = players.pop()
            if rng.random() < 0.15 or not players:
                if rng.random() < 0.7:
                    games.append(GameRecord(rnd, p, None, rng.choice((BYE, HALF_BYE, ZERO_BYE))))
                continue  # else absent: no record at all
            games.append(GameRecord(rnd, p, players.pop(), rng.choice(PAIRED)))
    return games


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 9), st.integers(1, 6), st.randoms(use_true_random=False))
def test_reference_agrees_on_random_swisses(n, rounds, rng):
    assert_same(list(range(1, n + 1)), random_swiss(rng, n, rounds), rounds)


def test_fore_buchholz_turns_final_round_forfeits_into_draws():
    # After round 3 of SWISS: A-G, C-F (-/-) and E-B (-/+) count as draws over the board; D's
    # zero-point bye keeps its 0. Fore points: A 2, B 1.5, C 1, D 0.5, E 1, F 2, G 2.5, and D's
    # last-round bye counts as a draw for its opponents (16.3): 1.
    #   F: E 1 + A 2 + C 1 (now a game)                    = 4
    #   B: A 2 + r2 forfeit win, dummy own 1.5 + E 1       = 4.5
    #   D: C 1 + G 2.5 + r3 zero bye, dummy own 0.5        = 4
    got = values("fore_buchholz", table(SWISS_ENTRIES, SWISS, 3))
    assert (got[F], got[B], got[D]) == (4, 4.5, 4)


def test_rounds_won_with_three_points_for_a_win():
    # 3-1-0 with a bye worth a draw (1): the bye is no win's points; a forfeit win is.
    system = PointSystem(win=3, draw=1, loss=0, bye=1)
    games = [game(1, 1, None, BYE), game(1, 2, 3, FORFEIT_WIN), game(2, 1, 2, WIN)]
    games.append(game(2, 3, None, BYE))
    assert values("rounds_won", table([1, 2, 3], games, 2, system)) == {1: 1, 2: 1, 3: 0}
