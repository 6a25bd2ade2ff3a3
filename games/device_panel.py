"""The game page's parts for a game on one device (:mod:`games.device`), drawn for its owner:
whose turn it is in large letters, and the switch that turns the board towards that player
(the board's turn is a class of the board's column: ``turn-N``, N degrees, static/css/site.css).
Every value interpolated is escaped; names are isolated."""

from __future__ import annotations

from collections.abc import Mapping
from html import escape as _html_escape
from typing import Any

from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext

from games import kinds


def escape(text: object) -> str:
    return _html_escape(str(text), quote=True)


def _alone(c: Mapping[str, Any]) -> bool:
    """One person against the computer (games.computer_panel): nobody to pass the device to."""
    against = c.get("computer")
    return against is not None and against.alone


def turn_degrees(seat: int, seats: int) -> int:
    """How far the board turns for ``seat`` of ``seats`` sitting around the device."""
    return round(360 * seat / max(seats, 1)) % 360


def column_class(c: Mapping[str, Any]) -> str:
    """The board column's class that turns the board for the player to move ("" for none)."""
    found, mover = c.get("on_device"), c.get("mover")
    if found is None:
        return ""
    if not found.turn_board or mover is None or c.get("replaying") or _alone(c):
        return " pass-board"
    degrees = turn_degrees(mover.number, len(c["seats"]))
    return f" pass-board turn-{degrees}" if degrees else " pass-board"


def banner_html(c: Mapping[str, Any]) -> str:
    """Whose turn it is, in large letters (nothing when the game is over or replayed)."""
    mover = c.get("mover")
    if c.get("on_device") is None or mover is None or c.get("replaying") or _alone(c):
        return ""
    mark = kinds.of(c["game"]).seat_mark(mover.number)
    name = f"<bdi>{escape(mover.player.name)}</bdi>"
    text = gettext("%(name)s to move") % {"name": name}
    if mark:
        text += f' <span class="pass-mark">({escape(mark)})</span>'
    return f'      <p class="pass-turn pass-seat-{mover.number + 1}">{text}</p>\n'


def settings_html(c: Mapping[str, Any]) -> str:
    """The owner's switch: turn the board towards the player to move, or stop turning it."""
    found = c.get("on_device")
    if found is None or not c["game"].is_active or _alone(c):
        return ""
    action = reverse("games:device_settings", args=[c["game"].pk])
    token = c.get("csrf_token")
    csrf = (
        format_html('<input type="hidden" name="csrfmiddlewaretoken" value="{}">', token)
        if token and str(token) != "NOTPROVIDED"
        else ""
    )
    turn = not found.turn_board
    label = (
        gettext("Turn the board towards the player to move")
        if turn
        else gettext("Stop turning the board")
    )
    return (
        f'      <form method="post" action="{action}" class="pass-settings">\n'
        f"        {csrf}\n"
        f'        <input type="hidden" name="turn_board" value="{"1" if turn else "0"}">\n'
        f'        <button type="submit">{escape(label)}</button>\n'
        "      </form>\n"
    )
