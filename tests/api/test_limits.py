"""Rate limits (api/limits.py): per client address (reads and writes apart, an IPv6 client by
its /64) and per token; over the limit, a 429 problem with ``Retry-After``."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import User
from django.test import Client, override_settings

from api.models import ApiToken, Scope
from tests.api.conftest import World, bearer

pytestmark = pytest.mark.django_db


def assert_429(response: object) -> None:
    assert response.status_code == 429  # type: ignore[attr-defined]
    assert response["Content-Type"] == "application/problem+json"  # type: ignore[index]
    assert response.json()["code"] == "too_many_requests"  # type: ignore[attr-defined]
    assert int(response["Retry-After"]) >= 1  # type: ignore[index]


@override_settings(API_RATE_LIMITS={"read": (3, 60), "write": None, "token": None})
def test_reads_per_address(world: World) -> None:
    url = f"/api/v1/tournaments/{world.robin.pk}"
    client = Client(REMOTE_ADDR="192.0.2.1")
    for _ in range(3):
        assert client.get(url).status_code == 200
    assert_429(client.get(url))
    assert Client(REMOTE_ADDR="192.0.2.2").get(url).status_code == 200  # another address


@override_settings(API_RATE_LIMITS={"read": (2, 60), "write": None, "token": None})
def test_an_ipv6_client_is_counted_by_its_64(world: World) -> None:
    url = f"/api/v1/tournaments/{world.robin.pk}"
    assert Client(REMOTE_ADDR="2001:db8:1:2::1").get(url).status_code == 200
    assert Client(REMOTE_ADDR="2001:db8:1:2::ffff").get(url).status_code == 200
    assert_429(Client(REMOTE_ADDR="2001:db8:1:2:abcd::9").get(url))
    assert Client(REMOTE_ADDR="2001:db8:1:3::1").get(url).status_code == 200  # another /64


def move(client: Client, world: World, key: str) -> object:
    return client.post(
        f"/api/v1/games/{world.casual.pk}/moves",
        json.dumps({"notation": "A1=S"}),  # taken: refused, so it can be sent again
        content_type="application/json",
        **bearer(key),
    )


@override_settings(API_RATE_LIMITS={"read": None, "write": None, "token": (2, 60)})
def test_writes_per_token(world: World) -> None:
    eve = User.objects.get(username="eve")
    _t, key = ApiToken.issue(owner=eve, name="bot", scope=Scope.PLAY)
    _t, other = ApiToken.issue(owner=eve, name="bot 2", scope=Scope.PLAY)
    for address in ("192.0.2.1", "192.0.2.2"):  # the token is counted wherever it comes from
        assert move(Client(REMOTE_ADDR=address), world, key).status_code == 400
    assert_429(move(Client(REMOTE_ADDR="192.0.2.3"), world, key))
    assert move(Client(), world, other).status_code == 400  # another token


@override_settings(API_RATE_LIMITS={"read": (100, 60), "write": (2, 60), "token": None})
def test_writes_per_address(world: World) -> None:
    eve = User.objects.get(username="eve")
    keys = [ApiToken.issue(owner=eve, name=f"bot {n}", scope=Scope.PLAY)[1] for n in range(3)]
    client = Client(REMOTE_ADDR="192.0.2.1")
    assert move(client, world, keys[0]).status_code == 400
    assert move(client, world, keys[1]).status_code == 400
    assert_429(move(client, world, keys[2]))
    assert client.get(f"/api/v1/games/{world.casual.pk}").status_code == 200  # reads apart
