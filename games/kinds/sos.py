"""SOS's entry in the game-kind registry: its options, seats, points and presenter."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games import presenters
from games.kinds import Kind, Option
from games.models import GameKind

OPTIONS = (
    Option(
        "rows",
        "int",
        gettext_lazy("Rows"),
        gettext_lazy("SOS: the grid's height, 3 to 26."),
        default=5,
        min=3,
        max=26,
    ),
    Option(
        "cols",
        "int",
        gettext_lazy("Columns"),
        gettext_lazy("SOS: the grid's width, 3 to 26."),
        default=5,
        min=3,
        max=26,
        default_from="rows",
    ),
    Option(
        "mode",
        "choice",
        gettext_lazy("Winning"),
        gettext_lazy("SOS: a move that scores earns another move in either mode."),
        default="most",
        choices=(
            ("most", gettext_lazy("Most SOSs when the grid is full")),
            ("first", gettext_lazy("First SOS wins")),
        ),
    ),
)


def summary(options: Mapping[str, Any]) -> str:
    """The rules in force, in words, in the active language."""
    parts = [
        _("%(rows)s×%(cols)s grid") % options,
        ngettext("%(n)s player", "%(n)s players", options["players"]) % {"n": options["players"]},
        _("most SOSs wins") if options["mode"] == "most" else _("first SOS wins"),
    ]
    return ", ".join(parts)


def points_scale(rules: Any) -> bool:
    """The analysis' evaluation is in points when the most SOSs win."""
    return rules.mode == "most"


SOS = Kind(
    value=GameKind.SOS,
    label=GameKind.SOS.label,
    options_legend=gettext_lazy("SOS options"),
    options=OPTIONS,
    min_seats=2,
    max_seats=6,
    seats_option="players",
    letters=("S", "O"),
    points=True,
    score_heading="SOS points",
    tiebreaks=("sos_points", "sos_difference"),
    tiebreaks_refusal=gettext_lazy("SOS points tie-breaks need an SOS tournament."),
    notation_hint="B3=S",
    summary=summary,
    board_view=presenters.sos_view,
    points_scale=points_scale,
)
