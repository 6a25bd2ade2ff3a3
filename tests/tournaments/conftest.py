"""Fixtures for the tournament tests: the accounts that matter for permissions, and clients."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.tournaments.helpers import PASSWORD, make_player, make_user, new_tournament


@pytest.fixture
def arbiter(db: None) -> User:
    """The account that creates the tournaments of a test (and so arbitrates them)."""
    return make_user("arbiter")


@pytest.fixture
def superuser(db: None) -> User:
    return User.objects.create_superuser(username="root", password=PASSWORD)


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


@pytest.fixture
def client_for(db: None) -> Callable[..., Client]:
    """``client_for(user, **client_kwargs)``: a client logged in as ``user`` (None: anonymous)."""

    def make(user: User | None, **kwargs: Any) -> Client:
        client = Client(HTTP_ACCEPT_LANGUAGE="en", **kwargs)
        if user is not None:
            client.force_login(user)
        return client

    return make
