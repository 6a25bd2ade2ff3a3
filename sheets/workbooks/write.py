"""The tournament workbook: a players sheet, a sheet per round (its boards linking to their board
sheets), the standings with every tie-break in the tournament's order, the crosstable of a round
robin, and a board sheet for every game played on the site. Also the blank score sheets of a
round and a single game's sheet. Every sheet is a ``SheetSpec`` built from a generator of rows;
the database is read up front in a fixed number of queries, whatever the number of games.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from django.utils.translation import ngettext

from games import clock_pages, kinds, timekeeping
from games.models import Game, GameStatus, Seat
from sheets import layout as L
from sheets.boards.ruletext import rules_words
from sheets.boards.write import LABEL, TITLE, BoardData, board_sheet
from sheets.layout import t
from sheets.workbooks.groups import group_crosstable_sheet
from sheets.workbooks.hooks import extra_sheets
from sheets.workbooks.knockout import knockout_sheets
from sheets.workbooks.results import result_text, state_text
from sheets.workbooks.seating import TablesData, table_board_sheets, tables_round_sheet
from sheets.xlsx.writer import Cell, SheetSpec, Style, sheet_ref
from tournaments import hooks, queries, scores
from tournaments.acts import group_reads
from tournaments.core import history as records
from tournaments.hooks import StandingsColumn
from tournaments.models import Entry, Pairing, ResultRecord, Round, Tournament

HEAD = Style(
    bold=True,
    fill="EEEEEE",
    border=("thin", "thin", "thin", "thin"),
    h="center",
    v="center",
    wrap=True,
)  # headers wrap: a long tie-break name is never cut off
HEAD_HEIGHT = 45  # three lines of a wrapped header
LINK = Style(color="0563C1")
NUMBER_STYLE = Style(h="center")
# A result cell is text ("@"), empty or not: ``1:0`` typed into it stays ``1:0``, where a cell
# formatted as a number would take it for a time (01:00:00).
RESULT_STYLE = Style(number_format="@")


def game_board_data(game: Game, names: list[str], **details: Any) -> BoardData:
    """What the board sheet of ``game`` shows (``details``: tournament, round, board)."""
    ended = game.winners is not None and game.status != GameStatus.ANNULLED
    position = game.final_position if game.ply == 0 else None
    control, times = _clock_columns(game)
    return BoardData(
        kind=game.kind,
        options=dict(game.options),
        seats=names,
        moves=game.moves_list,
        position=list(position) if position else None,
        winners=tuple(game.winners) if ended else None,
        scores=list(game.scores) if ended and game.scores else None,
        game=game.pk,
        time_control=control,
        times=times,
        **details,
    )


def _clock_columns(game: Game) -> tuple[str, list[str] | None]:
    """A clocked game's time control (short form, translated) and the time each move took, from
    its moves' arrival times (prefetched ``moves`` are used); ``("", None)`` without a clock."""
    control = game.clock
    if control.is_none:
        return "", None
    moves = sorted(game.moves.all(), key=lambda m: m.ply)
    clocks = timekeeping.clocks_of(
        game, moves=[(m.seat, m.created_at) for m in moves], to_move=None, now=None
    )
    return control.short_form(ngettext), clock_pages.spent_texts(clocks)


def board_title(round_no: int, board: int) -> str:
    return t(L.BOARD_SHEET, round=round_no, board=board)


@dataclass
class TournamentData:
    tournament: Tournament
    entries: list[Entry]
    rounds: list[Round]
    pairings: list[Pairing]
    seats: dict[int, list[str]]
    extra: list[SheetSpec] | None = None  # the apps' sheets, once made (``extras``)
    cup: list[SheetSpec] | None = None  # a knockout's bracket and match sheets (``cup_sheets``)
    tables: TablesData | None = None  # an event at tables (``sheets.workbooks.seating``)

    @classmethod
    def load(cls, tournament: Tournament) -> TournamentData:
        entries = sorted(
            tournament.entries.select_related("player"), key=lambda e: (e.rank or 10**9, e.pk)
        )
        pairings = list(
            scores.with_scores(
                Pairing.objects.filter(round__tournament=tournament).select_related(
                    "round", "first__player", "second__player", "game"
                )
            )
            .prefetch_related("game__moves")
            .order_by("round__number", "board")
        )
        seats: dict[int, list[str]] = {}
        game_ids = [p.game_id for p in pairings if p.game_id]
        rows = Seat.objects.filter(game_id__in=game_ids).order_by("game_id", "number")
        for game_id, name in rows.values_list("game_id", "player__name"):
            seats.setdefault(game_id, []).append(name)
        rounds = list(tournament.round_set.order_by("number"))
        tables = TablesData.load(tournament) if tournament.format_entry.plays_tables else None
        return cls(tournament, entries, rounds, pairings, seats, tables=tables)

    def extras(self) -> list[SheetSpec]:
        """The apps' sheets (``sheets.workbooks.hooks``), made on first use: in the language
        active then, the workbook's."""
        if self.extra is None:
            self.extra = extra_sheets(self.tournament)
        return self.extra

    def cup_sheets(self) -> list[SheetSpec]:
        """A knockout's bracket and match sheets (``sheets.workbooks.knockout``), made once."""
        if self.cup is None:
            self.cup = knockout_sheets(self.tournament)
        return self.cup

    def games(self) -> list[Pairing]:
        return [p for p in self.pairings if p.game_id and p.game.status != GameStatus.ANNULLED]


def _cell(value: Any) -> Cell:
    return value if isinstance(value, Cell) else Cell(value)


def _table(title: str, head: list[str], rows: Iterator[list[Any]], start: int = 3) -> Iterator:
    yield 1, [(1, Cell(title, TITLE))]
    yield start, [(c, Cell(text, HEAD)) for c, text in enumerate(head, 1)]
    for n, values in enumerate(rows, start + 1):
        yield n, [(c, _cell(v)) for c, v in enumerate(values, 1)]


def players_sheet(data: TournamentData) -> SheetSpec:
    tour = data.tournament
    control = timekeeping.short_form(tour.time_control)

    def rows() -> Iterator:
        yield 1, [(1, Cell(t(L.TOURNAMENT), LABEL)), (2, Cell(tour.name))]
        yield 2, [(1, Cell(t(L.RULES), LABEL)), (2, Cell(rules_words(tour.kind, tour.options)))]
        row = [(1, Cell(t(L.FORMAT), LABEL)), (2, Cell(str(tour.get_format_display())))]
        if control:  # beside the format, only with a clock
            row += [(3, Cell(t(L.TIME_CONTROL), LABEL)), (4, Cell(control))]
        yield 3, row
        if tour.format_entry.accelerates:
            accel = str(tour.get_acceleration_display())
            row = [(1, Cell(t(L.ACCELERATION), LABEL)), (2, Cell(accel))]
        else:
            row = []
        capped = L.DUMMY_CAPPED if tour.dummy_cap else L.DUMMY_UNCAPPED
        yield 4, [*row, (4, Cell(t(L.DUMMY_CAP), LABEL)), (5, Cell(t(capped)))]
        head = [t(L.NUMBER), t(L.NAME), t(L.RATING), t(L.CLUB)]
        yield 5, [(c, Cell(text, HEAD)) for c, text in enumerate(head, 1)]
        for n, e in enumerate(data.entries, 6):
            values = (e.rank, e.player.name, e.rating, e.player.club or None)
            yield n, [(c, Cell(v)) for c, v in enumerate(values, 1) if v is not None]

    return SheetSpec(
        title=t(L.PLAYERS_SHEET),
        rows=rows(),
        widths={1: 10, 2: 32, 3: 18 if control else 10, 4: 28},
        freeze="A6",
    )


def round_sheet(data: TournamentData, rnd: Round, linked: set[int]) -> SheetSpec:
    sos = kinds.of(data.tournament).points  # the SOS points columns
    head = [t(L.BOARD_COLUMN), t(L.FIRST), t(L.RESULT), t(L.SECOND)]
    if sos:
        head += [t(L.FIRST_POINTS), t(L.SECOND_POINTS)]
    head.append(t(L.GAME_COLUMN))

    def rows() -> Iterator[list[Any]]:
        for p in (p for p in data.pairings if p.round_id == rnd.pk):
            second = p.second.player.name if p.second_id else None
            result = Cell(result_text(p.result), RESULT_STYLE)
            values: list[Any] = [p.board, p.first.player.name, result, second]
            if sos:
                played = p.result in records.PLAYED_RESULTS and p.second_id
                values += list(p.game_scores) if played else [None, None]
            if p.game_id in linked:
                title = board_title(rnd.number, p.board)
                values.append(Cell(title, LINK, link=sheet_ref(title)))
            else:
                values.append(None)
            yield values

    widths = {1: 8, 2: 30, 3: 12, 4: 30}
    widths.update({5: 12, 6: 12, 7: 12} if sos else {5: 12})
    return SheetSpec(
        title=t(L.ROUND_SHEET, number=rnd.number),
        rows=_table(t(L.ROUND_SHEET, number=rnd.number), head, rows()),
        widths=widths,
        freeze="A4",
    )


def _column_style(column: StandingsColumn) -> Style:
    digits = "0" + ("." + "0" * column.decimals if column.decimals else "")
    return Style(number_format=f"+{digits};-{digits};0" if column.signed else digits)


def standings_sheet(data: TournamentData) -> SheetSpec:
    """The standings: one table, or a group stage's tables one under the other, each with its
    title ("Group A") and its own places."""
    groups = queries.group_standings(data.tournament)
    tables = groups or [("", queries.standings(data.tournament))]
    extra = hooks.standings_columns(data.tournament)  # the ratings of a rated tournament
    styles = [_column_style(column) for column in extra]
    labels = tables[0][1].labels
    head = [
        t(L.PLACE),
        t(L.NUMBER),
        t(L.NAME),
        t(L.POINTS),
        *(label for _k, label, _a in labels),
        *(f"{column.header} — {column.title}" for column in extra),
    ]

    def rows() -> Iterator:
        yield 1, [(1, Cell(t(L.STANDINGS_SHEET), TITLE))]
        n = 3
        for label, table in tables:
            if label:
                yield n, [(1, Cell(t(L.GROUP_TITLE, group=label), LABEL))]
                n += 1
            yield n, [(c, Cell(text, HEAD)) for c, text in enumerate(head, 1)]
            for row, entry in table.lines():
                n += 1
                values = [Cell(c.value(entry.pk), s) for c, s in zip(extra, styles, strict=True)]
                cells = [row.place_label, entry.rank, entry.player.name, row.points]
                cells += [*row.tiebreaks, *values]
                yield n, [(c, _cell(v)) for c, v in enumerate(cells, 1)]
            n += 2

    widths = {1: 8, 2: 6, 3: 30, 4: 8, **{c: 14 for c in range(5, 5 + len(labels))}}
    first_extra = 5 + len(labels)
    widths.update({c: 22 for c in range(first_extra, first_extra + len(extra))})
    return SheetSpec(
        title=t(L.STANDINGS_SHEET),
        rows=rows(),
        widths=widths,
        heights={} if groups else {3: HEAD_HEIGHT},
        freeze=None if groups else "D4",
    )


def crosstable_sheet(data: TournamentData) -> SheetSpec:
    if groups := group_reads.group_crosstables(data.tournament):
        return group_crosstable_sheet(groups)  # one a group
    entries, lines = queries.crosstable_rows(data.tournament)
    head = [t(L.NUMBER), t(L.NAME), *(str(n) for n in range(1, len(entries) + 1)), t(L.POINTS)]

    def rows() -> Iterator[list[Any]]:
        for entry, line in zip(entries, lines, strict=True):
            cells = [Cell(" ".join(c) or None, NUMBER_STYLE) for c in line.cells]
            cells[line.number - 1] = Cell(None, Style(fill="808080"))
            yield [line.number, entry.player.name, *cells, line.points]

    widths = {1: 5, 2: 28, **{c: 5 for c in range(3, 3 + len(entries))}, 3 + len(entries): 8}
    return SheetSpec(
        title=t(L.CROSSTABLE_SHEET),
        rows=_table(t(L.CROSSTABLE_SHEET), head, rows()),
        widths=widths,
        freeze="C4",
        landscape=len(entries) > 12,
    )


def log_sheet(data: TournamentData) -> SheetSpec:
    """The arbiter's log: every record of a result or decision of the tournament, whatever its
    source, oldest first."""
    records = (
        ResultRecord.objects.filter(tournament=data.tournament)
        .select_related("decided_by", "entry__player", "pairing__round")
        .order_by("decided_at", "pk")
    )
    head = [
        t(L.WHEN),
        t(L.ACT),
        t(L.REASON),
        t(L.ABOUT),
        t(L.BEFORE),
        t(L.AFTER),
        t(L.NOTE),
        t(L.ARBITER),
        t(L.SOURCE),
    ]

    def rows() -> Iterator[list[Any]]:
        for a in records:
            about = []
            if a.pairing_id:
                about.append(board_title(a.pairing.round.number, a.pairing.board))
            if a.game_id:
                about.append(t(L.GAME_SHEET, number=a.game_id))
            if a.entry_id:
                about.append(a.entry.player.name)
            yield [
                a.decided_at.strftime("%Y-%m-%d %H:%M"),
                str(a.get_act_display()),
                str(a.get_reason_display()),
                ", ".join(about),
                state_text(a.before),
                state_text(a.after),
                a.note_text or None,
                a.decided_by.get_username() if a.decided_by else None,
                str(a.get_source_display()),
            ]

    return SheetSpec(
        title=t(L.LOG_SHEET),
        rows=_table(t(L.LOG_SHEET), head, rows()),
        widths={1: 17, 2: 22, 3: 22, 4: 22, 5: 22, 6: 22, 7: 40, 8: 14, 9: 18},
        freeze="A4",
        landscape=True,
    )


def tournament_sheets(data: TournamentData) -> Iterator[SheetSpec]:
    """Every sheet of the tournament workbook, in order (a generator)."""
    tour = data.tournament
    games = data.games()
    linked = {p.game_id for p in games if p.game_id}
    yield players_sheet(data)
    for rnd in data.rounds:
        if data.tables is not None:
            yield tables_round_sheet(data.tables, rnd, data.pairings)
        else:
            yield round_sheet(data, rnd, linked)
    yield standings_sheet(data)
    yield from data.cup_sheets()
    if tour.format_entry.has_crosstable:
        yield crosstable_sheet(data)
    yield log_sheet(data)
    yield from data.extras()
    for p in games:
        names = data.seats.get(p.game_id) or [p.first.player.name, p.second.player.name]
        board = game_board_data(
            p.game, names, tournament=tour.name, round=p.round.number, board=p.board
        )
        yield board_sheet(board, board_title(p.round.number, p.board))
    if data.tables is not None:
        yield from table_board_sheets(tour, data.tables, game_board_data)


def sheet_count(data: TournamentData) -> int:
    crosstable = data.tournament.format_entry.has_crosstable
    extra = len(data.extras()) + len(data.cup_sheets())
    tables = len(data.tables.games()) if data.tables is not None else 0
    return 3 + len(data.rounds) + int(crosstable) + extra + len(data.games()) + tables


def blank_sheets(rnd: Round) -> Iterator[SheetSpec]:
    """A printable score sheet for each board of ``rnd``: names filled in, board empty."""
    tour = rnd.tournament
    pairings = rnd.pairings.select_related("first__player", "second__player").order_by("board")
    for p in pairings:
        if p.second_id is None:
            continue
        board = BoardData(
            kind=tour.kind,
            options=dict(tour.options),
            seats=[p.first.player.name, p.second.player.name],
            tournament=tour.name,
            round=rnd.number,
            board=p.board,
            game=p.game_id,
            blank=True,
        )
        yield board_sheet(board, board_title(rnd.number, p.board))


def game_sheets(game: Game) -> Iterator[SheetSpec]:
    """The board sheet of one game (with its tournament, round and board if it has them)."""
    names = list(game.seats.order_by("number").values_list("player__name", flat=True))
    details: dict[str, Any] = {}
    pairing = Pairing.objects.filter(game=game).select_related("round__tournament").first()
    if pairing is not None:
        details = {
            "tournament": pairing.round.tournament.name,
            "round": pairing.round.number,
            "board": pairing.board,
        }
    yield board_sheet(game_board_data(game, names, **details), t(L.GAME_SHEET, number=game.pk))
