"""The acts of an SOS event at tables (issue 30; the format ``tournaments.formats.tables``, the
pure core ``tournaments.pairing.seat_round``, docs/tables.md).

- ``seat_tables``: round ``n``'s tables, seated by the core from the earlier tables and byes
  and the points so far (called by ``tournaments.pairings.pair_round``, in its transaction);
  a bye is a ``Pairing`` without a second player, with its record, as in every format.
- ``record_table``: the arbiter's act of a table's result over the board — every seat's SOS
  count, all or none; places by ``placings`` (ties shared) and points by ``placement_points``
  (or the counts themselves), cached on the seats; one record in the arbiter's log; a
  correction computes them again (the core: ``table_results``, shared with the tables' games
  on the site, ``table_games``).
- ``round_problem``: why a round cannot be finished yet (a table without its result).
- ``standing_rows``: the standings (``tournaments.standings.tables``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import pairing
from tournaments.acts import pairing_results, revision, table_games, table_results
from tournaments.authority import AnyUser, require_arbiter
from tournaments.core import vocabulary as V
from tournaments.errors import TournamentError
from tournaments.formats import TablesOptions
from tournaments.models import (
    Entry,
    Pairing,
    RecordReason,
    ResultSource,
    Round,
    TableSeat,
    TableSeating,
    Tournament,
)
from tournaments.standings.tables import (
    TABLE_TIEBREAKS,
    TABLES_ORDER,
    TableBye,
    TableResult,
    table_standings,
)

MAX_COUNT = 999  # an SOS count at most


def options_of(t: Tournament) -> TablesOptions:
    return TablesOptions.of(t.format_options)


def _byes(t: Tournament, before: int | None = None) -> list[tuple[int, int, str]]:
    """Every bye (of the rounds before ``before``) as (round, entry, result): one query."""
    rows = Pairing.objects.filter(round__tournament=t, second__isnull=True)
    if before is not None:
        rows = rows.filter(round__number__lt=before)
    return list(rows.values_list("round__number", "first_id", "result"))


# A seat as read: (table, round, entry, SOS count, points), in seat order.
SeatRow = tuple[int, int, int, int | None, float | None]


def _seats(t: Tournament, before: int | None = None) -> list[SeatRow]:
    """Every seat (of the rounds before ``before``) as plain values: one query, no model
    instances (a round 9 of 1,000 players reads 8,000 seats)."""
    rows = TableSeat.objects.filter(table__round__tournament=t)
    if before is not None:
        rows = rows.filter(table__round__number__lt=before)
    return list(
        rows.order_by("table__round__number", "table_id", "seat").values_list(
            "table_id", "table__round__number", "entry_id", "sos_count", "points"
        )
    )


def _tables(seats: Sequence[SeatRow]) -> list[list[SeatRow]]:
    """The seats grouped by table, tables in the order read."""
    tables: dict[int, list[SeatRow]] = defaultdict(list)
    for seat in seats:
        tables[seat[0]].append(seat)
    return list(tables.values())


def results(t: Tournament, before: int | None = None) -> tuple[list[TableResult], list[TableBye]]:
    """Every table with its result and every bye (of the rounds before ``before``): two queries."""
    return _results(t, _tables(_seats(t, before)), _byes(t, before))


def _results(
    t: Tournament, tables: Sequence[Sequence[SeatRow]], byes: Sequence[tuple[int, int, str]]
) -> tuple[list[TableResult], list[TableBye]]:
    done = [
        TableResult(
            round=seats[0][1],
            seats=tuple(s[2] for s in seats),
            counts=tuple(s[3] or 0 for s in seats),
            points=tuple(s[4] or 0.0 for s in seats),
        )
        for seats in tables
        if all(s[4] is not None for s in seats)
    ]
    bye_points = options_of(t).bye_points
    return done, [
        TableBye(number, entry, bye_points if result == V.BYE else 0.0)
        for number, entry, result in byes
    ]


def _ranks(entries: Sequence[Entry]) -> dict[int, int]:
    """Starting ranks 1..n: the stored rank, a late entry (none) after by rating."""
    ordered = sorted(entries, key=lambda e: (e.rank or 10**6, -(e.rating or 0), e.pk))
    return {e.pk: n for n, e in enumerate(ordered, 1)}


def _impossible(err: pairing.TablesImpossible) -> TournamentError:
    text = _(pairing.TABLES_MESSAGES[err.code]) % err.params
    return TournamentError(text, err.code)


def seat_tables(t: Tournament, rnd: Round, *, user: AnyUser | None) -> list[TableSeating]:
    """Seat round ``rnd`` of ``t`` (locked by the caller) and make its byes."""
    opts = options_of(t)
    number = rnd.number
    entries = list(t.entries.all())
    active = [e for e in entries if e.is_active_in(number)]
    if len(active) < 2:
        raise TournamentError(_("At least two players are needed."), "too_few")
    ranks = _ranks(entries)
    earlier = _tables(_seats(t, before=number))
    done, old_byes = _results(t, earlier, _byes(t, before=number))
    points: dict[int, float] = defaultdict(float)
    for table in done:
        for e, p in zip(table.seats, table.points, strict=True):
            points[e] += p
    for bye in old_byes:
        points[bye.entry] += bye.points
    history = [[seat[2] for seat in table] for table in earlier]
    players = [pairing.TablePlayer(e.pk, ranks[e.pk], points[e.pk]) for e in active]
    try:
        seated = pairing.seat_round(
            players,
            round_no=number,
            size=opts.size,
            history=history,
            byes=[b.entry for b in old_byes],
            allow_small=opts.allow_small,
        )
    except pairing.TablesImpossible as err:
        raise _impossible(err) from None
    if not seated.tables:
        raise TournamentError(
            _("Too few players to seat a table: at least %(least)s are needed.")
            % {"least": 2 if opts.allow_small else 3},
            "too_few",
        )
    # each table's reasons, then how the whole seating was solved; two inserts in all
    made = TableSeating.objects.bulk_create(
        TableSeating(
            round=rnd,
            number=table.number,
            reasons=[r.to_dict() for r in (*table.reasons, *seated.reasons)],
        )
        for table in seated.tables
    )
    TableSeat.objects.bulk_create(
        TableSeat(table=row, entry_id=e, seat=s)
        for row, table in zip(made, seated.tables, strict=True)
        for s, e in enumerate(table.seats)
    )
    table_games.make_games(t, made)
    _make_byes(t, rnd, seated, user)
    revision.bump(t)
    return made


def _make_byes(
    t: Tournament, rnd: Round, seated: pairing.TablesRound, user: AnyUser | None
) -> None:
    reasons: dict[int, list[dict]] = defaultdict(list)
    for reason in seated.bye_reasons:
        reasons[reason.params["entry"]].append(reason.to_dict())
    rows = [
        Pairing(round=rnd, board=n, first_id=e, result=V.BYE, reasons=reasons[e])
        for n, e in enumerate(seated.byes, 1)
    ]
    created = Pairing.objects.bulk_create(rows)
    revision.bump(t)  # a bulk write sends no signal
    by_pk = {e.pk: e for e in t.entries.filter(pk__in=seated.byes)}
    for p in created:
        p.round = rnd
        p.first = by_pk[p.first_id]
    pairing_results.record_byes(pairings=created, user=user, reason=RecordReason.PAIRING_BYE)


def _checked_counts(counts: Sequence[int | None], seats: int) -> list[int]:
    given = [c for c in counts if c is not None]
    if len(counts) != seats or len(given) != seats:
        raise TournamentError(
            _("Enter the SOS count of every seat at the table, or of none."), "counts"
        )
    if any(not isinstance(c, int) or not 0 <= c <= MAX_COUNT for c in given):
        raise TournamentError(
            _("An SOS count is a whole number from 0 to %(most)s.") % {"most": MAX_COUNT},
            "counts",
        )
    return list(given)


@transaction.atomic
def record_table(
    *, table: TableSeating, counts: Sequence[int | None], user: AnyUser | None, note: str = ""
) -> TableSeating:
    """The arbiter's act: ``counts`` the SOS made by each seat, in seat order. Refused while
    the table's game is being played on the site; a game without a move is closed by it
    (``table_games.close_unplayed``); after a game's end it corrects the game's result (a seat
    the game put out stays last)."""
    # The game may be null (an outer join): PostgreSQL locks the table's row alone.
    row = (
        TableSeating.objects.select_for_update(of=("self",))
        .select_related("round__tournament", "game")
        .get(pk=table.pk)
    )
    t = row.round.tournament
    require_arbiter(user, t)
    checked = _checked_counts(counts, row.seats.count())
    table_games.check_enterable(row.game)
    corrected = row.seats.filter(sos_count__isnull=False).exists()
    table_results.write_result(
        t,
        row,
        checked,
        out=table_results.out_seats(row.game),
        source=ResultSource.PAPER,
        reason=RecordReason.CORRECTION if corrected else RecordReason.REPORTED,
        user=user,
        note=note,
        game=row.game,
    )
    table_games.close_unplayed(row.game, checked)
    return row


def round_problem(rnd: Round) -> str | None:
    """Why round ``rnd`` cannot be finished: tables still without their result."""
    missing = TableSeat.objects.filter(table__round=rnd, sos_count__isnull=True)
    count = missing.values("table").distinct().count()
    if not count:
        return None
    return ngettext(
        "%(count)s table still has no result.", "%(count)s tables still have no result.", count
    ) % {"count": count}


def tiebreak_order(t: Tournament) -> list[str]:
    """The tables' tie-breaks of ``t`` in its order: the stored order (checked against the
    tables' registry by the settings), or the usual one when none is stored (an event made
    before the order could be chosen)."""
    order = [key for key in t.tiebreaks if key in TABLE_TIEBREAKS]
    return order or list(TABLES_ORDER)


def standing_rows(
    t: Tournament, entries: Sequence[Entry], order: Sequence[str] | None = None
) -> list:
    """The standings rows of ``t`` (``tournaments.standings.tables``), by the tie-breaks of
    ``order`` (by default the tournament's)."""
    done, byes = results(t)
    order = tiebreak_order(t) if order is None else order
    return table_standings([e.pk for e in entries], done, byes, _ranks(entries), order)
