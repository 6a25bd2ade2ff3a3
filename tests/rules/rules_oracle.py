"""An independent reference implementation of shared/RULES.md, used only by the tests.

It is deliberately simple and slow, written from the contract (not from the engine), so the
tests can check hand-built positions and compare the engine with it on random games.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# --------------------------------------------------------------------------------------------
# Notation


def col_letters(col: int) -> str:
    """0-based column index -> spreadsheet letters (0 -> A, 25 -> Z, 26 -> AA)."""
    letters = ""
    col += 1
    while col:
        col, rem = divmod(col - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return letters


def name(row: int, col: int) -> str:
    """0-based (row, col) -> canonical cell name."""
    return f"{col_letters(col)}{row + 1}"


_CELL = re.compile(r"([A-Z]+)([1-9][0-9]*)")


def rc(cell: str) -> tuple[int, int]:
    """Canonical cell name -> 0-based (row, col)."""
    m = _CELL.fullmatch(cell)
    assert m, cell
    col = 0
    for ch in m.group(1):
        col = col * 26 + (ord(ch) - ord("A") + 1)
    return int(m.group(2)) - 1, col - 1


# --------------------------------------------------------------------------------------------
# Ultimate tic-tac-toe helpers: board b (0-8), position p (0-8) inside it.


def uc(board: int, pos: int) -> str:
    """(board, position inside the board) -> notation, e.g. uc(4, 4) == 'E5'."""
    col = (board % 3) * 3 + pos % 3
    row = (board // 3) * 3 + pos // 3
    return name(row, col)


def bp(cell: str) -> tuple[int, int]:
    """Notation -> (board, position)."""
    row, col = rc(cell)
    return (col // 3) + 3 * (row // 3), (col % 3) + 3 * (row % 3)


LINES3 = (
    (0, 1, 2),
    (3, 4, 5),
    (6, 7, 8),
    (0, 3, 6),
    (1, 4, 7),
    (2, 5, 8),
    (0, 4, 8),
    (2, 4, 6),
)


def small_line(marks) -> str | None:
    """The mark that has three in a line among 9 marks (or None)."""
    for a, b, c in LINES3:
        if marks[a] and marks[a] == marks[b] == marks[c]:
            return marks[a]
    return None


@dataclass
class RefUttt:
    """Reference UTTT game; ``moves`` are canonical cells."""

    preset: str = "tactical"
    all_draw_line: str = "draw"
    decided_boards_free: bool = False
    no_send_back: bool = False
    cells: list = field(default_factory=lambda: [[""] * 9 for _ in range(9)])  # [board][pos]
    status: list = field(default_factory=lambda: ["open"] * 9)
    moves: list = field(default_factory=list)
    over: bool = False
    winners: tuple | None = None
    reason: str | None = None

    @property
    def mover(self) -> int:
        return len(self.moves) % 2

    def full(self, b: int) -> bool:
        return all(self.cells[b])

    def legal(self) -> list[str]:
        """Legal cells, as a list of notation strings in board-by-board order."""
        if self.over:
            return []
        empties = [(b, p) for b in range(9) for p in range(9) if not self.cells[b][p]]
        if self.preset == "classic":
            empties = [(b, p) for b, p in empties if self.status[b] == "open"]
        if not self.moves:
            cand = empties
        else:
            last_b, send = bp(self.moves[-1])
            if self.preset == "tactical":
                free = self.full(send) or (self.decided_boards_free and self.status[send] != "open")
            else:
                free = self.full(send) or self.status[send] != "open"
            cand = empties if free else [(b, p) for b, p in empties if b == send]
            if self.no_send_back:
                kept = [(b, p) for b, p in cand if p != last_b]
                if kept:
                    cand = kept
        return [uc(b, p) for b, p in cand]

    def play(self, cell: str) -> None:
        assert cell in self.legal(), (cell, self.moves)
        b, p = bp(cell)
        mark = "XO"[self.mover]
        self.cells[b][p] = mark
        self.moves.append(cell)
        if self.status[b] == "open":
            if small_line(self.cells[b]) == mark:
                self.status[b] = mark.lower()
            elif self.full(b):
                self.status[b] = "draw"
        self._check_end(mark.lower())

    def _check_end(self, mover: str) -> None:
        st = self.status
        seat = {"x": 0, "o": 1}
        if self.preset == "tactical":
            lines = {"x": False, "o": False}
            all_draw = False
            for a, b, c in LINES3:
                trio = (st[a], st[b], st[c])
                if all(s == "draw" for s in trio):
                    all_draw = True
                    continue
                for who in "xo":
                    if all(s in (who, "draw") for s in trio):
                        lines[who] = True
            if lines["x"] or lines["o"]:
                winner = mover if lines[mover] else ("o" if mover == "x" else "x")
                self._end((seat[winner],), "line")
            elif all_draw and self.all_draw_line == "draw":
                self._end((), "all_draw_line")
            elif all(all(row) for row in self.cells):
                self._end((), "full_grid")
            elif all(s != "open" for s in st):
                self._end((), "all_decided")
        else:
            for a, b, c in LINES3:
                if st[a] == st[b] == st[c] == mover:
                    self._end((seat[mover],), "line")
                    return
            if all(s != "open" for s in st):
                self._end((), "no_open_board")

    def _end(self, winners: tuple, reason: str) -> None:
        self.over = True
        self.winners = winners
        self.reason = reason

    def scores(self) -> tuple[int, int]:
        return (self.status.count("x"), self.status.count("o"))

    def grid(self) -> tuple:
        """Row-major 9x9 tuple of tuples, like ``state.grid``."""
        out = [[""] * 9 for _ in range(9)]
        for b in range(9):
            for p in range(9):
                row, col = rc(uc(b, p))
                out[row][col] = self.cells[b][p]
        return tuple(tuple(r) for r in out)


def ref_uttt(moves, **options) -> RefUttt:
    ref = RefUttt(**options)
    for m in moves:
        ref.play(m)
    return ref


def big_board_result(status, preset: str, all_draw_line: str = "draw"):
    """Independent evaluation of the big board alone: (x_line, o_line, all_draw_line_present)."""
    x = o = d = False
    for line in LINES3:
        trio = [status[i] for i in line]
        if preset == "tactical":
            if trio.count("draw") == 3:
                d = True
                continue
            x = x or all(s in ("x", "draw") for s in trio)
            o = o or all(s in ("o", "draw") for s in trio)
        else:
            x = x or all(s == "x" for s in trio)
            o = o or all(s == "o" for s in trio)
    return x, o, d


def statuses_by_replay(moves) -> list[str]:
    """Small-board statuses recomputed by replaying the marks in order (first line decides)."""
    cells = [[""] * 9 for _ in range(9)]
    status = ["open"] * 9
    for i, m in enumerate(moves):
        b, p = bp(m)
        cells[b][p] = "XO"[i % 2]
        if status[b] == "open":
            if small_line(cells[b]):
                status[b] = small_line(cells[b]).lower()
            elif all(cells[b]):
                status[b] = "draw"
    return status


# --------------------------------------------------------------------------------------------
# SOS

DIRS = ((0, 1), (1, 0), (1, 1), (1, -1))


def sos_triples(grid) -> set[frozenset]:
    """Every S-O-S triple on a grid (tuple of rows), as frozensets of (row, col)."""
    rows, cols = len(grid), len(grid[0])
    found = set()
    for r in range(rows):
        for c in range(cols):
            if grid[r][c] != "O":
                continue
            for dr, dc in DIRS:
                r1, c1, r2, c2 = r - dr, c - dc, r + dr, c + dc
                inside = 0 <= r1 < rows and 0 <= r2 < rows and 0 <= c1 < cols and 0 <= c2 < cols
                if inside and grid[r1][c1] == "S" and grid[r2][c2] == "S":
                    found.add(frozenset({(r1, c1), (r, c), (r2, c2)}))
    return found


@dataclass
class RefSos:
    rows: int = 3
    cols: int | None = None  # defaults to rows, as in get_rules
    players: int = 2
    mode: str = "most"
    grid: list = field(default_factory=list)
    scores: list = field(default_factory=list)
    points: list = field(default_factory=list)
    seat: int = 0
    over: bool = False
    winners: tuple | None = None

    def __post_init__(self):
        if self.cols is None:
            self.cols = self.rows
        self.grid = [[""] * self.cols for _ in range(self.rows)]
        self.scores = [0] * self.players

    def legal(self) -> list[str]:
        if self.over:
            return []
        return [
            f"{name(r, c)}={letter}"
            for r in range(self.rows)
            for c in range(self.cols)
            if not self.grid[r][c]
            for letter in "SO"
        ]

    def play(self, move: str) -> None:
        assert move in self.legal(), move
        cell, letter = move.split("=")
        r, c = rc(cell)
        before = sos_triples(self.grid)
        self.grid[r][c] = letter
        made = len(sos_triples(self.grid) - before)
        self.points.append(made)
        self.scores[self.seat] += made
        full = all(all(row) for row in self.grid)
        if self.mode == "first" and made:
            self.over, self.winners = True, (self.seat,)
        elif full:
            self.over = True
            if self.mode == "first":
                self.winners = ()
            else:
                top = max(self.scores)
                w = tuple(i for i, s in enumerate(self.scores) if s == top)
                self.winners = () if len(w) == self.players else w
        elif not made:
            self.seat = (self.seat + 1) % self.players

    @property
    def to_move(self):
        return None if self.over else self.seat


def ref_sos(moves, **options) -> RefSos:
    ref = RefSos(**options)
    for m in moves:
        ref.play(m)
    return ref


def norm_line(cells) -> tuple:
    """A line's cells in a fixed direction, so lines compare regardless of which end is first."""
    cells = tuple(cells)
    return min(cells, cells[::-1])
