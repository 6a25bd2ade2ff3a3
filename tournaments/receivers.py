"""Receivers of the games app's signals: a game's changed outcome reaches its pairing (or its
table, at an event at tables: ``tournaments.acts.table_games``).

The games app sends its signals once its transaction has committed; the receiver works in a
transaction of its own through the results service, which writes nothing when the pairing
already has the game's result (a signal sent again records nothing new).
"""

from __future__ import annotations

from typing import Any

from games.models import Game
from tournaments.acts import results, table_games


def game_result_changed(
    sender: Any, *, game: Game | None = None, game_id: int | None = None, **kwargs: Any
) -> None:
    pk = game_id if game_id is not None else getattr(game, "pk", None)
    current = Game.objects.filter(pk=pk).first() if pk is not None else None
    if current is not None and not table_games.sync_game(current):  # a table's game: its table
        # A game its clocks ended is recorded as the clock's act, by nobody (the service
        # decides, whatever path noticed the flag).
        results.sync_from_game(game=current)
