"""What a board sheet says (``BoardRecord``), and the cell reader its checks share."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from games.rules import Outcome
from sheets.errors import SheetError
from sheets.xlsx.reader import ErrorValue, MissingValue, SheetData

NAME_COL, MARK_COL, SCORE_COL = 2, 8, 9


@dataclass
class SeatRecord:
    name: str
    mark: Any
    score: int | None
    row: int


@dataclass
class BoardRecord:
    """What one board sheet says, checked; ``errors`` lists every problem found."""

    sheet: str
    kind: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    seats: list[SeatRecord] = field(default_factory=list)
    moves: list[str] = field(default_factory=list)
    move_cells: list[str] = field(default_factory=list)
    grid: list[list[str]] = field(default_factory=list)
    winners: tuple[int, ...] | None = None  # as stated on the sheet
    winner_cell: str = "B16"
    scores: list[int] | None = None
    details: dict[str, tuple[Any, str]] = field(default_factory=dict)
    outcome: Outcome | None = None
    errors: list[SheetError] = field(default_factory=list)
    winner_conflict: SheetError | None = None  # stated winners the moves contradict

    @property
    def marked(self) -> bool:
        return any(any(row) for row in self.grid)

    @property
    def final_position(self) -> bool:
        return not self.moves and self.marked

    @property
    def empty(self) -> bool:
        return not self.moves and not self.marked and self.winners is None

    @property
    def result(self) -> tuple[int, ...] | None:
        """The winners the sheet records: by the rules when the moves end the game."""
        return self.outcome.winners if self.outcome is not None else self.winners

    @property
    def position(self) -> list[str]:
        return ["".join(cell or "." for cell in row) for row in self.grid]

    def detail(self, key: str) -> Any:
        found = self.details.get(key)
        return found[0] if found else None

    def names(self) -> list[str]:
        return [s.name for s in self.seats]


def to_int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().isdecimal():
        return int(value.strip())
    return None


def parse_ref(ref: str) -> tuple[int, int]:
    m = re.fullmatch(r"([A-Z]+)(\d+)", ref)
    assert m is not None
    n = 0
    for ch in m.group(1):
        n = n * 26 + ord(ch) - 64
    return int(m.group(2)), n


class SheetReader:
    """Reads cells of one sheet into a ``BoardRecord``, collecting problems as it goes."""

    def __init__(self, sheet: SheetData) -> None:
        self.sheet = sheet
        self.record = BoardRecord(sheet.title)
        self.move_extra: dict[int, tuple[Any, Any, Any, int, int]] = {}

    def error(self, r: int, c: int, message: str, code: str = "invalid") -> None:
        self.record.errors.append(self.sheet.error(r, c, message, code))

    def value(self, r: int, c: int) -> Any:
        """The cell's value; a formula without a saved value or an error value is reported."""
        v = self.sheet.get(r, c)
        if isinstance(v, MissingValue):
            self.error(r, c, _("A formula without a saved value: type the value instead."))
            return None
        if isinstance(v, ErrorValue):
            self.error(r, c, _("The cell holds the error %(code)s.") % {"code": v.code})
            return None
        return v
