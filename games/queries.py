"""The move path's read queries, compiled by the ORM once per database and run again with new
parameters: building a queryset's SQL costs more than running it (about 1,000 Python calls for
a one-row SELECT, against under 100 to run it).

Each query is written as an ordinary queryset over placeholder values; its SQL and parameter
order come from the database's own compiler (``FOR UPDATE`` where the database has it), so
nothing here is database-specific. Only the services call these.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import connections
from django.db.models import Aggregate, Exists, Model, OuterRef, QuerySet, Subquery, TextField
from django.db.models.query import get_related_populators
from django.utils import timezone

from games.hooks import PAGE_FLAGS
from games.models import Game, GameAnalysis, Move, Player, Seat

# Placeholder values, one per parameter: distinct, and in range for their fields (the ORM drops
# a condition that no value of the field can meet).
GAME_ID = 2_000_000_011


class CompiledQuery:
    """``build(*placeholders)`` compiled once per database alias; :meth:`rows` runs it.

    ``constants`` are the fixed values the queryset itself puts among the parameters (the ``1``
    of an ``EXISTS (SELECT 1 …)``); any other parameter must be a placeholder."""

    def __init__(
        self, build: Callable[..., QuerySet], *placeholders: int, constants: tuple[Any, ...] = ()
    ) -> None:
        self._build = build
        self._placeholders = placeholders
        self._constants = constants
        self._compiled: dict[str, tuple[str, tuple[int, ...]]] = {}

    def _compile(self, using: str) -> _Compiled:
        compiled = self._compiled.get(using)
        if compiled is None:
            queryset = self._build(*self._placeholders)
            compiler = queryset.query.get_compiler(using=using)
            sql, params = compiler.as_sql()
            known = (*self._placeholders, *self._constants)
            if any(p not in known for p in params):
                raise ValueError(f"a parameter of {sql!r} is not a placeholder: {params!r}")
            columns = [col for col, _sql, _alias in compiler.select]
            compiled = _Compiled(
                sql=sql,
                order=tuple(known.index(p) for p in params),
                converters=list(compiler.get_converters(columns).items()),
                model=queryset.model,
                attnames=[getattr(col, "target", None) and col.target.attname for col in columns],
                select=compiler.select,
                klass_info=compiler.klass_info,
                annotations=dict(compiler.annotation_col_map or {}),
            )
            self._compiled[using] = compiled
        return compiled

    def sql(self, using: str) -> str:
        return self._compile(using).sql

    def rows(self, using: str, *args: Any) -> list[list[Any]]:
        """The rows, each value converted from the database as the ORM would."""
        compiled = self._compile(using)
        connection = connections[using]
        with connection.cursor() as cursor:
            values = (*args, *self._constants)
            cursor.execute(compiled.sql, [values[i] for i in compiled.order])
            rows = [list(row) for row in cursor.fetchall()]
        for row in rows:
            for pos, (convs, expression) in compiled.converters:
                value = row[pos]
                for convert in convs:
                    value = convert(value, expression, connection)
                row[pos] = value
        return rows

    def instances(self, using: str, *args: Any) -> list[Any]:
        """The rows as model instances (a query over one model's own columns)."""
        compiled = self._compile(using)
        return [
            compiled.model.from_db(using, compiled.attnames, row) for row in self.rows(using, *args)
        ]

    def objects(self, using: str, *args: Any) -> list[Any]:
        """The rows as model instances as the ORM builds them: the ``select_related`` objects
        attached, each annotation an attribute (a queryset of model instances)."""
        compiled = self._compile(using)
        klass_info = compiled.klass_info
        if klass_info is None:
            raise ValueError("objects() needs a queryset of model instances")
        fields = klass_info["select_fields"]
        start, end = fields[0], fields[-1] + 1
        names = [col.target.attname for col, _sql, _alias in compiled.select[start:end]]
        populators = get_related_populators(klass_info, compiled.select, using)
        found = []
        for row in self.rows(using, *args):
            obj = klass_info["model"].from_db(using, names, row[start:end])
            for populator in populators:
                populator.populate(row, obj)
            for attr, pos in compiled.annotations.items():
                setattr(obj, attr, row[pos])
            found.append(obj)
        return found


@dataclass(frozen=True)
class _Compiled:
    sql: str
    order: tuple[int, ...]
    converters: list[tuple[int, tuple[list[Any], Any]]]
    model: type[Model]
    attnames: list[str]
    select: list[Any]
    klass_info: dict[str, Any] | None
    annotations: dict[str, int]


class MoveList(Aggregate):
    """A game's moves, ``ply`` and ``notation`` of each, as the text of one JSON array of
    ``[ply, notation]`` pairs, in no promised order (:func:`lock_game` sorts them). The project's
    two databases: SQLite's JSON functions (built in since 3.38) and PostgreSQL's."""

    template = "json_group_array(json_array(%(expressions)s))"
    output_field = TextField()

    def as_postgresql(self, compiler: Any, connection: Any, **extra: Any) -> Any:
        template = "json_agg(json_build_array(%(expressions)s))::text"
        return self.as_sql(compiler, connection, template=template, **extra)


GAME_FIELDS = tuple(f.attname for f in Game._meta.concrete_fields)
# The move's lock: the game's row, locked (``FOR UPDATE OF`` the game alone, where the database
# has it), once for each of its seats, with the seat's number, its player's account and name,
# and the game's moves (one JSON text; the same on each row).
LOCK_GAME = CompiledQuery(
    lambda pk: (
        Game.objects.select_for_update(of=("self",))
        .filter(pk=pk)
        .order_by("seats__number")
        .annotate(
            move_list=Subquery(
                Move.objects.filter(game_id=OuterRef("pk"))
                .order_by()
                .values("game_id")
                .annotate(pairs=MoveList("ply", "notation"))
                .values("pairs")
            )
        )
        .values_list(
            *GAME_FIELDS,
            "seats__number",
            "seats__player__user_id",
            "seats__player__name",
            "move_list",
        )
    ),
    GAME_ID,
)


@dataclass(frozen=True)
class LockedGame:
    """What the move's lock read: the game, its seats (number → the seat's player's account or
    ``None``, and the player's name) and its moves' notations in order."""

    game: Game
    seats: dict[int, tuple[int | None, str]]
    notations: tuple[str, ...]


def lock_game(using: str, pk: int) -> LockedGame | None:
    """The game ``pk``, locked until the transaction ends, with its seats and its moves, in one
    query; ``None`` when there is no such game."""
    rows = LOCK_GAME.rows(using, pk)
    if not rows:
        return None
    width = len(GAME_FIELDS)
    game = Game.from_db(using, list(GAME_FIELDS), rows[0][:width])
    seats = {row[width]: (row[width + 1], row[width + 2]) for row in rows if row[width] is not None}
    pairs = json.loads(rows[0][width + 3] or "[]")
    pairs.sort()  # by ply (the array comes in the order the rows were read: usually this one)
    return LockedGame(game, seats, tuple(notation for _ply, notation in pairs))


MOVE_TIMES = CompiledQuery(
    lambda pk: (
        Move.objects.filter(game_id=pk)
        .order_by("ply")
        .values_list("notation", "seat", "created_at")
    ),
    GAME_ID,
)
# The page's poll (``game_live``): the number of moves and the status.
GAME_LIVE = CompiledQuery(
    # A game on one device answers its owner alone: its owner's columns come in the same row.
    lambda pk: (
        Game.objects.filter(pk=pk)
        .order_by()
        .values_list("ply", "status", "time_control", "device__token_hash", "device__owner_id")
    ),
    GAME_ID,
)

# The game page (``games.views``): the game, its seats with their players, its moves.
GAME = CompiledQuery(lambda pk: Game.objects.filter(pk=pk).order_by(), GAME_ID)
# The page's game, with whether any engine analysis was asked for it (none: the analysis block
# needs no query of its own), and the flags the apps above ask for (games.hooks.PAGE_FLAGS:
# registered in their ready(), before the first page compiles this).
GAME_FOR_PAGE = CompiledQuery(
    lambda pk: (
        Game.objects.filter(pk=pk)
        .order_by()
        .annotate(
            analysis_asked=Exists(GameAnalysis.objects.filter(game=OuterRef("pk"))),
            **{name: build() for name, build in PAGE_FLAGS.items()},
        )
    ),
    GAME_ID,
    constants=(1,),
)
PLAYER_FIELDS = tuple(f.attname for f in Player._meta.concrete_fields)
SEATS_WITH_PLAYERS = CompiledQuery(
    lambda pk: (
        Seat.objects.filter(game_id=pk)
        .order_by("number")
        .values_list("id", "number", *(f"player__{name}" for name in PLAYER_FIELDS))
    ),
    GAME_ID,
)
MOVE_ROWS = CompiledQuery(
    lambda pk: (
        Move.objects.filter(game_id=pk)
        .order_by("ply")
        .values_list("ply", "seat", "notation", "points", "created_at")
    ),
    GAME_ID,
)
# The same without the times, for a game without a clock (a time read is a datetime parsed).
MOVE_ROWS_UNTIMED = CompiledQuery(
    lambda pk: (
        Move.objects.filter(game_id=pk)
        .order_by("ply")
        .values_list("ply", "seat", "notation", "points")
    ),
    GAME_ID,
)


def game_or_none(using: str, pk: int) -> Game | None:
    """The game ``pk`` (``None`` when there is none)."""
    found = GAME.instances(using, pk)
    return found[0] if found else None


def game_for_page(using: str, pk: int) -> Game | None:
    """The game ``pk`` for its page (``None`` when there is none); its ``analysis_asked`` says
    whether an engine analysis of it was ever asked for."""
    found = GAME_FOR_PAGE.objects(using, pk)
    return found[0] if found else None


def seats_of(using: str, game: Game) -> list[Seat]:
    """The seats of ``game`` in order, each with its player loaded (one query)."""
    seats = []
    for seat_id, number, *player_values in SEATS_WITH_PLAYERS.rows(using, game.pk):
        player = Player.from_db(using, PLAYER_FIELDS, player_values)
        seat = Seat(id=seat_id, game_id=game.pk, number=number, player_id=player.pk)
        seat._state.adding, seat._state.db = False, using
        seat.player = player
        seats.append(seat)
    return seats


# -- The move path's two writes ---------------------------------------------------------------
# Written here as the ORM writes them (the same columns, each value prepared by its own field for
# the database), with the SQL built once per database: ``Model.save()`` spends more building the
# statement than running it. Nothing listens to these models' save signals; a caller that needs
# more (another set of fields) saves through the ORM.

MOVE_COLUMNS = ("game", "ply", "seat", "notation", "points", "submitted_by", "created_at")
_write_sql: dict[tuple[str, str], str] = {}


def _sql(using: str, name: str, build: Callable[[Any], str]) -> str:
    sql = _write_sql.get((using, name))
    if sql is None:
        sql = _write_sql[(using, name)] = build(connections[using])
    return sql


def _insert_move_sql(connection: Any) -> str:
    meta, qn = Move._meta, connection.ops.quote_name
    columns = ", ".join(qn(meta.get_field(name).column) for name in MOVE_COLUMNS)
    values = ", ".join(["%s"] * len(MOVE_COLUMNS))
    sql = f"INSERT INTO {qn(meta.db_table)} ({columns}) VALUES ({values})"
    if connection.features.can_return_columns_from_insert:
        sql += f" RETURNING {qn(meta.pk.column)}"
    return sql


def insert_move(using: str, move: Move) -> Move:
    """Store the new ``move`` (its ``created_at`` is its arrival time, given by the caller or
    the field's default) and give it its primary key."""
    connection = connections[using]
    fields = [Move._meta.get_field(name) for name in MOVE_COLUMNS]
    params = [f.get_db_prep_save(getattr(move, f.attname), connection) for f in fields]
    with connection.cursor() as cursor:
        cursor.execute(_sql(using, "insert_move", _insert_move_sql), params)
        if connection.features.can_return_columns_from_insert:
            pk = cursor.fetchone()[0]
        else:
            pk = connection.ops.last_insert_id(cursor, Move._meta.db_table, Move._meta.pk.column)
    move.pk = pk
    move._state.adding, move._state.db = False, using
    return move


def _advance_game_sql(connection: Any) -> str:
    meta, qn = Game._meta, connection.ops.quote_name
    ply, updated = meta.get_field("ply").column, meta.get_field("updated_at").column
    return (
        f"UPDATE {qn(meta.db_table)} SET {qn(ply)} = %s, {qn(updated)} = %s "
        f"WHERE {qn(meta.pk.column)} = %s"
    )


def advance_game(using: str, game: Game) -> None:
    """Save the game's cached ply (and ``updated_at``, now): a move that changed nothing else."""
    connection = connections[using]
    game.updated_at = timezone.now()
    meta = Game._meta
    params = [
        meta.get_field("ply").get_db_prep_save(game.ply, connection),
        meta.get_field("updated_at").get_db_prep_save(game.updated_at, connection),
        game.pk,
    ]
    with connection.cursor() as cursor:
        cursor.execute(_sql(using, "advance_game", _advance_game_sql), params)
