"""Template filters for results: every page writes a result code through the vocabulary."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import gettext

from games.models import GameStatus
from tournaments import vocabulary as V

register = template.Library()


@register.filter
def result(code: str | None) -> str:
    """``1-0``, ``½-½``, ``+/-``, a bye's words (translated); ``""`` for no result."""
    if not code:
        return ""
    label = V.LABELS.get(code)
    return gettext(label) if label is not None else ""


@register.filter
def ending(reason: str | None) -> str:
    """The badge of how a game ended off the board (``by forfeit``, ``on time``, …)."""
    label = V.END_BADGES.get(reason or "")
    return gettext(label) if label is not None else ""


@register.filter
def game_status(code: str | None) -> str:
    """A game status code (as kept in a record's before/after) in words."""
    return str(GameStatus(code).label) if code in GameStatus.values else ""


@register.filter
def winners_text(winners: Any) -> str:
    """Winning seats of a game of more than two (``1+3``); ``½-½`` style for none."""
    if not winners:
        return V.notation(V.DRAW)
    return "+".join(str(int(w) + 1) for w in winners)
