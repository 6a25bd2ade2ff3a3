"""The fast ultimate tic-tac-toe position for search: small integers, bit masks, in-place moves.

The public rules engine (:mod:`games.rules.uttt`) hands the site immutable states and notation
strings. Search needs something else: a position that ``play(move)`` changes in place and
``undo()`` changes back, with moves as cell indices (``board * 9 + position``, both 0-8 left to
right, top to bottom, as in :mod:`games.rules.uttt`) and every rule decided by table look-ups.
Each small board is one 18-bit integer ``s = x | o << 9`` (X's marks in the low 9 bits, O's in the
high 9), so one look-up in a table of 2^18 entries gives its empty cells, whether a move there
decides it, and a playout's choice of cell. The undo stack is allocated once per position; a move
creates no object of its own. :func:`random_playout` plays a game to its end on local variables
for Monte Carlo search.

Every rule of every preset and option (``shared/RULES.md``, ``docs/rules-engine.md``) is here, and
``tests/engine`` checks this module against the public engine on thousands of random games.
"""

from __future__ import annotations

from random import Random
from typing import Any

from games.rules.uttt import NAMES, UtttRules, UtttState

FULL9 = 0x1FF
LINES = (0o7, 0o70, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124)  # rows, columns, diagonals
WIN9 = tuple(any(m & line == line for line in LINES) for m in range(512))
POP9 = tuple(bin(m).count("1") for m in range(512))
# LINESET[m]: which of the 8 lines the mask m covers (bit i for LINES[i]).
LINESET = tuple(sum(1 << i for i, line in enumerate(LINES) if m & line == line) for m in range(512))


# THREAT[m]: the cells that would complete a line of the marks m (two of its three already there).
def _threat(m: int) -> int:
    cells = 0
    for line in LINES:
        if POP9[m & line] == 2:
            cells |= line & ~m
    return cells


THREAT = tuple(_threat(m) for m in range(512))
# CELLS[e]: the positions (0-8) of the set bits of e, in increasing order.
CELLS = tuple(tuple(p for p in range(9) if e >> p & 1) for e in range(512))
# MOVES[b][e]: the cell indices of board b for the positions in e.
MOVES = tuple(tuple(tuple(9 * b + p for p in CELLS[e]) for e in range(512)) for b in range(9))
BOARD_OF = tuple(i // 9 for i in range(81))
POS_OF = tuple(i % 9 for i in range(81))
BITS = (tuple(1 << p for p in range(9)), tuple(1 << (p + 9) for p in range(9)))
INDEX = {name: i for i, name in enumerate(NAMES)}

ONGOING, X_WINS, O_WINS, DRAW = -1, 0, 1, 2


class _Tables:
    """Look-up tables over the 3^9 contents of a small board (``s = x | o << 9``), built once."""

    def __init__(self) -> None:
        n = 1 << 18
        empty: list[tuple[int, ...]] = [()] * n
        pick_x: list[tuple[int, ...]] = [()] * n
        pick_o: list[tuple[int, ...]] = [()] * n
        guard_x: list[tuple[int, ...]] = [()] * n
        guard_o: list[tuple[int, ...]] = [()] * n
        event: list[bool] = [False] * n
        empty_mask: list[int] = [0] * n
        win_x: list[int] = [0] * n
        win_o: list[int] = [0] * n
        full: list[bool] = [False] * n
        chance_x: list[float] = [0.0] * n
        chance_o: list[float] = [0.0] * n
        for x in range(512):
            free = FULL9 & ~x
            o = free
            while True:
                s = x | o << 9
                e = free & ~o
                cells = CELLS[e]
                empty[s] = cells
                wx, wo = THREAT[x] & e, THREAT[o] & e
                pick_x[s] = CELLS[wx] if wx else cells
                pick_o[s] = CELLS[wo] if wo else cells
                guard_x[s] = CELLS[wx] if wx else (CELLS[wo] if wo else cells)
                guard_o[s] = CELLS[wo] if wo else (CELLS[wx] if wx else cells)
                event[s] = not e or WIN9[x] or WIN9[o]
                empty_mask[s] = e
                win_x[s], win_o[s] = wx, wo
                full[s] = not e
                chance_x[s], chance_o[s] = _chances(x, o)
                if not o:
                    break
                o = (o - 1) & free
        self.empty = tuple(empty)
        # Playout choices: the cells that win the board for X (for O) if any, else every empty one.
        self.pick_x = tuple(pick_x)
        self.pick_o = tuple(pick_o)
        # The same, and else the cells that stop the opponent's line (win, else block).
        self.guard_x = tuple(guard_x)
        self.guard_o = tuple(guard_o)
        self.event = tuple(event)  # a board with a line or full: something to decide
        self.full = tuple(full)
        self.empty_mask = tuple(empty_mask)
        self.win_x = tuple(win_x)  # X's cells that complete a line of the board (if undecided)
        self.win_o = tuple(win_o)
        # The evaluation's guess of X's (O's) chance to win an undecided board from its marks.
        self.chance_x = tuple(chance_x)
        self.chance_o = tuple(chance_o)


# Weights of a line still open for a seat by its marks there (0-3), and of the rest.
LINE_WEIGHT = (1.0, 2.0, 5.0, 50.0)  # 3: a line made (the board is decided)
CHANCE_REST = 8.0


def _chances(x: int, o: int) -> tuple[float, float]:
    """A cheap guess of X's and O's chances of winning a small board (an evaluation's input):
    each seat's lines still open (without the other's mark), weighted by its marks in them."""
    sx = so = 0.0
    for line in LINES:
        if not o & line:
            sx += LINE_WEIGHT[POP9[x & line]]
        if not x & line:
            so += LINE_WEIGHT[POP9[o & line]]
    total = sx + so + CHANCE_REST
    return sx / total, so / total


_TABLES: _Tables | None = None


def tables() -> _Tables:
    global _TABLES
    if _TABLES is None:
        _TABLES = _Tables()
    return _TABLES


class UtttPos:
    """A mutable UTTT position under one set of rules; ``play``/``undo`` change it in place.

    ``st[b]`` is small board ``b`` (``x | o << 9``); ``xw``, ``ow``, ``dr`` and ``full`` are 9-bit
    masks of the boards won by X, won by O, drawn and full; ``last`` is the cell index of the
    previous move (``-1`` before the first); ``turn`` is 0 (X) or 1 (O); ``winner`` is ``ONGOING``
    (-1), ``X_WINS`` (0), ``O_WINS`` (1) or ``DRAW`` (2).
    """

    __slots__ = (
        "_lasts",
        "_saved",
        "adraw",
        "classic",
        "dr",
        "free",
        "full",
        "last",
        "nsb",
        "ow",
        "ply",
        "st",
        "turn",
        "winner",
        "xw",
    )

    def __init__(
        self,
        classic: bool = False,
        all_draw_line: str = "draw",
        decided_boards_free: bool = False,
        no_send_back: bool = False,
    ) -> None:
        self.classic = classic
        self.adraw = all_draw_line == "draw"
        self.free = decided_boards_free
        self.nsb = no_send_back
        self.st = [0] * 9
        self.xw = self.ow = self.dr = self.full = 0
        self.last = -1
        self.turn = 0
        self.ply = 0
        self.winner = ONGOING
        self._lasts = [0] * 82
        self._saved: list[Any] = [None] * 82

    # -- conversions -------------------------------------------------------------------------
    @classmethod
    def for_rules(cls, rules: UtttRules) -> UtttPos:
        return cls(
            rules.classic, rules.all_draw_line, rules.decided_boards_free, rules.no_send_back
        )

    @classmethod
    def from_state(cls, rules: UtttRules, state: UtttState) -> UtttPos:
        """The fast position equal to a public state."""
        pos = cls.for_rules(rules)
        for b in range(9):
            pos.st[b] = (state.x >> 9 * b & FULL9) | (state.o >> 9 * b & FULL9) << 9
        pos.xw, pos.ow, pos.dr, pos.full = state.xw, state.ow, state.dr, state.full
        pos.last = state.last
        pos.ply = len(state.moves)
        pos.turn = pos.ply & 1
        outcome = state.outcome
        if outcome is not None:
            pos.winner = DRAW if not outcome.winners else outcome.winners[0]
        return pos

    def copy(self) -> UtttPos:
        new = UtttPos.__new__(UtttPos)
        new.classic, new.adraw, new.free, new.nsb = self.classic, self.adraw, self.free, self.nsb
        new.st = self.st[:]
        new.xw, new.ow, new.dr, new.full = self.xw, self.ow, self.dr, self.full
        new.last, new.turn, new.ply, new.winner = self.last, self.turn, self.ply, self.winner
        new._lasts = self._lasts[:]
        new._saved = self._saved[:]
        return new

    def key(self) -> tuple[int, int, int]:
        """A hashable key of everything that decides the game from here (for tables): the marks,
        the last move and who won which board (in the tactical preset a board can come to hold
        lines of both marks; the first one decided it)."""
        st = self.st
        return (
            st[0]
            | st[1] << 18
            | st[2] << 36
            | st[3] << 54
            | st[4] << 72
            | st[5] << 90
            | st[6] << 108
            | st[7] << 126
            | st[8] << 144,
            self.last,
            self.xw | self.ow << 9,
        )

    def marks(self, b: int) -> tuple[int, int]:
        """``(x, o)``: the 9-bit masks of X's and O's marks in small board ``b``."""
        s = self.st[b]
        return s & FULL9, s >> 9

    # -- where the next move may go ------------------------------------------------------------
    def zone(self) -> int:
        """Mask of the small boards the mover may play in (before ``no_send_back``)."""
        last = self.last
        if last < 0:
            return FULL9
        t = POS_OF[last]
        if self.classic:
            decided = self.xw | self.ow | self.dr
            return FULL9 & ~decided if decided >> t & 1 else 1 << t
        if self.full >> t & 1 or (self.free and (self.xw | self.ow | self.dr) >> t & 1):
            return FULL9 & ~self.full
        return 1 << t

    def legal_moves(self) -> list[int]:
        """The legal moves as cell indices, board by board (the public engine's order)."""
        if self.winner >= 0:
            return []
        zone = self.zone()
        st = self.st
        moves: list[int] = []
        if self.nsb and self.last >= 0:
            keep = FULL9 & ~(1 << BOARD_OF[self.last])
            for b in CELLS[zone]:
                s = st[b]
                moves.extend(MOVES[b][~(s | s >> 9) & keep])
            if moves:
                return moves
        for b in CELLS[zone]:
            s = st[b]
            moves.extend(MOVES[b][~(s | s >> 9) & FULL9])
        return moves

    def empty_cells(self) -> int:
        """Empty cells that can still be played (in classic, those of undecided boards)."""
        st = self.st
        closed = (self.xw | self.ow | self.dr) if self.classic else 0
        n = 0
        for b in range(9):
            if not closed >> b & 1:
                s = st[b]
                n += 9 - POP9[(s | s >> 9) & FULL9]
        return n

    # -- moves -----------------------------------------------------------------------------------
    def play(self, m: int) -> None:
        """Play the legal move ``m`` (a cell index) in place; ``undo`` takes it back."""
        b = BOARD_OF[m]
        ply = self.ply
        self._lasts[ply] = self.last
        self.last = m
        self.ply = ply + 1
        mover = self.turn
        self.turn = mover ^ 1
        s = self.st[b] | BITS[mover][POS_OF[m]]
        self.st[b] = s
        marks = s >> 9 if mover else s & FULL9
        occ = (s | s >> 9) & FULL9
        decided = self.xw | self.ow | self.dr
        if occ != FULL9 and (decided >> b & 1 or not WIN9[marks]):
            self._saved[ply] = None
            return
        # A board became full and/or was decided: the rare path.
        xw, ow, dr, full = self.xw, self.ow, self.dr, self.full
        self._saved[ply] = (xw, ow, dr, full, self.winner)
        if occ == FULL9:
            full |= 1 << b
        winner = ONGOING
        if not decided >> b & 1:
            if WIN9[marks]:
                if mover:
                    ow |= 1 << b
                else:
                    xw |= 1 << b
            else:
                dr |= 1 << b
            winner = big_board(self.classic, self.adraw, mover, xw, ow, dr)
        if winner == ONGOING and full == FULL9:
            winner = DRAW
        self.xw, self.ow, self.dr, self.full, self.winner = xw, ow, dr, full, winner

    def undo(self) -> None:
        """Take back the last move played with :meth:`play`."""
        ply = self.ply - 1
        self.ply = ply
        m = self.last
        self.last = self._lasts[ply]
        mover = self.turn ^ 1
        self.turn = mover
        b = BOARD_OF[m]
        self.st[b] &= ~BITS[mover][POS_OF[m]]
        saved = self._saved[ply]
        if saved is not None:
            self.xw, self.ow, self.dr, self.full, self.winner = saved

    def wins_board(self, m: int) -> bool:
        """Whether the move ``m`` would win its (undecided) small board for the mover."""
        b = BOARD_OF[m]
        if (self.xw | self.ow | self.dr) >> b & 1:
            return False
        s = self.st[b]
        return bool(THREAT[s >> 9 if self.turn else s & FULL9] >> POS_OF[m] & 1)

    def __repr__(self) -> str:
        return f"<UtttPos ply={self.ply} turn={self.turn} winner={self.winner}>"


def big_board(classic: bool, adraw: bool, mover: int, xw: int, ow: int, dr: int) -> int:
    """The game's result after a small board was decided by ``mover`` (``ONGOING`` if none)."""
    if classic:
        if WIN9[ow if mover else xw]:
            return mover
        return DRAW if (xw | ow | dr) == FULL9 else ONGOING
    drawn_lines = LINESET[dr]
    x_line = LINESET[xw | dr] & ~drawn_lines
    o_line = LINESET[ow | dr] & ~drawn_lines
    if o_line if mover else x_line:
        return mover
    if x_line if mover else o_line:
        return mover ^ 1
    if adraw and drawn_lines:
        return DRAW
    return DRAW if (xw | ow | dr) == FULL9 else ONGOING


def move_name(m: int) -> str:
    """Canonical notation of a cell index (``40`` → ``E5``)."""
    return NAMES[m]


def move_index(notation: str) -> int:
    """Cell index of a canonical notation string (``E5`` → ``40``)."""
    return INDEX[notation.strip().upper()]


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


# -- evaluation -------------------------------------------------------------------------------

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
