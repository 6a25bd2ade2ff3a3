"""Template helpers for pages that show arbiters' actions (the game page included)."""

from __future__ import annotations

from typing import Any

from django import template

from games.authority import may_arbitrate_game
from games.models import Game

register = template.Library()


@register.filter
def adjudicable_by(game: Game, user: Any) -> bool:
    """May ``user`` decide ``game`` (its tournament's arbiter, or an arbiter of casual games)?"""
    return may_arbitrate_game(user, game)
