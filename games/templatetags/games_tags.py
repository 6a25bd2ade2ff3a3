"""Template helpers of the games app."""

from __future__ import annotations

from django import template

from games import endings
from games.models import Game
from games.presenters import rules_summary as summary

register = template.Library()


@register.simple_tag
def rules_summary(game: Game) -> str:
    """The game's rules in a short translated sentence."""
    return summary(game.kind, game.options)


@register.filter
def nobody_won(reason: str) -> bool:
    """Did the game end with both players forfeiting (nobody wins)?"""
    return reason == endings.DOUBLE_FORFEIT
