"""The computer's thought over one position of a game against it (:mod:`games.computer`
schedules it, off the request path): find its move at its level and record it through the one
move service, with how long it thought."""

from __future__ import annotations

import time
from collections.abc import Sequence

from django.db import transaction

from common.logs import log_event
from games import computer, services
from games.device_models import ComputerMove, DeviceGame
from games.errors import GameError, StalePosition
from games.models import Game


def think(game_id: int, moves: Sequence[str]) -> bool:
    """Find and record the computer's move in ``game_id`` if the game still has ``moves`` and the
    computer is to move; whether it moved."""
    game = Game.objects.filter(pk=game_id).select_related("device").first()
    found: DeviceGame | None = getattr(game, "device", None) if game is not None else None
    if game is None or found is None or not found.level or not game.is_active:
        return False
    if game.moves_list != list(moves):
        return False
    seat = game.rules.to_move(game.current_state())
    if seat is None or not found.is_computer(seat):
        return False
    ply = len(moves)
    started = time.perf_counter()
    move, nodes = computer.search(
        game, found.level, seed=game_id * 1000 + ply, seconds=computer.cap_seconds()
    )
    took = time.perf_counter() - started
    return record(game_id, moves, move, seconds=took, nodes=nodes)


def record(game_id: int, moves: Sequence[str], move: str, *, seconds: float, nodes: int) -> bool:
    """Play the computer's ``move`` after ``moves`` and keep how long it thought; nothing (and
    ``False``) when the game has changed meanwhile."""
    try:
        with transaction.atomic():
            played = services.submit_move(
                game=Game(pk=game_id),
                user=None,
                notation=move,
                expected_ply=len(moves),
                by_computer=True,
            )
            if played.game.moves_list[:-1] != list(moves):  # taken back and played otherwise
                raise StalePosition()
            ComputerMove.objects.create(
                game_id=game_id, ply=len(moves) + 1, seconds=seconds, nodes=nodes
            )
    except GameError as err:  # taken back, finished or thought over twice meanwhile
        log_event("club.moves", "computer_move_dropped", game=game_id, code=err.code)
        return False
    return True


def connect() -> None:
    computer.connect(think)
