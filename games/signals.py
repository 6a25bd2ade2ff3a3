"""Signals the games app sends, so that other apps (tournaments) can follow a game without the
games app knowing them. They are sent once the changing transaction has committed (never inside
it): a receiver works in a transaction of its own, and must be idempotent — a signal may come
again for an outcome already seen."""

from django.dispatch import Signal

# Sent with ``game`` (and ``game_id``) once a game has an outcome (finished by the rules, or
# decided by an arbiter), and again whenever that outcome changes (taken back, annulled,
# corrected).
game_result_changed = Signal()
