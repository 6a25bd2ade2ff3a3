"""The leaf evaluation of the ultimate tic-tac-toe search (issue 15).

:func:`evaluate` guesses X's expected score in an unfinished game from each seat's chances on the
small boards (the tables ``chance_x``/``chance_o`` of :mod:`games.engine.uttt_tables`), multiplied
along the meta-board's lines; :func:`evaluate_pos` is the same for a fast position.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .uttt_tables import tables

if TYPE_CHECKING:
    from .uttt_pos import UtttPos

META_LINES = (
    (0, 1, 2),
    (3, 4, 5),
    (6, 7, 8),
    (0, 3, 6),
    (1, 4, 7),
    (2, 5, 8),
    (0, 4, 8),
    (2, 4, 6),
)


def evaluate(st: list[int], xw: int, ow: int, dr: int, classic: bool, mover: int, t: int) -> float:
    """A cheap guess of X's expected score (0-1) in an unfinished game (for cut playouts).

    Each board gets a chance for each seat (won: 1, lost or drawn: 0; in the tactical preset a
    drawn board counts for both; undecided: ``_Tables.chance_x``/``chance_o``), except that the
    mover sent to a board it can win at once gets it; a seat's strength is the sum over the
    meta-board's lines of the product of its chances there, and the score is X's share.
    """
    tb = tables()
    cx, co = tb.chance_x, tb.chance_o
    both = 0.0 if classic else 1.0
    px = [0.0] * 9
    po = [0.0] * 9
    for b in range(9):
        bb = 1 << b
        if xw & bb:
            px[b] = 1.0
        elif ow & bb:
            po[b] = 1.0
        elif dr & bb:
            px[b] = po[b] = both
        else:
            s = st[b]
            px[b] = cx[s]
            po[b] = co[s]
    if t < 9 and not (xw | ow | dr) >> t & 1 and (tb.win_o if mover else tb.win_x)[st[t]]:
        if mover:
            px[t], po[t] = 0.0, 1.0
        else:
            px[t], po[t] = 1.0, 0.0
    lx = lo = 0.0
    for a, b, c in META_LINES:
        lx += px[a] * px[b] * px[c]
        lo += po[a] * po[b] * po[c]
    return (lx + 0.01) / (lx + lo + 0.02)


def evaluate_pos(pos: UtttPos) -> float:
    """:func:`evaluate` of an unfinished fast position."""
    last = pos.last
    t = 9
    if last >= 0:
        t = last % 9
        decided = pos.xw | pos.ow | pos.dr
        if ((decided if pos.classic or pos.free else pos.full) | pos.full) >> t & 1:
            t = 9
    return evaluate(pos.st, pos.xw, pos.ow, pos.dr, pos.classic, pos.turn, t)
