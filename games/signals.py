"""Signals the games app sends, so that other apps (tournaments) can follow a game without the
games app knowing them. Receivers run inside the sending transaction."""

from django.dispatch import Signal

# Sent with ``game`` once a game has an outcome (finished by the rules, or decided by an arbiter),
# and again whenever that outcome changes (annulled, corrected).
game_result_changed = Signal()
