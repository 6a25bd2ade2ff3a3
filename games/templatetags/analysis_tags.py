"""The analysis block of a game's page (``templates/games/_analysis.html``)."""

from __future__ import annotations

from typing import Any

from django import template

from games import analysis
from games.analysis_chart import chart_svg
from games.models import ENDED_STATUSES, Game

register = template.Library()


@register.simple_tag(takes_context=True)
def game_analysis(context: Any, game: Game) -> dict[str, Any]:
    """What the block shows: whether the game may be analysed, its analysis (if asked for), the
    progress, the chart and the lines of the moves once done."""
    user = context.get("user")
    ended = game.status in ENDED_STATUSES and bool(game.moves_list)
    info: dict[str, Any] = {"shown": ended}
    if not ended:
        return info
    # The page's game says whether any analysis was asked for (games.queries.game_for_page):
    # none asked, none to read.
    asked = getattr(game, "analysis_asked", True)
    job = analysis.game_analysis_of(game) if asked else None
    info.update(
        job=job,
        may_request=analysis.may_request_analysis(user, game),
    )
    if job is not None and job.status == "done":
        seats = game.seats.select_related("player").order_by("number")
        names = {s.number: s.player.name for s in seats}
        players = game.rules.players
        points = analysis.scale_is_points(game)
        info["chart"] = chart_svg(
            job.positions,
            players=players,
            points=points,
            names=[names.get(i, str(i + 1)) for i in range(players)],
        )
        info["lines"] = analysis.move_lines(game, job, names)
        info["view_name"] = names.get(0, "") if players == 2 else ""
    return info
