"""The spreadsheet services: what views, commands and benchmarks call.

Export (in ``language=``, one of ``languages()``; by default the active language)::

    export_game(game) -> bytes                  # one board sheet
    export_tournament(tournament) -> bytes      # the whole tournament workbook
    blank_round_sheets(round) -> bytes          # printable score sheets of a round

Import, in two steps::

    plan = read_workbook(data, tournament=t)    # read and check everything; plan.errors lists
                                                # every problem with its sheet and cell
    apply_plan(plan, user=arbiter)              # one transaction through the services

One game's sheet, in two steps too: ``read_paper_game(data)`` (a casual game played on paper)
or ``read_game_sheet(data, game=g)`` (more of a game of the site), then ``apply_game_plan`` /
``apply_game_sheet``. ``read_game(data)`` reads a single board sheet without the database.
Whole files that cannot be read raise ``WorkbookRefused``; ``apply_plan`` raises
``ImportRefused`` (or ``ImportConflict``).
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
from sheets.errors import ImportRefused, SheetError, WorkbookRefused
from sheets.imports.apply import apply_plan
from sheets.imports.game import GamePlan, apply_game_plan, plan_game_sheet, plan_paper_game
from sheets.imports.plan import ImportPlan
from sheets.imports.read import build_plan
from sheets.workbooks.write import (
    TournamentData,
    blank_sheets,
    game_sheets,
    sheet_count,
    tournament_sheets,
)
from sheets.xlsx.reader import SheetData, load_sheets
from sheets.xlsx.safety import Limits
from sheets.xlsx.writer import SheetSpec, write_workbook
from tournaments.models import Pairing, Round, Tournament

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
Progress = Callable[[int, int], None]

__all__ = [
    "XLSX",
    "GamePlan",
    "ImportPlan",
    "apply_game_plan",
    "apply_game_sheet",
    "apply_plan",
    "blank_round_sheets",
    "export_game",
    "export_tournament",
    "import_workbook",
    "read_game",
    "read_game_sheet",
    "read_paper_game",
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
    done, total = 0, 0

    def step(_title: str) -> None:
        nonlocal done, total
        done += 1
        if progress is not None:
            total = total or sheet_count(data)  # in the workbook's language: the apps' sheets
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


def read_board_sheet(data: bytes, *, limits: Limits | None = None) -> tuple[SheetData, BoardRecord]:
    """The first board sheet of a workbook and what it says, checked (no database)."""
    for sheet in load_sheets(data, limits):
        if is_board_sheet(sheet):
            return sheet, read_board(sheet)
    raise WorkbookRefused(
        _("This workbook has no board sheet (a lettered board at B1/A2)."), "unrelated"
    )


def read_paper_game(data: bytes, *, limits: Limits | None = None) -> GamePlan:
    """Step one of *Record a paper game*: the casual game a filled-in board sheet would create."""
    return plan_paper_game(read_board_sheet(data, limits=limits)[1])


def read_game_sheet(
    data: bytes, *, game: Game, limits: Limits | None = None
) -> GamePlan | ImportPlan:
    """Step one of *Import a score sheet* on a game's page: what the sheet adds to ``game``. A
    tournament game's sheet is read as the tournament's import would (an ``ImportPlan``)."""
    sheet, _record = read_board_sheet(data, limits=limits)
    pairing = Pairing.objects.filter(game=game).select_related("round__tournament").first()
    if pairing is None:
        rec = read_board(sheet, kind=game.kind, options=dict(game.options))
        return plan_game_sheet(rec, game)
    plan = build_plan([sheet], pairing.round.tournament, partial=True)
    others = {c.pairing_id for c in [*plan.games, *plan.results]} - {pairing.pk}
    if others and not plan.errors:
        plan.errors.append(
            SheetError(
                sheet.title,
                None,
                _("This sheet is of another board than round %(round)s, board %(board)s.")
                % {"round": pairing.round.number, "board": pairing.board},
            )
        )
    return plan


def apply_game_sheet(plan: GamePlan | ImportPlan, *, user: AbstractBaseUser) -> None:
    """Step two of a game's sheet: all or nothing, through the services."""
    if isinstance(plan, GamePlan):
        apply_game_plan(plan, user=user)
    else:
        apply_plan(plan, user=user)


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
