"""A player's name is text, never markup: it is escaped wherever it is shown."""

from __future__ import annotations

import pytest
from django.test import Client

from games.models import Game, Player
from tests.conftest import GameFactory
from tests.views.conftest import make_player, make_user
from tests.views.helpers import body, messages_text, move_url, parse, play

pytestmark = pytest.mark.django_db

EVIL = "<script>alert(1)</script>"
ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;"


@pytest.fixture
def mallory(db: None) -> Player:
    return make_player(EVIL, make_user("mallory"), club='"><img src=x onerror=alert(2)>')


@pytest.fixture
def evil_game(new_game: GameFactory, alice: Player, mallory: Player) -> Game:
    """Alice against Mallory, with a move each, still being played."""
    return play(new_game("sos", players=[alice, mallory]), "A1=S", "B1=S")


def assert_escaped(text: str) -> None:
    assert EVIL not in text
    assert "<img src=x" not in text
    assert ESCAPED in text


@pytest.mark.parametrize(
    "url",
    [
        "/",
        "/games/",
        "/players/",
        "/players/?q=script",
        "/games/{game}/",
        "/games/{game}/panel/",
        "/games/{game}/?at=1",
        "/players/{player}/",
    ],
)
def test_a_script_name_is_escaped(
    client: Client, evil_game: Game, mallory: Player, url: str
) -> None:
    response = client.get(url.format(game=evil_game.pk, player=mallory.pk))
    assert_escaped(body(response))


def test_the_name_is_shown_as_text(client: Client, evil_game: Game) -> None:
    page = parse(client.get(evil_game.get_absolute_url()))
    seats = page.find("table", cls="seats").text()
    assert EVIL in seats  # the parser unescapes the text: the name shows as typed
    sheet = page.find("table", cls="moves").text()
    assert EVIL in sheet
    assert not any(s.text() == "alert(1)" for s in page.find_all("script"))


def test_the_name_is_escaped_in_the_status_line(
    client: Client, new_game: GameFactory, alice: Player, mallory: Player
) -> None:
    game = play(new_game("sos", players=[alice, mallory]), "A1=S")  # Mallory to move
    text = body(client.get(game.get_absolute_url()))
    assert_escaped(text)
    assert parse(text).find("p", cls="status").find("strong").text() == EVIL


def test_the_name_is_escaped_in_a_refusal_message(
    alice_client: Client, new_game: GameFactory, alice: Player, mallory: Player
) -> None:
    game = play(new_game("sos", players=[alice, mallory]), "A1=S")  # Mallory to move
    response = alice_client.post(move_url(game), {"notation": "C2=S"}, follow=True)
    text = body(response)
    assert_escaped(text)
    assert EVIL in messages_text(parse(text))
