"""Signals the games app sends, so that other apps (tournaments) can follow a game without the
games app knowing them. They are sent once the changing transaction has committed (never inside
it): a receiver works in a transaction of its own, and must be idempotent — a signal may come
again for an outcome already seen.

Every module of the games app that ends a game or changes its outcome (the move path, the clocks,
the arbiter's acts, paper records) announces it with :func:`announce_result`.
"""

from __future__ import annotations

from functools import partial

from django.db import transaction
from django.dispatch import Signal

from games.models import Game

# Sent with ``game`` (and ``game_id``) once a game has an outcome (finished by the rules, or
# decided by an arbiter), and again whenever that outcome changes (taken back, annulled,
# corrected).
game_result_changed = Signal()


def announce_result(game: Game) -> None:
    """Tell other apps (tournaments) that ``game``'s outcome changed — once this transaction
    commits, never inside it: they answer in transactions of their own."""
    transaction.on_commit(
        partial(game_result_changed.send, sender=Game, game=game, game_id=game.pk), robust=True
    )
