"""What the ratings pages read (docs/ratings.md, "Pages"): a list's table, a player's lists and
history, a tournament's rating report — a constant number of queries each, whatever the number
of players.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from django.db.models import Max

from games.models import Player
from ratings import report
from ratings.models import Method, RatedTournament, Rating, RatingChange, RatingList

# The list's columns a visitor may sort by: ?sort=<key> (ascending) or ?sort=-<key>.
SORTS = ("rank", "name", "rating", "deviation", "k", "games", "last", "change")


@dataclass
class Row:
    """One player's line on a list."""

    rank: int | None
    player: Player
    rating: float | None
    deviation: float | None
    k: int | None
    games: int
    last: dt.date | None
    change: float | None


def _months_ago(today: dt.date, months: int) -> dt.date:
    year, month = divmod(today.year * 12 + today.month - 1 - months, 12)
    return dt.date(year, month + 1, min(today.day, 28))


def list_rows(
    rating_list: RatingList,
    *,
    today: dt.date,
    active_months: int | None = None,
    query: str = "",
    sort: str = "rank",
) -> list[Row]:
    """The list's players, ranked by rating (the unrated last, unranked), filtered by activity
    (played in the last ``active_months``) and by ``query`` (in the name or club), sorted."""
    last_played = dict(
        RatingChange.objects.filter(list=rating_list)
        .values("player_id")
        .annotate(last=Max("period_end"))
        .values_list("player_id", "last")
    )
    last_key = RatingChange.objects.filter(list=rating_list).aggregate(key=Max("period_key"))["key"]
    changes: dict[int, float | None] = {}
    if last_key is not None:
        for player, before, after in RatingChange.objects.filter(
            list=rating_list, period_key=last_key
        ).values_list("player_id", "rating_before", "rating_after"):
            changes[player] = after - before if before is not None and after is not None else None
    ratings = Rating.objects.filter(list=rating_list).select_related("player")
    if active_months:
        since = _months_ago(today, active_months)
        active = {p for p, last in last_played.items() if last is not None and last >= since}
        ratings = [r for r in ratings if r.player_id in active]
    ordered = sorted(ratings, key=lambda r: (r.rating is None, -(r.rating or 0), r.player.name))
    rows, rank = [], 0
    for r in ordered:
        if r.rating is not None:
            rank += 1
        rows.append(
            Row(
                rank if r.rating is not None else None,
                r.player,
                r.rating,
                r.deviation,
                r.k,
                r.games,
                last_played.get(r.player_id),
                changes.get(r.player_id),
            )
        )
    folded = query.casefold().strip()
    if folded:
        rows = [row for row in rows if folded in row.player.search_key]
    return sort_rows(rows, sort)


def _sort_key(key: str) -> Any:
    def value(row: Row) -> tuple[bool, Any]:
        v = row.player.name.casefold() if key == "name" else getattr(row, key)
        return (v is None, v if v is not None else 0)

    return value


def sort_rows(rows: list[Row], sort: str) -> list[Row]:
    """``rows`` by ``sort`` (one of :data:`SORTS`, ``-`` first for descending; anything else:
    by rank). Empty values last either way."""
    key = sort.removeprefix("-")
    if key not in SORTS:
        key, sort = "rank", "rank"
    descending = sort.startswith("-")
    present = [r for r in rows if _sort_key(key)(r)[0] is False]
    empty = [r for r in rows if _sort_key(key)(r)[0] is True]
    present.sort(key=lambda r: _sort_key(key)(r)[1], reverse=descending)
    return present + empty


@dataclass
class PlayerList:
    """A player's place on one list: its rating row and the history (one change per period)."""

    rating: Rating
    history: list[RatingChange]

    @property
    def glicko(self) -> bool:
        return self.rating.list.method == Method.GLICKO2


def player_lists(player: Player) -> list[PlayerList]:
    """Every list ``player`` is on, with their history on it (two queries)."""
    ratings = list(
        Rating.objects.filter(player=player).select_related("list").order_by("list__name")
    )
    if not ratings:
        return []
    history: dict[int, list[RatingChange]] = {}
    # By list and player: the unique index (list, player, period) finds the rows (there is no
    # index on the player alone, which would slow every rebuild's inserts).
    rows = RatingChange.objects.filter(list_id__in=[r.list_id for r in ratings], player=player)
    for change in rows.order_by("list_id", "period_key"):
        history.setdefault(change.list_id, []).append(change)
    return [PlayerList(r, history.get(r.list_id, [])) for r in ratings]


@dataclass
class ReportRow:
    """A player's line of a tournament's rating report (chess-results' columns)."""

    player: Player
    rating: float | None
    games: int
    opponents: float | None
    score: float
    expected: float | None
    change: float | None
    after: float | None
    performance: int | None
    k: int | None
    deviation: float | None


def report_rows(rated: RatedTournament) -> list[ReportRow]:
    """The rating report of a rated tournament, by rating, then by name: the figures of
    ``ratings.report.report`` (the one computation the standings' columns and the workbook's
    report sheet read too), over the games that count for the list's method, with the K or the
    deviation the rebuild used (a list rated by month: the tournament's own games, its change
    and K being the month's)."""
    found = report.report(rated.tournament)
    if found is None:
        return []
    lines = [line for line in found.lines if line.games and line.player_id is not None]
    players = Player.objects.in_bulk([line.player_id for line in lines])
    stored = RatingChange.objects.filter(list=rated.list, tournament=rated.tournament)
    used = {c.player_id: c for c in stored}
    rows = []
    for line in lines:
        c = used.get(line.player_id)
        rows.append(
            ReportRow(
                players[line.player_id],
                line.rating,
                line.counted,
                line.average,
                line.counted_score,
                line.expected if line.counted else None,
                line.change,
                line.after,
                line.performance,
                c.k if c is not None else None,
                c.deviation_before if c is not None else None,
            )
        )
    rows.sort(key=lambda r: (-(r.rating or 0), r.player.name))
    return rows


def rated_of(tournament_id: int) -> RatedTournament | None:
    return (
        RatedTournament.objects.filter(tournament_id=tournament_id).select_related("list").first()
    )
