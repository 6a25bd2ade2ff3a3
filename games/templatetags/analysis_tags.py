"""The analysis block of a game's page (``{% analysis_section %}``).

The block as most pages show it (no analysis asked for yet: the button, or a word to log in) is
drawn here in one call; once an analysis was asked for, ``templates/games/_analysis_job.html``
draws its progress, its failure or its chart and lines.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_noop

from games import analysis, analysis_queue
from games.analysis_chart import chart_svg
from games.models import ENDED_STATUSES, Game
from games.panel import csrf_input, url_with_pk, word

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
    if job is not None:
        info["queue"] = analysis_queue.queue_state(job)
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


HEADING = gettext_noop("Engine analysis")
REQUEST = gettext_noop("Analyse the game with the engine")
REQUEST_HELP = gettext_noop(
    "The engine evaluates every move in the background; the result is kept for everyone."
)
LOG_IN = gettext_noop("Log in to ask for the engine's analysis of this game.")


@register.simple_tag(takes_context=True)
def analysis_section(context: Any) -> SafeString:
    """The ``<section id="analysis">`` of the page's game (nothing for a game not ended)."""
    game = context["game"]
    info = game_analysis(context, game)
    if not info["shown"]:
        return mark_safe("")
    if info["job"] is not None:
        tpl = context.template.engine.get_template("games/_analysis_job.html")
        with context.push(a=info):
            body = tpl.render(context)
    elif info["may_request"]:
        body = (
            f'    <form method="post" action="{url_with_pk("games:analysis", game.pk)}" '
            'class="inline-form analysis-request">\n'
            f"      {csrf_input(context.get('csrf_token'))}"
            f'<button type="submit">{word(REQUEST)}</button>\n'
            "    </form>\n"
            f'    <p class="help">{word(REQUEST_HELP)}</p>\n'
        )
    else:
        body = f'    <p class="empty">{word(LOG_IN)}</p>\n'
    return mark_safe(
        '\n<section class="game-analysis" id="analysis" aria-labelledby="analysis-heading">\n'
        f'  <h2 id="analysis-heading">{word(HEADING)}</h2>\n{body}</section>\n'
    )
