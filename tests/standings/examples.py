"""Hand-built tournaments for the standings tests. Every expected number is worked out by hand
in the tests' comments from the tables below, never by calling the code.

SWISS: 7 players, 4 rounds, every kind of unplayed round
=========================================================

Players A=1 B=2 C=3 D=4 E=5 F=6 G=7. "X-Y" means X had the first move; (s:t) the SOS game
scores of the first and the second mover.

    round 1   A-B 1-0 (5:2)    C-D ½-½ (3:3)     E-F 0-1 (1:4)    G pairing-allocated bye
    round 2   F-A ½-½ (4:4)    B-C +/- (9:9)*    D-G 0-1 (2:6)    E half-point bye (requested)
    round 3   A-G 1-0 (7:3)    C-F -/-           E-B -/+          D zero-point bye (requested)
    round 4   G-F ½-½ (2:2)    D-A 0-1 (0:5)     B-E 1-0 (6:1)    C withdrew: no record at all

    * scores on a forfeit are nonsense and must be ignored by the SOS tie-breaks.

Points (1 / ½ / 0, bye 1, half-point bye ½, zero-point bye 0), round by round:

    A  1  ½  1  1  = 3.5        E  0  ½  0  0  = 0.5
    B  0  1  1  1  = 3          F  1  ½  0  ½  = 2
    C  ½  0  0  0  = 0.5        G  1  1  0  ½  = 2.5
    D  ½  0  0  0  = 0.5        (total 12.5 = 4 + 3.5 + 2 + 3 points handed out per round)

Voluntary unplayed rounds (VUR): C r2 (forfeit loss), r3 (double forfeit), r4 (absent);
D r3 (zero-point bye); E r2 (half-point bye), r3 (forfeit loss); F r3 (double forfeit).
Not VUR: G's pairing-allocated bye, B's two forfeit wins.

Adjusted scores, what each contributes to its opponents (FIDE 16.3): only C has requested byes
followed by nothing but VURs: its r4 absence counts as a draw, so C = ½ + 0 + 0 + ½ = 1.
(D's r3 zero bye and E's r2 half bye are followed by a played round: counted as scored.)
So A 3.5, B 3, C 1, D 0.5, E 0.5, F 2, G 2.5.

RR5: a single round robin of 5 (one rests each round, with no record)
======================================================================

    round 1  2-5 ½-½  3-4 1-0  (1 rests)      round 4  1-4 0-1  2-3 1-0  (5 rests)
    round 2  5-3 0-1  1-2 1-0  (4 rests)      round 5  4-2 0-1  5-1 0-1  (3 rests)
    round 3  3-1 ½-½  4-5 ½-½  (2 rests)

           1    2    3    4    5   total
      1    .    1    ½    0    1   2.5
      2    0    .    1    1    ½   2.5
      3    ½    0    .    1    1   2.5
      4    1    0    0    .    ½   1.5
      5    0    ½    0    ½    .   1

Among the three on 2.5: 1 beat 2 and drew 3, 2 beat 3.

RR4_LEVEL: a single round robin of 4, everyone on 1.5, with SOS game scores
===========================================================================

    round 1  1-2 1-0 (4:3)   3-4 0-1 (2:5)
    round 2  1-3 0-1 (3:5)   2-4 1-0 (4:1)
    round 3  1-4 ½-½ (3:2)   2-3 ½-½ (3:5)

    points  1: 1 + 0 + ½ = 1.5    2: 0 + 1 + ½ = 1.5    3: 0 + 1 + ½ = 1.5    4: 1 + 0 + ½ = 1.5
    SOS     1: 4 + 3 + 3 = 10     2: 3 + 4 + 3 = 10     3: 2 + 5 + 5 = 12     4: 5 + 1 + 2 = 8

DOUBLE_RR4: a double round robin of 4 (second cycle with the moves swapped)
============================================================================

    round 1  1-4 1-0   2-3 ½-½        round 4  4-1 ½-½   3-2 +/-
    round 2  4-3 0-1   1-2 ½-½        round 5  3-4 1-0   2-1 1-0
    round 3  2-4 1-0   3-1 0-1        round 6  4-2 -/-   1-3 0-1

    against    1        2        3        4       total
      1        .       ½ 0      1 0      1 ½      3
      2       ½ 1       .       ½ -      1 -      3
      3       0 1      ½ +       .       1 1      4.5
      4       0 ½      0 -      0 0       .       0.5
                                       (11 = 12 pairings less the -/-)
"""

from __future__ import annotations

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
)

A, B, C, D, E, F, G = 1, 2, 3, 4, 5, 6, 7
SWISS_ENTRIES = [A, B, C, D, E, F, G]
SWISS_ROUNDS = 4
SWISS = [
    GameRecord(1, A, B, WIN, 5, 2),
    GameRecord(1, C, D, DRAW, 3, 3),
    GameRecord(1, E, F, LOSS, 1, 4),
    GameRecord(1, G, None, BYE),
    GameRecord(2, F, A, DRAW, 4, 4),
    GameRecord(2, B, C, FORFEIT_WIN, 9, 9),
    GameRecord(2, D, G, LOSS, 2, 6),
    GameRecord(2, E, None, HALF_BYE),
    GameRecord(3, A, G, WIN, 7, 3),
    GameRecord(3, C, F, DOUBLE_FORFEIT),
    GameRecord(3, E, B, FORFEIT_LOSS),
    GameRecord(3, D, None, ZERO_BYE),
    GameRecord(4, G, F, DRAW, 2, 2),
    GameRecord(4, D, A, LOSS, 0, 5),
    GameRecord(4, B, E, WIN, 6, 1),
]

RR5_ENTRIES = [1, 2, 3, 4, 5]
RR5 = [
    GameRecord(1, 2, 5, DRAW),
    GameRecord(1, 3, 4, WIN),
    GameRecord(2, 5, 3, LOSS),
    GameRecord(2, 1, 2, WIN),
    GameRecord(3, 3, 1, DRAW),
    GameRecord(3, 4, 5, DRAW),
    GameRecord(4, 1, 4, LOSS),
    GameRecord(4, 2, 3, WIN),
    GameRecord(5, 4, 2, LOSS),
    GameRecord(5, 5, 1, LOSS),
]

RR4_LEVEL = [
    GameRecord(1, 1, 2, WIN, 4, 3),
    GameRecord(1, 3, 4, LOSS, 2, 5),
    GameRecord(2, 1, 3, LOSS, 3, 5),
    GameRecord(2, 2, 4, WIN, 4, 1),
    GameRecord(3, 1, 4, DRAW, 3, 2),
    GameRecord(3, 2, 3, DRAW, 3, 5),
]

DOUBLE_RR4 = [
    GameRecord(1, 1, 4, WIN),
    GameRecord(1, 2, 3, DRAW),
    GameRecord(2, 4, 3, LOSS),
    GameRecord(2, 1, 2, DRAW),
    GameRecord(3, 2, 4, WIN),
    GameRecord(3, 3, 1, LOSS),
    GameRecord(4, 4, 1, DRAW),
    GameRecord(4, 3, 2, FORFEIT_WIN),
    GameRecord(5, 3, 4, WIN),
    GameRecord(5, 2, 1, WIN),
    GameRecord(6, 4, 2, DOUBLE_FORFEIT),
    GameRecord(6, 1, 3, LOSS),
]


def game(rnd: int, first: int, second: int | None, result: str | None) -> GameRecord:
    return GameRecord(rnd, first, second, result)
