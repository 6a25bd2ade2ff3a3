"""Ultimate ("tactical") tic-tac-toe: nine small boards, each move sends the opponent to a board.

Cells are kept as two 81-bit masks (X and O) indexed board by board: index = board * 9 + position,
both numbered 0-8 left to right, top to bottom. Small-board statuses are 9-bit masks.
"""

from __future__ import annotations

from typing import Any

from .base import FrozenState, Outcome, Rules, _set
from .errors import IllegalMove, InvalidMove, game_over, gettext_noop, occupied
from .notation import cell_name, check_on_board, normalise, split_cell

FULL9 = 0x1FF
LINES = (0o7, 0o70, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124)  # rows, cols, diagonals
WIN9 = tuple(any(m & line == line for line in LINES) for m in range(512))
POPCOUNT9 = tuple(bin(m).count("1") for m in range(512))
STATUS_NAMES = ("open", "x", "o", "draw")
MARKS = ("X", "O")

BAD_CELL = gettext_noop("“%(text)s” is not a move: write a cell, like E5.")
WRONG_BOARD = gettext_noop("This move must go to the small board %(board)s.")
CLOSED_BOARD = gettext_noop("The small board %(board)s is decided and closed: play in an open one.")
SEND_BACK = gettext_noop(
    "%(cell)s would send your opponent straight back to the small board %(board)s: not allowed."
)

# index (board-major) <-> name / (row, col)
_ROWCOL = tuple((3 * (b // 3) + p // 3, 3 * (b % 3) + p % 3) for b in range(9) for p in range(9))
NAMES = tuple(cell_name(r, c) for r, c in _ROWCOL)
_INDEX_OF_RC = {rc: i for i, rc in enumerate(_ROWCOL)}
_FAST = {**{n: i for i, n in enumerate(NAMES)}, **{n.lower(): i for i, n in enumerate(NAMES)}}
# _CELLS[b][empty-mask] -> the names of those cells of board b, row by row
_CELLS = tuple(
    tuple(tuple(NAMES[9 * b + p] for p in range(9) if m >> p & 1) for m in range(512))
    for b in range(9)
)
BOARD_NAMES = tuple(f"{NAMES[9 * b]}–{NAMES[9 * b + 8]}" for b in range(9))


def board_of(row: int, col: int) -> int:
    """Index 0-8 of the small board holding the cell at 0-based ``row``, ``col``."""
    return col // 3 + 3 * (row // 3)


class UtttState(FrozenState):
    __slots__ = ("dr", "full", "last", "o", "outcome", "ow", "x", "xw")
    x: int
    o: int
    xw: int
    ow: int
    dr: int
    full: int
    last: int
    outcome: Outcome | None

    @property
    def grid(self) -> tuple[tuple[str, ...], ...]:
        x, o = self.x, self.o
        return tuple(
            tuple(
                "X" if x >> _INDEX_OF_RC[r, c] & 1 else "O" if o >> _INDEX_OF_RC[r, c] & 1 else ""
                for c in range(9)
            )
            for r in range(9)
        )

    @property
    def board_status(self) -> tuple[str, ...]:
        return tuple(
            STATUS_NAMES[(self.xw >> b & 1) | (self.ow >> b & 1) << 1 | (self.dr >> b & 1) * 3]
            for b in range(9)
        )

    @property
    def scores(self) -> tuple[int, int]:
        """Small boards won: ``(by X, by O)`` (drawn boards count for nobody)."""
        return POPCOUNT9[self.xw], POPCOUNT9[self.ow]

    @property
    def board_full(self) -> tuple[bool, ...]:
        return tuple(bool(self.full >> b & 1) for b in range(9))

    @property
    def send_to(self) -> int | None:
        return None if self.last < 0 else self.last % 9

    @property
    def last_move(self) -> str | None:
        return self.moves[-1] if self.moves else None

    def mark_at(self, row: int, col: int) -> str:
        i = _INDEX_OF_RC[row, col]
        return "X" if self.x >> i & 1 else "O" if self.o >> i & 1 else ""


def _new_state(
    rules: UtttRules,
    x: int,
    o: int,
    xw: int,
    ow: int,
    dr: int,
    full: int,
    last: int,
    moves: tuple[str, ...],
    outcome: Outcome | None,
) -> UtttState:
    st = object.__new__(UtttState)
    _set(st, "_rules", rules)
    _set(st, "x", x)
    _set(st, "o", o)
    _set(st, "xw", xw)
    _set(st, "ow", ow)
    _set(st, "dr", dr)
    _set(st, "full", full)
    _set(st, "last", last)
    _set(st, "moves", moves)
    _set(st, "outcome", outcome)
    return st


class UtttRules(Rules):
    kind = "uttt"
    rows = cols = 9
    players = 2
    marks = MARKS

    def __init__(
        self, preset: str, all_draw_line: str, decided_boards_free: bool, no_send_back: bool
    ) -> None:
        self.preset = preset
        self.classic = preset == "classic"
        self.all_draw_line = all_draw_line
        self.decided_boards_free = decided_boards_free
        self.no_send_back = no_send_back
        self.options = {
            "preset": preset,
            "all_draw_line": all_draw_line,
            "decided_boards_free": decided_boards_free,
            "no_send_back": no_send_back,
        }
        self.key = ("uttt", preset, all_draw_line, decided_boards_free, no_send_back)
        self._start = _new_state(self, 0, 0, 0, 0, 0, 0, -1, (), None)

    # -- where the next move may go --------------------------------------------------------
    def _zone(self, st: UtttState) -> int:
        """Mask of the small boards the mover may play in (before ``no_send_back``)."""
        last = st.last
        if last < 0:
            return FULL9
        t = last % 9
        decided = st.xw | st.ow | st.dr
        if self.classic:
            if decided >> t & 1:
                return FULL9 & ~decided
            return 1 << t
        if st.full >> t & 1 or (self.decided_boards_free and decided >> t & 1):
            return FULL9 & ~st.full
        return 1 << t

    def _cells(self, st: UtttState) -> list[tuple[int, int]]:
        """``(board, empty-cell mask)`` pairs where the mover may play, restrictions applied."""
        zone = self._zone(st)
        occ = st.x | st.o
        out = []
        for b in range(9):
            if zone >> b & 1:
                empty = ~(occ >> 9 * b) & FULL9
                if empty:
                    out.append((b, empty))
        if self.no_send_back and st.last >= 0:
            keep = FULL9 & ~(1 << st.last // 9)
            narrowed = [(b, e & keep) for b, e in out if e & keep]
            if narrowed:
                return narrowed
        return out

    # -- API -------------------------------------------------------------------------------
    def start(self) -> UtttState:
        return self._start

    def to_move(self, state: UtttState) -> int | None:
        return None if state.outcome is not None else len(state.moves) & 1

    def legal_moves(self, state: UtttState) -> list[str]:
        if state.outcome is not None:
            return []
        last = state.last
        if last >= 0 and not self.no_send_back:
            t = last % 9
            if self._zone(state) == 1 << t:  # the usual case: one board
                return list(_CELLS[t][~((state.x | state.o) >> 9 * t) & FULL9])
        moves: list[str] = []
        for b, empty in self._cells(state):
            moves.extend(_CELLS[b][empty])
        return moves

    def allowed_boards(self, state: UtttState) -> tuple[int, ...]:
        if state.outcome is not None:
            return ()
        return tuple(b for b, _ in self._cells(state))

    def cell_index(self, notation: str) -> int:
        """Internal index (board * 9 + position) of a cell; ``InvalidMove`` / ``off_board``."""
        try:
            return _FAST[notation]
        except (KeyError, TypeError):
            pass
        if not isinstance(notation, str):
            raise InvalidMove("bad_notation", BAD_CELL, text=str(notation))
        pos = split_cell(normalise(notation))
        if pos is None:
            raise InvalidMove("bad_notation", BAD_CELL, text=notation.strip())
        check_on_board(pos[0], pos[1], 9, 9)
        return _INDEX_OF_RC[pos]

    def play(self, state: UtttState, notation: str) -> UtttState:
        if state._rules is not self:
            self._check_own(state)
        if state.outcome is not None:
            raise game_over()
        idx = self.cell_index(notation)
        x, o = state.x, state.o
        bit = 1 << idx
        if (x | o) & bit:
            raise occupied(NAMES[idx])
        b = idx // 9
        last = state.last
        if last >= 0 and (self.no_send_back or self._zone(state) != 1 << last % 9 or b != last % 9):
            self._check_allowed(state, idx)
        mover = len(state.moves) & 1
        if mover:
            o |= bit
            mine = o
        else:
            x |= bit
            mine = x
        xw, ow, dr, full = state.xw, state.ow, state.dr, state.full
        shift = 9 * b
        board_full = ((x | o) >> shift) & FULL9 == FULL9
        if board_full:
            full |= 1 << b
        outcome = None
        if not ((xw | ow | dr) >> b & 1):
            if WIN9[(mine >> shift) & FULL9]:
                if mover:
                    ow |= 1 << b
                else:
                    xw |= 1 << b
                outcome = self._big_board(mover, xw, ow, dr, full)
            elif board_full:
                dr |= 1 << b
                outcome = self._big_board(mover, xw, ow, dr, full)
        if outcome is None and full == FULL9:
            outcome = Outcome((), (POPCOUNT9[xw], POPCOUNT9[ow]), "full_grid")
        moves = (*state.moves, NAMES[idx])
        return _new_state(self, x, o, xw, ow, dr, full, idx, moves, outcome)

    def _check_allowed(self, state: UtttState, idx: int) -> None:
        b, p = divmod(idx, 9)
        cells = self._cells(state)
        for board, empty in cells:
            if board == b and empty >> p & 1:
                return
        if any(board == b for board, _ in cells):
            raise IllegalMove(
                "send_back", SEND_BACK, cell=NAMES[idx], board=BOARD_NAMES[state.last // 9]
            )
        if self.classic and (state.xw | state.ow | state.dr) >> b & 1:
            raise IllegalMove("closed_board", CLOSED_BOARD, board=BOARD_NAMES[b])
        raise IllegalMove("wrong_board", WRONG_BOARD, board=BOARD_NAMES[state.last % 9])

    def _big_board(self, mover: int, xw: int, ow: int, dr: int, full: int) -> Outcome | None:
        """The outcome after a small board was decided (``None`` if the game goes on)."""
        scores = (POPCOUNT9[xw], POPCOUNT9[ow])
        if self.classic:
            won = ow if mover else xw
            if any(won & line == line for line in LINES):
                return Outcome((mover,), scores, "line")
            if (xw | ow | dr) == FULL9:
                return Outcome((), scores, "no_open_board")
            return None
        x_line = any((xw | dr) & line == line and xw & line for line in LINES)
        o_line = any((ow | dr) & line == line and ow & line for line in LINES)
        mover_line, other_line = (o_line, x_line) if mover else (x_line, o_line)
        if mover_line:
            return Outcome((mover,), scores, "line")
        if other_line:
            return Outcome((1 - mover,), scores, "line")
        if self.all_draw_line == "draw" and any(dr & line == line for line in LINES):
            return Outcome((), scores, "all_draw_line")
        if (xw | ow | dr) == FULL9:
            return Outcome((), scores, "all_decided")
        return None


def make_uttt(options: dict[str, Any]) -> tuple[str, str, bool, bool]:
    """Validate UTTT options; ``ValueError`` with a sentence saying what is allowed."""
    allowed = {"preset", "all_draw_line", "decided_boards_free", "no_send_back"}
    unknown = sorted(set(options) - allowed)
    if unknown:
        raise ValueError(
            f"unknown ultimate tic-tac-toe option {', '.join(unknown)}: the options are "
            "preset, all_draw_line, decided_boards_free, no_send_back"
        )
    preset = options.get("preset", "tactical")
    all_draw_line = options.get("all_draw_line", "draw")
    free = options.get("decided_boards_free", False)
    nsb = options.get("no_send_back", False)
    if preset not in ("tactical", "classic"):
        raise ValueError(f"preset must be 'tactical' or 'classic', not {preset!r}")
    if all_draw_line not in ("draw", "continue"):
        raise ValueError(f"all_draw_line must be 'draw' or 'continue', not {all_draw_line!r}")
    for name, value in (("decided_boards_free", free), ("no_send_back", nsb)):
        if type(value) is not bool:
            raise ValueError(f"{name} must be true or false, not {value!r}")
    if preset == "classic" and (all_draw_line != "draw" or free):
        raise ValueError(
            "all_draw_line and decided_boards_free belong to the tactical preset: "
            "in the classic preset decided boards are closed and drawn boards count for nobody"
        )
    return preset, all_draw_line, free, nsb
