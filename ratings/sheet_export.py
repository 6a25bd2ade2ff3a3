"""The ratings as spreadsheets, written with the sheets app's writer in the user's language:
a rating list (``export_list``) and a tournament's rating report (``export_report``, and the
same sheet in the tournament workbook through ``sheets.workbooks.hooks``). The layout is in
docs/ratings.md, "Spreadsheets"; ``ratings.sheet_import`` reads the list back.
"""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Callable, Iterator
from typing import Any

from django.db.models import Max
from django.utils import timezone, translation

from ratings import sheet_texts as R
from ratings.models import Method, Rating, RatingChange, RatingList
from ratings.report import Report, report
from sheets import layout as L
from sheets.boards.write import LABEL, TITLE
from sheets.layout import t
from sheets.services import languages
from sheets.workbooks.write import HEAD, HEAD_HEIGHT
from sheets.xlsx.writer import Cell, Row, SheetSpec, Style, write_workbook
from tournaments.models import Tournament

EPOCH = dt.date(1899, 12, 30)  # day 0 of a spreadsheet's dates
DATE = Style(number_format="yyyy-mm-dd", h="left")
WHOLE = Style(number_format="0")
HUNDREDTHS = Style(number_format="0.00")
HALVES = Style(number_format="0.0")
SIGNED = Style(number_format="+0;-0;0")
VOLATILITY = Style(number_format="0.000000")
HEAD_ROW = 6  # the list's and the report's header row; their details above it


def date_cell(day: dt.date | None) -> Cell:
    """A date as a spreadsheet date (its serial number, shown as 2026-12-03)."""
    return Cell((day - EPOCH).days if day is not None else None, DATE)


def _render(specs: Callable[[], list[SheetSpec]], language: str | None) -> bytes:
    """Write the sheets ``specs()`` makes, made and written in ``language``."""
    if language is not None and language not in languages():
        raise ValueError(f"unknown language {language!r}")
    out = io.BytesIO()
    with translation.override(language or translation.get_language()):
        write_workbook(iter(specs()), out)
    return out.getvalue()


# -- The rating list ------------------------------------------------------------------------------


def _method_words(rating_list: RatingList) -> str:
    return str(rating_list.get_method_display())


def _kind_words(rating_list: RatingList) -> str:
    kind = str(rating_list.get_kind_display())
    return f"{kind} · {rating_list.preset}" if rating_list.preset else kind


def list_columns(rating_list: RatingList) -> list[L.Text]:
    glicko = rating_list.method == Method.GLICKO2
    spread = [R.DEVIATION, R.VOLATILITY] if glicko else [R.K_FACTOR]
    elo = [] if glicko else [R.BIRTH_YEAR, R.REACHED_2400]  # the K's other inputs (FIDE 8.3.3)
    return [L.NUMBER, L.NAME, L.CLUB, L.RATING, *spread, R.GAMES, R.LAST_PLAYED, *elo]


def _list_values(rating_list: RatingList, rank: int | None, row: Rating, last: Any) -> list[Cell]:
    glicko = rating_list.method == Method.GLICKO2
    number = WHOLE if glicko else None
    spread = (
        [Cell(row.deviation, WHOLE), Cell(row.volatility, VOLATILITY)] if glicko else [Cell(row.k)]
    )
    state = row.state or {}
    elo = [] if glicko else [Cell(state.get("born")), Cell(t(R.YES) if state.get("top") else None)]
    return [
        Cell(rank),
        Cell(row.player.name),
        Cell(row.player.club or None),
        Cell(row.rating, number),
        *spread,
        Cell(row.games),
        date_cell(last),
        *elo,
    ]


def list_sheet(rating_list: RatingList, day: dt.date) -> SheetSpec:
    """The list as it stands: rated players by rating (ranked), then the unrated (Elo)."""
    rows = list(Rating.objects.filter(list=rating_list).select_related("player"))
    rows.sort(key=lambda r: (r.rating is None, -(r.rating or 0), r.player.name.casefold()))
    last = dict(
        RatingChange.objects.filter(list=rating_list)
        .values_list("player_id")
        .annotate(last=Max("period_end"))
    )
    head = list_columns(rating_list)

    def cells() -> Iterator[Row]:
        yield 1, [(1, Cell(t(R.LIST), LABEL)), (2, Cell(rating_list.name, TITLE))]
        yield 2, [(1, Cell(t(R.KIND), LABEL)), (2, Cell(_kind_words(rating_list)))]
        yield 3, [(1, Cell(t(R.METHOD), LABEL)), (2, Cell(_method_words(rating_list)))]
        yield 4, [(1, Cell(t(R.AS_OF), LABEL)), (2, date_cell(day))]
        yield HEAD_ROW, [(c, Cell(t(text), HEAD)) for c, text in enumerate(head, 1)]
        rank = 0
        for n, row in enumerate(rows, HEAD_ROW + 1):
            rank += row.rating is not None
            values = _list_values(
                rating_list, rank if row.rating is not None else None, row, last.get(row.player_id)
            )
            yield n, list(enumerate(values, 1))

    widths = {1: 16, 2: 32, 3: 22, **{c: 13 for c in range(4, len(head) + 1)}}
    return SheetSpec(
        title=t(R.LIST_SHEET),
        rows=cells(),
        widths=widths,
        heights={HEAD_ROW: HEAD_HEIGHT},
        freeze=f"C{HEAD_ROW + 1}",
        fit_height=0,
    )


def export_list(
    rating_list: RatingList, *, day: dt.date | None = None, language: str | None = None
) -> bytes:
    """The rating list as an .xlsx in ``language`` (default: the active one), dated ``day``
    (default: today)."""
    return _render(lambda: [list_sheet(rating_list, day or timezone.localdate())], language)


# -- A tournament's rating report -----------------------------------------------------------------


def _signed(rating_list: RatingList) -> Style:
    if rating_list.method == Method.GLICKO2:
        return Style(number_format="+0.0;-0.0;0")
    return SIGNED


def report_sheet(found: Report) -> SheetSpec:
    rating_list = found.list
    glicko = rating_list.method == Method.GLICKO2
    number = WHOLE if glicko else None
    head = [
        t(L.NUMBER),
        t(R.PLAYER),
        t(R.RATING_BEFORE),
        t(R.GAMES),
        *(t(R.OPPONENT_IN_ROUND, number=n) for n in found.rounds),
        t(R.AVERAGE),
        t(R.SCORE),
        t(R.EXPECTED),
        t(R.CHANGE),
        t(R.RATING_AFTER),
        t(R.PERFORMANCE),
    ]

    def cells() -> Iterator[Row]:
        yield 1, [(1, Cell(t(R.REPORT_SHEET), TITLE))]
        yield 2, [(1, Cell(t(L.TOURNAMENT), LABEL)), (2, Cell(found.tournament.name))]
        yield 3, [(1, Cell(t(R.LIST), LABEL)), (2, Cell(rating_list.name))]
        yield 4, [(1, Cell(t(R.METHOD), LABEL)), (2, Cell(_method_words(rating_list)))]
        if found.by_month:
            yield 5, [(1, Cell(t(R.MONTH_NOTE)))]
        yield HEAD_ROW, [(c, Cell(text, HEAD)) for c, text in enumerate(head, 1)]
        for n, line in enumerate(found.lines, HEAD_ROW + 1):
            values = [
                Cell(line.rank),
                Cell(line.name),
                Cell(line.rating, number),
                Cell(line.games),
                *(Cell(line.opponents.get(r), number) for r in found.rounds),
                Cell(line.average, WHOLE),
                Cell(line.score, HALVES),
                Cell(line.expected if line.counted else None, HUNDREDTHS),
                Cell(line.change, _signed(rating_list)),
                Cell(line.after, number),
                Cell(line.performance),
            ]
            yield n, list(enumerate(values, 1))

    rounds = len(found.rounds)
    widths = {1: 16, 2: 30, 3: 11, 4: 8, **{c: 9 for c in range(5, 5 + rounds)}}
    widths.update({c: 12 for c in range(5 + rounds, len(head) + 1)})
    return SheetSpec(
        title=t(R.REPORT_SHEET),
        rows=cells(),
        widths=widths,
        heights={HEAD_ROW: HEAD_HEIGHT},
        freeze=f"C{HEAD_ROW + 1}",
        landscape=True,
        fit_height=0,
    )


def workbook_sheets(tournament: Tournament) -> list[SheetSpec]:
    """The tournament workbook's rating report (``sheets.workbooks.hooks``): a rated
    tournament's, none for another."""
    found = report(tournament)
    return [report_sheet(found)] if found is not None else []


def export_report(tournament: Tournament, *, language: str | None = None) -> bytes | None:
    """The rating report of ``tournament`` as an .xlsx; ``None`` when it is not rated."""
    found = report(tournament)
    if found is None:
        return None
    return _render(lambda: [report_sheet(found)], language)
