"""The one core that writes a table's result (issue 30), whoever hands it in: the arbiter over
the board (``tournaments.acts.tables.record_table``) or the table's game on the site
(``tournaments.acts.table_games.sync_game``).

A table's result is its seats' SOS counts; the places (ties shared) and points are derived by
the pure core (``tournaments.pairing.placings``, ``placement_points``) and cached on the seats by
this module only. A seat *out* of the game (:func:`out_seats`: at a table of three or more, its
time ran out — the game's clock log says so, and the others played on; at a table of two, the
game's own ending says so: its flag fell, or it never moved) is placed after every seat still in,
the out seats sharing their places. Every change writes one record in the arbiter's log; the
same result again writes nothing.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from games import endings
from games.models import Game, GameStatus
from tournaments import pairing
from tournaments.acts import notes, revision
from tournaments.acts.skeleton import record
from tournaments.authority import AnyUser
from tournaments.formats import Scoring, TablesOptions
from tournaments.models import Act, TableSeat, TableSeating, Tournament

OUT = -1  # the ranking key of a seat out of the game: after every seat still in


def out_seats(game: Game | None) -> set[int]:
    """The seats out of ``game`` once it is over: those whose time ran out in a game of three or
    more (its clock log's ``out`` acts: the others played on), or those a two-seat game's ending
    put out (the flag fell: lost on time; never moved: forfeit; nobody moved: every seat)."""
    if game is None or game.winners is None or game.status == GameStatus.ANNULLED:
        return set()
    gone = {seat for seat, _ply in game.out_seats}
    if gone:
        return gone
    seats = range(game.rules.players)
    if game.end_reason == endings.DOUBLE_FORFEIT:
        return set(seats)
    if game.end_reason in (endings.TIME, endings.FORFEIT):
        return {s for s in seats if s not in game.winners}
    return set()


def score_table(
    counts: Sequence[int], opts: TablesOptions, out: Collection[int] = ()
) -> tuple[list[float], list[float]]:
    """A table's places (ties shared, the seats ``out`` last) and points, by the scoring."""
    keys = [OUT if s in out else c for s, c in enumerate(counts)]
    places = pairing.placings(keys)
    if opts.scoring == Scoring.COUNTS:
        return places, [float(c) for c in counts]
    return places, pairing.placement_points(keys, opts.points_table, size=opts.size)


def write_result(
    t: Tournament,
    row: TableSeating,
    counts: Sequence[int | None],
    *,
    out: Collection[int] = (),
    source: str,
    reason: str,
    user: AnyUser | None,
    note: str = "",
    game: Game | None = None,
) -> bool:
    """Give the locked table ``row`` of ``t`` its result (``counts`` by seat; all ``None``: no
    result, as after a game reopened); whether anything changed. One record a change."""
    seats = list(row.seats.select_related("entry").order_by("seat"))
    before = [s.sos_count for s in seats]
    was = [(s.sos_count, s.place, s.points) for s in seats]
    if all(c is None for c in counts):
        places: list[float | None] = [None] * len(seats)
        points: list[float | None] = [None] * len(seats)
    else:
        opts = TablesOptions.of(t.format_options)
        got = score_table([int(c or 0) for c in counts], opts, out)
        places, points = list(got[0]), list(got[1])
    now = list(zip(counts, places, points, strict=True))
    if now == was:
        return False
    for seat, (count, place, pts) in zip(seats, now, strict=True):
        seat.sos_count, seat.place, seat.points = count, place, pts
    TableSeat.objects.bulk_update(seats, ["sos_count", "place", "points"])
    corrected = any(c is not None for c in before)
    record(
        Act.CORRECT_RESULT if corrected else Act.RESULT,
        source=source,
        reason=reason,
        note=note or notes.Note(notes.TABLE_RESULT, table=row.number, round=row.round.number),
        user=user,
        tournament=t,
        entry=seats[0].entry,
        game=game,
        before={"table": row.number, "round": row.round.number, "counts": before},
        after={
            "table": row.number,
            "round": row.round.number,
            "counts": list(counts),
            "out": sorted(out),
            "places": places,
            "points": points,
        },
    )
    revision.bump(t)
    return True
