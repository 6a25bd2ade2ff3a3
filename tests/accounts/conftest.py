"""Fixtures of the accounts tests: a tournament with its arbiter, players with and without
accounts, and a helper that signs up through the page."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.http import HttpResponse
from django.test import Client

from games.models import Player
from tests.factories import make_player, make_user
from tournaments.acts import services as tournament_services
from tournaments.models import Tournament

PASSWORD = "a-long-sign-up-pass-42"
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.fixture
def arbiter(db: None) -> User:
    return make_user("arbiter", password=PASSWORD)


@pytest.fixture
def cup(arbiter: User) -> Tournament:
    return tournament_services.create_tournament(
        name="Cup", kind="uttt", rounds=3, created_by=arbiter
    )


@pytest.fixture
def listed(cup: Tournament, arbiter: User) -> Player:
    """A player the arbiter registered, entered in ``cup``, with no account."""
    player = make_player("Вера Листова")
    tournament_services.register(tournament=cup, player=player, user=arbiter)
    return player


def sign_up(client: Client, username: str = "newbie", **fields: Any) -> HttpResponse:
    data = {
        "username": username,
        "email": f"{username}@example.org",
        "password1": PASSWORD,
        "password2": PASSWORD,
        "profile": "new",
        "name": "Нина Новая",
        **fields,
    }
    return client.post("/accounts/signup/", data, **EN)


def link_in_last_mail() -> str:
    found = re.search(r"https?://\S+", mail.outbox[-1].body)
    assert found, mail.outbox[-1].body
    return found.group(0)


def log_in(client: Client, username: str, password: str = PASSWORD) -> HttpResponse:
    return client.post(
        "/accounts/login/",
        {"username": username, "password": password},
        REMOTE_ADDR="10.0.0.2",
        **EN,
    )
