"""The tournament workbook's extension point: more sheets, written by the apps above sheets
(the ratings' report of a rated tournament), registered in their ``AppConfig.ready()`` as the
pages' hooks are (:mod:`tournaments.hooks`).

- ``register_workbook_sheets(fn, uid=…, titles=…)``: ``fn(tournament)`` returns the sheets
  (``SheetSpec``) to add to the tournament's workbook, after the arbiter's log and before the
  board sheets — none when it has nothing to say. Each of them has one of ``titles`` (a
  :class:`sheets.layout.Text`) in A1: that is how the workbook's import knows them and leaves
  them alone (they are written for reading, never imported).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from sheets import layout as L
from sheets.xlsx.reader import SheetData
from sheets.xlsx.writer import SheetSpec

WorkbookSheets = Callable[[Any], Iterable[SheetSpec]]

_SHEETS: dict[str, WorkbookSheets] = {}
_TITLES: dict[str, tuple[L.Text, ...]] = {}


def register_workbook_sheets(
    fn: WorkbookSheets, *, uid: str, titles: Iterable[L.Text] = ()
) -> WorkbookSheets:
    """Register ``fn(tournament)`` (once per ``uid``), whose sheets have one of ``titles`` in
    A1."""
    _SHEETS[uid] = fn
    _TITLES[uid] = tuple(titles)
    return fn


def extra_sheets(tournament: Any) -> list[SheetSpec]:
    """Every registered app's sheets for ``tournament``, in the order of registration."""
    return [spec for fn in _SHEETS.values() for spec in fn(tournament)]


def is_extra_sheet(sheet: SheetData) -> bool:
    """Is ``sheet`` one an app added to the workbook (its title in A1)?"""
    first = sheet.get(1, 1)
    return any(L.is_label(first, text) for texts in _TITLES.values() for text in texts)
