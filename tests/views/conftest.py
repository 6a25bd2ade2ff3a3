"""Fixtures for the view tests: accounts, their players, a game factory and logged-in clients."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import services
from games.models import Game, Player
from tests import factories
from tests.factories import make_player, with_permission

PASSWORD = "correct-horse-battery-staple"


def make_user(username: str, **fields: Any) -> User:
    return factories.make_user(username, password=PASSWORD, **fields)


@pytest.fixture
def alice(db: None) -> Player:
    """Seat 0 of the default games (moves first); her account is ``alice``."""
    return make_player("Alice", make_user("alice"), club="Chess Club", rating=1500)


@pytest.fixture
def boris(db: None) -> Player:
    """Seat 1 of the default games; a Cyrillic name, account ``boris``."""
    return make_player("Борис", make_user("boris"))


@pytest.fixture
def carol(db: None) -> Player:
    return make_player("Carol", make_user("carol"))


@pytest.fixture
def outsider(db: None) -> User:
    """An account whose player sits in none of the test games."""
    user = make_user("outsider")
    make_player("Outsider", user)
    return user


@pytest.fixture
def staff(db: None) -> User:
    """A staff account without a player and without explicit permissions: arbitrates nothing."""
    return make_user("arbiter", is_staff=True)


@pytest.fixture
def table_arbiter(db: None) -> User:
    """A staff account holding the arbiter's permission (``games.play_any_seat``), no player."""
    return with_permission(make_user("table-arbiter", is_staff=True), "games.play_any_seat")


@pytest.fixture
def superuser(db: None) -> User:
    return User.objects.create_superuser(username="root", password=PASSWORD)


@pytest.fixture
def registrar(db: None) -> User:
    """A plain account holding only ``games.add_player``."""
    return with_permission(make_user("registrar"), "games.add_player")


GameFactory = Callable[..., Game]


@pytest.fixture
def new_game(alice: Player, boris: Player) -> GameFactory:
    """``new_game(kind="sos", players=None, over_the_board=False, created_by=None, **options)``.

    Alice (seat 0) and Борис (seat 1) play unless ``players`` is given; every other keyword is a
    rules option. SOS defaults to the engine's 3×3 grid.
    """

    def make(
        kind: str = "sos",
        players: Sequence[Player] | None = None,
        *,
        over_the_board: bool = False,
        created_by: User | None = None,
        **options: Any,
    ) -> Game:
        return services.create_game(
            kind=kind,
            options=options,
            players=list(players) if players is not None else [alice, boris],
            over_the_board=over_the_board,
            created_by=created_by,
        )

    return make


@pytest.fixture
def client_for(db: None) -> Callable[[User | None], Client]:
    """``client_for(user)``: a test client logged in as ``user`` (anonymous for None)."""

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
