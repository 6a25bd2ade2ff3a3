"""Fixtures for the tournament tests: the accounts that matter for permissions.

``superuser`` and ``client_for`` (English) are the suite's (tests/conftest.py).
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from tests.tournaments.helpers import make_player, make_user, new_tournament


@pytest.fixture
def arbiter(db: None) -> User:
    """The account that creates the tournaments of a test (and so arbitrates them)."""
    return make_user("arbiter")


@pytest.fixture
def plain_user(db: None) -> User:
    """An account with a player, but no right over any tournament."""
    user = make_user("plain")
    player = make_player("Plain Player")
    player.user = user
    player.save(update_fields=["user"])
    return user


@pytest.fixture
def other_arbiter(db: None) -> User:
    """The arbiter of another tournament: no right over the tournament under test."""
    user = make_user("elsewhere")
    new_tournament(user, name="Another Open")
    return user
