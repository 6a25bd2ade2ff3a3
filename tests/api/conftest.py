"""The API tests' world: a round robin of four (round 1 played, round 2 paired), a Swiss of five
(ultimate tic-tac-toe, round 1 played, a bye), a tournament still taking entries, and a casual
game with two moves."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

import pytest
from django.contrib.auth.models import User
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
    arbiter: User
    robin: Tournament
    swiss: Tournament
    coming: Tournament
    casual: Game


@pytest.fixture
def world(db: None) -> World:
    arbiter = h.make_creator("arbiter")
    robin = h.new_tournament(
        arbiter,
        name="Round Robin Cup",
        format="round_robin",
        online=True,
        start_date=datetime.date(2026, 3, 1),
        end_date=datetime.date(2026, 3, 3),
    )
    h.register_all(robin, arbiter, [(name, 1500 + i) for i, name in enumerate(PLAYERS)])
    h.play_round(robin, arbiter)
    h.pair(robin, arbiter)
    swiss = h.new_tournament(
        arbiter, name="Spring Swiss", kind="uttt", start_date=datetime.date(2026, 5, 10)
    )
    h.register_all(swiss, arbiter, [(name, None) for name in SWISS])
    h.play_round(swiss, arbiter, "1-0")
    coming = h.new_tournament(
        arbiter,
        name="Autumn Cup",
        start_date=datetime.date(2026, 10, 1),
        end_date=datetime.date(2026, 10, 2),
    )
    eve = factories.make_player("Eve", factories.make_user("eve"))
    fay = factories.make_player("Fay", factories.make_user("fay"))
    casual = game_services.create_game(kind="sos", options={}, players=[eve, fay])
    casual = h.play(casual, "A1=S", "B1=O")
    robin, swiss, coming = (h.reload(t) for t in (robin, swiss, coming))
    return World(arbiter=arbiter, robin=robin, swiss=swiss, coming=coming, casual=casual)


@pytest.fixture
def api() -> Client:
    """An anonymous client reading the API in English."""
    return Client(HTTP_ACCEPT_LANGUAGE="en")


@pytest.fixture(autouse=True)
def fresh_rate_counters() -> None:
    """The read counters live in each process's memory (api/limits.py): none from another test."""
    from django.core.cache import caches

    caches["api_limits"].clear()


def bearer(key: str) -> dict[str, str]:
    return {"HTTP_AUTHORIZATION": f"Bearer {key}"}
