"""A player's own table in an SOS event at tables (issue 30), as his phone shows it on the
tournament page and on *My games*: "Table 3, seat 2 (you move second)", the other players in
seat order, the table's game when it is played on the site, or the round's bye."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournaments.models import Pairing, Round, RoundStatus, TableSeat, TableSeating, Tournament

# "you move …": a seat's turn in words, seat 1 first (six seats at most).
TURNS = (
    _("you move first"),
    _("you move second"),
    _("you move third"),
    _("you move fourth"),
    _("you move fifth"),
    _("you move sixth"),
)
BYE = pgettext_lazy("a round without a table", "You have a bye this round.")


@dataclass
class MyTable:
    """The user's seat in a round (or his bye: ``table`` ``None``)."""

    tournament: Tournament
    round: Round
    table: TableSeating | None = None
    seat: TableSeat | None = None
    seats: list[TableSeat] = field(default_factory=list)  # everyone at the table, in order
    bye: Pairing | None = None

    @property
    def turn(self) -> str:
        return str(TURNS[self.seat.seat]) if self.seat is not None else ""

    @property
    def others(self) -> list[TableSeat]:
        return [s for s in self.seats if self.seat is None or s.pk != self.seat.pk]

    @property
    def bye_text(self) -> str:
        return str(BYE)

    @property
    def game(self) -> object | None:
        return self.table.game if self.table is not None and self.table.game_id else None


def my_tables(
    user: AbstractBaseUser | AnonymousUser, tournament: Tournament | None = None
) -> list[MyTable]:
    """``user``'s tables and byes in rounds at tables paired and not finished (of
    ``tournament`` only, if given): three queries."""
    if not user.is_authenticated:
        return []
    mine = TableSeat.objects.filter(
        entry__player__user=user, table__round__status=RoundStatus.PAIRED
    )
    byes = Pairing.objects.filter(
        first__player__user=user, second__isnull=True, round__status=RoundStatus.PAIRED
    ).exclude(round__tables=None)  # a bye of a round at tables (the others have no tables)
    if tournament is not None:
        mine = mine.filter(table__round__tournament=tournament)
        byes = byes.filter(round__tournament=tournament)
    mine = mine.select_related("table__round__tournament", "table__game")
    tables = {s.table_id: s for s in mine}
    everyone: dict[int, list[TableSeat]] = {}
    for seat in TableSeat.objects.filter(table_id__in=tables).select_related("entry__player"):
        everyone.setdefault(seat.table_id, []).append(seat)
    found = [
        MyTable(
            tournament=s.table.round.tournament,
            round=s.table.round,
            table=s.table,
            seat=s,
            seats=sorted(everyone.get(s.table_id, []), key=lambda x: x.seat),
        )
        for s in tables.values()
    ]
    found += [
        MyTable(tournament=p.round.tournament, round=p.round, bye=p)
        for p in byes.select_related("round__tournament").distinct()
    ]
    return sorted(found, key=lambda m: (m.tournament.name, m.tournament.pk, m.round.number))
