"""The look-up tables of the fast ultimate tic-tac-toe position (:mod:`games.engine.uttt_pos`).

Each small board is one 18-bit integer ``s = x | o << 9`` (X's marks in the low 9 bits, O's in the
high 9), so one look-up in a table of 2^18 entries gives its empty cells, whether a move there
decides it, a playout's choice of cell and the evaluation's chances of each seat there
(:class:`_Tables`, built once by :func:`tables`). The 9-bit tables over one seat's marks, the
result codes and :func:`big_board` (the game's result from the decided boards) are here too, for
the position, the playouts (:mod:`games.engine.uttt_playout`) and the evaluation
(:mod:`games.engine.uttt_eval`).
"""

from __future__ import annotations

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
