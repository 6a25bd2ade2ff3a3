"""The tables' games on the site (issue 30): a game a table, and its end reaching the table.

- ``make_games``: when a round of an online event at tables is seated, each table gets a game
  of the tournament's kind and board options with the table's players in seat order (seat 0
  moves first) and the tournament's time control, its clocks waiting for the round's start, as
  a two-player round's boards get theirs (``tournaments.pairings.create_pairings``).
- ``sync_game``: a table's game whose outcome changed (the games app's signal, through
  ``tournaments.receivers``) gives the table its result through the same core as the arbiter's
  entry (``table_results.write_result``): the counts are the game's own SOS counts by seat,
  read from its moves; a seat out on time or by forfeit is placed last. The same outcome again
  writes nothing; a game reopened (moves taken back) or annulled takes the table's result away.
- ``close_unplayed``: a result the arbiter enters for a table whose game has no move closes the
  game (decided by the arbiter, the winners the seats with the most SOS), so that it cannot be
  played afterwards, as a two-player result handed in closes its game.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from games import endings, timekeeping
from games import services as game_services
from games.errors import GameError
from games.models import Game, GameStatus
from tournaments import scores
from tournaments.acts.table_results import out_seats, write_result
from tournaments.errors import TournamentError
from tournaments.models import (
    RecordReason,
    ResultRecord,
    ResultSource,
    Round,
    TableSeat,
    TableSeating,
    Tournament,
)


def make_games(t: Tournament, rows: Sequence[TableSeating]) -> None:
    """The games of the just seated tables ``rows`` of ``t`` (only when ``t`` is played online)."""
    if not t.online:
        return
    for row in rows:
        seats = TableSeat.objects.filter(table=row).select_related("entry__player")
        row.game = game_services.create_game(
            kind=t.kind,
            options=t.options,
            players=[s.entry.player for s in seats.order_by("seat")],
            created_by=None,
            time_control=t.time_control,
            clocks_wait=True,  # until the arbiter starts the round (tournaments.acts.clocks)
        )
        row.save(update_fields=["game"])


def round_games_q(rnd: Round) -> Q:
    """The games of ``rnd``: its boards' and its tables' (for a ``Game`` query)."""
    return Q(pairing__round=rnd) | Q(table__round=rnd)


def _source(game: Game) -> tuple[str, str]:
    if timekeeping.ended_by_clock(game):
        timed = game.end_reason in (endings.TIME, endings.LAST_IN)
        reason = RecordReason.TIME if timed else RecordReason.NO_SHOW
        return ResultSource.CLOCK, reason
    if game.status == GameStatus.ADJUDICATED:
        return ResultSource.ADJUDICATION, RecordReason.PLAYED
    return ResultSource.ONLINE, RecordReason.PLAYED


GAME_SOURCES = (ResultSource.ONLINE, ResultSource.CLOCK, ResultSource.ADJUDICATION)


def _synced(game: Game, counts: Sequence[int | None], out: set[int]) -> bool:
    """Whether the table's last record taken from ``game`` says this result already."""
    last = ResultRecord.objects.filter(game=game, source__in=GAME_SOURCES).order_by("-pk").first()
    if last is None:
        return False
    after = last.after or {}
    return after.get("counts") == list(counts) and after.get("out") == sorted(out)


@transaction.atomic
def sync_game(game: Game) -> bool:
    """The table of ``game`` takes the game's result; whether ``game`` is a table's game."""
    pk = TableSeating.objects.filter(game_id=game.pk).values_list("pk", flat=True).first()
    if pk is None:
        return False
    row = TableSeating.objects.select_for_update().select_related("round__tournament").get(pk=pk)
    current = Game.objects.get(pk=game.pk)
    if not scores.played_on_site(current) and not timekeeping.ended_by_clock(current):
        return True  # no move: the counts are those the arbiter entered (close_unplayed)
    seats = current.rules.players
    if current.winners is None or current.status == GameStatus.ANNULLED:
        counts: list[int | None] = [None] * seats
    else:
        counts = list(current.scores)
    out = out_seats(current)
    if _synced(current, counts, out):
        return True  # a signal sent again, or the arbiter corrected the game's result since
    source, reason = _source(current)
    mover = current.moves.order_by("-ply").select_related("submitted_by").first()
    user = None if source == ResultSource.CLOCK or mover is None else mover.submitted_by
    write_result(
        row.round.tournament,
        row,
        counts,
        out=out,
        source=source,
        reason=reason,
        user=user,
        game=current,
    )
    return True


def sync_round(rnd: Round) -> None:
    """Every ended game of ``rnd``'s tables whose table has no result yet (its signal is still
    on its way, or failed): take it now (before the round is finished)."""
    open_tables = TableSeat.objects.filter(table__round=rnd, sos_count__isnull=True)
    for game in Game.objects.filter(
        table__round=rnd, table__in=open_tables.values("table"), winners__isnull=False
    ).exclude(status=GameStatus.ANNULLED):
        sync_game(game)


def check_enterable(game: Game | None) -> None:
    """Refuse the arbiter's counts for a table whose game is being played on the site."""
    if game is not None and game.is_active and game.ply:
        raise TournamentError(
            _(
                "This game is played on the site: its result comes from the board "
                "(or from an arbiter's decision)."
            ),
            "game_on_site",
        )


def close_unplayed(game: Game | None, counts: Sequence[int]) -> None:
    """Close ``game``, which has no move, with the arbiter's counts: the seats with the most
    SOS win (all of them: nobody), decided by the arbiter."""
    if game is None or scores.played_on_site(game) or game.status == GameStatus.ANNULLED:
        return
    best = max(counts)
    winners = [s for s, c in enumerate(counts) if c == best]
    if len(winners) == len(counts):
        winners = []
    if game.winners is not None and sorted(game.winners) == winners:
        return
    try:
        game_services.set_outcome(
            game=game, winners=winners, reason=endings.ADJUDICATED, expected_ply=0
        )
    except GameError as err:
        raise TournamentError(err.message, err.code) from None
