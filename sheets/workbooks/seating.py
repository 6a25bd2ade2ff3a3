"""An SOS event at tables in the tournament workbook (issue 30; docs/tables.md).

A round sheet of such an event (``Round 2`` in A1, like every round sheet) lists its tables in
the clubs' lettered grid: one row a seat, in seat order — the table's number, the seat (1 moves
first), the player, the SOS he made, his place at the table and the points it gave — each table
boxed, its first row linking to the board sheet of the table's game when it is played on the
site; the byes below the tables. SOS counts typed there come back through the import
(``sheets.imports.seating``). The standings sheet is the common one: it shows the tables'
tie-breaks by itself. A table's game has its board sheet (``R2 T3``), up to six seats.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from games.models import GameStatus, Seat
from sheets import layout as L
from sheets.boards.write import TITLE, BoardData, board_sheet
from sheets.xlsx.writer import Cell, SheetSpec, Style, sheet_ref
from tournaments.acts import tables as acts
from tournaments.core import vocabulary as V
from tournaments.models import Pairing, Round, TableSeat, TableSeating, Tournament

THIN, THICK = "thin", "medium"
HEAD = Style(bold=True, fill="EEEEEE", border=(THIN, THIN, THIN, THIN), h="center", wrap=True)
CELL = Style(border=(THIN, THIN, THIN, THIN))
NUMBER = Style(border=(THIN, THIN, THIN, THIN), h="center")
FIRST = Style(border=(THIN, THIN, THICK, THIN))  # a table's first row: a heavier line above
FIRST_NUMBER = Style(bold=True, border=(THIN, THIN, THICK, THIN), h="center")
LINK = Style(color="0563C1", border=(THIN, THIN, THICK, THIN))
BYE = Style(italic=True, border=(THIN, THIN, THIN, THIN))
HEAD_ROW = 3
COLUMNS = (
    L.TABLE_COLUMN,
    L.SEAT_ORDER,
    L.NAME,
    L.SOS_MADE,
    L.PLACE,
    L.POINTS,
    L.GAME_COLUMN,
)


def number(value: float | None) -> int | float | None:
    """A place or points as a club writes them: ``3``, ``2.5``."""
    if value is None:
        return None
    return int(value) if float(value).is_integer() else value


def table_title(round_no: int, table: int) -> str:
    return L.t(L.TABLE_SHEET, round=round_no, table=table)


@dataclass
class TablesData:
    """The tables of an event, read up front (three queries): by round, each with its seats
    (``seat.entry.player`` loaded), and the names at each played game's seats."""

    tables: dict[int, list[TableSeating]] = field(default_factory=dict)
    seats: dict[int, list[TableSeat]] = field(default_factory=dict)
    names: dict[int, list[str]] = field(default_factory=dict)
    bye_points: float = 0.0

    @classmethod
    def load(cls, tournament: Tournament) -> TablesData:
        data = cls(bye_points=acts.options_of(tournament).bye_points)
        rows = TableSeating.objects.filter(round__tournament=tournament).select_related(
            "round", "game"
        )
        for row in rows.order_by("round__number", "number"):
            data.tables.setdefault(row.round_id, []).append(row)
        seats = TableSeat.objects.filter(table__round__tournament=tournament)
        for seat in seats.select_related("entry__player").order_by("table_id", "seat"):
            data.seats.setdefault(seat.table_id, []).append(seat)
        ids = [g.game_id for g in data.games()]
        named = Seat.objects.filter(game_id__in=ids).order_by("game_id", "number")
        for game_id, name in named.values_list("game_id", "player__name"):
            data.names.setdefault(game_id, []).append(name)
        return data

    def games(self) -> list[TableSeating]:
        """The tables with a game on the site (not annulled), round by round."""
        return [
            row
            for rows in self.tables.values()
            for row in rows
            if row.game_id and row.game.status != GameStatus.ANNULLED
        ]


def _seat_rows(data: TablesData, row: TableSeating, linked: set[int]) -> Iterator[list[Cell]]:
    for k, seat in enumerate(data.seats.get(row.pk, [])):
        first = k == 0
        game = None
        if first and row.game_id in linked:
            title = table_title(row.round.number, row.number)
            game = Cell(title, LINK, link=sheet_ref(title))
        yield [
            Cell(row.number, FIRST_NUMBER if first else NUMBER),
            Cell(seat.seat + 1, FIRST_NUMBER if first else NUMBER),
            Cell(seat.entry.player.name, FIRST if first else CELL),
            Cell(seat.sos_count, FIRST if first else NUMBER),
            Cell(number(seat.place), FIRST if first else NUMBER),
            Cell(number(seat.points), FIRST if first else NUMBER),
            game or Cell(None, FIRST if first else CELL),
        ]


def _bye_row(data: TablesData, p: Pairing) -> list[Cell]:
    points = data.bye_points if p.result == V.BYE else 0.0
    return [
        Cell(L.t(L.BYE), BYE),
        Cell(None, BYE),
        Cell(p.first.player.name, BYE),
        Cell(None, BYE),
        Cell(None, BYE),
        Cell(number(points), BYE),
        Cell(None, BYE),
    ]


def tables_round_sheet(data: TablesData, rnd: Round, pairings: list[Pairing]) -> SheetSpec:
    """The round sheet of ``rnd`` at tables (see the module's docstring); ``pairings`` the
    event's (a round's are its byes)."""
    title = L.t(L.ROUND_SHEET, number=rnd.number)
    byes = [p for p in pairings if p.round_id == rnd.pk and p.second_id is None]
    linked = {row.game_id for row in data.games()}

    def rows() -> Iterator[tuple[int, list[tuple[int, Cell]]]]:
        yield 1, [(1, Cell(title, TITLE))]
        yield HEAD_ROW, [(c, Cell(L.t(text), HEAD)) for c, text in enumerate(COLUMNS, 1)]
        n = HEAD_ROW
        for row in data.tables.get(rnd.pk, []):
            for cells in _seat_rows(data, row, linked):
                n += 1
                yield n, list(enumerate(cells, 1))
        for p in byes:
            n += 1
            yield n, list(enumerate(_bye_row(data, p), 1))

    return SheetSpec(
        title=title,
        rows=rows(),
        widths={1: 8, 2: 12, 3: 30, 4: 12, 5: 9, 6: 9, 7: 12},
        freeze="A4",
    )


def table_board_sheets(
    tournament: Tournament, data: TablesData, board_data: Callable[..., BoardData]
) -> Iterator[SheetSpec]:
    """The board sheet of every table's game played on the site (up to six seats);
    ``board_data`` is the workbook's ``game_board_data``."""
    for row in data.games():
        names = data.names.get(row.game_id) or [
            s.entry.player.name for s in data.seats.get(row.pk, [])
        ]
        details: dict[str, Any] = {
            "tournament": tournament.name,
            "round": row.round.number,
            "board": row.number,
        }
        board = board_data(row.game, names, **details)
        yield board_sheet(board, table_title(row.round.number, row.number))
