"""Reading the round sheets of an SOS event at tables (issue 30; the sheet is written by
``sheets.workbooks.seating``): the SOS counts typed at each table become a ``TableChange``,
recorded by the tables' act when the plan is applied.

Checks, each an error naming its cell: the round is seated on the site; each row's table and
seat are the site's and its name the player seated there; a count is a whole number from 0 to
the act's limit; a table has the counts of all its seats or of none (none: left as on the
site). Places and points are derived from the counts, so the sheet's are not read; the byes'
rows are the site's and are skipped; a table's game (its board sheet) is the site's.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _

from games.bidi import isolate
from sheets import layout as L
from sheets.boards.read import BoardRecord, to_int
from sheets.imports.context import Context
from sheets.imports.plan import TableChange
from sheets.workbooks.tables import Row, Table
from tournaments.acts.tables import MAX_COUNT
from tournaments.models import RoundStatus, TableSeat, TableSeating


def table_game(ctx: Context, rec: BoardRecord) -> bool:
    """Is ``rec`` the board sheet of a table's game (left as it is on the site)?"""
    number = rec.detail("game")
    if number is None or not ctx.t.format_entry.plays_tables:
        return False
    return any(row.game_id == number for row in ctx.site_tables().values())


def read_tables_round(ctx: Context, table: Table) -> None:
    """A round sheet at tables: every table's counts, checked (see the module's docstring)."""
    n = table.number
    rnd = ctx.rounds.get(n) if n is not None else None
    if rnd is None or rnd.status == RoundStatus.PENDING or not ctx.t.format_entry.plays_tables:
        message = _("Round %(number)s is not seated at tables on the site yet.") % {"number": n}
        ctx.error(table.sheet, "A1", message)
        return
    site = ctx.site_tables()
    found: dict[int, list[Row]] = {}
    rows: dict[int, TableSeating] = {}
    current: TableSeating | None = None
    for row in table.rows:
        value = row.values.get("table")
        if L.is_label(value, L.BYE):
            current = None
            continue  # a bye: the site's
        if value is not None:
            number = to_int(value)
            current = site.get((n, number)) if number is not None else None
            if current is None:
                ctx.error(
                    table.sheet,
                    row.cells["table"],
                    _("Round %(round)s has no table %(table)s.") % {"round": n, "table": value},
                )
                continue
        if current is None:
            continue  # a row below an unknown table: reported there
        rows[current.pk] = current
        found.setdefault(current.pk, []).append(row)
    for pk, written in found.items():
        _table(ctx, table.sheet, rows[pk], written)


def _count(ctx: Context, sheet: str, row: Row) -> tuple[bool, int | None]:
    """(readable, the count): a blank is ``None``."""
    value = row.values.get("count")
    if value is None:
        return True, None
    number = to_int(value)
    if number is None or not 0 <= number <= MAX_COUNT:
        message = _("An SOS count is a whole number from 0 to %(most)s.") % {"most": MAX_COUNT}
        ctx.error(sheet, row.cells["count"], message, "bad_count")
        return False, None
    return True, number


def _seat_of(
    ctx: Context, sheet: str, row: TableSeating, seats: Sequence[TableSeat], written: Row
) -> TableSeat | None:
    """The site's seat a row names, its player checked; ``None`` (reported) otherwise."""
    number = to_int(written.values.get("seat"))
    seat = next((s for s in seats if number is not None and s.seat + 1 == number), None)
    if seat is None:
        ctx.error(
            sheet,
            written.cells["seat"],
            _("Table %(table)s has no seat %(seat)s.")
            % {"table": row.number, "seat": written.values.get("seat")},
            "wrong_player",
        )
        return None
    name = written.values.get("name")
    if name is None or L.norm(name) != L.norm(seat.entry.player.name):
        ctx.error(
            sheet,
            written.cells["name"],
            _("On the site, seat %(seat)s of table %(table)s is %(name)s.")
            % {"seat": number, "table": row.number, "name": isolate(seat.entry.player.name)},
            "wrong_player",
        )
        return None
    return seat


def _table(ctx: Context, sheet: str, row: TableSeating, written: list[Row]) -> None:
    seats = list(row.seats.all())
    counts: dict[int, int | None] = {}
    ok = True
    for line in written:
        seat = _seat_of(ctx, sheet, row, seats, line)
        readable, count = _count(ctx, sheet, line)
        ok = ok and seat is not None and readable
        if seat is None:
            continue
        if seat.seat in counts:
            ctx.error(
                sheet,
                line.cells["seat"],
                _("Seat %(seat)s of table %(table)s is written twice.")
                % {"seat": seat.seat + 1, "table": row.number},
            )
            ok = False
        counts[seat.seat] = count
    first = written[0].cells["table"]
    for seat in seats:
        if seat.seat not in counts:
            ctx.error(
                sheet,
                first,
                _("Seat %(seat)s of table %(table)s (%(name)s) is missing.")
                % {
                    "seat": seat.seat + 1,
                    "table": row.number,
                    "name": isolate(seat.entry.player.name),
                },
                "wrong_player",
            )
            ok = False
    if not ok:
        return
    given = [counts[s.seat] for s in seats]
    if all(c is None for c in given):
        return  # no result written: the table stays as on the site
    if any(c is None for c in given):
        missing = next(line for line in written if line.values.get("count") is None)
        ctx.error(
            sheet,
            missing.cells["count"],
            _("Write the SOS count of every seat at table %(table)s, or of none.")
            % {"table": row.number},
            "bad_count",
        )
        return
    _claim(ctx, sheet, first, row, seats, [c for c in given if c is not None])


def _claim(
    ctx: Context,
    sheet: str,
    cell: str,
    row: TableSeating,
    seats: Sequence[TableSeat],
    new: list[int],
) -> None:
    if row.pk in ctx.table_claims:
        ctx.error(
            sheet,
            cell,
            _("Table %(table)s of round %(round)s is written twice.")
            % {"table": row.number, "round": row.round.number},
        )
        return
    ctx.table_claims[row.pk] = sheet
    old = tuple(s.sos_count for s in seats)
    if old == tuple(new):
        return
    ctx.plan.tables.append(
        TableChange(
            sheet=sheet,
            cell=cell,
            table_id=row.pk,
            round=row.round.number,
            table=row.number,
            names=tuple(s.entry.player.name for s in seats),
            old=old,
            new=tuple(new),
        )
    )
