"""Reading a checked workbook into plain sheets of cell values (openpyxl, read-only mode).

Formulas: the first pass reads what was typed, so a formula shows as a formula; only the sheets
that have formulas are read a second time with ``data_only=True`` for the values the spreadsheet
program saved with them. A formula with a saved value reads as that value; one without (a file
written by a program that does not calculate) reads as ``MissingValue``, which the sheet readers
report wherever a value is expected.

Digits: a text without letters (a result, a number, a score) typed with Persian or Arabic-Indic
digits (``۱-۰``, ``١٢``) is read with ASCII digits, here, where every cell is read; a text with
letters (a name, a title) is kept as typed.
"""

from __future__ import annotations

import io
import re
import warnings
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from openpyxl import load_workbook

from sheets.errors import SheetError, WorkbookRefused
from sheets.xlsx.safety import Limits, check_workbook_bytes
from sheets.xlsx.writer import col, sheet_parts


@dataclass(frozen=True)
class MissingValue:
    """A formula saved without its value."""

    formula: str


@dataclass(frozen=True)
class ErrorValue:
    """A cell holding a spreadsheet error (``#N/A``, ``#DIV/0!``, …)."""

    code: str


@dataclass
class SheetData:
    """One sheet's non-empty cells, 1-based ``(row, column)`` → value."""

    title: str
    cells: dict[tuple[int, int], Any] = field(default_factory=dict)
    max_row: int = 0
    max_col: int = 0

    def get(self, row: int, column: int) -> Any:
        return self.cells.get((row, column))

    def row(self, row: int) -> Iterator[tuple[int, Any]]:
        """The non-empty cells of ``row`` as ``(column, value)``, left to right."""
        cells = self.cells
        return ((c, cells[(row, c)]) for c in range(1, self.max_col + 1) if (row, c) in cells)

    def error(self, row: int, column: int, message: str, code: str = "invalid") -> SheetError:
        return SheetError(self.title, f"{col(column)}{row}", message, code)


# Persian (U+06F0…) and Arabic-Indic (U+0660…) digits, and the Arabic decimal separator.
_DIGITS = str.maketrans(
    {
        **{0x06F0 + n: str(n) for n in range(10)},
        **{0x0660 + n: str(n) for n in range(10)},
        0x066B: ".",
    }
)
_FOREIGN_DIGIT = re.compile(r"[\u0660-\u066b\u06f0-\u06f9]")


def ascii_digits(text: str) -> str:
    """``text`` with Persian and Arabic-Indic digits as ASCII ones when it has no letters (a
    result, a number, a score); a text with letters is returned as it is."""
    if not _FOREIGN_DIGIT.search(text) or any(ch.isalpha() for ch in text):
        return text
    return text.translate(_DIGITS)


def _clean(value: Any, data_type: str) -> Any:
    if data_type == "e":
        return ErrorValue(str(value))
    if isinstance(value, str):
        value = ascii_digits(value.strip())
        return value or None
    return value


def load_sheets(data: bytes, limits: Limits | None = None) -> list[SheetData]:
    """Check ``data`` (``safety``), then read every worksheet; ``WorkbookRefused`` if it cannot."""
    careful = check_workbook_bytes(data, limits)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return _read(data, careful)
    except WorkbookRefused:
        raise
    except Exception:  # whatever a damaged file makes openpyxl raise
        raise WorkbookRefused(
            _("The workbook is damaged: open it in a spreadsheet program and save it again."),
            "corrupt",
        ) from None


def _read(data: bytes, careful: frozenset[str] | None = None) -> list[SheetData]:
    """Every worksheet's values; the sheets of ``careful`` parts (all, if ``None``) are read
    cell by cell, for their formulas and error values."""
    careful_titles = None
    if careful is not None:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            careful_titles = {t for part, t in sheet_parts(archive).items() if part in careful}
    book = load_workbook(io.BytesIO(data), read_only=True, data_only=False)
    sheets: list[SheetData] = []
    formulas: dict[str, list[tuple[int, int, str]]] = {}
    try:
        for ws in book.worksheets:
            ws.reset_dimensions()
            sheet = SheetData(ws.title)
            if careful_titles is None or ws.title in careful_titles:
                _cells(ws, sheet, formulas)
            else:
                _values(ws, sheet)
            sheets.append(sheet)
    finally:
        book.close()
    if formulas:
        _cached_values(data, sheets, formulas)
    return sheets


def _values(ws: Any, sheet: SheetData) -> None:
    """A sheet without formulas or error values: openpyxl's values-only rows."""
    cells = sheet.cells
    last_row = last_col = 0
    for r, row in enumerate(ws.iter_rows(values_only=True), 1):
        for c, value in enumerate(row, 1):
            if value is None:
                continue
            if value.__class__ is str:
                value = ascii_digits(value.strip())
                if not value:
                    continue
            cells[(r, c)] = value
            last_row = r
            if c > last_col:
                last_col = c
    sheet.max_row, sheet.max_col = last_row, last_col


def _cells(ws: Any, sheet: SheetData, formulas: dict[str, list[tuple[int, int, str]]]) -> None:
    for row in ws.iter_rows():
        for cell in row:
            value = getattr(cell, "value", None)
            if value is None:
                continue
            r, c = cell.row, cell.column
            if cell.data_type == "f":
                formulas.setdefault(ws.title, []).append((r, c, str(value)))
                value = MissingValue(str(value))
            else:
                value = _clean(value, cell.data_type)
                if value is None:
                    continue
            sheet.cells[(r, c)] = value
            sheet.max_row = max(sheet.max_row, r)
            sheet.max_col = max(sheet.max_col, c)


def _cached_values(
    data: bytes, sheets: list[SheetData], formulas: dict[str, list[tuple[int, int, str]]]
) -> None:
    """Replace each formula by the value saved with it, where there is one."""
    book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    try:
        by_title = {s.title: s for s in sheets}
        for title, cells in formulas.items():
            ws = book[title]
            ws.reset_dimensions()
            wanted = {(r, c) for r, c, _f in cells}
            top = max(r for r, _c, _f in cells)
            for row in ws.iter_rows(max_row=top):
                for cell in row:
                    key = (getattr(cell, "row", None), getattr(cell, "column", None))
                    if key in wanted and cell.value is not None:
                        value = _clean(cell.value, cell.data_type)
                        if value is not None:
                            by_title[title].cells[key] = value
    finally:
        book.close()
