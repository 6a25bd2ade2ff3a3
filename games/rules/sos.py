"""SOS: write S or O, score every new S-O-S line through the cell just written."""

from __future__ import annotations

from itertools import chain, compress
from typing import Any, NamedTuple

from .base import FrozenState, Outcome, Rules, _set
from .errors import IllegalMove, InvalidMove, game_over, gettext_noop, occupied
from .notation import cell_name, check_on_board, normalise, split_cell

EMPTY = "."
_DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))

BAD_MOVE = gettext_noop("“%(text)s” is not an SOS move: write a cell and a letter, like B3=S.")
MISSING_LETTER = gettext_noop("Say which letter goes in %(cell)s: %(cell)s=S or %(cell)s=O.")
BAD_LETTER = gettext_noop("“%(letter)s” cannot be written: only S or O.")
_LETTERS = {"S": "S", "O": "O", "С": "S", "О": "O", "0": "O"}


class SosLine(NamedTuple):
    """One S-O-S made by ``seat`` with its move number ``ply`` (1-based), end to end."""

    seat: int
    ply: int
    cells: tuple[str, str, str]


class SosState(FrozenState):
    __slots__ = ("_lines", "cells", "extra_turn", "out", "outcome", "points", "scores", "turn")
    cells: str
    out: tuple[tuple[int, int], ...]  # the seats out of the game: ``(seat, ply)`` in order
    turn: int | None
    scores: tuple[int, ...]
    points: tuple[int, ...]
    extra_turn: bool
    outcome: Outcome | None
    _lines: tuple[tuple[int, int, int, int, int], ...]

    @property
    def lines(self) -> tuple[SosLine, ...]:
        return tuple(
            SosLine(seat, ply, (self._rules.names[a], self._rules.names[b], self._rules.names[c]))
            for seat, ply, a, b, c in self._lines
        )

    def lines_by_seat(self, seat: int) -> tuple[SosLine, ...]:
        return tuple(line for line in self.lines if line.seat == seat)

    @property
    def grid(self) -> tuple[tuple[str, ...], ...]:
        cols = self._rules.cols
        cells = self.cells.replace(EMPTY, " ")
        return tuple(
            tuple(ch.strip() for ch in cells[r * cols : (r + 1) * cols])
            for r in range(self._rules.rows)
        )


def _new_state(
    rules: SosRules,
    cells: str,
    moves: tuple[str, ...],
    turn: int | None,
    scores: tuple[int, ...],
    points: tuple[int, ...],
    extra: bool,
    lines: tuple[tuple[int, int, int, int, int], ...],
    outcome: Outcome | None,
    out: tuple[tuple[int, int], ...] = (),
) -> SosState:
    st = object.__new__(SosState)
    _set(st, "_rules", rules)
    _set(st, "cells", cells)
    _set(st, "moves", moves)
    _set(st, "turn", turn)
    _set(st, "scores", scores)
    _set(st, "points", points)
    _set(st, "extra_turn", extra)
    _set(st, "_lines", lines)
    _set(st, "outcome", outcome)
    _set(st, "out", out)
    return st


class SosRules(Rules):
    kind = "sos"

    def __init__(self, rows: int, cols: int, players: int, mode: str) -> None:
        self.rows, self.cols, self.players, self.mode = rows, cols, players, mode
        self.options = {"rows": rows, "cols": cols, "players": players, "mode": mode}
        self.key = ("sos", rows, cols, players, mode)
        n = rows * cols
        self.size = n
        self.names = tuple(cell_name(i // cols, i % cols) for i in range(n))
        self._pairs = tuple((f"{name}=S", f"{name}=O") for name in self.names)
        # Lines through a cell: as an end (for S: the middle and the far end) or as the middle
        # (for O: both ends). Lines never wrap around the grid's edges.
        s_lines: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        o_lines: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        for r in range(rows):
            for c in range(cols):
                for dr, dc in _DIRECTIONS:
                    r2, c2 = r + 2 * dr, c + 2 * dc
                    if 0 <= r2 < rows and 0 <= c2 < cols:
                        a, b, e = r * cols + c, (r + dr) * cols + c + dc, r2 * cols + c2
                        s_lines[a].append((b, e))
                        s_lines[e].append((b, a))
                        o_lines[b].append((a, e))
        self._s_lines = tuple(tuple(x) for x in s_lines)
        self._o_lines = tuple(tuple(x) for x in o_lines)
        # Fast path for canonical (and lower-case) notation.
        self._fast: dict[str, tuple[int, str]] = {}
        for i, (ms, mo) in enumerate(self._pairs):
            for m, letter in ((ms, "S"), (mo, "O")):
                self._fast[m] = (i, letter)
                self._fast[m.lower()] = (i, letter)
        self._start = _new_state(self, EMPTY * n, (), 0, (0,) * players, (), False, (), None)

    # -- API -----------------------------------------------------------------------------------
    def start(self) -> SosState:
        return self._start

    def to_move(self, state: SosState) -> int | None:
        return state.turn

    def legal_moves(self, state: SosState) -> list[str]:
        if state.outcome is not None:
            return []
        return list(chain.from_iterable(compress(self._pairs, map(EMPTY.__eq__, state.cells))))

    def parse_move(self, notation: str) -> tuple[int, str]:
        """``(cell index, letter)`` of a move, or :class:`InvalidMove` / ``off_board``."""
        try:
            return self._fast[notation]
        except (KeyError, TypeError):
            pass
        if not isinstance(notation, str):
            raise InvalidMove("bad_notation", BAD_MOVE, text=str(notation))
        text = notation.strip()
        cell_text, sep, letter_text = text.partition("=")
        letter_text = "".join(letter_text.split()).upper()
        pos = split_cell(normalise(cell_text))
        if pos is None:
            raise InvalidMove("bad_notation", BAD_MOVE, text=text)
        name = cell_name(*pos)
        if not sep or not letter_text:
            raise InvalidMove("missing_letter", MISSING_LETTER, cell=name)
        letter = _LETTERS.get(letter_text)
        if letter is None:
            raise InvalidMove("bad_letter", BAD_LETTER, letter=letter_text)
        check_on_board(pos[0], pos[1], self.rows, self.cols)
        return pos[0] * self.cols + pos[1], letter

    def play(self, state: SosState, notation: str) -> SosState:
        if state._rules is not self:
            self._check_own(state)
        if state.outcome is not None:
            raise game_over()
        idx, letter = self.parse_move(notation)
        cells = state.cells
        if cells[idx] != EMPTY:
            raise occupied(self.names[idx])
        seat = state.turn
        assert seat is not None
        ply = len(state.moves) + 1
        gone = {s for s, _ply in state.out}
        made: list[tuple[int, int, int, int, int]] = []
        if letter == "S":
            for mid, far in self._s_lines[idx]:
                if cells[mid] == "O" and cells[far] == "S":
                    a, c = (idx, far) if idx < far else (far, idx)
                    made.append((seat, ply, a, mid, c))
        else:
            for a, c in self._o_lines[idx]:
                if cells[a] == "S" and cells[c] == "S":
                    made.append((seat, ply, a, idx, c))
        cells = cells[:idx] + letter + cells[idx + 1 :]
        gained = len(made)
        scores = state.scores
        lines = state._lines
        if gained:
            scores = (*scores[:seat], scores[seat] + gained, *scores[seat + 1 :])
            lines = lines + tuple(made)
        moves = (*state.moves, self._pairs[idx][letter == "O"])
        points = (*state.points, gained)
        outcome = None
        if gained and self.mode == "first":
            outcome = Outcome((seat,), scores, "sos_first")
        elif ply == self.size:
            if self.mode == "first":
                outcome = Outcome((), scores, "full_grid")
            else:
                # The winners are among the seats still in (a seat out cannot win).
                top = max(v for s, v in enumerate(scores) if s not in gone)
                winners = tuple(s for s, v in enumerate(scores) if v == top and s not in gone)
                if len(winners) == self.players:
                    winners = ()
                outcome = Outcome(winners, scores, "sos_most")
        if outcome is not None:
            turn, extra = None, False
        elif gained:
            turn, extra = seat, True
        else:
            turn, extra = self._next_in(seat, gone), False
        return _new_state(
            self, cells, moves, turn, scores, points, extra, lines, outcome, state.out
        )

    def _next_in(self, seat: int, gone: set[int]) -> int:
        """The seat after ``seat`` in turn that is still in the game."""
        for step in range(1, self.players + 1):
            nxt = (seat + step) % self.players
            if nxt not in gone:
                return nxt
        return seat  # pragma: no cover - a game with nobody in has ended

    def retire(self, state: SosState, seat: int) -> SosState:
        """The position after ``seat`` goes out of the game at ``state`` (its time ran out, in a
        game of three or more): its letters, lines and count stay; the turn passes to the next
        seat still in; when only one seat is left in, the game is over and that seat wins
        (``last_in``). ``ValueError`` for a game of two, or a seat that is not in."""
        if state._rules is not self:
            self._check_own(state)
        if state.outcome is not None:
            raise game_over()
        if self.players < 3:
            raise ValueError("a seat can go out only in a game of three or more")
        gone = {s for s, _ply in state.out}
        if not 0 <= seat < self.players or seat in gone:
            raise ValueError(f"seat {seat} is not in the game")
        gone.add(seat)
        out = (*state.out, (seat, len(state.moves)))
        left = [s for s in range(self.players) if s not in gone]
        turn, extra, outcome = state.turn, state.extra_turn, None
        if len(left) == 1:
            turn, extra = None, False
            outcome = Outcome((left[0],), state.scores, "last_in")
        elif turn == seat:
            turn, extra = self._next_in(seat, gone), False
        return _new_state(
            self,
            state.cells,
            state.moves,
            turn,
            state.scores,
            state.points,
            extra,
            state._lines,
            outcome,
            out,
        )

    def cell_index(self, row: int, col: int) -> int:
        check_on_board(row, col, self.rows, self.cols)
        return row * self.cols + col


def make_sos(options: dict[str, Any]) -> tuple[int, int, int, str]:
    """Validate SOS options; ``ValueError`` with a sentence saying what is allowed."""
    allowed = {"rows", "cols", "players", "mode"}
    unknown = sorted(set(options) - allowed)
    if unknown:
        raise ValueError(
            f"unknown SOS option {', '.join(unknown)}: the options are rows, cols, players, mode"
        )
    rows = options.get("rows", 3)
    cols = options.get("cols", rows)
    players = options.get("players", 2)
    mode = options.get("mode", "most")
    for name, value in (("rows", rows), ("cols", cols)):
        if type(value) is not int or not 3 <= value <= 26:
            raise ValueError(f"SOS {name} must be a whole number from 3 to 26, not {value!r}")
    if type(players) is not int or not 2 <= players <= 6:
        raise ValueError(f"SOS is played by 2 to 6 players, not {players!r}")
    if mode not in ("most", "first"):
        raise ValueError(f"SOS mode must be 'most' or 'first', not {mode!r}")
    return rows, cols, players, mode


__all__ = ["IllegalMove", "SosLine", "SosRules", "SosState", "make_sos"]
