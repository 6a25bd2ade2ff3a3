"""An SOS event at tables on the round page: its tables (number, the seats in order with names,
SOS counts, places and points, why the table, its game on the site) and its byes. The arbiter's
form of a table's result is posted to ``tables_views.table_result``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tournaments import queries
from tournaments.models import Entry, Round, TableSeat, TableSeating, Tournament


@dataclass
class TableLine:
    """One table as the round page lists it."""

    table: TableSeating
    seats: list[TableSeat]
    reasons: list[str] = field(default_factory=list)

    @property
    def has_result(self) -> bool:
        return all(s.sos_count is not None for s in self.seats)

    @property
    def enterable(self) -> bool:
        """Whether the arbiter may enter the counts: no game on the site is being played
        (none, one without a move, or one over: a correction)."""
        game = self.table.game
        return game is None or not (game.is_active and game.ply)


@dataclass
class ByeLine:
    entry: Entry
    reasons: list[str]


def tables_context(t: Tournament, rnd: Round) -> dict[str, Any]:
    """What the round page shows of an event at tables (nothing for another format)."""
    if not t.format_entry.plays_tables:
        return {}
    names = {e.pk: e.player.name for e in t.entries.select_related("player")}
    seats: dict[int, list[TableSeat]] = {}
    for seat in TableSeat.objects.filter(table__round=rnd).select_related("entry__player"):
        seats.setdefault(seat.table_id, []).append(seat)
    lines = [
        TableLine(
            table=row,
            seats=sorted(seats.get(row.pk, []), key=lambda s: s.seat),
            reasons=[queries.describe(r, names, html=True) for r in row.reasons],
        )
        for row in rnd.tables.select_related("game").order_by("number")
    ]
    byes = [
        ByeLine(p.first, [queries.describe(r, names, html=True) for r in p.reasons])
        for p in rnd.pairings.filter(second__isnull=True).select_related("first__player")
    ]
    return {"plays_tables": True, "table_lines": lines, "table_byes": byes}
