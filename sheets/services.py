"""The spreadsheet services: what views, commands and benchmarks call.

Export (in ``language=``, one of ``languages()``; by default the active language)::

    export_game(game) -> bytes                  # one board sheet
    export_tournament(tournament) -> bytes      # the whole tournament workbook
    blank_round_sheets(round) -> bytes          # printable score sheets of a round

Import, in two steps::

    plan = read_workbook(data, tournament=t)    # read and check everything; plan.errors lists
                                                # every problem with its sheet and cell
    apply_plan(plan, user=arbiter)              # one transaction through the services

``read_game(data)`` reads a single board sheet without the database. Whole files that cannot be
read raise ``WorkbookRefused``; ``apply_plan`` raises ``ImportRefused`` (or ``ImportConflict``).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from typing import IO

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.utils import translation
from django.utils.translation import gettext as _

from games.models import Game
from sheets.boards.read import BoardRecord, is_board_sheet, read_board
from sheets.errors import ImportRefused, WorkbookRefused
from sheets.imports.apply import apply_plan
from sheets.imports.plan import ImportPlan
from sheets.imports.read import build_plan
from sheets.workbooks.write import (
    TournamentData,
    blank_sheets,
    game_sheets,
    sheet_count,
    tournament_sheets,
)
from sheets.xlsx.reader import load_sheets
from sheets.xlsx.safety import Limits
from sheets.xlsx.writer import SheetSpec, write_workbook
from tournaments.models import Round, Tournament

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
Progress = Callable[[int, int], None]

__all__ = [
    "XLSX",
    "ImportPlan",
    "apply_plan",
    "blank_round_sheets",
    "export_game",
    "export_tournament",
    "import_workbook",
    "read_game",
    "read_workbook",
]


def languages() -> list[str]:
    """The languages a workbook can be written in: the site's (``settings.LANGUAGES``)."""
    return [code for code, _name in settings.LANGUAGES]


def _render(
    sheets: Callable[[], Iterable[SheetSpec]],
    out: IO[bytes] | None,
    language: str | None,
    progress: Callable[[str], None] | None = None,
) -> bytes:
    """Write the sheets in ``language`` (``None``: the active one, e.g. the request's)."""
    if language is not None and language not in languages():
        raise ValueError(f"unknown language {language!r}")
    target = out if out is not None else io.BytesIO()
    with translation.override(language or translation.get_language()):
        write_workbook(sheets(), target, progress)
    return target.getvalue() if isinstance(target, io.BytesIO) and out is None else b""


def export_game(game: Game, out: IO[bytes] | None = None, *, language: str | None = None) -> bytes:
    """The board sheet of ``game`` as an .xlsx (returned, or written to ``out``)."""
    return _render(lambda: game_sheets(game), out, language)


def export_tournament(
    tournament: Tournament,
    out: IO[bytes] | None = None,
    progress: Progress | None = None,
    *,
    language: str | None = None,
) -> bytes:
    """The tournament workbook in ``language`` (default: the active language);
    ``progress(done, total)`` is called after each sheet."""
    data = TournamentData.load(tournament)
    total = sheet_count(data)
    done = 0

    def step(_title: str) -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, total)

    return _render(lambda: tournament_sheets(data), out, language, step)


def blank_round_sheets(
    rnd: Round, out: IO[bytes] | None = None, *, language: str | None = None
) -> bytes:
    """A printable score sheet for every game of ``rnd``: the players' names, the board empty."""
    return _render(lambda: blank_sheets(rnd), out, language)


def read_game(data: bytes, *, limits: Limits | None = None) -> BoardRecord:
    """The first board sheet of a workbook, read and checked (no database)."""
    for sheet in load_sheets(data, limits):
        if is_board_sheet(sheet):
            record = read_board(sheet)
            if record.winner_conflict is not None:
                record.errors.append(record.winner_conflict)
            return record
    raise WorkbookRefused(
        _("This workbook has no board sheet (a lettered board at B1/A2)."), "unrelated"
    )


def read_workbook(
    data: bytes, *, tournament: Tournament, limits: Limits | None = None
) -> ImportPlan:
    """Step one: read and check everything; the plan lists every change and every problem."""
    return build_plan(load_sheets(data, limits), tournament)


def import_workbook(
    data: bytes, *, tournament: Tournament, user: AbstractBaseUser, limits: Limits | None = None
) -> ImportPlan:
    """Both steps at once (for scripts): refused with every problem if there is any."""
    plan = read_workbook(data, tournament=tournament, limits=limits)
    if plan.errors:
        raise ImportRefused(_("The workbook has problems: nothing was imported."), plan.errors)
    return apply_plan(plan, user=user)
