"""Short-hands of the ratings' spreadsheet tests: a plain sheet written with openpyxl, an
exported workbook read back (openpyxl, as tests/sheets reads), and the starting ratings of a
list as comparable tuples."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from openpyxl import Workbook, load_workbook

from ratings import states as S
from ratings.models import RatingList, StartingRating


def plain_sheet(rows: Sequence[Sequence[Any]], title: str = "Sheet1") -> bytes:
    """An .xlsx with one sheet of ``rows`` from A1, as a club's own spreadsheet is."""
    book = Workbook()
    sheet = book.active
    sheet.title = title
    for row in rows:
        sheet.append(list(row))
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def cells(data: bytes, title: str | None = None) -> dict[str, Any]:
    """A sheet's non-empty cells, ``"B7"`` → value (the first sheet, or ``title``)."""
    book = load_workbook(io.BytesIO(data))
    sheet = book[title] if title is not None else book.worksheets[0]
    return {c.coordinate: c.value for row in sheet.iter_rows() for c in row if c.value is not None}


def titles(data: bytes) -> list[str]:
    return load_workbook(io.BytesIO(data), read_only=True).sheetnames


def starts(rating_list: RatingList) -> dict[str, tuple]:
    """Each starting rating: name → (rating, games, the core's starting state, as of)."""
    return {
        s.player.name: (s.rating, s.games, S.starting_state(rating_list, s), s.as_of)
        for s in StartingRating.objects.filter(list=rating_list).select_related("player")
    }
