"""Password guessing: failed logins are counted per username and per address, and lock out."""

from __future__ import annotations

import time
from typing import Any

import pytest
from django.contrib import admin
from django.contrib.auth import authenticate
from django.contrib.auth.models import User
from django.core.cache import caches
from django.http import HttpResponse
from django.test import Client, RequestFactory
from django.urls import resolve, reverse

from config.throttle import (
    LoginThrottle,
    ThrottledAdminAuthenticationForm,
    ThrottledLoginView,
    client_address,
    lockout_message,
)
from games.models import Player
from tests.security.conftest import EN, PASSWORD

pytestmark = pytest.mark.django_db

WRONG = "not-the-password"
LOCKED = "Too many failed attempts to log in. Try again in 15 minutes."
MISMATCH = "Your username and password didn't match."


def log_in(
    client: Client, username: str, password: str, address: str = "10.0.0.1", **extra: Any
) -> HttpResponse:
    return client.post(
        "/accounts/login/",
        {"username": username, "password": password},
        REMOTE_ADDR=address,
        **EN,
        **extra,
    )


def logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def fail(client: Client, username: str, times: int, address: str = "10.0.0.1") -> None:
    for n in range(times):
        response = log_in(client, username, WRONG, address)
        assert response.status_code == 200, n
        assert MISMATCH in response.content.decode(), n


# -- the login page ------------------------------------------------------------------------------


def test_five_wrong_passwords_lock_the_username_out(client: Client, alice: Player) -> None:
    fail(client, "alice", 4)
    fifth = log_in(client, "alice", WRONG)
    assert fifth.status_code == 429
    right = log_in(client, "alice", PASSWORD)
    assert right.status_code == 429
    assert right["Retry-After"] == "900"
    assert not logged_in(client)
    text = right.content.decode()
    assert LOCKED in text
    assert MISMATCH not in text  # not "wrong password": the password was not even checked
    assert 'value="alice"' in text  # the form again, with the username kept


def test_the_lockout_message_is_among_the_page_messages(client: Client, alice: Player) -> None:
    fail(client, "alice", 4)
    response = log_in(client, "alice", WRONG)
    text = response.content.decode()
    messages_block = text[text.index('<ul class="messages"') :]
    assert LOCKED in messages_block[: messages_block.index("</ul>")]


def test_a_success_resets_the_usernames_count(client: Client, alice: Player) -> None:
    fail(client, "alice", 4)
    assert log_in(client, "alice", PASSWORD).status_code == 302
    client.post("/accounts/logout/")
    fail(client, "alice", 4)  # four more: the earlier four were forgotten
    assert log_in(client, "alice", WRONG).status_code == 429


def test_a_locked_username_is_locked_from_every_address(client: Client, alice: Player) -> None:
    fail(client, "alice", 4, address="10.0.0.1")
    assert log_in(client, "alice", WRONG, address="10.0.0.1").status_code == 429
    assert log_in(Client(), "alice", PASSWORD, address="192.0.2.7").status_code == 429


def test_other_usernames_are_not_locked_by_ones_lockout(
    client: Client, alice: Player, boris: Player
) -> None:
    fail(client, "alice", 4)
    assert log_in(client, "alice", WRONG).status_code == 429
    other = Client()
    assert log_in(other, "boris", PASSWORD, address="192.0.2.7").status_code == 302
    assert logged_in(other)


def test_spelling_variants_of_a_username_count_together(client: Client, alice: Player) -> None:
    for variant in ("alice", "Alice", "ALICE", " alice", "ａｌｉｃｅ"):  # the last is full-width
        log_in(client, variant, WRONG)
    assert log_in(client, "alice", PASSWORD).status_code == 429


def test_an_address_is_locked_after_failures_over_many_usernames(
    client: Client, settings: Any, alice: Player
) -> None:
    """Password spraying: one guess at each of many usernames, from one address."""
    settings.LOGIN_THROTTLE = {**settings.LOGIN_THROTTLE, "IP_LIMIT": 3}
    for username in ("nobody1", "nobody2"):
        assert log_in(client, username, WRONG).status_code == 200
    assert log_in(client, "nobody3", WRONG).status_code == 429
    assert log_in(client, "alice", PASSWORD).status_code == 429
    assert log_in(Client(), "alice", PASSWORD, address="192.0.2.7").status_code == 302


def test_attempts_refused_during_a_lockout_are_not_counted(
    client: Client, settings: Any, alice: Player
) -> None:
    """While the address is locked, tries at Alice test no password and do not lock her."""
    settings.LOGIN_THROTTLE = {**settings.LOGIN_THROTTLE, "IP_LIMIT": 2}
    log_in(client, "nobody1", WRONG)
    log_in(client, "nobody2", WRONG)
    for _ in range(10):
        assert log_in(client, "alice", WRONG).status_code == 429
    assert log_in(Client(), "alice", PASSWORD, address="192.0.2.7").status_code == 302


def test_the_lockout_ends(client: Client, alice: Player, monkeypatch: pytest.MonkeyPatch) -> None:
    fail(client, "alice", 4)
    assert log_in(client, "alice", WRONG).status_code == 429
    later = time.time() + 15 * 60 + 1
    monkeypatch.setattr(time, "time", lambda: later)
    assert log_in(client, "alice", PASSWORD).status_code == 302


def test_the_window_forgets_old_failures(
    client: Client, alice: Player, monkeypatch: pytest.MonkeyPatch
) -> None:
    fail(client, "alice", 4)
    later = time.time() + 15 * 60 + 1
    monkeypatch.setattr(time, "time", lambda: later)
    fail(client, "alice", 4)
    assert log_in(client, "alice", PASSWORD).status_code == 302


def test_the_remaining_time_is_rounded_up(
    client: Client, alice: Player, monkeypatch: pytest.MonkeyPatch
) -> None:
    fail(client, "alice", 5 - 1)
    log_in(client, "alice", WRONG)
    later = time.time() + 14 * 60 + 30
    monkeypatch.setattr(time, "time", lambda: later)
    response = log_in(client, "alice", PASSWORD)
    assert response.status_code == 429
    assert "Try again in 1 minute." in response.content.decode()


# -- every other way in --------------------------------------------------------------------------


def test_the_backend_refuses_while_locked(rf: RequestFactory, alice: Player) -> None:
    request = rf.post("/accounts/login/", REMOTE_ADDR="10.0.0.1")
    for _ in range(5):
        assert authenticate(request, username="alice", password=WRONG) is None
    assert authenticate(request, username="alice", password=PASSWORD) is None
    assert authenticate(None, username="alice", password=PASSWORD) is None  # no request either


def test_the_admin_login_is_throttled_too(client: Client, superuser: User) -> None:
    for _ in range(5):
        client.post("/admin/login/", {"username": "root", "password": WRONG}, **EN)
    response = client.post(
        "/admin/login/?next=/admin/", {"username": "root", "password": PASSWORD}, **EN
    )
    assert response.status_code == 200
    assert LOCKED in response.content.decode()
    assert not logged_in(client)


def test_the_counters_use_the_configured_cache(
    client: Client, settings: Any, alice: Player
) -> None:
    settings.LOGIN_THROTTLE = {**settings.LOGIN_THROTTLE, "CACHE": "default"}
    caches["default"].clear()
    try:
        fail(client, "alice", 4)
        assert log_in(client, "alice", WRONG).status_code == 429
        caches["login_throttle"].clear()  # the usual cache: nothing there to clear
        assert log_in(client, "alice", PASSWORD).status_code == 429
        caches["default"].clear()
        assert log_in(client, "alice", PASSWORD).status_code == 302
    finally:
        caches["default"].clear()


def test_the_throttle_is_wired_in() -> None:
    from django.conf import settings

    assert settings.AUTHENTICATION_BACKENDS == ["config.throttle.ThrottledModelBackend"]
    assert reverse("login") == "/accounts/login/"
    assert resolve("/accounts/login/").func.view_class is ThrottledLoginView  # type: ignore[attr-defined]
    assert admin.site.login_form is ThrottledAdminAuthenticationForm


# -- the parts -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seconds", "text"),
    [
        (1, "Try again in 1 minute."),
        (60, "Try again in 1 minute."),
        (61, "Try again in 2 minutes."),
        (900, "Try again in 15 minutes."),
    ],
)
def test_the_message_counts_minutes(seconds: int, text: str) -> None:
    assert lockout_message(seconds).endswith(text)


@pytest.mark.parametrize(
    ("remote", "forwarded", "proxies", "expected"),
    [
        ("10.0.0.1", "", 0, "10.0.0.1"),
        ("10.0.0.1", "203.0.113.9", 0, "10.0.0.1"),  # no proxy trusted: the header is ignored
        ("127.0.0.1", "203.0.113.9", 1, "203.0.113.9"),
        ("127.0.0.1", "6.6.6.6, 203.0.113.9", 1, "203.0.113.9"),  # the client wrote 6.6.6.6
        ("127.0.0.1", "6.6.6.6, 203.0.113.9, 198.51.100.2", 2, "203.0.113.9"),
        ("127.0.0.1", "203.0.113.9", 2, "203.0.113.9"),  # fewer entries than proxies
        ("127.0.0.1", "not-an-address", 1, "127.0.0.1"),
        ("2001:db8:1:2:3:4:5:6", "", 0, "2001:db8:1:2::/64"),
        ("::ffff:192.0.2.1", "", 0, "192.0.2.1"),
        ("", "", 0, None),
    ],
)
def test_the_client_address(
    rf: RequestFactory, remote: str, forwarded: str, proxies: int, expected: str | None
) -> None:
    request = rf.get("/", REMOTE_ADDR=remote, HTTP_X_FORWARDED_FOR=forwarded)
    assert client_address(request, proxies) == expected


def test_behind_a_proxy_each_client_counts_apart(
    client: Client, settings: Any, alice: Player
) -> None:
    """Behind one trusted proxy, every request comes from 127.0.0.1: the header tells apart."""
    settings.LOGIN_THROTTLE = {**settings.LOGIN_THROTTLE, "IP_LIMIT": 2, "TRUSTED_PROXIES": 1}
    for name in ("nobody1", "nobody2"):
        log_in(client, name, WRONG, address="127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.9")
    assert (
        log_in(
            client, "x", WRONG, address="127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.9"
        ).status_code
        == 429
    )
    other = Client()
    response = log_in(
        other, "alice", PASSWORD, address="127.0.0.1", HTTP_X_FORWARDED_FOR="198.51.100.4"
    )
    assert response.status_code == 302


def test_the_throttle_api(rf: RequestFactory, settings: Any) -> None:
    settings.LOGIN_THROTTLE = {**settings.LOGIN_THROTTLE, "USERNAME_LIMIT": 2, "LOCKOUT": 60}
    throttle = LoginThrottle()
    request = rf.post("/", REMOTE_ADDR="10.0.0.1")
    assert throttle.lockout_remaining(request, "bob") == 0
    assert throttle.register_failure(request, "bob") == 0
    assert throttle.register_failure(request, "bob") == 60
    assert 0 < throttle.lockout_remaining(request, "bob") <= 60
    assert throttle.lockout_remaining(request, "carol") == 0
    throttle.reset_username("bob")  # a success resets the count, not a running lockout
    assert throttle.lockout_remaining(request, "bob") > 0


def test_the_throttle_works_on_a_shared_file_cache(
    client: Client, settings: Any, tmp_path: Any, alice: Player
) -> None:
    """Production's DJANGO_LOGIN_THROTTLE_DIR: counters in files, seen by every process."""
    settings.CACHES = {
        **settings.CACHES,
        "login_throttle": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(tmp_path),
            "TIMEOUT": 900,
        },
    }
    fail(client, "alice", 4)
    assert log_in(client, "alice", WRONG).status_code == 429
    assert any(tmp_path.iterdir())
    assert log_in(Client(), "alice", PASSWORD, address="192.0.2.7").status_code == 429
