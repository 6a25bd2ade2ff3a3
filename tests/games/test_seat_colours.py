"""The seats' colours: each seat wears one colour everywhere, the swatch of its row in the seats'
table and the swatch of its clock alike, and the stylesheet defines the class of every seat."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from games import services
from games.models import Player
from games.presenters import SEAT_COLOURS, seat_colour_class
from tests.factories import make_player, make_user

pytestmark = pytest.mark.django_db


def stylesheet_colours() -> dict[str, str]:
    """``{"seat-colour-1": "#c0392b", …}`` as static/css/site.css defines them."""
    css = (Path(settings.BASE_DIR) / "static" / "css" / "site.css").read_text(encoding="utf-8")
    return dict(re.findall(r"\.(seat-colour-\d+)\s*\{\s*background:\s*(#[0-9a-fA-F]+);", css))


def swatches(html: str, block: str) -> list[str]:
    """The colour classes of the swatches inside the elements of class ``block``, in order."""
    found = []
    for part in re.findall(rf'<li class="{block}\b.*?</li>|<tr class="seat-\d.*?</tr>', html, re.S):
        if block == "clock" and not part.startswith("<li"):
            continue
        if block == "seat" and not part.startswith("<tr"):
            continue
        found += re.findall(r'class="swatch (seat-colour-\d+)"', part)
    return found


def test_every_seat_has_a_colour_the_stylesheet_defines() -> None:
    defined = stylesheet_colours()
    for seat, colour in enumerate(SEAT_COLOURS):
        assert defined.get(seat_colour_class(seat)) == colour, seat
    assert seat_colour_class(0) == "seat-colour-1"
    assert seat_colour_class(len(SEAT_COLOURS)) == seat_colour_class(0)


@pytest.mark.parametrize("players", [2, 4])
def test_the_clocks_wear_their_seats_colours(players: int) -> None:
    seated: list[Player] = [make_player(f"P{n}", make_user(f"p{n}")) for n in range(players)]
    game = services.create_game(
        kind="sos", options={}, players=seated, time_control="fischer/300/2"
    )
    html = Client().get(game.get_absolute_url()).content.decode()
    expected = [seat_colour_class(seat) for seat in range(players)]
    assert swatches(html, "seat") == expected
    assert swatches(html, "clock") == expected
    defined = stylesheet_colours()
    assert all(name in defined for name in expected)
