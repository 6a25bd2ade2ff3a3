"""The move path's read queries, compiled by the ORM once per database and run again with new
parameters: building a queryset's SQL costs more than running it (about 1,000 Python calls for
a one-row SELECT, against under 100 to run it), and a move runs three of them.

Each query is written as an ordinary queryset over placeholder values; its SQL and parameter
order come from the database's own compiler (``FOR UPDATE`` where the database has it), so
nothing here is database-specific. Only the services call these.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import connections
from django.db.models import Model, QuerySet

from games.models import Game, Move, Player, Seat

# Placeholder values, one per parameter: distinct, and in range for their fields (the ORM drops
# a condition that no value of the field can meet).
GAME_ID = 2_000_000_011
SEAT_NUMBER = 30_011


class CompiledQuery:
    """``build(*placeholders)`` compiled once per database alias; :meth:`rows` runs it."""

    def __init__(self, build: Callable[..., QuerySet], *placeholders: int) -> None:
        self._build = build
        self._placeholders = placeholders
        self._compiled: dict[str, tuple[str, tuple[int, ...]]] = {}

    def _compile(self, using: str) -> _Compiled:
        compiled = self._compiled.get(using)
        if compiled is None:
            queryset = self._build(*self._placeholders)
            compiler = queryset.query.get_compiler(using=using)
            sql, params = compiler.as_sql()
            if any(p not in self._placeholders for p in params):
                raise ValueError(f"a parameter of {sql!r} is not a placeholder: {params!r}")
            columns = [col for col, _sql, _alias in compiler.select]
            compiled = _Compiled(
                sql=sql,
                order=tuple(self._placeholders.index(p) for p in params),
                converters=list(compiler.get_converters(columns).items()),
                model=queryset.model,
                attnames=[getattr(col, "target", None) and col.target.attname for col in columns],
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
            cursor.execute(compiled.sql, [args[i] for i in compiled.order])
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


@dataclass(frozen=True)
class _Compiled:
    sql: str
    order: tuple[int, ...]
    converters: list[tuple[int, tuple[list[Any], Any]]]
    model: type[Model]
    attnames: list[str]


LOCK_GAME = CompiledQuery(
    lambda pk: Game.objects.select_for_update().filter(pk=pk).order_by(), GAME_ID
)
MOVE_NOTATIONS = CompiledQuery(
    lambda pk: Move.objects.filter(game_id=pk).order_by("ply").values_list("notation"), GAME_ID
)
SEAT_PLAYER = CompiledQuery(
    lambda pk, number: Seat.objects.filter(game_id=pk, number=number).values_list(
        "player_id", "player__user_id", "player__name"
    ),
    GAME_ID,
    SEAT_NUMBER,
)
# The page's poll (``game_live``): the number of moves and the status.
GAME_LIVE = CompiledQuery(
    lambda pk: Game.objects.filter(pk=pk).order_by().values_list("ply", "status"), GAME_ID
)

# The game page (``games.views``): the game, its seats with their players, its moves.
GAME = CompiledQuery(lambda pk: Game.objects.filter(pk=pk).order_by(), GAME_ID)
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
        .values_list("ply", "seat", "notation", "points")
    ),
    GAME_ID,
)


def game_or_none(using: str, pk: int) -> Game | None:
    """The game ``pk`` (``None`` when there is none)."""
    found = GAME.instances(using, pk)
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
