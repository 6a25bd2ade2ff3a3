"""The tabular sheets of a tournament workbook: what they hold, and reading them back.

Each is recognised by its header row, found by the labels' text in either language: a players
sheet (``№``, ``Имя``, ``Рейтинг``, ``Клуб``; the tournament's name and rules above), a round
sheet (``Доска``, ``Первый ход``, ``Результат``, ``Второй ход``…; ``Тур 2`` in A1), standings
(``Место``) and a crosstable. Standings and crosstables are computed, so an import skips them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from sheets import layout as L
from sheets.errors import SheetError
from sheets.workbooks.hooks import is_extra_sheet
from sheets.xlsx.reader import ErrorValue, MissingValue, SheetData
from sheets.xlsx.writer import col

PLAYER_COLUMNS = {"rank": L.NUMBER, "name": L.NAME, "rating": L.RATING, "club": L.CLUB}
ROUND_COLUMNS = {
    "board": L.BOARD_COLUMN,
    "first": L.FIRST,
    "result": L.RESULT,
    "second": L.SECOND,
    "first_points": L.FIRST_POINTS,
    "second_points": L.SECOND_POINTS,
    "game": L.GAME_COLUMN,
}
# A round sheet of an SOS event at tables (``sheets.workbooks.seating``): a row a seat.
TABLES_COLUMNS = {
    "table": L.TABLE_COLUMN,
    "seat": L.SEAT_ORDER,
    "name": L.NAME,
    "count": L.SOS_MADE,
}
# A knockout match's sheet: its games as a round sheet's boards, each with its round.
MATCH_COLUMNS = {**ROUND_COLUMNS, "round": L.ROUND}
DETAILS = {
    L.TOURNAMENT: "tournament",
    L.RULES: "rules",
    L.FORMAT: "format",
    L.ACCELERATION: "acceleration",  # written for reading; an import does not change it
    L.DUMMY_CAP: "dummy_cap",  # read back as True / False (``dummy_cap``); likewise unchanged
    L.TIME_CONTROL: "time_control",  # likewise: the clock is the site's, set on the site
}
HEADER_SEARCH_ROWS = 12


@dataclass
class Row:
    """One data row: the values by column key, and where each one is."""

    row: int
    values: dict[str, Any]
    cells: dict[str, str]


@dataclass
class Table:
    sheet: str
    kind: str  # "players", "round", "match", "standings", "crosstable", "log", "extra", …
    details: dict[str, tuple[Any, str]] = field(default_factory=dict)
    rows: list[Row] = field(default_factory=list)
    number: int | None = None  # a round sheet's round, a match sheet's match
    errors: list[SheetError] = field(default_factory=list)


def _header(sheet: SheetData, wanted: dict[str, L.Text]) -> tuple[int, dict[str, int]] | None:
    """The first row (of the top rows) holding ``wanted`` labels: (row, key → column)."""
    for r in range(1, min(sheet.max_row, HEADER_SEARCH_ROWS) + 1):
        found = {}
        for c, value in sheet.row(r):
            for key, text in wanted.items():
                if key not in found and L.is_label(value, text):
                    found[key] = c
        if found:
            return r, found
    return None


def classify(sheet: SheetData) -> str | None:
    """``players``, ``round``, ``standings``, ``crosstable``, ``log``, ``extra`` (another app's
    sheet, ``sheets.workbooks.hooks``) or ``None``."""
    if is_extra_sheet(sheet):
        return "extra"  # written for reading by another app, never imported
    if L.is_label(sheet.get(1, 1), L.BRACKET_SHEET):
        return "bracket"  # a knockout's bracket: its scores read by ``imports.bracket``
    if L.parse_numbered(sheet.get(1, 1), L.MATCH_SHEET):
        return "match"  # a knockout match's games: read as a round sheet's boards
    if L.is_label(sheet.get(1, 1), L.LOG_SHEET):
        return "log"  # the arbiter's log: written for reading, never imported
    if L.is_label(sheet.get(1, 1), L.CROSSTABLE_SHEET):
        return "crosstable"
    if L.is_label(sheet.get(1, 1), L.STANDINGS_SHEET):
        return "standings"
    seating = _header(sheet, TABLES_COLUMNS)
    if seating is not None and {"table", "count"} <= seating[1].keys():
        return "tables"  # a round at tables: read as its seats (``sheets.imports.seating``)
    head = _header(sheet, {**ROUND_COLUMNS, "place": L.PLACE, "name": L.NAME})
    if head is None:
        return None
    found = head[1]
    if {"board", "first", "result"} <= found.keys():
        return "round"
    if "place" in found:
        return "standings"
    if "name" in found:
        return "players"
    return None


def _value(table: Table, sheet: SheetData, r: int, c: int) -> Any:
    value = sheet.get(r, c)
    if isinstance(value, MissingValue):
        table.errors.append(
            sheet.error(r, c, _("A formula without a saved value: type the value instead."))
        )
        return None
    if isinstance(value, ErrorValue):
        table.errors.append(
            sheet.error(r, c, _("The cell holds the error %(code)s.") % {"code": value.code})
        )
        return None
    return value


def _details(table: Table, sheet: SheetData, above: int) -> None:
    for r in range(1, above):
        for c, value in sheet.row(r):
            text = L.which(value, DETAILS)
            if text is None:
                continue
            key = DETAILS[text]
            for cc in range(c + 1, c + 6):
                if sheet.get(r, cc) is not None:
                    table.details[key] = (_value(table, sheet, r, cc), f"{col(cc)}{r}")
                    break


def _dummy_cap(table: Table) -> None:
    """The players sheet's "Dummy opponent's score:" cell as the option's value: ``True`` for
    "own score, capped (FIDE 2026)", ``False`` for "own score (FIDE 2023)" (either language);
    any other text is an error naming the cell."""
    found = table.details.get("dummy_cap")
    if found is None or found[0] is None:
        return
    value, cell = found
    text = L.which(value, (L.DUMMY_CAPPED, L.DUMMY_UNCAPPED))
    if text is None:
        table.errors.append(
            SheetError(
                table.sheet,
                cell,
                _("Write “%(capped)s” or “%(uncapped)s” here.")
                % {"capped": L.t(L.DUMMY_CAPPED), "uncapped": L.t(L.DUMMY_UNCAPPED)},
            )
        )
        del table.details["dummy_cap"]
        return
    table.details["dummy_cap"] = (text is L.DUMMY_CAPPED, cell)


def _rows(table: Table, sheet: SheetData, head: int, columns: dict[str, int]) -> None:
    for r in range(head + 1, sheet.max_row + 1):
        values, cells = {}, {}
        for key, c in columns.items():
            values[key] = _value(table, sheet, r, c)
            cells[key] = f"{col(c)}{r}"
        if any(v is not None for v in values.values()):
            table.rows.append(Row(r, values, cells))


def read_table(sheet: SheetData, kind: str) -> Table:
    """Read a players or round sheet (others are recognised and left as they are)."""
    table = Table(sheet.title, kind)
    if kind not in ("players", "round", "match", "tables"):
        return table
    wanted = {
        "players": PLAYER_COLUMNS,
        "round": ROUND_COLUMNS,
        "match": MATCH_COLUMNS,
        "tables": TABLES_COLUMNS,
    }[kind]
    found = _header(sheet, wanted)
    if found is None:
        found = (1, {})
    head, columns = found
    required = {
        "players": ("name",),
        "round": ("board", "first", "result", "second"),
        "match": ("round", "board", "first", "result", "second"),
        "tables": ("table", "seat", "name", "count"),
    }[kind]
    for key in required:
        if key not in columns:
            message = _("The column “%(label)s” is missing.") % {"label": L.t(wanted[key])}
            table.errors.append(sheet.error(head, 1, message))
    if table.errors:
        return table
    _details(table, sheet, head)
    if kind == "players":
        _dummy_cap(table)
    _rows(table, sheet, head, columns)
    if kind == "match":
        table.number = (L.parse_numbered(sheet.get(1, 1), L.MATCH_SHEET) or {}).get("number")
    if kind in ("round", "tables"):
        number = L.parse_numbered(sheet.get(1, 1), L.ROUND_SHEET) or L.parse_numbered(
            sheet.title, L.ROUND_SHEET
        )
        if number is None:
            example = L.t(L.ROUND_SHEET, number=1)
            message = _("Which round is this? Write it in A1, like “%(example)s”.")
            table.errors.append(sheet.error(1, 1, message % {"example": example}))
        else:
            table.number = number["number"]
    return table
