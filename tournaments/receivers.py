"""Receivers of the games app's signals: a finished online game writes its pairing's result."""

from __future__ import annotations

from typing import Any

from games.models import Game


def game_result_changed(sender: Any, *, game: Game, **kwargs: Any) -> None:
    from tournaments.services import sync_result_from_game

    sync_result_from_game(game)
