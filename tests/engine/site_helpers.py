"""Games for the engine's site tests: played through ``games.services.submit_move`` (over the
board, by their arbiter), to the end or to a given number of moves."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import User

from games import services
from games.models import Game
from games.rules import get_rules
from tests import factories


def random_moves(kind: str, options: dict[str, Any], *, seed: int, players: int = 2) -> list[str]:
    """A whole random game of these rules (the rules engine's legal moves, seeded)."""
    rules = (
        get_rules(kind, **options)
        if kind == "uttt"
        else get_rules(kind, players=players, **options)
    )
    rng = random.Random(seed)
    state, moves = rules.start(), []
    while rules.outcome(state) is None:
        move = rng.choice(list(rules.legal_moves(state)))
        moves.append(move)
        state = rules.play(state, move)
    return moves


def over_the_board_game(
    arbiter: User,
    kind: str,
    options: dict[str, Any],
    moves: Sequence[str],
    *,
    names: Sequence[str] = ("Alice", "Boris"),
) -> Game:
    """A game over the board created by ``arbiter``, who enters ``moves``."""
    players = [factories.make_player(name) for name in names]
    game = services.create_game(
        kind=kind, options=options, players=players, over_the_board=True, created_by=arbiter
    )
    for notation in moves:
        with factories.committed():
            services.submit_move(game=Game.objects.get(pk=game.pk), user=arbiter, notation=notation)
    return Game.objects.get(pk=game.pk)
