"""The engine's verdict kept in a decision's record, in words (``_engine_verdict.html``)."""

from __future__ import annotations

from typing import Any

from django import template

from games import analysis
from tournaments.models import ResultRecord
from tournaments.web.engine_text import figures_text, verdict_text

register = template.Library()


@register.simple_tag
def engine_verdict(record: ResultRecord) -> dict[str, Any] | None:
    """The verdict and figures of ``record``'s engine analysis (``None`` without one)."""
    engine = (record.after or {}).get("engine")
    if not engine or record.game is None:
        return None
    game = record.game
    names = {s.number: s.player.name for s in game.seats.select_related("player")}
    points = analysis.scale_is_points(game)
    return {
        "verdict": verdict_text(engine, kind=game.kind, names=names, points=points),
        "figures": figures_text(
            engine,
            kind=game.kind,
            points=points,
            players=len(names),
            names=names,
        ),
        "ply": engine.get("ply"),
        "seconds": engine.get("budget_seconds"),
    }
