"""Fixtures for the game services: six players with accounts and a seat keeper.

``alice``, ``boris``, ``carol``, ``outsider``, ``staff`` and ``new_game`` are the suite's
(tests/conftest.py).
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from games.models import Player
from tests.factories import make_player, make_user, with_permission


@pytest.fixture
def six_players(alice: Player, boris: Player, carol: Player) -> list[Player]:
    """Alice, Борис, Carol and three more, each with an account."""
    more = [make_player(name, make_user(name.lower())) for name in ("Dmitri", "Eve", "Fyodor")]
    return [alice, boris, carol, *more]


@pytest.fixture
def seat_keeper(db: None) -> User:
    """A non-staff account holding only the ``games.play_any_seat`` permission."""
    return with_permission(make_user("keeper"), "games.play_any_seat")
