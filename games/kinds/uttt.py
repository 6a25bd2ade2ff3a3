"""Ultimate tic-tac-toe's entry in the game-kind registry: its options, seats and presenter."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import presenters
from games.kinds import Kind, Option
from games.models import GameKind
from games.rules.uttt import MARKS


def _tactical(options: Mapping[str, Any]) -> bool:
    return options["preset"] != "classic"


OPTIONS = (
    Option(
        "preset",
        "choice",
        gettext_lazy("Rules"),
        gettext_lazy(
            "Tactical: decided boards stay playable and drawn boards count for both players. "
            "Classic: decided boards close and drawn boards count for nobody."
        ),
        default="tactical",
        choices=(
            ("tactical", gettext_lazy("Tactical (the club sheet)")),
            ("classic", gettext_lazy("Classic (as most websites play)")),
        ),
    ),
    Option(
        "all_draw_line",
        "choice",
        gettext_lazy("Three drawn boards in a line"),
        gettext_lazy("Tactical only: what a line of three drawn small boards does."),
        default="draw",
        choices=(
            ("draw", gettext_lazy("End the game as a draw")),
            ("continue", gettext_lazy("Play on")),
        ),
        only_if=_tactical,
    ),
    Option(
        "decided_boards_free",
        "bool",
        gettext_lazy("Sent to a decided board: play anywhere"),
        gettext_lazy("Tactical only: being sent to a won or drawn board frees the move."),
        only_if=_tactical,
    ),
    Option(
        "no_send_back",
        "bool",
        gettext_lazy("No sending straight back"),
        gettext_lazy(
            "You may not send the opponent back to the board they just played in "
            "(lifted when no other move is left)."
        ),
    ),
)


def summary(options: Mapping[str, Any]) -> str:
    """The rules in force, in words, in the active language."""
    tactical = _tactical(options)
    parts = [_("tactical rules") if tactical else _("classic rules")]
    if tactical:
        if options["all_draw_line"] == "continue":
            parts.append(_("three drawn boards in a line: play on"))
        else:
            parts.append(_("three drawn boards in a line: draw"))
        if options["decided_boards_free"]:
            parts.append(_("sent to a decided board: play anywhere"))
    if options["no_send_back"]:
        parts.append(_("no sending straight back"))
    return ", ".join(parts)


UTTT = Kind(
    value=GameKind.UTTT,
    label=GameKind.UTTT.label,
    options_legend=gettext_lazy("Ultimate tic-tac-toe options"),
    options=OPTIONS,
    default=True,
    min_seats=2,
    max_seats=2,
    seats_refusal=gettext_lazy("Ultimate tic-tac-toe is played by exactly two players."),
    seat_marks=MARKS,
    score_heading="Boards won",
    small_boards=True,
    notation_hint="E5",
    summary=summary,
    board_view=presenters.uttt_view,
    position_classes=presenters.small_board_edges,
)
