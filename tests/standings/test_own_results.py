"""Tie-breaks from an entry's own results: wins, second moves, progressive, Koya, SOS points.

The SWISS example is laid out in examples.py.
"""

from __future__ import annotations

import pytest

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
from tests.standings.helpers import explained, table, values
from tournaments.core.history import DRAW, FORFEIT_LOSS, WIN, PointSystem
from tournaments.standings import NOTE_BELOW


@pytest.fixture
def swiss():
    return table(SWISS_ENTRIES, SWISS, SWISS_ROUNDS)


def test_wins_count_games_won_over_the_board(swiss):
    # A won r1 (B), r3 (G), r4 (D) = 3. B: r4 only; its forfeit wins in r2, r3 do not count = 1.
    # F: r1. G: r2 (its r1 bye does not count). C, D, E: none.
    assert values("wins", swiss) == {A: 3, B: 1, C: 0, D: 0, E: 0, F: 1, G: 1}
    assert [t.round for t in explained("wins", swiss)[A].terms] == [1, 3, 4]


def test_games_with_the_second_move(swiss):
    # Second mover in a game played over the board:
    #   A: r2 (F-A), r4 (D-A) = 2      B: r1 (A-B) = 1; r3 E-B was a forfeit, not counted
    #   C: none (first in r1)          D: r1 (C-D) = 1
    #   E: r4 (B-E) = 1                F: r1 (E-F), r4 (G-F) = 2; r3 C-F double forfeit
    #   G: r2 (D-G), r3 (A-G) = 2
    assert values("second_moves", swiss) == {A: 2, B: 1, C: 0, D: 1, E: 1, F: 2, G: 2}


def test_progressive_score(swiss):
    # Running score after each round, summed:
    #   A 1, 1.5, 2.5, 3.5 = 8.5     B 0, 1, 2, 3 = 6
    #   C .5, .5, .5, .5 = 2         D .5, .5, .5, .5 = 2
    #   E 0, .5, .5, .5 = 1.5        F 1, 1.5, 1.5, 2 = 6
    #   G 1, 2, 2, 2.5 = 7.5
    assert values("progressive", swiss) == {A: 8.5, B: 6, C: 2, D: 2, E: 1.5, F: 6, G: 7.5}
    assert [t.value for t in explained("progressive", swiss)[G].terms] == [1, 2, 2, 2.5]


def test_koya(swiss):
    # Most rounds with an opponent: 4 (A, B, F) → maximum 4 × 1 = 4, threshold 2.
    # Opponents with at least 2: A 3.5, B 3, F 2, G 2.5.
    #   A: B 1 + F ½ + G 1 (+ D, 0.5 < 2, left out) = 2.5
    #   B: A 0 (+ C, E, E left out)                  = 0
    #   C: B 0 (forfeit loss) + F 0 (double forfeit) = 0
    #   D: G 0 + A 0                                 = 0
    #   E: F 0 + B 0 (forfeit) + B 0                 = 0
    #   F: A ½ + G ½ (E, C left out)                 = 1
    #   G: A 0 + F ½ (D left out)                    = 0.5
    ex = explained("koya", swiss)
    assert {e: x.value for e, x in ex.items()} == {A: 2.5, B: 0, C: 0, D: 0, E: 0, F: 1, G: 0.5}
    assert dict(ex[A].params) == {"maximum": 4, "threshold": 2}
    left_out = [(t.round, t.opponent) for t in ex[A].terms if t.cut]
    assert left_out == [(4, D)]
    assert ex[A].terms[3].note == NOTE_BELOW


def test_koya_with_three_one_zero():
    system = PointSystem(win=3, draw=1, loss=0, bye=3, half_bye=1, zero_bye=0)
    t = table(SWISS_ENTRIES, SWISS, SWISS_ROUNDS, system)
    # Points A 10, B 9, F 5, G 7, C D E 1. Maximum 3 × 4 = 12, threshold 6: A, B, G qualify.
    #   A: B 3 + G 3 = 6 (F 5 < 6 left out)     F: A 1 + G 1 = 2     G: A 0 (F left out) = 0
    k = values("koya", t)
    assert (k[A], k[F], k[G]) == (6, 2, 0)
    # Progressive A: 3, 4, 7, 10 = 24.
    assert values("progressive", t)[A] == 24


def test_koya_in_a_five_player_round_robin():
    # RR5 (examples.py): each plays 4 games, one rests each round → maximum 4, threshold 2.
    # Points 1 2.5, 2 2.5, 3 2.5, 4 1.5, 5 1: opponents with ≥ 2 are 1, 2, 3.
    #   1: 2 → 1, 3 → ½ = 1.5       2: 1 → 0, 3 → 1 = 1       3: 1 → ½, 2 → 0 = 0.5
    #   4: 1 → 1, 2 → 0, 3 → 0 = 1   5: 1 → 0, 2 → ½, 3 → 0 = 0.5
    t = table(RR5_ENTRIES, RR5, 5, round_robin=True)
    assert t.points == {1: 2.5, 2: 2.5, 3: 2.5, 4: 1.5, 5: 1}
    assert values("koya", t) == {1: 1.5, 2: 1, 3: 0.5, 4: 1, 5: 0.5}
    assert explained("koya", t)[1].params["threshold"] == 2


def test_koya_counts_forfeit_results():
    # r1 1-2 -/+ (2 wins by forfeit), 3 absent;  r2 1-3 1-0, 2 absent;  r3 2-3 ½-½, 1 absent.
    # A 3-player round robin: each rests one round.
    games = [game(1, 1, 2, FORFEIT_LOSS), game(2, 1, 3, WIN), game(3, 2, 3, DRAW)]
    t = table([1, 2, 3], games, 3, round_robin=True)
    # Points 1: 0 + 1 + 0 = 1; 2: 1 + 0 + ½ = 1.5; 3: 0 + 0 + ½ = 0.5.
    # Each plays 2 games (the resting round does not count) → maximum 2, threshold 1.
    #   2: vs 1 (1 ≥ 1) → 1, the forfeit win; vs 3 (0.5 < 1) left out = 1
    assert t.points == {1: 1, 2: 1.5, 3: 0.5}
    assert values("koya", t)[2] == 1


def test_koya_in_a_swiss_takes_half_of_rounds_times_win():
    # The same three rounds as a Swiss (each misses one round): the maximum is the rounds
    # played × the points for a win = 3 × 1 = 3, threshold 1.5 — not the 2 games anyone
    # actually played (which would give a threshold of 1 and let 1's score count).
    games = [game(1, 1, 2, FORFEIT_LOSS), game(2, 1, 3, WIN), game(3, 2, 3, DRAW)]
    t = table([1, 2, 3], games, 3)
    # Points 1: 1, 2: 1.5, 3: 0.5. Only 2 (1.5 ≥ 1.5) qualifies as an opponent.
    #   1: vs 2 → 0 (forfeit loss), vs 3 left out = 0
    #   2: vs 1 (1 < 1.5) left out, vs 3 left out  = 0
    #   3: vs 1 left out, vs 2 → ½                 = 0.5
    ex = explained("koya", t)
    assert {e: x.value for e, x in ex.items()} == {1: 0, 2: 0, 3: 0.5}
    assert dict(ex[1].params) == {"maximum": 3, "threshold": 1.5}
    assert [(x.opponent, x.cut) for x in ex[2].terms] == [(1, True), (3, True)]
    system = PointSystem(win=3, draw=1, loss=0, bye=3, half_bye=1, zero_bye=0)
    t3 = table([1, 2, 3], games, 3, system)
    # 3-1-0: points 1: 3, 2: 4, 3: 1; maximum 3 × 3 = 9, threshold 4.5: nobody qualifies.
    assert dict(explained("koya", t3)[1].params) == {"maximum": 9, "threshold": 4.5}
    assert set(values("koya", t3).values()) == {0}


def test_sos_points_and_difference(swiss):
    # Own game scores in games played over the board (the 9:9 on the B-C forfeit is ignored):
    #   A: 5 + 4 + 7 + 5 = 21, conceded 2 + 4 + 3 + 0 = 9  → +12
    #   B: 2 + 6 = 8,          conceded 5 + 1 = 6          → +2
    #   C: 3,                  conceded 3                  → 0
    #   D: 3 + 2 + 0 = 5,      conceded 3 + 6 + 5 = 14     → -9
    #   E: 1 + 1 = 2,          conceded 4 + 6 = 10         → -8
    #   F: 4 + 4 + 2 = 10,     conceded 1 + 4 + 2 = 7      → +3
    #   G: 6 + 3 + 2 = 11,     conceded 2 + 7 + 2 = 11     → 0
    assert values("sos_points", swiss) == {A: 21, B: 8, C: 3, D: 5, E: 2, F: 10, G: 11}
    assert values("sos_difference", swiss) == {A: 12, B: 2, C: 0, D: -9, E: -8, F: 3, G: 0}
    terms = explained("sos_difference", swiss)[D].terms
    assert [(t.round, t.scored, t.conceded, t.value) for t in terms] == [
        (1, 3, 3, 0),
        (2, 2, 6, -4),
        (4, 0, 5, -5),
    ]
