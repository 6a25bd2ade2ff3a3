"""The one owner of the derived ratings: :func:`rebuild`, and the acts that call it.

``rebuild(list, from_period)`` takes every player's state at the start of ``from_period`` from
the stored rows of the periods before it (``RatingChange.state``, the starting ratings, and for
Glicko-2 the deviation's growth over the periods a player sat out — what the core's run does),
reads the list's rated games of the periods from there on only (``ratings.sources``), replays
them with ``ratings.core`` and rewrites, in one transaction, the ``RatingChange`` rows of those
periods and the ``Rating`` rows that change, with one ``RatingRecord``. The first period it
replays is the earliest of ``from_period`` and of the first period whose number of games differs
between the stored rows and the results (a tournament moved to another date, rated or unrated, a
game moved to another month), both counted by the database: the rows before it are the run's
own, so the update gives what a run from scratch gives. Results call it through the queue
(``ratings.queue``), off the request.
"""

from __future__ import annotations

import bisect
import functools
import json
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections, models, transaction
from django.db.models import OuterRef, Subquery, Sum
from django.utils import timezone

from ratings import sources
from ratings import states as S
from ratings.core.elo import EloState
from ratings.core.glicko2 import Glicko2
from ratings.core.periods import Period, PlayerKey, periods_of, run
from ratings.models import (
    Cause,
    Rating,
    RatingChange,
    RatingList,
    RatingRecord,
    StartingRating,
    year_of,
)
from tournaments.authority import AnyUser

BATCH = 2000

CHANGE_FIELDS = (
    "period_end",
    "tournament_id",
    "rating_before",
    "rating_after",
    "deviation_before",
    "deviation_after",
    "k",
    "games",
    "score",
    "expected",
    "opponents_average",
    "state",
)
RATING_FIELDS = ("rating", "deviation", "volatility", "k", "games", "state")
CHANGE_COLUMNS = ("player_id", "period_key", *CHANGE_FIELDS)
RATING_COLUMNS = ("player_id", *RATING_FIELDS, "updated")


@dataclass
class Run:
    """A recalculation before it is written: from which period, the periods replayed, the new
    change rows and rating rows."""

    start: str | None
    periods: int
    changes: list[tuple[Any, ...]]  # in CHANGE_COLUMNS order
    ratings: list[tuple[Any, ...]]  # in RATING_COLUMNS order


def starting_states(rating_list: RatingList) -> dict[PlayerKey, S.State]:
    return {
        s.player_id: S.starting_state(rating_list, s)
        for s in StartingRating.objects.filter(list=rating_list)
    }


def _stored_before(rating_list: RatingList, start: str) -> dict[PlayerKey, tuple[str, Any]]:
    """Each player's last stored period before ``start``: player → (key, state JSON)."""
    last = (
        RatingChange.objects.filter(
            list=rating_list, player=OuterRef("player"), period_key__lt=start
        )
        .order_by("-period_key")
        .values("period_key")[:1]
    )
    rows = RatingChange.objects.filter(
        list=rating_list, period_key__lt=start, period_key=Subquery(last)
    ).values_list("player_id", "period_key", "state")
    return {player: (key, state) for player, key, state in rows}


def states_before(
    rating_list: RatingList, start: str, earlier: Sequence[str]
) -> dict[PlayerKey, S.State]:
    """Every known player's state at the start of period ``start``, from the stored rows;
    ``earlier``: the keys of the periods before it, in order."""
    method = rating_list.core_method()
    out = starting_states(rating_list)
    seen = {player: -1 for player in out}  # index in ``earlier`` of the state's period
    for player, (key, state) in _stored_before(rating_list, start).items():
        out[player] = S.decode(rating_list.method, state)
        seen[player] = bisect.bisect_left(earlier, key)
    if isinstance(method, Glicko2):  # the deviation grows over every period sat out
        for player, index in seen.items():
            state = {player: out[player]}
            for _ in range(len(earlier) - 1 - index):
                state = method.apply_period(state, [])
            out[player] = state[player]
    return out


def _start(rating_list: RatingList, from_period: str | None) -> tuple[str | None, list[str]]:
    """The first period to replay (None: every period), see the module's docstring, and the
    keys of the periods before it. Each period's number of games is counted by the database, in
    the stored rows (two a game: one a side) and in the results: the first period where they
    differ moved without being announced (a tournament re-dated, rated or unrated, a game moved
    to another month) and is replayed too."""
    if from_period is None:
        return None, []
    stored = dict(
        RatingChange.objects.filter(list=rating_list)
        .values_list("period_key")
        .annotate(n=Sum("games"))
        .order_by()
    )
    if not stored:
        return None, []
    fresh = sources.period_counts(rating_list)
    differ = [k for k in stored.keys() | fresh.keys() if stored.get(k, 0) != 2 * fresh.get(k, 0)]
    start = min(from_period, *differ) if differ else from_period
    keys = sorted(fresh)
    if not keys or start <= keys[0]:
        return None, []
    return start, keys[: bisect.bisect_left(keys, start)]


def _change_rows(
    rating_list: RatingList,
    history: sources.History,
    todo: Sequence[Period],
    initial: dict[PlayerKey, S.State],
) -> tuple[list[tuple[Any, ...]], dict[PlayerKey, S.State]]:
    """The change rows of the periods ``todo`` (tuples in ``CHANGE_COLUMNS`` order) and the
    states after the last of them."""
    method = rating_list.core_method()
    glicko = isinstance(method, Glicko2)
    new = method.new if glicko else EloState()
    encode, period_k = S.encode_text, S.period_k_of
    rows: list[tuple[Any, ...]] = []
    append = rows.append
    before: dict[PlayerKey, S.State] = initial
    for period, snapshot in zip(todo, run(method, todo, initial), strict=True):
        after, key = snapshot.states, period.key
        year = year_of(key)
        end, tournament = history.ends[key], history.tournaments.get(key)
        known = before.get
        for player, line in S.lines(before, new, period.games).items():
            old, now, counted = known(player), after[player], line.counted
            if glicko:  # the state's own fields: no K
                figures = (
                    old.rating if old is not None else None,
                    now.rating,
                    old.rd if old is not None else None,  # type: ignore[union-attr]
                    now.rd,  # type: ignore[union-attr]
                    None,
                )
            else:  # Elo: no deviation; K from the state the period began with (None: unrated)
                figures = (
                    old.rating if old is not None else None,
                    now.rating,
                    None,
                    None,
                    period_k(old, line, year) if old is not None else None,
                )
            append(
                (
                    player,
                    key,
                    end,
                    tournament,
                    *figures,
                    line.games,
                    line.score,
                    line.expected if counted else None,
                    line.opponents / counted if counted else None,
                    encode(now),
                )
            )
        before = after
    return rows, dict(before)


def _rating_rows(
    final: dict[PlayerKey, S.State], games: Counter[PlayerKey]
) -> list[tuple[Any, ...]]:
    """The rating rows (tuples in ``RATING_COLUMNS`` order) of the final states."""
    now = timezone.now()
    year = timezone.localdate().year
    return [
        (
            player,
            S.rating_of(state),
            S.deviation_of(state),
            getattr(state, "volatility", None),
            S.k_of(state, year),
            games[player],
            S.encode_text(state),
            now,
        )
        for player, state in final.items()
    ]


def _preparer(field: models.Field, db: Any) -> Callable[[Any], Any] | None:
    """How a column's values go to the database: JSON text as it is on SQLite (a JSON field's
    own preparation elsewhere), a date prepared once per distinct value, others as they are."""
    if isinstance(field, models.JSONField):
        if db.vendor == "sqlite":
            return None
        return lambda text: field.get_db_prep_save(json.loads(text), db)
    if db.vendor == "sqlite" and type(field) is models.DateField:
        return None  # the driver's date adapter (registered by Django) writes the same text
    if isinstance(field, models.DateField):  # a DateTimeField too
        return functools.lru_cache(maxsize=1024)(lambda v: field.get_db_prep_save(v, db))
    return None


def _insert(
    model: type[models.Model], columns: Sequence[str], rows: list[tuple[Any, ...]], list_id: int
) -> None:
    """Insert ``rows`` of ``list_id`` with one statement a batch, no model instance per row
    (a state is JSON text already: ``states.encode_text``)."""
    if not rows:
        return
    db = connections[DEFAULT_DB_ALIAS]  # the connection itself, not its proxy
    meta = model._meta
    fields = [meta.get_field(c.removesuffix("_id")) for c in columns]
    prepare = [(i, fn) for i, f in enumerate(fields) if (fn := _preparer(f, db)) is not None]
    quote = db.ops.quote_name
    names = ", ".join(quote(f.column) for f in fields)
    sql = (  # the list's id, a whole number from the database, is written in the statement
        f"INSERT INTO {quote(meta.db_table)} ({quote('list_id')}, {names}) "
        f"VALUES ({int(list_id)}, {', '.join(['%s'] * len(fields))})"
    )
    with db.cursor() as cursor:
        for at in range(0, len(rows), BATCH):
            batch: list[Any] = rows[at : at + BATCH]
            if prepare:
                batch = [list(row) for row in batch]
                for values in batch:
                    for i, fn in prepare:
                        values[i] = fn(values[i])
            cursor.executemany(sql, batch)


def _changed_ratings(
    rating_list: RatingList, fresh: list[tuple[Any, ...]]
) -> list[tuple[Any, ...]]:
    """Delete the rating rows that a fresh run changes or drops; the fresh rows to insert (the
    others stay as they are: only what must be rewritten is)."""
    stored = {
        row[0]: row[1:]
        for row in Rating.objects.filter(list=rating_list).values_list("player_id", *RATING_FIELDS)
    }
    keep = {row[0] for row in fresh if stored.get(row[0]) == (*row[1:-2], json.loads(row[-2]))}
    gone = set(stored) - keep
    if gone:
        Rating.objects.filter(list=rating_list, player_id__in=list(gone)).delete()
    return [row for row in fresh if row[0] not in keep]


def _games_before(rating_list: RatingList, start: str | None) -> Counter[PlayerKey]:
    """Each player's games before period ``start``: the starting games, and (from a period) the
    games of the stored rows before it, summed by the database."""
    games: Counter[PlayerKey] = Counter(
        dict(StartingRating.objects.filter(list=rating_list).values_list("player_id", "games"))
    )
    if start is not None:
        games.update(
            dict(
                RatingChange.objects.filter(list=rating_list, period_key__lt=start)
                .values_list("player_id")
                .annotate(n=Sum("games"))
                .order_by()
            )
        )
    return games


def compute(rating_list: RatingList, from_period: str | None = None) -> Run:
    """The recalculation of ``rating_list`` from ``from_period`` (None: from scratch), not
    written. From a period it reads only the games of the periods it replays."""
    start, earlier = _start(rating_list, from_period)
    history = sources.rated_games(rating_list, since=start)
    todo = periods_of(history.games)
    if start is None:
        initial = starting_states(rating_list)
    else:
        initial = states_before(rating_list, start, earlier)
    changes, final = _change_rows(rating_list, history, todo, initial)
    games = _games_before(rating_list, start)
    for game in history.games:
        games[game.first] += 1
        games[game.second] += 1
    return Run(start, len(todo), changes, _rating_rows(final, games))


def rebuild(
    rating_list: RatingList,
    *,
    from_period: str | None = None,
    cause: str = Cause.REBUILD,
    user: AnyUser | None = None,
    result_record_id: int | None = None,
    tournament_id: int | None = None,
    note: str = "",
) -> RatingRecord:
    """Recalculate ``rating_list`` from ``from_period`` (None: from scratch) and rewrite the
    derived rows, in one transaction, with the record of it (see the module's docstring)."""
    with transaction.atomic():
        RatingList.objects.select_for_update().filter(pk=rating_list.pk).first()
        done = compute(rating_list, from_period)
        stale = RatingChange.objects.filter(list=rating_list)
        if done.start is not None:
            stale = stale.filter(period_key__gte=done.start)
        stale.delete()
        _insert(RatingChange, CHANGE_COLUMNS, done.changes, rating_list.pk)
        ratings = _changed_ratings(rating_list, done.ratings)
        _insert(Rating, RATING_COLUMNS, ratings, rating_list.pk)
        return RatingRecord.objects.create(
            list=rating_list,
            cause=cause,
            from_period=done.start or "",
            result_record_id=result_record_id,
            tournament_id=tournament_id,
            periods=done.periods,
            rows=len(done.changes) + len(ratings),
            note=note,
            by=user if user is not None and user.is_authenticated else None,
        )


def _compare(
    what: str, stored: dict[Any, dict[str, Any]], fresh: dict[Any, dict[str, Any]]
) -> list[str]:
    out = []
    for key in sorted(stored.keys() | fresh.keys(), key=str):
        old, new = stored.get(key), fresh.get(key)
        if old is None or new is None:
            out.append(f"{what} {key}: {'missing' if old is None else 'not in a fresh run'}")
            continue
        wrong = [f"{f} {old[f]!r} ≠ {new[f]!r}" for f in new if old[f] != new[f]]
        if wrong:
            out.append(f"{what} {key}: " + ", ".join(wrong))
    return out


def differences(rating_list: RatingList) -> list[str]:
    """Where the stored rows of ``rating_list`` differ from a fresh run from scratch (nothing
    written): one line per row that differs, is missing or is extra."""
    fresh = compute(rating_list)
    stored_changes = {
        (row["player_id"], row["period_key"]): row
        for row in RatingChange.objects.filter(list=rating_list).values(
            "player_id", "period_key", *CHANGE_FIELDS
        )
    }
    fresh_changes = {
        (row[0], row[1]): {
            **dict(zip(CHANGE_FIELDS, row[2:], strict=True)),
            "state": json.loads(row[-1]),
        }
        for row in fresh.changes
    }
    stored_ratings = {
        row["player_id"]: row
        for row in Rating.objects.filter(list=rating_list).values("player_id", *RATING_FIELDS)
    }
    fresh_ratings = {
        row[0]: {**dict(zip(RATING_FIELDS, row[1:-1], strict=True)), "state": json.loads(row[-2])}
        for row in fresh.ratings
    }
    return _compare("change", stored_changes, fresh_changes) + _compare(
        "rating", stored_ratings, fresh_ratings
    )
