"""The arbiter's clock controls, shown on the arbiter's game page and on a round's page."""

from __future__ import annotations

from typing import Any

from django import template

from games.models import Game
from tournaments import authority
from tournaments.acts import clocks, decisions
from tournaments.models import RecordReason, Round, RoundStatus
from tournaments.web.clock_views import seats_of
from tournaments.web.forms import AddTimeForm

register = template.Library()


@register.inclusion_tag("tournaments/_add_time.html")
def add_time_form(game: Game | None, user: Any) -> dict[str, Any]:
    """The form that adds time to a side of ``game`` (only for an active game with a clock)."""
    if game is None or not game.time_control or not game.is_active:
        return {"form": None}
    pairing = decisions.pairing_of(game)
    if not decisions.may_adjudicate(user, game=game, pairing=pairing):
        return {"form": None}
    form = AddTimeForm(
        seats=seats_of(game),
        initial={
            "version": decisions.version(game=game, pairing=pairing),
            "reason": RecordReason.TIME,
        },
        auto_id="id_add_time_%s",
    )
    return {"form": form, "game": game}


@register.inclusion_tag("tournaments/_round_clocks.html")
def round_clock_controls(rnd: Round, user: Any) -> dict[str, Any]:
    """Start the round ``rnd``, or stop and start its clocks again (for its arbiters, while it
    has games with clocks), and the boards that have not started (no first move yet)."""
    if not authority.may_arbitrate(user, rnd.tournament):
        return {"paused": None, "waiting": False}
    return {
        "paused": clocks.round_paused(rnd),
        "waiting": bool(clocks.waiting_games(rnd)),
        "started_at": clocks.round_started_at(rnd),
        "default_time": rnd.tournament.default_time,
        "unstarted": clocks.unstarted_boards(rnd) if rnd.status == RoundStatus.PAIRED else [],
        "rnd": rnd,
    }
