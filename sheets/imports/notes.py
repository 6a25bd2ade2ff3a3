"""The notes an import writes on the result records it makes, registered with the results'
notes (:mod:`tournaments.acts.notes`): a record keeps the code and the sheet it came from, and the
arbiter's log, the game page and the workbook's log sheet word it in the reader's language.
Registered when the app is ready (``SheetsConfig.ready`` imports this module)."""

from __future__ import annotations

from tournaments.acts import notes
from tournaments.acts.notes import gettext_noop

WORKBOOK = notes.register("sheets_workbook", gettext_noop("From an imported workbook (%(sheet)s)."))
WORKBOOK_UNFINISHED = notes.register(
    "sheets_workbook_unfinished",
    gettext_noop("Result of an unfinished game, from an imported workbook (%(sheet)s)."),
)
SCORE_SHEET_UNFINISHED = notes.register(
    "sheets_score_sheet_unfinished",
    gettext_noop("Result of an unfinished game, from its score sheet (%(sheet)s)."),
)


def note(code: str, sheet: str) -> notes.Note:
    """The note ``code`` about ``sheet`` (a sheet's title, or ``Title!C5``)."""
    return notes.Note(code, sheet=sheet)
