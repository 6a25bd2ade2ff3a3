"""Sign-up's rate limit (django-allauth's, 20 a minute from one client) counts the same client as
the log-in protection (accounts.throttle.client_address): behind ``TRUSTED_PROXIES`` proxies the
address the outermost one wrote in X-Forwarded-For, not the proxy's own (which every visitor
shares), and an IPv6 client by its /64."""

from __future__ import annotations

from typing import Any

import pytest
from django.http import HttpResponse
from django.test import Client, RequestFactory

from accounts.signup import AccountAdapter
from tests.security.conftest import EN

pytestmark = pytest.mark.django_db

LIMIT = 20  # allauth's default for "signup": 20/m/ip
PROXY = "127.0.0.1"
TOO_MANY = "Too many requests from your address"


def post_sign_up(**headers: Any) -> HttpResponse:
    """A sign-up attempt (an empty form: refused, but counted like any other)."""
    return Client().post("/accounts/signup/", {}, **headers, **EN)


def use_up(**headers: Any) -> None:
    for n in range(LIMIT):
        assert post_sign_up(**headers).status_code == 200, n


def test_behind_the_proxy_each_client_has_its_own_limit(settings: Any) -> None:
    settings.TRUSTED_PROXIES = 1
    use_up(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="203.0.113.9")
    refused = post_sign_up(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="203.0.113.9")
    assert refused.status_code == 429
    # Someone else, through the same proxy, still signs up.
    other = post_sign_up(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="198.51.100.4")
    assert other.status_code == 200


def test_what_a_client_writes_itself_is_not_believed(settings: Any) -> None:
    """Only the proxy's own entry counts: a client who prepends made-up addresses is still the
    one client, and without a trusted proxy the header is ignored altogether."""
    settings.TRUSTED_PROXIES = 1
    for n in range(LIMIT):
        forged = f"10.9.9.{n}, 203.0.113.9"
        assert post_sign_up(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=forged).status_code == 200
    refused = post_sign_up(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="10.9.9.99, 203.0.113.9")
    assert refused.status_code == 429
    settings.TRUSTED_PROXIES = 0
    use_up(REMOTE_ADDR="192.0.2.50", HTTP_X_FORWARDED_FOR="198.51.100.77")
    assert post_sign_up(REMOTE_ADDR="192.0.2.50").status_code == 429


def test_an_ipv6_client_is_limited_by_its_network(settings: Any) -> None:
    settings.TRUSTED_PROXIES = 1
    for n in range(LIMIT):
        address = f"2001:db8:5:5::{n + 1:x}"
        assert post_sign_up(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=address).status_code == 200
    same_network = post_sign_up(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="2001:db8:5:5:1::1")
    assert same_network.status_code == 429
    next_network = post_sign_up(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="2001:db8:5:6::1")
    assert next_network.status_code == 200


def test_the_refusal_is_the_sites_translated_page() -> None:
    use_up(REMOTE_ADDR="192.0.2.60")
    english = post_sign_up(REMOTE_ADDR="192.0.2.60")
    assert english.status_code == 429
    text = english.content.decode()
    assert 'class="site-header"' in text
    assert TOO_MANY in text
    russian = Client().post(
        "/accounts/signup/", {}, REMOTE_ADDR="192.0.2.60", HTTP_ACCEPT_LANGUAGE="ru"
    )
    assert russian.status_code == 429
    assert "Слишком много запросов с вашего адреса" in russian.content.decode()


@pytest.mark.parametrize(
    ("headers", "proxies", "expected"),
    [
        ({"REMOTE_ADDR": "192.0.2.1"}, 0, "192.0.2.1"),
        ({"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": "203.0.113.9"}, 1, "203.0.113.9"),
        ({"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": "2001:db8::42"}, 1, "2001:db8::"),
        # allauth's own reading would be an ImproperlyConfigured (a 500) here: fewer entries
        # than proxies. The site's takes the leftmost.
        ({"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": "203.0.113.9"}, 2, "203.0.113.9"),
    ],
)
def test_allauth_asks_the_sites_client_address(
    rf: RequestFactory, settings: Any, headers: dict[str, str], proxies: int, expected: str
) -> None:
    settings.TRUSTED_PROXIES = proxies
    assert AccountAdapter().get_client_ip(rf.post("/", **headers)) == expected
