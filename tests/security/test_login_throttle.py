"""Password guessing: django-axes counts failed log-ins per username *and* address together, in the
database, and locks that combination only, so nobody can lock a user out from elsewhere."""

from __future__ import annotations

import math
from datetime import timedelta
from typing import Any

import pytest
from axes.models import AccessAttempt
from django.conf import settings as django_settings
from django.contrib.auth import authenticate
from django.contrib.auth.models import User
from django.core import mail
from django.http import HttpResponse
from django.test import Client, RequestFactory
from django.utils import timezone

from accounts.throttle import client_address, lockout_message
from games.models import Player
from tests.security.conftest import EN, PASSWORD

pytestmark = pytest.mark.django_db

WRONG = "not-the-password"
LOCKED = "Too many failed attempts to log in. Try again in 15 minutes."
MISMATCH = "Your username and password didn't match."
HERE, ELSEWHERE = "10.0.0.1", "192.0.2.7"


def log_in(
    client: Client, username: str, password: str, address: str = HERE, **extra: Any
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


def fail(client: Client, username: str, times: int, address: str = HERE, **extra: Any) -> None:
    for n in range(times):
        response = log_in(client, username, WRONG, address, **extra)
        assert response.status_code == 200, n
        assert MISMATCH in response.content.decode(), n


def age_attempts(by: timedelta) -> None:
    """Move every counted failure back in time (as if ``by`` had passed since)."""
    for attempt in AccessAttempt.objects.all():
        attempt.attempt_time -= by
        attempt.save(update_fields=["attempt_time"])


# -- the log-in page ------------------------------------------------------------------------------


def test_five_wrong_passwords_lock_the_username_from_that_address(
    client: Client, alice: Player
) -> None:
    fail(client, "alice", 4)
    fifth = log_in(client, "alice", WRONG)
    assert fifth.status_code == 429
    before = timezone.now()
    right = log_in(client, "alice", PASSWORD)
    after = timezone.now()
    assert right.status_code == 429
    # Fifteen minutes from the last failure, rounded up, however long the requests took.
    unlocks = AccessAttempt.objects.get().attempt_time + timedelta(minutes=15)
    earliest, latest = (math.ceil((unlocks - t).total_seconds()) for t in (after, before))
    assert earliest <= int(right["Retry-After"]) <= latest <= 900
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


def test_the_failures_are_counted_in_the_database(client: Client, alice: Player) -> None:
    """Every server and worker reads the same rows: one count, whoever answers."""
    fail(client, "alice", 3)
    attempt = AccessAttempt.objects.get()
    assert (attempt.username, attempt.ip_address, attempt.failures_since_start) == (
        "alice",
        HERE,
        3,
    )
    assert WRONG not in attempt.post_data  # axes masks the password


def test_someone_elsewhere_cannot_lock_the_user_out(client: Client, alice: Player) -> None:
    fail(client, "alice", 4, address="203.0.113.9")
    assert log_in(client, "alice", WRONG, address="203.0.113.9").status_code == 429
    real = Client()
    assert log_in(real, "alice", PASSWORD, address=ELSEWHERE).status_code == 302
    assert logged_in(real)


def test_many_addresses_guessing_do_not_lock_the_user_out(alice: Player) -> None:
    """Forty guesses from ten addresses (four each): each address is under the limit, and the
    user's own address has no failure at all."""
    attacker = Client()
    for n in range(10):
        fail(attacker, "alice", 4, address=f"198.51.100.{n + 1}")
    real = Client()
    assert log_in(real, "alice", PASSWORD, address=ELSEWHERE).status_code == 302


def test_a_success_resets_the_count(client: Client, alice: Player) -> None:
    fail(client, "alice", 4)
    assert log_in(client, "alice", PASSWORD).status_code == 302
    client.post("/accounts/logout/")
    fail(client, "alice", 4)  # four more: the earlier four were forgotten
    assert log_in(client, "alice", WRONG).status_code == 429


def test_other_usernames_are_not_locked_by_ones_lockout(
    client: Client, alice: Player, boris: Player
) -> None:
    fail(client, "alice", 4)
    assert log_in(client, "alice", WRONG).status_code == 429
    other = Client()
    assert log_in(other, "boris", PASSWORD).status_code == 302  # same address, other user
    assert logged_in(other)


def test_spelling_variants_of_a_username_count_together(client: Client, alice: Player) -> None:
    for variant in ("alice", "Alice", "ALICE", " alice", "ａｌｉｃｅ"):  # the last is full-width
        log_in(client, variant, WRONG)
    assert log_in(client, "alice", PASSWORD).status_code == 429


def test_attempts_refused_during_a_lockout_neither_count_nor_extend_it(
    client: Client, alice: Player
) -> None:
    fail(client, "alice", 4)
    assert log_in(client, "alice", WRONG).status_code == 429
    age_attempts(timedelta(minutes=10))
    for _ in range(5):
        assert log_in(client, "alice", WRONG).status_code == 429
    assert AccessAttempt.objects.get().failures_since_start == 5
    age_attempts(timedelta(minutes=5, seconds=1))  # 15 minutes after the fifth failure
    assert log_in(client, "alice", PASSWORD).status_code == 302


def test_the_lockout_ends(client: Client, alice: Player) -> None:
    fail(client, "alice", 4)
    assert log_in(client, "alice", WRONG).status_code == 429
    age_attempts(timedelta(minutes=15, seconds=1))
    assert log_in(client, "alice", PASSWORD).status_code == 302


def test_old_failures_are_forgotten(client: Client, alice: Player) -> None:
    fail(client, "alice", 4)
    age_attempts(timedelta(minutes=15, seconds=1))
    fail(client, "alice", 4)
    assert log_in(client, "alice", PASSWORD).status_code == 302


def test_the_remaining_time_is_rounded_up(client: Client, alice: Player) -> None:
    fail(client, "alice", 4)
    log_in(client, "alice", WRONG)
    age_attempts(timedelta(minutes=14, seconds=30))
    response = log_in(client, "alice", PASSWORD)
    assert response.status_code == 429
    assert "Try again in 1 minute." in response.content.decode()
    assert 1 <= int(response["Retry-After"]) <= 30


def test_the_limit_comes_from_the_settings(client: Client, settings: Any, alice: Player) -> None:
    settings.AXES_FAILURE_LIMIT = 2
    fail(client, "alice", 1)
    assert log_in(client, "alice", WRONG).status_code == 429


# -- every other way in --------------------------------------------------------------------------


def test_the_backend_refuses_while_locked(rf: RequestFactory, alice: Player) -> None:
    request = rf.post("/accounts/login/", REMOTE_ADDR=HERE)
    for _ in range(5):
        assert authenticate(request, username="alice", password=WRONG) is None
    assert authenticate(rf.post("/", REMOTE_ADDR=HERE), username="alice", password=PASSWORD) is None
    elsewhere = rf.post("/", REMOTE_ADDR=ELSEWHERE)
    assert authenticate(elsewhere, username="alice", password=PASSWORD) is not None


def test_the_admin_login_is_protected_too(client: Client, superuser: User) -> None:
    for _ in range(4):
        client.post(
            "/admin/login/", {"username": "root", "password": WRONG}, REMOTE_ADDR=HERE, **EN
        )
    fifth = client.post(
        "/admin/login/", {"username": "root", "password": WRONG}, REMOTE_ADDR=HERE, **EN
    )
    assert fifth.status_code == 429
    right = client.post(
        "/admin/login/?next=/admin/",
        {"username": "root", "password": PASSWORD},
        REMOTE_ADDR=HERE,
        **EN,
    )
    assert right.status_code == 429
    assert LOCKED in right.content.decode()
    assert not logged_in(client)
    # One count for both log-in pages.
    assert log_in(Client(), "root", PASSWORD).status_code == 429
    # The real admin, elsewhere, is not locked out.
    real = Client()
    answer = real.post(
        "/admin/login/?next=/admin/",
        {"username": "root", "password": PASSWORD},
        REMOTE_ADDR=ELSEWHERE,
        **EN,
    )
    assert answer.status_code == 302 and logged_in(real)


def change_password(client: Client, old: str, address: str = HERE) -> HttpResponse:
    return client.post(
        "/accounts/password_change/",
        {
            "old_password": old,
            "new_password1": "a-new-long-pass-42",
            "new_password2": "a-new-long-pass-42",
        },
        REMOTE_ADDR=address,
        **EN,
    )


def test_password_change_counts_wrong_current_passwords(client: Client, alice: Player) -> None:
    client.force_login(alice.user)
    for n in range(4):
        response = change_password(client, WRONG)
        assert response.status_code == 200, n
        assert "Your old password was entered incorrectly" in response.content.decode()
    assert change_password(client, WRONG).status_code == 429
    refused = change_password(client, PASSWORD)
    assert refused.status_code == 429
    assert LOCKED in refused.content.decode()
    alice.user.refresh_from_db()
    assert alice.user.check_password(PASSWORD)  # not changed
    # The same count as the log-in page's.
    assert log_in(Client(), "alice", PASSWORD).status_code == 429


def test_password_change_with_the_right_password_works(client: Client, alice: Player) -> None:
    client.force_login(alice.user)
    assert change_password(client, PASSWORD).status_code == 302
    alice.user.refresh_from_db()
    assert alice.user.check_password("a-new-long-pass-42")


def test_password_reset_requests_are_limited(client: Client, alice: Player) -> None:
    alice.user.email = "alice@example.org"
    alice.user.save()
    for n in range(5):
        response = client.post(
            "/accounts/password_reset/", {"email": "alice@example.org"}, REMOTE_ADDR=HERE, **EN
        )
        assert response.status_code == 302, n
    assert len(mail.outbox) == 5
    sixth = client.post(
        "/accounts/password_reset/", {"email": "alice@example.org"}, REMOTE_ADDR=HERE, **EN
    )
    assert sixth.status_code == 429
    assert len(mail.outbox) == 5
    other = Client().post(
        "/accounts/password_reset/", {"email": "alice@example.org"}, REMOTE_ADDR=ELSEWHERE, **EN
    )
    assert other.status_code == 302
    assert len(mail.outbox) == 6


def test_the_protection_is_wired_in() -> None:
    assert django_settings.AUTHENTICATION_BACKENDS[0] == "accounts.throttle.LoginThrottleBackend"
    assert django_settings.MIDDLEWARE[-1] == "axes.middleware.AxesMiddleware"
    assert django_settings.AXES_LOCKOUT_PARAMETERS == [["username", "ip_address"]]


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
        ("2001:db8:1:2:3:4:5:6", "", 0, "2001:db8:1:2::"),
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
    """Behind one trusted proxy every request comes from 127.0.0.1: the proxy's header tells
    the clients apart, and what a client writes in it itself is not believed."""
    settings.TRUSTED_PROXIES = 1
    proxy = "127.0.0.1"
    forged = {"HTTP_X_FORWARDED_FOR": "198.51.100.4, 203.0.113.9"}  # the guesser forged the first
    fail(client, "alice", 4, address=proxy, **forged)
    assert log_in(client, "alice", WRONG, address=proxy, **forged).status_code == 429
    assert AccessAttempt.objects.get().ip_address == "203.0.113.9"
    real = Client()
    response = log_in(real, "alice", PASSWORD, address=proxy, HTTP_X_FORWARDED_FOR="198.51.100.4")
    assert response.status_code == 302
