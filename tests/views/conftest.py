"""Fixtures for the view tests: the accounts of the arbiter's roles and logged-in clients.

``boris``, ``carol``, ``outsider``, ``staff``, ``superuser`` and ``new_game`` are the suite's
(tests/conftest.py); ``alice`` and ``client_for`` are overridden here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.models import Player
from tests import factories
from tests.conftest import PASSWORD
from tests.factories import make_player, with_permission

__all__ = ["PASSWORD", "make_player", "make_user"]


def make_user(username: str, **fields: Any) -> User:
    return factories.make_user(username, password=PASSWORD, **fields)


@pytest.fixture
def alice(db: None) -> Player:
    """The suite's Alice with a club and a rating (the players' pages show them)."""
    return make_player("Alice", make_user("alice"), club="Chess Club", rating=1500)


@pytest.fixture
def table_arbiter(db: None) -> User:
    """A staff account holding the arbiter's permission (``games.play_any_seat``), no player."""
    return with_permission(make_user("table-arbiter", is_staff=True), "games.play_any_seat")


@pytest.fixture
def registrar(db: None) -> User:
    """A plain account holding only ``games.add_player``."""
    return with_permission(make_user("registrar"), "games.add_player")


@pytest.fixture
def client_for(db: None) -> Callable[[User | None], Client]:
    """``client_for(user)``: a test client logged in as ``user`` (anonymous for None).

    Overrides the suite's: no ``Accept-Language``, so the pages are in the site's default
    language, as these tests expect.
    """

    def make(user: User | None, **kwargs: Any) -> Client:
        client = Client(**kwargs)
        if user is not None:
            client.force_login(user)
        return client

    return make


@pytest.fixture
def alice_client(alice: Player, client_for: Callable[[User | None], Client]) -> Client:
    assert alice.user is not None
    return client_for(alice.user)


@pytest.fixture
def boris_client(boris: Player, client_for: Callable[[User | None], Client]) -> Client:
    assert boris.user is not None
    return client_for(boris.user)
