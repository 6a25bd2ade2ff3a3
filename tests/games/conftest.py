"""Fixtures for the game services: accounts, the players linked to them, and a game factory.

Accounts get an unusable password (no hashing): these tests never log in.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest
from django.contrib.auth.models import User

from games import services
from games.models import Game, Player
from tests.factories import make_player, make_user, with_permission


@pytest.fixture
def alice(db: None) -> Player:
    return make_player("Alice", make_user("alice"))


@pytest.fixture
def boris(db: None) -> Player:
    return make_player("Борис", make_user("boris"))


@pytest.fixture
def carol(db: None) -> Player:
    return make_player("Carol", make_user("carol"))


@pytest.fixture
def six_players(alice: Player, boris: Player, carol: Player) -> list[Player]:
    """Alice, Борис, Carol and three more, each with an account."""
    more = [make_player(name, make_user(name.lower())) for name in ("Dmitri", "Eve", "Fyodor")]
    return [alice, boris, carol, *more]


@pytest.fixture
def outsider(db: None) -> User:
    """An account with a player who sits in none of the test games."""
    user = make_user("outsider")
    make_player("Outsider", user)
    return user


@pytest.fixture
def staff(db: None) -> User:
    """A staff account (an arbiter) without any explicit permission and without a player."""
    return make_user("arbiter", is_staff=True)


@pytest.fixture
def seat_keeper(db: None) -> User:
    """A non-staff account holding only the ``games.play_any_seat`` permission."""
    return with_permission(make_user("keeper"), "games.play_any_seat")


GameFactory = Callable[..., Game]


@pytest.fixture
def new_game(alice: Player, boris: Player) -> GameFactory:
    """``new_game(kind="sos", players=None, **options)``: a game made by ``create_game``.

    Alice (seat 0) and Борис (seat 1) play unless ``players`` is given; ``over_the_board`` and
    ``created_by`` go to the service, every other keyword is a rules option.
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
