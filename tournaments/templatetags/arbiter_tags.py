"""Template helpers for pages that show arbiters' actions (the game page included)."""

from __future__ import annotations

from typing import Any

from django import template

from games.models import Game
from tournaments.adjudication import may_adjudicate

register = template.Library()


@register.filter
def adjudicable_by(game: Game, user: Any) -> bool:
    """May ``user`` decide ``game`` (its tournament's arbiter, or an arbiter of casual games)?"""
    return may_adjudicate(user, game=game)
