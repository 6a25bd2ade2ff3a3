"""Typed errors of the spreadsheet import, each translated and shown to the user as it is.

``SheetError`` names one problem in one place of a workbook (``Тур 2!E5: unknown result "2-0"``);
an import collects all of them before anything is written. ``WorkbookRefused`` refuses a whole
file (not an .xlsx, too big, a zip bomb, encrypted, damaged, from another tool): nothing is read
from it. ``ImportRefused`` and ``ImportConflict`` stop an apply step.
"""

from __future__ import annotations


class SheetError(Exception):
    """A problem the user can fix in one sheet (and cell, when one cell is at fault)."""

    def __init__(self, sheet: str, cell: str | None, message: str, code: str = "invalid") -> None:
        self.sheet = sheet
        self.cell = cell
        self.message = str(message)
        self.code = code
        super().__init__(str(self))

    @property
    def where(self) -> str:
        return f"{self.sheet}!{self.cell}" if self.cell else self.sheet

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SheetError):
            return NotImplemented
        return (self.sheet, self.cell, self.message) == (other.sheet, other.cell, other.message)

    def __hash__(self) -> int:
        return hash((self.sheet, self.cell, self.message))


class WorkbookRefused(Exception):
    """The whole file is refused before any of it is read; ``code`` is stable."""

    def __init__(self, message: str, code: str) -> None:
        self.message = str(message)
        self.code = code
        super().__init__(self.message)

    def __str__(self) -> str:
        return self.message


class ImportRefused(Exception):
    """An import plan with problems cannot be applied; ``errors`` lists them all."""

    def __init__(self, message: str, errors: list[SheetError] | None = None) -> None:
        self.message = str(message)
        self.errors = list(errors or [])
        super().__init__(self.message)

    def __str__(self) -> str:
        return self.message


class ImportConflict(ImportRefused):
    """The data changed between the preview and the apply step: preview again."""
