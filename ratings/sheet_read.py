"""Reading a club's rating list from a spreadsheet into a plan (``ratings.sheet_import``):
the header row, the list's date above it, and each row's values, checked one by one. Nothing
here touches the database.

The header row is found by its labels' text in any of the site's languages (as the sheets app
finds its own, :mod:`sheets.layout`) in the sheet's top rows: it must have "Name" and "Rating";
"Games" (or "Games played"), "Deviation" (or "RD"), "Volatility", "Club", "Year of birth" (or
"Born") and "Reached 2400" (yes / no: FIDE's K = 10 once a rating of 2400 was published) are
optional, every
other column (№, K, Last played) is left alone. So both the layout this site writes
(``ratings.sheet_export``) and a plain "Name | Rating | Games" sheet are read.
"""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass, field
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from games import player_services
from games.bidi import isolate
from ratings import sheet_texts as R
from ratings.models import MAX_RATING
from sheets import layout as L
from sheets.errors import SheetError
from sheets.xlsx.reader import ErrorValue, MissingValue, SheetData
from sheets.xlsx.writer import col

HEADER_SEARCH_ROWS = 12
COLUMNS: dict[str, tuple[L.Text, ...]] = {
    "name": (L.NAME,),
    "rating": (L.RATING,),
    "games": (R.GAMES, R.GAMES_PLAYED),
    "deviation": (R.DEVIATION, R.DEVIATION_SHORT),
    "volatility": (R.VOLATILITY,),
    "club": (L.CLUB,),
    "birth_year": (R.BIRTH_YEAR, R.BORN),
    "reached_2400": (R.REACHED_2400,),
}
DEVIATION_RANGE = (1.0, 500.0)
VOLATILITY_RANGE = (0.001, 1.0)
EPOCH = dt.date(1899, 12, 30)
FIRST_BIRTH_YEAR = 1900
# A "Reached 2400" cell: yes (the word in any of the site's languages, x, ✓, 1) or no (the word,
# 0, -, or empty).
YES_MARKS = frozenset({"x", "✓", "✔", "+", "1", "true"})
NO_MARKS = frozenset({"", "-", "–", "0", "false"})


@dataclass
class Line:
    """One filled row of the sheet, checked: ``values`` holds what could be read."""

    row: int
    cell: str  # where the name is ("Sheet!B7")
    name: str | None = None
    club: str = ""
    rating: float | None = None
    games: int = 0
    deviation: float | None = None
    volatility: float | None = None
    birth_year: int | None = None
    reached_2400: bool = False
    errors: list[SheetError] = field(default_factory=list)


@dataclass
class ReadSheet:
    sheet: str
    lines: list[Line]
    as_of: dt.date | None
    list_name: str | None
    errors: list[SheetError]
    has_spread: bool  # a deviation or volatility column
    has_birth_year: bool = False  # a "Year of birth" column
    has_reached_2400: bool = False  # a "Reached 2400" column


def find_header(sheet: SheetData) -> tuple[int, dict[str, int]] | None:
    """The first of the top rows with a "Name" and a "Rating" column: (row, key → column)."""
    for r in range(1, min(sheet.max_row, HEADER_SEARCH_ROWS) + 1):
        found: dict[str, int] = {}
        for c, value in sheet.row(r):
            for key, texts in COLUMNS.items():
                if key not in found and L.which(value, texts) is not None:
                    found[key] = c
        if {"name", "rating"} <= found.keys():
            return r, found
    return None


def _value(sheet: SheetData, r: int, c: int, errors: list[SheetError]) -> Any:
    value = sheet.get(r, c)
    if isinstance(value, MissingValue):
        errors.append(
            sheet.error(r, c, _("A formula without a saved value: type the value instead."))
        )
        return None
    if isinstance(value, ErrorValue):
        errors.append(
            sheet.error(r, c, _("The cell holds the error %(code)s.") % {"code": value.code})
        )
        return None
    return value


def to_number(value: Any) -> float | None:
    """A cell's number (a number, or a text of one, with a decimal point or comma)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        number = float(value)
    else:
        try:
            number = float(str(value).strip().replace(",", ".").replace("\u2212", "-"))
        except ValueError:
            return None
    return number if math.isfinite(number) else None


def to_date(value: Any) -> dt.date | None:
    """A cell's date: a date cell, a date's serial number, or 2026-12-03 / 03.12.2026."""
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    if isinstance(value, int | float) and not isinstance(value, bool) and 0 < value < 2958466:
        return EPOCH + dt.timedelta(days=int(value))
    text = str(value).strip()
    for pattern in ("%Y-%m-%d", "%d.%m.%Y", "%d/%m/%Y"):
        try:
            return dt.datetime.strptime(text, pattern).date()
        except ValueError:
            continue
    return None


def _in_range(
    line: Line, where: str, value: Any, low: float, high: float, message: str
) -> float | None:
    number = to_number(value)
    if number is None:
        line.errors.append(_error(where, _("“%(text)s” is not a number.") % {"text": value}))
        return None
    if not low <= number <= high:
        line.errors.append(_error(where, message % {"low": f"{low:g}", "high": f"{high:g}"}))
        return None
    return number


def _error(where: str, message: str) -> SheetError:
    sheet, _bang, cell = where.rpartition("!")
    return SheetError(sheet, cell, message)


def _games(line: Line, where: str, value: Any) -> None:
    if value is None:
        return
    number = to_number(value)
    if number is None or number != int(number):
        message = _("“%(text)s” is not a whole number of games.") % {"text": value}
        line.errors.append(_error(where, message))
    elif number < 0:
        line.errors.append(_error(where, _("The number of games cannot be negative.")))
    else:
        line.games = int(number)


def _birth_year(line: Line, where: str, value: Any) -> None:
    if value is None:
        return
    number = to_number(value)
    last = timezone.localdate().year
    if number is None or number != int(number) or not FIRST_BIRTH_YEAR <= number <= last:
        message = _("“%(text)s” is not a year of birth (between %(low)s and %(high)s).") % {
            "text": value,
            "low": FIRST_BIRTH_YEAR,
            "high": last,
        }
        line.errors.append(_error(where, message))
    else:
        line.birth_year = int(number)


def _reached_2400(line: Line, where: str, value: Any) -> None:
    if value is None or value is False:
        return
    text = L.norm(value if not isinstance(value, int | float) else f"{value:g}")
    if value is True or text in YES_MARKS or L.is_label(text, R.YES):
        line.reached_2400 = True
    elif not (text in NO_MARKS or L.is_label(text, R.NO)):
        message = _("Write “%(yes)s” or “%(no)s” here, not “%(text)s”.") % {
            "yes": L.t(R.YES),
            "no": L.t(R.NO),
            "text": value,
        }
        line.errors.append(_error(where, message))


def read_line(sheet: SheetData, r: int, columns: dict[str, int]) -> Line | None:
    """Row ``r`` checked (``None``: an empty row)."""
    errors: list[SheetError] = []
    values = {key: _value(sheet, r, c, errors) for key, c in columns.items()}
    if not errors and all(v is None for v in values.values()):
        return None
    where = {key: f"{sheet.title}!{col(c)}{r}" for key, c in columns.items()}
    line = Line(r, where["name"], errors=errors)
    try:
        line.name = player_services.player_name(values["name"] or "")
    except ValueError as err:
        line.errors.append(_error(where["name"], str(err)))
    if values.get("club") is not None:
        try:
            line.club = player_services.player_club(values["club"])
        except ValueError as err:
            line.errors.append(_error(where["club"], str(err)))
    if values["rating"] is not None:
        message = _("A rating must be between %(low)s and %(high)s.")
        line.rating = _in_range(line, where["rating"], values["rating"], 0, MAX_RATING, message)
    _games(line, where.get("games", ""), values.get("games"))
    if values.get("deviation") is not None:
        low, high = DEVIATION_RANGE
        message = _("A deviation must be between %(low)s and %(high)s.")
        value = values["deviation"]
        line.deviation = _in_range(line, where["deviation"], value, low, high, message)
    if values.get("volatility") is not None:
        low, high = VOLATILITY_RANGE
        message = _("A volatility must be between %(low)s and %(high)s.")
        value = values["volatility"]
        line.volatility = _in_range(line, where["volatility"], value, low, high, message)
    _birth_year(line, where.get("birth_year", ""), values.get("birth_year"))
    _reached_2400(line, where.get("reached_2400", ""), values.get("reached_2400"))
    return line


def _details(sheet: SheetData, above: int, errors: list[SheetError]) -> dict[str, Any]:
    """The labelled cells above the header: the list's name and its date."""
    out: dict[str, Any] = {}
    for r in range(1, above):
        for c, value in sheet.row(r):
            text = L.which(value, (R.LIST, R.AS_OF))
            if text is None:
                continue
            for cc in range(c + 1, c + 6):
                if sheet.get(r, cc) is not None:
                    out[text.msgid] = (_value(sheet, r, cc, errors), f"{col(cc)}{r}")
                    break
    return out


def read_sheet(sheet: SheetData, head: int, columns: dict[str, int]) -> ReadSheet:
    """Every row under the header, checked; a name listed twice is an error on its second row."""
    errors: list[SheetError] = []
    details = _details(sheet, head, errors)
    as_of = None
    if R.AS_OF.msgid in details and details[R.AS_OF.msgid][0] is not None:
        value, cell = details[R.AS_OF.msgid]
        as_of = to_date(value)
        if as_of is None:
            message = _("“%(text)s” is not a date (write it as 2026-12-03).") % {"text": value}
            errors.append(SheetError(sheet.title, cell, message))
    list_name = details.get(R.LIST.msgid, (None, ""))[0]
    lines = []
    seen: set[str] = set()
    for r in range(head + 1, sheet.max_row + 1):
        line = read_line(sheet, r, columns)
        if line is None:
            continue
        if line.name is not None:
            key = L.norm(line.name)
            if key in seen:
                message = _("“%(name)s” is listed twice.") % {"name": isolate(line.name)}
                line.errors.append(_error(line.cell, message))
            seen.add(key)
        lines.append(line)
    spread = "deviation" in columns or "volatility" in columns
    name = str(list_name) if list_name is not None else None
    return ReadSheet(
        sheet.title,
        lines,
        as_of,
        name,
        errors,
        spread,
        has_birth_year="birth_year" in columns,
        has_reached_2400="reached_2400" in columns,
    )
