"""One game's board sheet, laid out as the club's paper form (SHEETS.md).

For a 9×9 board: the column letters in B1:J1, the row numbers in A2:A10, the marks in B2:J10,
``Игроки:`` in A12 (names from B12 down, each seat's mark or number in H and score in I),
``Победитель:`` in A16, the separator in row 19, the title in A21, ``Правила хода:`` in A23,
``Правила выигрыша:`` in A31 and ``Ограничения:`` in A36. Other sizes grow right and down from B2.
To the right: the game's details (tournament, round, board, game, the rules in words) and, below
the board's rows, the score sheet, one row a move, wrapped into side-by-side blocks so the sheet
prints on one A4 page. Every row below the board has one height (two lines of a rule sentence,
in its own columns), but the 6-pt separator, which the score sheet skips.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from games import kinds
from games.rules import get_rules
from sheets import layout as L
from sheets.boards.layouts import SEAT_FILLS, BoardLayout, layout, seat_cell
from sheets.boards.ruletext import rule_lines, rules_words
from sheets.layout import t
from sheets.xlsx.writer import Cell, Row, SheetSpec, Style, col

HEADER = Style(bold=True, h="center", fill="EEEEEE")
LABEL = Style(bold=True)
TITLE = Style(bold=True, size=12)
BOXED = ("thin", "thin", "thin", "thin")
SEPARATOR = Style(fill="808080")
SCORE_HEAD = Style(bold=True, h="center", fill="EEEEEE", border=BOXED, wrap=True)
GRID_WIDTH = 4.3
GRID_HEIGHT = 26
ROW_HEIGHT = 26  # every row below the board but the separator (the move rows are all one
# height): two lines of a rule sentence, or one move
RULE_TEXT = Style(wrap=True, v="top", size=10)
SEPARATOR_HEIGHT = 6
LABEL_WIDTH = 19
DETAILS_ROWS = 5  # rows 1-5 beside the board hold the details
DETAILS_SPAN = 7  # a detail's value is merged over the 7 columns right of its label
DETAILS_MAX_WIDTH = 60.0  # widest a value's columns grow; a longer value wraps to two lines
DETAIL_VALUE = Style(h="left", wrap=True)  # bottom-aligned, as its label
MIN_MOVE_ROWS = 20


def text_width(text: object, *, bold: bool = False) -> float:
    """About how wide ``text`` is in column-width units (a character of the default font,
    with a margin): the columns a label or a header must have so that print shows it whole."""
    return len(str(text)) * (1.15 if bold else 1.05) + 2


@dataclass
class BoardData:
    """Everything a board sheet shows, without the database."""

    kind: str
    options: dict[str, Any]
    seats: list[str]
    moves: list[str] = field(default_factory=list)
    position: list[str] | None = None  # final position without moves: a string per row
    winners: tuple[int, ...] | None = None
    scores: list[int] | None = None
    tournament: str = ""
    round: int | None = None
    board: int | None = None
    game: int | None = None
    blank: bool = False  # a printable score sheet for a game played on paper
    time_control: str = ""  # the clock's short form (``3+2``), in the sheet's language
    times: list[str] | None = None  # with a clock: the time each move took, as shown

    @property
    def timed(self) -> bool:
        """Whether the score sheet has a time column (a game played with a clock)."""
        return self.times is not None and not self.blank


@dataclass(frozen=True)
class Geometry:
    rows: int
    cols: int
    players_row: int
    winner_row: int
    separator_row: int
    title_row: int
    move_rules_row: int
    win_rules_row: int
    limits_row: int
    bottom: int
    left_last: int  # the last column of the left block (board, players, rules)
    right: int  # the first column of the details and the score sheet
    score_row: int  # the score sheet's header; its moves below, never on the separator row
    last: int  # the last row of the sheet

    def move_rows(self) -> list[int]:
        """The rows of one block of the score sheet: below its header, not the separator."""
        return [r for r in range(self.score_row + 1, self.last + 1) if r != self.separator_row]


def geometry(
    rows: int, cols: int, seats: int, counts: tuple[int, int, int], details: int = DETAILS_ROWS
) -> Geometry:
    """Where everything goes; ``details``: the rows of details beside the board (one more
    with a clock), the score sheet starting a row below them at the earliest."""
    moves, wins, limits = counts
    players = rows + 3
    winner = players + max(4, seats)
    separator = winner + 3
    title = separator + 2
    move_rules = title + 2
    win_rules = max(title + 10, move_rules + moves + 1)
    limits_row = max(title + 15, win_rules + wins + 1)
    left_last = max(cols + 1, 10)
    bottom = limits_row + limits
    score_row = max(rows + 2, details + 2)
    return Geometry(
        rows,
        cols,
        players,
        winner,
        separator,
        title,
        move_rules,
        win_rules,
        limits_row,
        bottom,
        left_last,
        left_last + 2,
        score_row,
        max(bottom, score_row + MIN_MOVE_ROWS + 1),
    )


def sheet_state(data: BoardData) -> tuple[Any, Any]:
    """(rules, state after the moves)."""
    rules = get_rules(data.kind, **data.options)
    return rules, rules.replay(data.moves)


def _grid(data: BoardData, rules: Any, state: Any) -> list[list[str]]:
    if data.position is not None and not data.moves:
        return [[ch if ch in "XOS" else "" for ch in row] for row in data.position]
    return [list(row) for row in state.grid]


def _grid_style(kind: BoardLayout, r: int, c: int, g: Geometry, mark: str, fill: Any) -> Style:
    """A cell of the grid: its mark bold, centred, its borders medium at the grid's edges and
    every ``kind.block`` cells (ultimate tic-tac-toe's small boards), thin elsewhere."""
    b = kind.block

    def side(edge: bool, at: int, thick_at: int) -> str:
        return "medium" if edge or (b and at % b == thick_at) else "thin"

    border = (
        side(c == 0, c, 0),
        side(c == g.cols - 1, c, b - 1),
        side(r == 0, r, 0),
        side(r == g.rows - 1, r, b - 1),
    )
    return Style(
        bold=True,
        size=kind.mark_size,
        color=kind.mark_colours.get(mark),
        fill=fill,
        border=border,
        h="center",
        v="center",
    )


def winner_text(data: BoardData) -> str:
    if data.winners is None:
        return ""
    if not data.winners:
        return t(L.DRAW)
    return ", ".join(data.seats[s] for s in data.winners)


def board_sheet(data: BoardData, title: str) -> SheetSpec:
    """The board sheet of ``data`` named ``title``, in the active language."""
    rules, state = sheet_state(data)
    lines = rule_lines(data.kind, rules.options)  # a sentence a row, wrapped in its row
    details = DETAILS_ROWS + (1 if data.time_control else 0)
    g = geometry(rules.rows, rules.cols, len(data.seats), tuple(len(x) for x in lines), details)
    cells: dict[tuple[int, int], Cell] = {}
    merges: list[str] = []
    heights = {r: GRID_HEIGHT for r in range(2, g.rows + 2)}

    for c in range(g.cols):
        cells[(1, c + 2)] = Cell(col(c + 1), HEADER)
    grid = _grid(data, rules, state)
    kind_layout = layout(data.kind)
    fills = kind_layout.fills(data.moves, grid, state)
    for r in range(g.rows):
        cells[(r + 2, 1)] = Cell(r + 1, Style(bold=True, h="right", v="center"))
        for c in range(g.cols):
            mark = "" if data.blank else grid[r][c]
            fill = None if data.blank else fills.get((r, c))
            style = _grid_style(kind_layout, r, c, g, mark, fill)
            cells[(r + 2, c + 2)] = Cell(mark or None, style)

    _players(data, g, cells, merges, state)
    for c in range(1, g.left_last + 1):
        cells[(g.separator_row, c)] = Cell(None, SEPARATOR)
    for r in range(g.rows + 2, g.last + 1):
        heights[r] = ROW_HEIGHT
    heights[g.separator_row] = SEPARATOR_HEIGHT
    title_text = t(kind_layout.title)
    cells[(g.title_row, 1)] = Cell(title_text, TITLE)
    merges.append(f"A{g.title_row}:{col(g.left_last)}{g.title_row}")
    for label, row, texts in zip(
        (L.MOVE_RULES, L.WIN_RULES, L.RESTRICTIONS),
        (g.move_rules_row, g.win_rules_row, g.limits_row),
        lines,
        strict=True,
    ):
        cells[(row, 1)] = Cell(t(label), LABEL)
        for n, text in enumerate(texts, 1):
            cells[(row + n, 1)] = Cell(text, RULE_TEXT)
            merges.append(f"A{row + n}:{col(g.left_last)}{row + n}")

    right_last, labels, values = _details(data, g, cells, merges, rules)
    right_last = max(right_last, _score_sheet(data, g, cells, rules, state))
    widths = {1: LABEL_WIDTH, **{c: GRID_WIDTH for c in range(2, g.left_last + 1)}}
    widths[g.left_last + 1] = 2
    widths.update(_score_widths(data, g, right_last))
    _fit_details(widths, g.right, labels, values)
    est_width = sum(widths.values()) * 7
    est_height = sum(heights.get(r, 15) for r in range(1, g.last + 1)) * 96 / 72
    return SheetSpec(
        title=title,
        rows=_rows(cells),
        widths=widths,
        heights=heights,
        merges=merges,
        freeze="B2",
        landscape=est_width > est_height,
        print_area=f"A1:{col(right_last)}{g.last}",
    )


def _rows(cells: dict[tuple[int, int], Cell]) -> Iterator[Row]:
    by_row: dict[int, list[tuple[int, Cell]]] = {}
    for (r, c), cell in cells.items():
        by_row.setdefault(r, []).append((c, cell))
    for r in sorted(by_row):
        yield r, sorted(by_row[r], key=lambda item: item[0])


def _players(data: BoardData, g: Geometry, cells: dict, merges: list[str], state: Any) -> None:
    cells[(g.players_row, 1)] = Cell(t(L.PLAYERS), LABEL)
    scores = data.scores
    if scores is None and not data.blank and data.moves:  # a position may have none
        scores = list(state.scores)
    for seat, name in enumerate(data.seats):
        r = g.players_row + seat
        cells[(r, 2)] = Cell(name, Style(bold=True))
        merges.append(f"B{r}:G{r}")
        fill = SEAT_FILLS[seat % 6]
        cells[(r, 8)] = Cell(seat_cell(data.kind, seat), Style(bold=True, h="center", fill=fill))
        if scores is not None:
            cells[(r, 9)] = Cell(scores[seat], Style(h="center"))
    cells[(g.winner_row, 1)] = Cell(t(L.WINNER), LABEL)
    cells[(g.winner_row, 2)] = Cell(winner_text(data) or None, Style(bold=True))
    merges.append(f"B{g.winner_row}:{col(g.left_last)}{g.winner_row}")


def _details(
    data: BoardData, g: Geometry, cells: dict, merges: list[str], rules: Any
) -> tuple[int, list[str], list[str]]:
    """The details beside the board: (their last column, the labels, the values as text)."""
    s = g.right
    rows = (
        (L.TOURNAMENT, data.tournament or None),
        (L.ROUND, data.round),
        (L.BOARD, data.board),
        (L.GAME, data.game),
        (L.RULES, rules_words(rules.kind, rules.options)),
    )
    if data.time_control:
        rows += ((L.TIME_CONTROL, data.time_control),)
    labels, values = [], []
    for n, (label, value) in enumerate(rows, 1):
        labels.append(t(label))
        values.append("" if value is None else str(value))
        cells[(n, s)] = Cell(labels[-1], LABEL)
        cells[(n, s + 1)] = Cell(value, DETAIL_VALUE)
        merges.append(f"{col(s + 1)}{n}:{col(s + DETAILS_SPAN)}{n}")
    return s + DETAILS_SPAN, labels, values


def _fit_details(widths: dict[int, float], s: int, labels: list[str], values: list[str]) -> None:
    """Widen the details' columns so that print shows each label and value whole (``Правила:``
    and the rules in words): the label column to its longest label, the value's merged columns
    evenly to its longest value, up to ``DETAILS_MAX_WIDTH`` (a longer value wraps)."""
    widths[s] = max(widths.get(s, 0), *(text_width(x, bold=True) for x in labels))
    span = range(s + 1, s + DETAILS_SPAN + 1)
    have = sum(widths.get(c, 0) for c in span)
    need = min(DETAILS_MAX_WIDTH, max(text_width(x) for x in values))
    if need > have:
        extra = (need - have) / DETAILS_SPAN
        for c in span:
            widths[c] = widths.get(c, 0) + extra


def _heads(data: BoardData) -> list[L.Text]:
    """The score sheet's columns: number, seat, move, (points), (time)."""
    heads = [L.NUMBER, L.SEAT, L.MOVE] + ([L.POINTS] if kinds.get(data.kind).points else [])
    return heads + ([L.TIME] if data.timed else [])


def _block(data: BoardData) -> int:
    return len(_heads(data)) + 1  # the columns and a gap


def _score_sheet(data: BoardData, g: Geometry, cells: dict, rules: Any, state: Any) -> int:
    points = kinds.get(data.kind).points  # a column of the points each move scored (SOS)
    total = rules.rows * rules.cols if data.blank else len(data.moves)
    rows = g.move_rows()
    blocks = max(1, -(-total // len(rows)))
    w = _block(data)
    heads = _heads(data)
    times = data.times if data.timed and data.times is not None else None
    boxed = Style(border=BOXED, h="center")
    for b in range(blocks):
        for k, head in enumerate(heads):
            cells[(g.score_row, g.right + b * w + k)] = Cell(t(head), SCORE_HEAD)
    seats = [] if data.blank else layout(data.kind).movers(rules, state, data.moves)
    for i in range(total):
        b, row = divmod(i, len(rows))
        r = rows[row]
        c = g.right + b * w
        cells[(r, c)] = Cell(i + 1, boxed)
        if data.blank:
            # Who makes each move: the seats in turn, unknown when a scoring move plays again.
            seat = None if points else seat_cell(data.kind, i % max(len(data.seats), 1))
            move, scored = None, None
        else:
            seat = seat_cell(data.kind, seats[i])
            move = data.moves[i]
            scored = state.points[i] if points and state.points[i] else None
        cells[(r, c + 1)] = Cell(seat, boxed)
        cells[(r, c + 2)] = Cell(move, boxed)
        if points:
            cells[(r, c + 3)] = Cell(scored, boxed)
        if times is not None:
            spent = times[i] if i < len(times) and times[i] else None
            cells[(r, c + len(heads) - 1)] = Cell(spent, boxed)
    return g.right + blocks * w - 2


def _score_widths(data: BoardData, g: Geometry, right_last: int) -> dict[int, float]:
    """The score sheet's columns, block after block: each at least as wide as its header in
    the sheet's language (``Игрок``, ``Очки``), so print never breaks a header word."""
    widths = {g.right: 12.0}
    pattern = (5.0, 6.0, 8.0) + ((6.0,) if kinds.get(data.kind).points else ())
    pattern += ((9.0,) if data.timed else ()) + (2.0,)
    heads = [text_width(t(head), bold=True) for head in _heads(data)]
    pattern = tuple(max(w, heads[k]) if k < len(heads) else w for k, w in enumerate(pattern))
    for c in range(g.right, right_last + 1):
        k = (c - g.right) % len(pattern)
        widths[c] = max(widths.get(c, 0), pattern[k])
    widths[g.right] = 12.0
    return widths
