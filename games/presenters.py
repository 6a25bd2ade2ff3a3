"""Plain view models of a position for the board templates (no writes, no queries).

The board's grid, the small boards and the score sheet are drawn here as markup (about 250
elements on a 9×9 board): a template loop over them costs several milliseconds a page, these
functions a few hundred microseconds. Everything interpolated is escaped (:func:`_e`); the
templates include the results as they are.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from html import escape
from typing import Any

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext_noop
from django.utils.translation import gettext as _

from games import kinds
from games.rules import SosState, UtttState, col_name
from games.rules.uttt import NAMES as UTTT_NAMES

# Each seat's colour, by seat (seat 0 first): the board's lines, the analysis chart, and, as the
# stylesheet's ``.seat-colour-N`` classes (static/css/site.css), the swatches of the seats' table
# and of the clocks. The classes count from 1, as the page numbers the seats; which class a seat
# wears is said once, by :func:`seat_colour_class`.
SEAT_COLOURS = ("#c0392b", "#1f6fb2", "#1e8449", "#8e44ad", "#d35400", "#117a65")


def seat_colour(seat: int) -> str:
    """The colour of seat ``seat`` (counted from 0)."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_colour_class(seat: int) -> str:
    """The stylesheet's class of seat ``seat``'s colour (seat counted from 0): ``seat-colour-1``
    for the first seat."""
    return f"seat-colour-{seat % len(SEAT_COLOURS) + 1}"


@dataclass
class CellView:
    name: str
    mark: str
    allowed: bool
    classes: str = ""


@dataclass
class LineView:
    seat: int
    colour: str
    x1: float
    y1: float
    x2: float
    y2: float


@dataclass
class BoardView:
    """Everything a board template needs: headers, rows of cells, SOS lines, UTTT statuses."""

    kind: str
    col_letters: list[str]
    rows: list[tuple[int, list[CellView]]]
    lines: list[LineView] = field(default_factory=list)
    small_boards: list[dict[str, Any]] = field(default_factory=list)
    allowed_count: int = 0
    # The grid already drawn (ultimate tic-tac-toe's presenter draws it at once; then ``rows``
    # holds no cells).
    grid: str | None = None

    @property
    def width(self) -> int:
        return len(self.col_letters)

    @property
    def height(self) -> int:
        return len(self.rows)

    def grid_html(self) -> SafeString:
        """The column and row heads, the cells (buttons where the mover may play) and the SOS
        lines: what goes inside the board's ``<div class="board">``."""
        # A table to assistive technology (rows of cells under the column letters); the rows
        # and the button holders are display: contents, so the cells stay the CSS grid's items.
        if self.grid is not None:
            return mark_safe(self.grid)
        out = ['<div class="board-row" role="row"><span class="corner" role="cell"></span>']
        out.extend(
            f'<span class="col-head" role="columnheader">{_e(letter)}</span>'
            for letter in self.col_letters
        )
        out.append("</div>")
        kept = _escaped.get
        for number, cells in self.rows:
            out.append(_row_head(number))
            for cell in cells:
                # The kept escapes looked up in place (a call each would cost more than the
                # lookup); a word not kept yet is escaped and kept by _ek.
                name = kept(cell.name) or _ek(cell.name)
                mark = kept(cell.mark) or _ek(cell.mark)
                classes = kept(cell.classes) or _ek(cell.classes)
                out.append(_cell_html(name, classes, mark, cell.allowed))
            out.append("</div>")
        if self.lines:
            out.append(
                f'<svg class="sos-lines" viewBox="0 0 {self.width} {self.height}" '
                'preserveAspectRatio="none" aria-hidden="true">'
            )
            out.extend(
                f'<line x1="{ln.x1}" y1="{ln.y1}" x2="{ln.x2}" y2="{ln.y2}" '
                f'stroke="{_e(ln.colour)}" stroke-width="0.12" stroke-linecap="round" '
                f'opacity="0.75" data-seat="{ln.seat}"/>'
                for ln in self.lines
            )
            out.append("</svg>")
        return mark_safe("".join(out))

    def small_boards_html(self) -> SafeString:
        """The nine small boards of ultimate tic-tac-toe, each with its status."""
        titles = _small_board_titles()
        signs = {"x": "X", "o": "O", "draw": "½"}
        out = []
        for b in self.small_boards:
            status = b["status"]
            zone = " zone" if b["allowed"] else ""
            out.append(
                f'<span class="small-board b-{_ek(status)}{zone}" '
                f'title="{titles.get(status, "")}">{signs.get(status, "")}</span>'
            )
        return mark_safe("".join(out))


SMALL_BOARD_TITLES = {
    "x": gettext_noop("won by X"),
    "o": gettext_noop("won by O"),
    "draw": gettext_noop("drawn"),
    "open": gettext_noop("open"),
}
_titles: dict[str | None, dict[str, str]] = {}


def _small_board_titles() -> dict[str, str]:
    """A small board's title by its status, translated and escaped once per language."""
    language = get_language()
    found = _titles.get(language)
    if found is None:
        found = _titles[language] = {k: _e(_(v)) for k, v in SMALL_BOARD_TITLES.items()}
    return found


def _e(text: object) -> str:
    return escape(str(text), quote=True)


# The board's own words (cell names, marks, class lists: a few hundred in all, fixed by the rules),
# escaped once per process; never a user's text.
_escaped: dict[str, str] = {}


def _row_head(number: int) -> str:
    """The opening of a grid row, with its number."""
    return (
        f'<div class="board-row" role="row"><span class="row-head" role="rowheader">{number}</span>'
    )


def _cell_html(name: str, classes: str, mark: str, allowed: bool) -> str:
    """One cell of a grid (its name, classes and mark escaped already): a button when it may be
    played, a plain cell otherwise."""
    if allowed:
        return (
            f'<span class="cell-slot" role="cell"><button type="submit" name="cell" '
            f'value="{name}" class="cell allowed {classes}" '
            f'aria-label="{name}">{mark}</button></span>'
        )
    marked = f" mark-{mark.lower()}" if mark else ""
    return f'<span class="cell {classes}{marked}" data-cell="{name}" role="cell">{mark}</span>'


def _ek(text: str) -> str:
    found = _escaped.get(text)
    if found is None:
        found = escape(str(text), quote=True)
        if len(_escaped) < 4096:
            _escaped[text] = found
    return found


def score_sheet_html(
    moves: Iterable[Any],
    names: Mapping[int, str],
    *,
    at: int,
    sos: bool,
    times: Sequence[str] = (),
) -> SafeString:
    """The rows of the score sheet: number (a replay link), player, move and, in SOS, points;
    the move at ``at`` is ``current``, later ones ``future``. ``times``, in a game with a clock:
    the time each move took, shown beside it."""
    return score_sheet_rows_html(
        [(m.ply, m.seat, m.notation, m.points) for m in moves], names, at=at, sos=sos, times=times
    )


def score_sheet_rows_html(
    rows: Sequence[Sequence[Any]],
    names: Mapping[int, str],
    *,
    at: int,
    sos: bool,
    times: Sequence[str] = (),
) -> SafeString:
    """:func:`score_sheet_html` of the moves as rows read from the database: each starts with
    the ply, the seat, the notation and the points."""
    escaped = {seat: _e(name) for seat, name in names.items()}
    kept = _escaped.get
    timed = len(times)
    out = []
    for index, row in enumerate(rows):
        ply, seat, notation = row[0], row[1], row[2]
        classes = f"seat-{seat}"
        if ply >= at:
            classes += " current" if ply == at else " future"
        if sos:
            points = row[3]
            points = f"<td>+{points}</td>" if points else "<td></td>"
        else:
            points = ""
        took = f' <span class="move-time">{_e(times[index])}</span>' if index < timed else ""
        out.append(
            f'<tr class="{classes}"><td><a href="?at={ply}" data-at="{ply}">{ply}</a></td>'
            f"<td><bdi>{escaped.get(seat, '?')}</bdi></td>"
            f'<td class="notation">{kept(notation) or _ek(notation)}{took}</td>{points}</tr>'
        )
    return mark_safe("".join(out))


def board_view(rules: Any, state: Any, *, interactive: bool) -> BoardView:
    """The board of ``state``; cells the mover may play are ``allowed`` when ``interactive``
    (drawn by the presenter of the rules' kind, :attr:`games.kinds.Kind.board_view`)."""
    presenter = kinds.of(rules).board_view
    assert presenter is not None
    return presenter(rules, state, interactive=interactive)


def sos_view(rules: Any, state: SosState, *, interactive: bool) -> BoardView:
    """The SOS board of ``state``: every cell, and the lines of the SOSs made."""
    grid = state.grid
    active = interactive and rules.outcome(state) is None
    last = state.moves[-1].partition("=")[0] if state.moves else None
    rows = []
    count = 0
    for r, row in enumerate(grid):
        cells = []
        for c, mark in enumerate(row):
            allowed = active and not mark
            count += allowed
            name = rules.cell_name(r, c)
            cells.append(CellView(name, mark, allowed, "last" if name == last else ""))
        rows.append((r + 1, cells))
    lines = []
    for line in state.lines:
        (r1, c1), (r2, c2) = rules.parse_cell(line.cells[0]), rules.parse_cell(line.cells[2])
        lines.append(
            LineView(line.seat, seat_colour(line.seat), c1 + 0.5, r1 + 0.5, c2 + 0.5, r2 + 0.5)
        )
    letters = [col_name(c) for c in range(rules.cols)]
    return BoardView(rules.kind, letters, rows, lines=lines, allowed_count=count)


def uttt_view(rules: Any, state: UtttState, *, interactive: bool) -> BoardView:
    """The 9×9 board of ``state``, drawn at once, and its small boards."""
    # The marks read from the state's bitboards (one bit a cell, ``x`` and ``o``): what its
    # ``grid`` spells out, without building the 81 strings first.
    x, o = state.x, state.o
    statuses = state.board_status
    open_game = rules.outcome(state) is None
    active = interactive and open_game
    allowed_names = set(rules.legal_moves(state)) if active else set()
    allowed_boards = set(rules.allowed_boards(state)) if open_game else set()
    last = state.moves[-1] if state.moves else None
    # The grid drawn here at once (what grid_html would write from cell views): 81 cells.
    kept = _escaped.get
    out = [_uttt_heads()]
    for r, layout in enumerate(_uttt_layout(rules)):
        out.append(_row_head(r + 1))
        for name, b, edges, bit in layout:
            status = statuses[b]
            classes = f"b-{kept(status) or _ek(status)}{edges}"
            if b in allowed_boards:
                classes += " zone"
            if name == last:
                classes += " last"
            mark = "X" if x & bit else "O" if o & bit else ""
            out.append(_cell_html(name, classes, mark, name in allowed_names))
        out.append("</div>")
    if open_game:
        zones = [b for b in range(9) if b in allowed_boards]
        if len(zones) == 1:
            # The small board the mover is sent to, framed (a dashed frame: not by colour alone).
            out.append(f'<span class="zone-frame zb-{zones[0]}" aria-hidden="true"></span>')
    small = [{"index": b, "status": statuses[b], "allowed": b in allowed_boards} for b in range(9)]
    return BoardView(
        rules.kind,
        _UTTT_LETTERS,
        [(r + 1, []) for r in range(9)],
        small_boards=small,
        allowed_count=len(allowed_names),
        grid="".join(out),
    )


_UTTT_LETTERS = [col_name(c) for c in range(9)]


@lru_cache(maxsize=1)
def _uttt_heads() -> str:
    """The corner and the column heads of the 9×9 grid (the same on every page)."""
    heads = "".join(
        f'<span class="col-head" role="columnheader">{_e(letter)}</span>'
        for letter in _UTTT_LETTERS
    )
    corner = '<span class="corner" role="cell"></span>'
    return f'<div class="board-row" role="row">{corner}{heads}</div>'


@lru_cache(maxsize=8)
def _uttt_layout(rules: Any) -> tuple[tuple[tuple[str, int, str, int], ...], ...]:
    """Each cell's name (escaped), small board, edge classes and bit in the state's bitboards:
    the same in every position (the rules objects are immutable and cached,
    :func:`games.rules.get_rules`)."""
    return tuple(
        tuple(
            (
                _e(rules.cell_name(r, c)),
                c // 3 + 3 * (r // 3),
                (" edge-r" if c % 3 == 2 and c < 8 else "")
                + (" edge-b" if r % 3 == 2 and r < 8 else ""),
                1 << UTTT_NAMES.index(rules.cell_name(r, c)),
            )
            for c in range(9)
        )
        for r in range(9)
    )


def position_view(rules: Any, position: list[str]) -> BoardView:
    """A board known only by its final position (a paper sheet without moves): marks only."""
    cell_classes = kinds.of(rules).position_classes or _no_classes
    rows = []
    for r in range(rules.rows):
        line = position[r] if r < len(position) else ""
        cells = []
        for c in range(rules.cols):
            mark = line[c] if c < len(line) and line[c] not in ". " else ""
            cells.append(CellView(rules.cell_name(r, c), mark, False, cell_classes(r, c)))
        rows.append((r + 1, cells))
    return BoardView(rules.kind, [col_name(c) for c in range(rules.cols)], rows)


def _no_classes(row: int, col: int) -> str:
    return ""


def small_board_edges(row: int, col: int) -> str:
    """The edge classes of a cell of a 9×9 board of small boards (a paper board's cells)."""
    edges = [
        name
        for cond, name in (
            (col % 3 == 2 and col < 8, "edge-r"),
            (row % 3 == 2 and row < 8, "edge-b"),
        )
        if cond
    ]
    return " ".join(edges)
