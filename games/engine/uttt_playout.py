"""Random playouts of the fast ultimate tic-tac-toe position (:mod:`games.engine.uttt_pos`).

:func:`random_playout` plays a game to its end on local variables for Monte Carlo search (uniform,
"heavy" or "smart" choices); :func:`playout_value` is a leaf's value for the search: a playout's
result, or the evaluation (:mod:`games.engine.uttt_eval`) of where a cut playout stops.
"""

from __future__ import annotations

from random import Random
from typing import Any

from .uttt_eval import evaluate, evaluate_pos
from .uttt_pos import UtttPos
from .uttt_tables import BITS, CELLS, DRAW, FULL9, ONGOING, WIN9, big_board, tables

# -- playouts ---------------------------------------------------------------------------------
#
# Random numbers: one 62-bit draw serves several moves. A move with n choices takes r % n and
# keeps r // n (mixed-radix digits); a new draw comes once r < 2^32, so every choice is uniform to
# within 81 / 2^32. A free choice (among several boards) takes a draw of its own.

REFILL = 1 << 32


def random_playout(pos: UtttPos, rng: Random, heavy: bool = False, smart: bool = False) -> int:
    """Play from ``pos`` to the end with random moves (``pos`` is left unchanged): the winner code.

    Moves are uniform among the legal ones (in the public engine's order). With ``heavy``, a
    player sent to one undecided board where it can win that board takes such a cell (a cheap,
    known improvement of UTTT playouts for search). With ``smart`` as well, a player sent to one
    board that it cannot win at once prefers the cells that send the opponent neither to a board
    the opponent can win at once nor to a closed board (which would free the opponent's move).
    """
    if pos.winner >= 0:
        return pos.winner
    if pos.nsb or pos.free:
        return _general_playout(pos.copy(), rng, heavy)
    if smart:
        return _smart_playout(pos, rng.getrandbits)
    return _playout(pos, rng.getrandbits, heavy)


def _smart_playout(pos: UtttPos, getrandbits: Any) -> int:
    """The ``smart`` playout (see :func:`random_playout`), one half-move per round."""
    tb = tables()
    empty, empty_mask, fulltab = tb.empty, tb.empty_mask, tb.full
    win = (tb.win_x, tb.win_o)
    classic, adraw = pos.classic, pos.adraw
    st = pos.st[:]
    xw, ow, dr, full = pos.xw, pos.ow, pos.dr, pos.full
    decided = xw | ow | dr
    # threats[k]: boards (undecided) where seat k has a cell that wins the board at once.
    threats = [0, 0]
    for b in range(9):
        if not decided >> b & 1:
            if tb.win_x[st[b]]:
                threats[0] |= 1 << b
            if tb.win_o[st[b]]:
                threats[1] |= 1 << b
    closed = (decided if classic else full) | 512
    last = pos.last
    t = 9 if last < 0 else last % 9
    mover = pos.turn
    r = getrandbits(62)
    while True:
        if r < REFILL:
            r = getrandbits(62)
        if closed >> t & 1:
            b, p = _free_choice(st, FULL9 & ~closed, getrandbits, empty)
        else:
            b = t
            s = st[b]
            w = 0 if decided >> b & 1 else win[mover][s]
            if not w:
                e = empty_mask[s]
                w = e & ~(threats[mover ^ 1] | closed)
                if not w:
                    w = e
            cells = CELLS[w]
            n = len(cells)
            p = cells[r % n]
            r //= n
        s = st[b] | BITS[mover][p]
        st[b] = s
        bb = 1 << b
        if not decided & bb:
            marks = s >> 9 if mover else s & FULL9
            if WIN9[marks] or fulltab[s]:
                if WIN9[marks]:
                    if mover:
                        ow |= bb
                    else:
                        xw |= bb
                else:
                    dr |= bb
                decided |= bb
                threats[0] &= ~bb
                threats[1] &= ~bb
                w = big_board(classic, adraw, mover, xw, ow, dr)
                if w >= 0:
                    return w
            else:
                threats[0] = threats[0] & ~bb | (bb if tb.win_x[s] else 0)
                threats[1] = threats[1] & ~bb | (bb if tb.win_o[s] else 0)
        if fulltab[s]:
            full |= bb
            if full == FULL9:
                return DRAW
        closed = (decided if classic else full) | 512
        t = p
        mover ^= 1


def _free_choice(st: list[int], open_: int, getrandbits: Any, empty: tuple) -> tuple[int, int]:
    """A uniform choice among the empty cells of the boards in ``open_``: (board, position)."""
    boards = CELLS[open_]
    total = 0
    for b in boards:
        total += len(empty[st[b]])
    i = getrandbits(48) % total
    for b in boards:
        cells = empty[st[b]]
        if i < len(cells):
            return b, cells[i]
        i -= len(cells)
    raise AssertionError("no empty cell among the open boards")  # pragma: no cover


# Long on purpose: the search's hot loop, unrolled by two half-moves with every piece of the
# position in local variables. bench/engine.py: 26,900 classic / 21,200 tactical playouts a CPU
# second (target 17,800); a call per half-move (about 60 a game, 0.2 µs each) would add some 12 µs
# to a 37 µs playout, a third slower.
def _playout(
    pos: UtttPos, getrandbits: Any, heavy: bool, limit: int = 0, out: list | None = None
) -> int:
    """The fast playout of both presets (no ``no_send_back``, no ``decided_boards_free``).

    Unrolled by two half-moves (X then O) so that no variable swaps sides. ``tx[b]``/``to[b]``
    are the choice tables of board b for X and O (the heavy ones while the board is undecided);
    ``closed`` has a bit for each board one is not sent into (classic: decided; tactical: full),
    and bit 9 for a free first move. With ``limit`` (a number of half-moves, 0: none) the playout
    stops there if the game is not over: it returns ``ONGOING`` and puts the position reached in
    ``out`` (``[st, xw, ow, dr, mover, t]``: the boards, the decided masks, the seat to move and
    the board it is sent to, 9 for a free move).
    """
    tb = tables()
    empty, event, fulltab = tb.empty, tb.event, tb.full
    classic, adraw = pos.classic, pos.adraw
    st = pos.st[:]
    xw, ow, dr, full = pos.xw, pos.ow, pos.dr, pos.full
    decided = xw | ow | dr
    if heavy:
        px, po = (tb.guard_x, tb.guard_o) if heavy == 2 else (tb.pick_x, tb.pick_o)
        tx = [empty if decided >> b & 1 else px for b in range(9)]
        to = [empty if decided >> b & 1 else po for b in range(9)]
    else:
        tx = [empty] * 9
        to = tx
    # ev[b]: the table saying whether a move in board b may decide something.
    ev = [fulltab if decided >> b & 1 else event for b in range(9)]
    closed = (decided if classic else full) | 512
    last = pos.last
    t = 9 if last < 0 else last % 9
    bx, bo = BITS
    r = getrandbits(62)
    o_first = pos.turn == 1
    left = limit or 999  # half-moves left before the cut
    while True:
        if r < REFILL:
            r = getrandbits(62)
        if o_first:
            o_first = False
        else:
            if not left:
                if out is not None:
                    out[:] = (st, xw, ow, dr, 0, 9 if closed >> t & 1 else t)
                return ONGOING
            left -= 1
            # X moves.
            if closed >> t & 1:
                b, p = _free_choice(st, FULL9 & ~closed, getrandbits, empty)
            else:
                b = t
                cells = tx[b][st[b]]
                n = len(cells)
                p = cells[r % n]
                r //= n
            s = st[b] | bx[p]
            st[b] = s
            if ev[b][s]:
                bb = 1 << b
                if fulltab[s]:
                    full |= bb
                if not decided & bb:
                    if WIN9[s & FULL9]:
                        xw |= bb
                    else:
                        dr |= bb
                    decided |= bb
                    tx[b] = to[b] = empty
                    ev[b] = fulltab
                    w = big_board(classic, adraw, 0, xw, ow, dr)
                    if w >= 0:
                        return w
                if full == FULL9:
                    return DRAW
                closed = (decided if classic else full) | 512
            t = p
        # O moves.
        if not left:
            if out is not None:
                out[:] = (st, xw, ow, dr, 1, 9 if closed >> t & 1 else t)
            return ONGOING
        left -= 1
        if closed >> t & 1:
            b, p = _free_choice(st, FULL9 & ~closed, getrandbits, empty)
        else:
            b = t
            cells = to[b][st[b]]
            n = len(cells)
            p = cells[r % n]
            r //= n
        s = st[b] | bo[p]
        st[b] = s
        if ev[b][s]:
            bb = 1 << b
            if fulltab[s]:
                full |= bb
            if not decided & bb:
                if WIN9[s >> 9]:
                    ow |= bb
                else:
                    dr |= bb
                decided |= bb
                tx[b] = to[b] = empty
                ev[b] = fulltab
                w = big_board(classic, adraw, 1, xw, ow, dr)
                if w >= 0:
                    return w
            if full == FULL9:
                return DRAW
            closed = (decided if classic else full) | 512
        t = p


def _general_playout(pos: UtttPos, rng: Random, heavy: bool) -> int:
    """The playout for the options that change where one may play (``no_send_back``,
    ``decided_boards_free``): through :meth:`UtttPos.legal_moves` (slower, same rules)."""
    random = rng.random
    while pos.winner < 0:
        moves = pos.legal_moves()
        if heavy:
            wins = [m for m in moves if pos.wins_board(m)]
            if wins:
                moves = wins
        pos.play(moves[int(random() * len(moves))])
    return pos.winner


def playout_value(pos: UtttPos, rng: Random, heavy: bool, limit: int) -> float:
    """X's score (1, ½, 0) of a playout from ``pos`` or, when it is cut after ``limit`` half-moves,
    :func:`evaluate` of the position reached (``limit`` 0: of ``pos`` itself; with the options
    ``no_send_back`` and ``decided_boards_free`` playouts are not cut). ``pos`` is unchanged."""
    w = pos.winner
    if w < 0:
        if not limit:
            return evaluate_pos(pos)
        if pos.nsb or pos.free:
            w = random_playout(pos, rng, heavy)
        else:
            out: list = []
            w = _playout(pos, rng.getrandbits, heavy, limit, out)
            if w < 0:
                st, xw, ow, dr, mover, t = out
                return evaluate(st, xw, ow, dr, pos.classic, mover, t)
    return 0.5 if w == DRAW else 1.0 - w
