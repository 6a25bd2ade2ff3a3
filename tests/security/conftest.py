"""Fixtures for the security tests: two tournaments with their own arbiters, players with accounts,
a game between two of them, and clients for each kind of visitor.

Data is made through the services (games.services, tournaments.acts.services, tournaments.pairings),
as the views make it. ``alice``, ``outsider``, ``superuser`` and ``client_for`` (English) are the
suite's (tests/conftest.py); ``boris`` ("Boris") and ``staff`` (username ``staff``) are this
folder's own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import services as game_services
from games.models import Game, Player
from tests import factories
from tests.conftest import PASSWORD
from tests.factories import make_player
from tournaments import pairings
from tournaments.acts import services
from tournaments.models import Entry, Pairing, Round, Tournament

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}

ClientFor = Callable[..., Client]


def make_user(username: str, **fields: Any) -> User:
    return factories.make_user(username, password=PASSWORD, **fields)


@pytest.fixture
def boris(db: None) -> Player:
    """Seat 1 of ``game``, and a player of tournament A."""
    return make_player("Boris", make_user("boris"))


@pytest.fixture
def staff(db: None) -> User:
    """A staff account that arbitrates nothing."""
    return make_user("staff", is_staff=True)


@pytest.fixture
def game(alice: Player, boris: Player) -> Game:
    """An ultimate tic-tac-toe game, Alice (to move) against Boris, not over the board."""
    return game_services.create_game(kind="uttt", options={}, players=[alice, boris])


@dataclass
class Club:
    """One tournament, its arbiter, its entries and its first round (paired, on paper)."""

    tournament: Tournament
    arbiter: User
    entries: list[Entry]
    round: Round

    @property
    def pk(self) -> int:
        return self.tournament.pk

    def pairings(self) -> list[Pairing]:
        return list(self.round.pairings.order_by("board"))

    def game_pairing(self) -> Pairing:
        """A board with two players (not a bye)."""
        return next(p for p in self.pairings() if p.second_id is not None)


def make_club(name: str, arbiter: User, players: list[Player]) -> Club:
    tournament = services.create_tournament(
        name=name, kind="sos", format="swiss", rounds=3, online=False, created_by=arbiter
    )
    entries = [services.register(tournament=tournament, player=p, user=arbiter) for p in players]
    rnd = pairings.pair_round(tournament=tournament, user=arbiter)
    return Club(Tournament.objects.get(pk=tournament.pk), arbiter, entries, rnd)


@pytest.fixture
def club_a(alice: Player, boris: Player) -> Club:
    """Tournament A: Alice, Boris and two more; arbitrated by ``arbiter_a`` alone."""
    arbiter = make_user("arbiter_a")
    others = [make_player("Carol"), make_player("Dmitri")]
    return make_club("Club Open A", arbiter, [alice, boris, *others])


@pytest.fixture
def club_b(db: None) -> Club:
    """Tournament B: four players of its own; arbitrated by ``arbiter_b`` alone."""
    arbiter = make_user("arbiter_b")
    players = [make_player(f"B player {n}") for n in range(1, 5)]
    return make_club("Club Open B", arbiter, players)
