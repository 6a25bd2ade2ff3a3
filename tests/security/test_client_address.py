"""The client's address as the log-in protection counts and stores it: IPv4 as it is, an
IPv4-mapped IPv6 address as its IPv4 address, and any other IPv6 address as the first address of
its /64 (one subscriber's whole network counts as one client). What is stored must be a valid host
address: django-axes keeps it in a ``GenericIPAddressField``, an ``inet`` column on PostgreSQL,
which refuses a network such as ``2001:db8::/64`` (every IPv6 log-in was a 500 there).

The log-in and reset tests go through the pages with REMOTE_ADDR or X-Forwarded-For set, so each
writes and reads AccessAttempt rows in the real database (run them on PostgreSQL too:
``scripts/with_postgres.sh .venv/bin/pytest -q tests/security/test_client_address.py``).
"""

from __future__ import annotations

import ipaddress
from typing import Any

import pytest
from axes.models import AccessAttempt
from django.core import mail
from django.http import HttpResponse
from django.test import Client, RequestFactory

from accounts.throttle import client_address
from games.models import Player
from tests.security.conftest import EN, PASSWORD

WRONG = "not-the-password"
PROXY = "127.0.0.1"

# (what the client's own address is, what is counted and stored for it)
ADDRESSES = [
    pytest.param("203.0.113.9", "203.0.113.9", id="ipv4"),
    pytest.param("2001:db8:1:2:3:4:5:6", "2001:db8:1:2::", id="ipv6"),
    pytest.param("2001:db8::1", "2001:db8::", id="ipv6-short"),
    pytest.param("::1", "::", id="ipv6-loopback"),
    pytest.param("::ffff:192.0.2.1", "192.0.2.1", id="ipv4-mapped"),
]


def directly(address: str) -> dict[str, str]:
    return {"REMOTE_ADDR": address}


def through_proxy(address: str) -> dict[str, str]:
    return {"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": address}


ROUTES = [
    pytest.param(directly, 0, id="direct"),
    pytest.param(through_proxy, 1, id="proxy"),
]


# -- the function ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("route", "proxies"), ROUTES)
@pytest.mark.parametrize(("address", "counted"), ADDRESSES)
def test_the_counted_address_is_a_host_address(
    rf: RequestFactory, route: Any, proxies: int, address: str, counted: str
) -> None:
    found = client_address(rf.get("/", **route(address)), proxies)
    assert found == counted
    # A host address, as an inet column and Django's GenericIPAddressField accept it.
    assert str(ipaddress.ip_address(found)) == counted


@pytest.mark.parametrize(
    ("one", "other", "together"),
    [
        ("2001:db8:1:2::1", "2001:db8:1:2:ffff:ffff:ffff:ffff", True),  # one /64
        ("2001:db8:1:2::1", "2001:db8:1:3::1", False),  # the next /64
        ("198.51.100.1", "198.51.100.2", False),  # IPv4 addresses stand alone
        ("::ffff:192.0.2.1", "192.0.2.1", True),
    ],
)
def test_a_subscribers_ipv6_network_counts_as_one_client(
    rf: RequestFactory, one: str, other: str, together: bool
) -> None:
    first = client_address(rf.get("/", REMOTE_ADDR=one), 0)
    second = client_address(rf.get("/", REMOTE_ADDR=other), 0)
    assert (first == second) is together


def test_a_scoped_ipv6_address_is_counted_without_its_zone(rf: RequestFactory) -> None:
    assert client_address(rf.get("/", REMOTE_ADDR="fe80::1%eth0"), 0) == "fe80::"


# -- through the pages, with the database's column --------------------------------------------


def log_in(client: Client, password: str, headers: dict[str, str]) -> HttpResponse:
    return client.post(
        "/accounts/login/", {"username": "alice", "password": password}, **headers, **EN
    )


@pytest.mark.django_db
@pytest.mark.parametrize(("route", "proxies"), ROUTES)
@pytest.mark.parametrize(("address", "counted"), ADDRESSES)
def test_a_log_in_from_any_address_is_counted_and_succeeds(
    settings: Any, alice: Player, route: Any, proxies: int, address: str, counted: str
) -> None:
    settings.TRUSTED_PROXIES = proxies
    client = Client()
    failed = log_in(client, WRONG, route(address))
    assert failed.status_code == 200
    attempt = AccessAttempt.objects.get()
    assert (attempt.username, attempt.ip_address, attempt.failures_since_start) == (
        "alice",
        counted,
        1,
    )
    right = log_in(client, PASSWORD, route(address))
    assert right.status_code == 302
    assert "_auth_user_id" in client.session
    assert not AccessAttempt.objects.exists()  # the success reset the count


@pytest.mark.django_db
def test_one_ipv6_network_is_locked_out_together(settings: Any, alice: Player) -> None:
    """Five guesses from five addresses of one /64, behind the proxy: locked, for every address
    of that /64; another /64 still logs in."""
    settings.TRUSTED_PROXIES = 1
    for n in range(1, 5):
        assert log_in(Client(), WRONG, through_proxy(f"2001:db8:7:7::{n}")).status_code == 200
    fifth = log_in(Client(), WRONG, through_proxy("2001:db8:7:7::5"))
    assert fifth.status_code == 429
    refused = log_in(Client(), PASSWORD, through_proxy("2001:db8:7:7:abcd::1"))
    assert refused.status_code == 429
    assert "Try again in 15 minutes." in refused.content.decode()
    assert AccessAttempt.objects.get().ip_address == "2001:db8:7:7::"
    assert log_in(Client(), PASSWORD, through_proxy("2001:db8:7:8::1")).status_code == 302


@pytest.mark.django_db
@pytest.mark.parametrize(("route", "proxies"), ROUTES)
@pytest.mark.parametrize(("address", "counted"), ADDRESSES)
def test_a_password_reset_from_any_address_is_counted(
    settings: Any, alice: Player, route: Any, proxies: int, address: str, counted: str
) -> None:
    settings.TRUSTED_PROXIES = proxies
    alice.user.email = "alice@example.org"
    alice.user.save()
    response = Client().post(
        "/accounts/password_reset/", {"email": "alice@example.org"}, **route(address), **EN
    )
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    attempt = AccessAttempt.objects.get()
    assert (attempt.username, attempt.ip_address) == ("alice@example.org", counted)


@pytest.mark.django_db
def test_a_username_longer_than_any_record_is_counted_and_refused(client: Client) -> None:
    """The admin's log-in form has no length of its own: a 10,000-character name reached
    axes's record (255 characters), a 500 on PostgreSQL. It is counted as axes can hold it."""
    response = client.post("/admin/login/", {"username": "x" * 10_000, "password": "nope"})
    assert response.status_code == 200
    (attempt,) = AccessAttempt.objects.all()
    assert attempt.username == "x" * 255
