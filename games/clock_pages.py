"""What the pages and polls show of a game's clocks (computed by ``games.timekeeping``): the
poll's figures, the clock block's context, and the time each move took."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils.translation import ngettext, pgettext

from games import clock
from games.models import Game
from games.timekeeping import acts_of


def figures(game: Game, clocks: clock.Clocks) -> dict[str, Any]:
    """The clocks as the poll sends them: milliseconds left per seat, the running seat."""
    return {
        "remaining_ms": [int(left / timedelta(milliseconds=1)) for left in clocks.remaining],
        "running": clocks.running,
        "paused": clocks.paused,
        "waiting": clocks.waiting,
        "out": sorted(clocks.out),  # seats out of the game: the page reloads when one goes
    }


def clock_view(game: Game, clocks: clock.Clocks, names: dict[int, str]) -> dict[str, Any]:
    """The context of ``games/_clock.html``."""
    control = game.clock
    low = clock.low_time(control)
    unit = pgettext("days, short", "d")
    acts = acts_of(game)
    default = clock.started_default(acts)
    return {
        "competition": clock.waited(acts),
        "control": control.short_form(ngettext),
        "paused": clocks.paused,
        "waiting": clocks.waiting,
        # Before every side has moved: the default time for a first move (Fischer and delay).
        "default_minutes": (default or clock.DEFAULT_TIME_MINUTES * 60) // 60
        if game.is_active and clocks.first_move_due and control.kind != clock.CORRESPONDENCE
        else None,
        "running": clocks.running,
        "low_ms": int(low / timedelta(milliseconds=1)),
        "day_unit": unit,
        "correspondence": control.kind == clock.CORRESPONDENCE,
        "sides": [
            {
                "seat": seat,
                "name": names.get(seat, ""),
                "ms": int(left / timedelta(milliseconds=1)),
                "text": clock.format_remaining(left, control, unit),
                "running": clocks.running == seat,
                "low": left <= low,
            }
            for seat, left in enumerate(clocks.remaining)
        ],
    }


def spent_texts(clocks: clock.Clocks) -> list[str]:
    """The time each move took, as the score sheet shows it."""
    unit = pgettext("days, short", "d")
    return [clock.format_spent(s, unit) for s in clocks.spent]
