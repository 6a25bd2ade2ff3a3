"""The lettered grid: spreadsheet-style cell names (``A1``, ``Z9``, ``AA12``)."""

from __future__ import annotations

import re

from .errors import OFF_BOARD, IllegalMove

# Cyrillic letters that look like Latin ones, typed on a Russian keyboard layout.
_HOMOGLYPHS = str.maketrans("АВСЕНКМОРТХаесокрх", "ABCEHKMOPTXaecokpx")
_CELL_RE = re.compile(r"([A-Z]{1,3})([0-9]{1,3})")


def col_name(col: int) -> str:
    """0 → ``A``, 25 → ``Z``, 26 → ``AA`` (as a spreadsheet continues)."""
    if col < 0:
        raise ValueError("column index must be 0 or more")
    name = ""
    col += 1
    while col:
        col, rem = divmod(col - 1, 26)
        name = chr(65 + rem) + name
    return name


def col_index(letters: str) -> int:
    """``A`` → 0, ``Z`` → 25, ``AA`` → 26."""
    n = 0
    for ch in letters.upper():
        if not "A" <= ch <= "Z":
            raise ValueError(f"not a column name: {letters!r}")
        n = n * 26 + (ord(ch) - 64)
    if n == 0:
        raise ValueError("empty column name")
    return n - 1


def cell_name(row: int, col: int) -> str:
    """Canonical name of the cell at 0-based ``row``, ``col``: ``cell_name(2, 1) == "B3"``."""
    return f"{col_name(col)}{row + 1}"


def normalise(text: str) -> str:
    """Upper case, Cyrillic look-alikes read as Latin, no spaces."""
    return "".join(text.translate(_HOMOGLYPHS).split()).upper()


def split_cell(text: str) -> tuple[int, int] | None:
    """``(row, col)`` 0-based of a normalised cell name, or ``None`` if it is not one."""
    m = _CELL_RE.fullmatch(text)
    if m is None:
        return None
    row = int(m.group(2)) - 1
    if row < 0:
        return None
    return row, col_index(m.group(1))


def check_on_board(row: int, col: int, rows: int, cols: int) -> None:
    if not (0 <= row < rows and 0 <= col < cols):
        raise IllegalMove(
            "off_board",
            OFF_BOARD,
            cell=cell_name(row, col),
            first="A",
            last=col_name(cols - 1),
            rows=rows,
        )
