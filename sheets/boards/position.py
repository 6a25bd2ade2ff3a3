"""What a final position alone can show: pure checks of a board sheet without a move list.

A board sheet without moves records a finished game by its last position. Nothing tells the order
of the moves, so only what the position itself proves is checked: the number of marks against
who moves first, the stated winner against the lines on the board, an SOS score sheet against the
SOSs on the grid. ``check_uttt`` and ``check_sos`` return problems as ``(where, message)`` pairs,
``where`` being ``"board"``, ``"winner"`` or ``("score", seat)``; messages are translated.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext as _

Grid = Sequence[Sequence[str]]
Problem = tuple[Any, str]
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
_DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


def small_board_status(grid: Grid, b: int) -> str:
    """``open``, ``x``, ``o``, ``draw``, or ``both`` (a line of each: which came first?)."""
    top, left = 3 * (b // 3), 3 * (b % 3)
    cells = [grid[top + i // 3][left + i % 3] for i in range(9)]
    x = any(all(cells[i] == "X" for i in line) for line in LINES)
    o = any(all(cells[i] == "O" for i in line) for line in LINES)
    if x and o:
        return "both"
    if x or o:
        return "x" if x else "o"
    return "draw" if all(cells) else "open"


def _has_line(statuses: Sequence[str], mark: str, classic: bool, *, sure: bool = False) -> bool:
    """Can ``mark`` ("x"/"o") have three small boards in a line? ``sure``: ambiguous boards
    (a line of each mark) count for nobody."""
    own = {mark} if sure else {mark, "both"}
    counted = own if classic else own | {"draw"}
    for line in LINES:
        values = [statuses[i] for i in line]
        if all(v in counted for v in values) and any(v in own for v in values):
            return True
    return False


def uttt_statuses(grid: Grid) -> list[str]:
    return [small_board_status(grid, b) for b in range(9)]


def check_uttt(
    grid: Grid, winners: tuple[int, ...] | None, options: dict[str, Any]
) -> list[Problem]:
    """Check a finished ultimate tic-tac-toe position against its stated result (``None``: not
    stated, only the position is checked). Every problem is returned, not only the first."""
    x = sum(row.count("X") for row in grid)
    o = sum(row.count("O") for row in grid)
    problems: list[Problem] = []
    counted = x in (o, o + 1)
    if not counted:
        problems.append(
            (
                "board",
                _(
                    "X has %(x)s marks and O %(o)s: X moves first, so X has as many marks as O "
                    "or one more."
                )
                % {"x": x, "o": o},
            )
        )
    if winners is None:
        return problems
    classic = options.get("preset") == "classic"
    statuses = uttt_statuses(grid)
    last = 0 if x == o + 1 else 1  # the seat that made the last move
    if winners:
        (seat,) = winners
        mark = "xo"[seat]
        if not _has_line(statuses, mark, classic):
            problems.append(
                ("winner", _("The board shows no line of three small boards for the winner."))
            )
        elif counted and seat != last:
            # Only a tactical board drawn by the loser's last move can complete the winner's line.
            drawn = any(
                all(statuses[i] in (mark, "both", "draw") for i in line)
                and any(statuses[i] == "draw" for i in line)
                for line in LINES
            )
            if classic or not drawn:
                problems.append(
                    ("winner", _("By the count of marks the winner did not make the last move."))
                )
        return problems
    if _has_line(statuses, "x", classic, sure=True) or _has_line(statuses, "o", classic, sure=True):
        problems.append(("winner", _("The board shows a winning line: this game is not a draw.")))
        return problems
    full = all(all(cell for cell in row) for row in grid)
    decided = all(s != "open" for s in statuses)
    draw_line = (
        not classic
        and options.get("all_draw_line") == "draw"
        and any(all(statuses[i] == "draw" for i in line) for line in LINES)
    )
    if not (full or decided or draw_line):
        problems.append(
            (
                "winner",
                _(
                    "The game is not over on this board: a draw needs a full field, every small "
                    "board decided, or a line of drawn boards."
                ),
            )
        )
    return problems


def sos_lines(grid: Grid) -> list[tuple[tuple[int, int], ...]]:
    """Every S-O-S on the grid, as three (row, col) cells from one end to the other."""
    rows, cols = len(grid), len(grid[0]) if grid else 0
    found = []
    for r in range(rows):
        for c in range(cols):
            if grid[r][c] != "S":
                continue
            for dr, dc in _DIRECTIONS:
                r2, c2 = r + 2 * dr, c + 2 * dc
                if (
                    0 <= r2 < rows
                    and 0 <= c2 < cols
                    and grid[r + dr][c + dc] == "O"
                    and grid[r2][c2] == "S"
                ):
                    found.append(((r, c), (r + dr, c + dc), (r2, c2)))
    return found


def check_sos(
    grid: Grid,
    winners: tuple[int, ...] | None,
    scores: Sequence[int | None],
    options: dict[str, Any],
) -> tuple[list[Problem], list[int] | None]:
    """Check a finished SOS position; returns the problems and each seat's score (``None`` when
    the sheet states the winner only: the arbiter's record, scores unknown). ``winners`` may be
    ``None`` (not stated): then only what the grid alone shows is checked."""
    lines = sos_lines(grid)
    full = all(all(cell for cell in row) for row in grid)
    seats = len(scores)
    problems: list[Problem] = []
    if winners is None:
        if options.get("mode") != "first" and not full:
            problems.append(
                ("board", _("The grid is not full: a game of most SOSs ends when every cell is."))
            )
        elif options.get("mode") == "first" and not lines and not full:
            problems.append(("board", _("No SOS and empty cells left: the game is not over.")))
        return problems, None
    if options.get("mode") == "first":
        if not lines:
            if not full:
                problems.append(("board", _("No SOS and empty cells left: the game is not over.")))
            elif winners:
                problems.append(("winner", _("No SOS on a full grid: the game is a draw.")))
            return problems, [0] * seats
        if len(winners) != 1:
            problems.append(("winner", _("The first SOS wins: name one winner.")))
            return problems, [s or 0 for s in scores]
        common = set(lines[0]).intersection(*lines[1:])
        if not common:
            problems.append(
                ("board", _("These SOSs cannot all come from one move: the first SOS ends it."))
            )
        expected = [len(lines) if s == winners[0] else 0 for s in range(seats)]
        for seat, (given, want) in enumerate(zip(scores, expected, strict=True)):
            if given is not None and given != want:
                problems.append((("score", seat), _("The score should be %(n)s.") % {"n": want}))
        return problems, expected
    if not full:
        problems.append(
            ("board", _("The grid is not full: a game of most SOSs ends when every cell is."))
        )
        return problems, [s or 0 for s in scores]
    missing = [seat for seat, s in enumerate(scores) if s is None]
    if len(missing) == seats:  # the winner stated, the scores not kept: what the grid allows
        if not winners and len(lines) % seats:
            problems.append(
                (
                    "winner",
                    _("The grid has %(lines)s SOSs: %(seats)s players cannot all have as many.")
                    % {"lines": len(lines), "seats": seats},
                )
            )
        elif winners and len(lines) < len(winners):
            problems.append(("winner", _("The grid has too few SOSs for these winners.")))
        return problems, None
    for seat in missing:
        problems.append((("score", seat), _("Write each player's score.")))
    if missing:
        return problems, [s or 0 for s in scores]
    given = [int(s or 0) for s in scores]
    if sum(given) != len(lines):
        problems.append(
            (
                ("score", 0),
                _("The grid has %(lines)s SOSs but the scores add up to %(total)s.")
                % {"lines": len(lines), "total": sum(given)},
            )
        )
    top = max(given)
    best = tuple(s for s, v in enumerate(given) if v == top)
    expected = () if len(best) == seats else best
    if tuple(sorted(winners)) != expected:
        problems.append(("winner", _("By the scores, the result is different.")))
    return problems, given
