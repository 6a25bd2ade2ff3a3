"""The bridge from the results to the core: a list's rated games as ``ratings.core`` records.

A list rates the games *played* in its rated tournaments — a pairing of two players with a win,
a loss or a draw (``tournaments.core.vocabulary.PLAYED_RESULTS``). Forfeits (won, lost, double)
and byes of every kind are not rated, as FIDE rates only games actually played; an annulled game
leaves its pairing without a result, so it is not rated either. With ``casual_games`` a list also
rates the games of its kind played on the site outside tournaments, between two seated players,
won, lost or drawn (not forfeited).

Periods (docs/ratings.md, "Data"): a tournament list files every game of a tournament under the
tournament's key, ``YYYY-MM-DD#<id>`` (its end date, else its start date, else the day it was
created); a month list files a game under ``YYYY-MM`` of its date (the game played on the site:
when it finished; else its round: when it was paired). A casual game in a tournament list is a
period of its own day, ``YYYY-MM-DD``, which sorts before that day's tournaments.

Everything is read with one query per table (tournaments, pairings, casual games, their seats),
never a query per game.
"""

from __future__ import annotations

import calendar
import datetime as dt
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db.models import Count, DateTimeField, Q, QuerySet
from django.db.models.functions import Coalesce, TruncMonth
from django.utils import timezone

from games.models import ENDED_STATUSES, Seat
from games.models import Game as GameRow
from ratings.core.periods import Game
from ratings.models import PeriodKind, RatedTournament, RatingList
from tournaments.core import vocabulary as V
from tournaments.models import Pairing, Tournament

SCORE = {V.WIN: 1.0, V.DRAW: 0.5, V.LOSS: 0.0}


@dataclass
class History:
    """A list's rated games, with each period's end date and tournament (tournament lists)."""

    games: list[Game] = field(default_factory=list)
    ends: dict[str, dt.date] = field(default_factory=dict)
    tournaments: dict[str, int] = field(default_factory=dict)


def tournament_date(end: dt.date | None, start: dt.date | None, created: dt.datetime) -> dt.date:
    """The day a tournament is rated on: its end date, else its start date, else its creation."""
    return end or start or timezone.localdate(created)


def tournament_key(day: dt.date, tournament_id: int) -> str:
    return f"{day.isoformat()}#{tournament_id:09d}"


def month_key(day: dt.date) -> str:
    return f"{day.year:04d}-{day.month:02d}"


def month_end(key: str) -> dt.date:
    year, month = int(key[:4]), int(key[5:7])
    return dt.date(year, month, calendar.monthrange(year, month)[1])


def _day(*moments: dt.datetime | None) -> dt.date | None:
    for moment in moments:
        if moment is not None:
            return timezone.localdate(moment)
    return None


def _tournaments(rating_list: RatingList, only: Iterable[int] | None) -> dict[int, str]:
    """The list's rated tournaments (of its kind and preset): id → period key."""
    rows = Tournament.objects.filter(rated__list=rating_list, kind=rating_list.kind)
    if only is not None:
        rows = rows.filter(pk__in=list(only))
    out = {}
    for pk, end, start, created, options in rows.values_list(
        "pk", "end_date", "start_date", "created_at", "options"
    ):
        if rating_list.preset and (options or {}).get("preset") != rating_list.preset:
            continue
        out[pk] = tournament_key(tournament_date(end, start, created), pk)
    return out


def _played(tournaments: Iterable[int]) -> QuerySet[Pairing]:
    """The played pairings (rated games) of ``tournaments``."""
    return Pairing.objects.filter(
        round__tournament_id__in=list(tournaments),
        second__isnull=False,
        result__in=V.PLAYED_RESULTS,
    )


def _moment() -> Coalesce:
    """When a tournament game happened, for a month list: the game's end, else its round's
    pairing (None for neither: the tournament's date)."""
    return Coalesce("game__finished_at", "round__paired_at")


def _month_start(key: str) -> dt.datetime:
    """The first moment of month ``key`` (``YYYY-MM``) in the site's time zone."""
    return timezone.make_aware(dt.datetime(int(key[:4]), int(key[5:7]), 1))


def _pairings(
    rating_list: RatingList, keys: dict[int, str], history: History, since: str | None
) -> None:
    """The games of the pairings of tournaments ``keys`` (of periods ``since`` on, if given)."""
    if since is not None and rating_list.period != PeriodKind.MONTH:
        keys = {t: key for t, key in keys.items() if key >= since}
    rows = _played(keys)
    if since is not None and rating_list.period == PeriodKind.MONTH:
        rows = rows.annotate(moment=_moment()).filter(
            Q(moment__gte=_month_start(since[:7])) | Q(moment__isnull=True)
        )
    columns = ["round__tournament_id", "first__player_id", "second__player_id", "result"]
    if rating_list.period != PeriodKind.MONTH:  # no dates to read: the tournament's key
        for tournament, first, second, result in rows.values_list(*columns).iterator(5000):
            key = keys[tournament]
            if key not in history.ends:
                history.ends[key] = dt.date.fromisoformat(key[:10])
                history.tournaments[key] = tournament
            if first != second:
                history.games.append(Game(first, second, SCORE[result], key))
        return
    dated = rows.values_list(*columns, "game__finished_at", "round__paired_at")
    for tournament, first, second, result, finished, paired in dated.iterator(5000):
        day = _day(finished, paired) or dt.date.fromisoformat(keys[tournament][:10])
        key = month_key(day)
        history.ends.setdefault(key, month_end(key))
        if first != second:
            history.games.append(Game(first, second, SCORE[result], key))


def _casual(rating_list: RatingList, history: History, since: str | None) -> None:
    # A game on one device (pass-and-play, games.device) is never rated.
    games = GameRow.objects.filter(
        kind=rating_list.kind, status__in=ENDED_STATUSES, pairing__isnull=True, device__isnull=True
    )
    if since is not None:  # the day (a tournament list) or the month a period begins
        day = since[:10] if rating_list.period != PeriodKind.MONTH else f"{since[:7]}-01"
        games = games.filter(finished_at__gte=timezone.make_aware(dt.datetime.fromisoformat(day)))
    if rating_list.preset:
        games = games.filter(options__preset=rating_list.preset)
    outcome = {
        pk: (winners, reason, finished)
        for pk, winners, reason, finished in games.values_list(
            "pk", "winners", "end_reason", "finished_at"
        )
    }
    if not outcome:
        return
    seats: dict[int, dict[int, int]] = {}
    for game, number, player in Seat.objects.filter(game__in=games).values_list(
        "game_id", "number", "player_id"
    ):
        seats.setdefault(game, {})[number] = player
    by_month = rating_list.period == PeriodKind.MONTH
    for pk, (winners, reason, finished) in outcome.items():
        sides = seats.get(pk, {})
        result = V.of_outcome(winners, reason)
        if set(sides) != {0, 1} or result not in SCORE or finished is None:
            continue
        day = timezone.localdate(finished)
        key = month_key(day) if by_month else day.isoformat()
        history.ends.setdefault(key, month_end(key) if by_month else day)
        history.games.append(Game(sides[0], sides[1], SCORE[result], key))


def rated_games(rating_list: RatingList, since: str | None = None) -> History:
    """Every rated game of ``rating_list`` (with ``since``: of the periods from ``since`` on
    only, the others not read), in the order read (the core groups them by period)."""
    history = History()
    _pairings(rating_list, _tournaments(rating_list, None), history, since)
    if rating_list.casual_games:
        _casual(rating_list, history, since)
    if since is not None:
        history.games = [game for game in history.games if game.period >= since]
    return history


def period_counts(rating_list: RatingList) -> Counter[str]:
    """How many rated games each period of ``rating_list`` has, counted by the database (the
    games themselves are not read): what a rebuild compares with the stored rows to find the
    first period that changed without being announced (a tournament re-dated, a game moved to
    another month)."""
    keys = _tournaments(rating_list, None)
    counts: Counter[str] = Counter()
    if rating_list.period != PeriodKind.MONTH:
        per = _played(keys).values_list("round__tournament_id").annotate(n=Count("pk"))
        for tournament, n in per.order_by():
            counts[keys[tournament]] += n
    else:
        dated = _played(keys).annotate(month=TruncMonth(_moment(), output_field=DateTimeField()))
        for month, tournament, n in (
            dated.values_list("month", "round__tournament_id").annotate(n=Count("pk")).order_by()
        ):
            if month is None:
                counts[month_key(dt.date.fromisoformat(keys[tournament][:10]))] += n
            else:
                counts[
                    month_key(timezone.localdate(month) if timezone.is_aware(month) else month)
                ] += n
    if rating_list.casual_games:
        history = History()
        _casual(rating_list, history, None)
        counts.update(game.period for game in history.games)
    return counts


def first_key(rating_list: RatingList, tournament_id: int, pairing_id: int | None = None) -> str:
    """The first period of ``rating_list`` a change to a tournament (or to one of its pairings)
    touches: the tournament's key, or (month lists) the month of the pairing or of the
    tournament's earliest game; its date's month when it has no rated game."""
    keys = _tournaments(rating_list, [tournament_id])
    if tournament_id not in keys:
        tournament = Tournament.objects.get(pk=tournament_id)
        keys = {
            tournament_id: tournament_key(
                tournament_date(tournament.end_date, tournament.start_date, tournament.created_at),
                tournament_id,
            )
        }
    if rating_list.period != PeriodKind.MONTH:
        return keys[tournament_id]
    rows = Pairing.objects.filter(round__tournament_id=tournament_id)
    if pairing_id is not None:
        rows = rows.filter(pk=pairing_id)
    days = [
        _day(finished, paired)
        for finished, paired in rows.values_list("game__finished_at", "round__paired_at")
    ]
    known = [d for d in days if d is not None]
    return month_key(min(known) if known else dt.date.fromisoformat(keys[tournament_id][:10]))


def lists_of(tournament_id: int) -> list[RatingList]:
    """The lists ``tournament_id`` feeds (one at most)."""
    return [
        r.list
        for r in RatedTournament.objects.filter(tournament_id=tournament_id).select_related("list")
    ]
