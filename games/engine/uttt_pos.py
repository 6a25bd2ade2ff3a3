"""The fast ultimate tic-tac-toe position for search: small integers, bit masks, in-place moves.

The public rules engine (:mod:`games.rules.uttt`) hands the site immutable states and notation
strings. Search needs something else: a position that ``play(move)`` changes in place and
``undo()`` changes back, with moves as cell indices (``board * 9 + position``, both 0-8 left to
right, top to bottom, as in :mod:`games.rules.uttt`) and every rule decided by table look-ups
(:mod:`games.engine.uttt_tables`). The undo stack is allocated once per position; a move creates
no object of its own. :func:`games.engine.uttt_playout.random_playout` plays a game to its end on
local variables for Monte Carlo search.

Every rule of every preset and option (``shared/RULES.md``, ``docs/rules-engine.md``) is here, and
``tests/engine`` checks this module against the public engine on thousands of random games.
"""

from __future__ import annotations

from typing import Any

from games.rules.uttt import NAMES, UtttRules, UtttState

from .uttt_tables import (
    BITS,
    BOARD_OF,
    CELLS,
    DRAW,
    FULL9,
    MOVES,
    ONGOING,
    POP9,
    POS_OF,
    THREAT,
    WIN9,
    big_board,
)

INDEX = {name: i for i, name in enumerate(NAMES)}


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


def move_name(m: int) -> str:
    """Canonical notation of a cell index (``40`` → ``E5``)."""
    return NAMES[m]


def move_index(notation: str) -> int:
    """Cell index of a canonical notation string (``E5`` → ``40``)."""
    return INDEX[notation.strip().upper()]
