"""The API tests' world: a round robin of four (round 1 played, round 2 paired), a Swiss of five
with a bye, and a casual game with moves."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.test import Client

from games import services as game_services
from games.models import Game
from tests import factories
from tests.tournaments import helpers as h
from tournaments.models import Tournament

PLAYERS = ["Anna", "Boris", "Chen", "Dara"]
SWISS = ["Emil", "Fatima", "Goran", "Hana", "Ivo"]


@dataclass
class World:
    robin: Tournament
    swiss: Tournament
    casual: Game


@pytest.fixture
def world(db: None) -> World:
    arbiter = h.make_creator("arbiter")
    robin = h.new_tournament(arbiter, name="Round Robin Cup", format="round_robin", online=True)
    h.register_all(robin, arbiter, [(name, 1500 + i) for i, name in enumerate(PLAYERS)])
    h.play_round(robin, arbiter)
    h.pair(robin, arbiter)
    swiss = h.new_tournament(arbiter, name="Spring Swiss", kind="uttt")
    h.register_all(swiss, arbiter, [(name, None) for name in SWISS])
    h.play_round(swiss, arbiter, "1-0")
    eve = factories.make_player("Eve", factories.make_user("eve"))
    fay = factories.make_player("Fay", factories.make_user("fay"))
    casual = game_services.create_game(kind="sos", options={}, players=[eve, fay])
    casual = h.play(casual, "A1=S", "B1=O")
    return World(robin=robin, swiss=swiss, casual=casual)


@pytest.fixture
def api() -> Client:
    """An anonymous client reading the API in English."""
    return Client(HTTP_ACCEPT_LANGUAGE="en")
