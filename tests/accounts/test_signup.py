"""Sign-up with a verified e-mail address, the player made or claimed with it, and the password
reset that sends a real mail (caught by the test mail backend)."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlparse

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth.hashers import MD5PasswordHasher
from django.contrib.auth.models import User
from django.core import mail
from django.core.cache import cache
from django.core.checks.registry import registry
from django.http import HttpResponse
from django.test import Client

from accounts.checks import check_signup_hides_accounts
from accounts.models import ClaimStatus, PlayerClaim
from games.models import Player
from tests.accounts.conftest import EN, PASSWORD, link_in_last_mail, log_in, sign_up
from tests.factories import make_player, make_user

pytestmark = pytest.mark.django_db


def logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def test_sign_up_mails_a_link_and_the_account_waits_for_it(client: Client) -> None:
    response = sign_up(client)
    assert response.status_code == 302
    assert response["Location"] == "/accounts/confirm-email/"
    assert not logged_in(client)
    user = User.objects.get(username="newbie")
    assert user.player.name == "Нина Новая"
    assert EmailAddress.objects.get(user=user).verified is False
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["newbie@example.org"]
    assert "/accounts/confirm-email/" in link_in_last_mail()
    page = client.get("/accounts/confirm-email/", **EN).content.decode()
    assert "We have sent you an e-mail with a link." in page


def test_an_unverified_account_cannot_log_in_and_gets_the_link_again(db: None) -> None:
    sign_up(Client())
    client = Client()
    response = log_in(client, "newbie")
    assert response.status_code == 200
    assert not logged_in(client)
    assert "Open the link we sent you to log in." in response.content.decode()
    assert len(mail.outbox) == 1  # just sent: not again at once (allauth's rate limit)
    cache.clear()  # the rate limit's time has passed
    again = log_in(client, "newbie")
    assert "We have sent you the link again" in again.content.decode()
    assert not logged_in(client)
    assert len(mail.outbox) == 2


def test_the_link_verifies_and_logs_in(client: Client) -> None:
    sign_up(client)
    path = urlparse(link_in_last_mail()).path
    response = client.get(path, **EN)
    assert response.status_code == 302
    assert logged_in(client)
    user = User.objects.get(username="newbie")
    assert EmailAddress.objects.get(user=user).verified
    other = Client()
    assert log_in(other, "newbie").status_code == 302
    assert logged_in(other)


def test_a_wrong_link_says_so(client: Client) -> None:
    response = client.get("/accounts/confirm-email/not-a-key/", **EN)
    assert response.status_code == 200
    assert "This link has expired or is not valid." in response.content.decode()


def test_the_sign_up_form_needs_a_name_for_a_new_player(client: Client) -> None:
    response = sign_up(client, name="  ")
    assert response.status_code == 200
    assert "A player needs a name." in response.content.decode()
    assert not User.objects.filter(username="newbie").exists()
    assert mail.outbox == []


def test_the_sign_up_page_is_translated(client: Client) -> None:
    page = client.get("/accounts/signup/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Регистрация" in page
    assert "Я здесь впервые" in page


def test_a_claim_waits_for_an_arbiter(client: Client, listed: Player) -> None:
    response = sign_up(client, profile="claim", name="", player=listed.pk)
    assert response.status_code == 302
    user = User.objects.get(username="newbie")
    listed.refresh_from_db()
    assert listed.user is None
    claim = PlayerClaim.objects.get(user=user)
    assert (claim.player, claim.status) == (listed, ClaimStatus.PENDING)
    assert not Player.objects.filter(user=user).exists()


def test_only_unlinked_players_can_be_claimed(client: Client, listed: Player) -> None:
    taken = make_player("Taken", make_user("taken"))
    page = client.get("/accounts/signup/", **EN).content.decode()
    assert f'value="{listed.pk}"' in page
    assert f'value="{taken.pk}"' not in page
    response = sign_up(client, profile="claim", player=taken.pk)
    assert response.status_code == 200
    assert not PlayerClaim.objects.exists()


def test_an_account_made_by_an_administrator_logs_in_as_before(db: None) -> None:
    make_user("legacy", password=PASSWORD)
    client = Client()
    assert log_in(client, "legacy").status_code == 302


def test_the_password_reset_sends_a_working_link(db: None) -> None:
    user = make_user("forgetful", password="old-password-123", email="f@example.org")
    client = Client()
    response = client.post(
        "/accounts/password_reset/", {"email": "f@example.org"}, REMOTE_ADDR="10.0.0.3", **EN
    )
    assert response.status_code == 302
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["f@example.org"]
    path = urlparse(link_in_last_mail()).path
    form_page = client.get(path, follow=True)
    assert "Choose a new password" in form_page.content.decode() or form_page.status_code == 200
    final = client.post(
        form_page.redirect_chain[-1][0] if form_page.redirect_chain else path,
        {"new_password1": "brand-new-pass-77", "new_password2": "brand-new-pass-77"},
    )
    assert final.status_code == 302
    user.refresh_from_db()
    assert user.check_password("brand-new-pass-77")


def test_the_reset_pages_are_the_sites(client: Client) -> None:
    page = client.get("/accounts/password_reset/", **EN).content.decode()
    assert 'class="site-header"' in page
    assert "Forgotten your password?" in page


def test_the_login_page_links_to_sign_up_and_reset(client: Client) -> None:
    page = client.get("/accounts/login/", **EN).content.decode()
    assert 'href="/accounts/signup/"' in page
    assert 'href="/accounts/password_reset/"' in page


# -- a taken address: the same answer, and a mail to its owner (no enumeration) --------------


CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')


def answer(client: Client, response: HttpResponse) -> tuple[int, str, str]:
    """The sign-up's answer as the visitor sees it: status, where it leads, and that page."""
    page = client.get(response["Location"], **EN) if response.status_code == 302 else response
    return response.status_code, response.get("Location", ""), CSRF.sub("", page.content.decode())


@pytest.mark.parametrize("kind", ["signed up", "made by an administrator"])
def test_a_taken_address_gets_the_same_answer_and_its_owner_a_mail(db: None, kind: str) -> None:
    if kind == "signed up":
        sign_up(Client(), "vera_k", email="owner@example.org")
        EmailAddress.objects.filter(email="owner@example.org").update(verified=True)
    else:
        make_user("vera_k", email="owner@example.org")
    mail.outbox.clear()
    cache.clear()  # nothing mailed to the address lately (allauth mails it once in 3 minutes)

    free_client, taken_client = Client(), Client()
    free = sign_up(free_client, "newbie", email="free@example.org")
    taken = sign_up(taken_client, "intruder", email="Owner@Example.org")
    free_status, free_location, free_page = answer(free_client, free)
    taken_status, taken_location, taken_page = answer(taken_client, taken)
    assert (taken_status, taken_location) == (302, "/accounts/confirm-email/")
    assert (free_status, free_location) == (302, "/accounts/confirm-email/")
    # The same page but for the address typed (the message "Confirmation e-mail sent to …").
    assert "owner@example.org" in taken_page
    assert taken_page.replace("owner@example.org", "ADDRESS") == free_page.replace(
        "free@example.org", "ADDRESS"
    )
    assert "already registered" not in taken_page

    assert not User.objects.filter(username="intruder").exists()
    assert User.objects.filter(email__iexact="owner@example.org").count() == 1
    assert [m.to for m in mail.outbox] == [["free@example.org"], ["owner@example.org"]]
    owners = mail.outbox[1]
    assert owners.subject == "You have an account at the club already"
    assert "tried to sign up at the tic-tac-toe club with this e-mail address" in owners.body
    assert "vera_k" in owners.body  # the username, in case that was what was forgotten
    reset = re.search(r"https?://\S+", owners.body)
    assert reset and urlparse(reset.group(0)).path == "/accounts/password_reset/"
    assert "/accounts/confirm-email/" not in owners.body  # nothing to confirm: no account made


def test_the_owners_mail_is_in_the_visitors_language(db: None) -> None:
    make_user("owner", email="owner@example.org")
    response = Client().post(
        "/accounts/signup/",
        {
            "username": "intruder",
            "email": "owner@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
            "profile": "new",
            "name": "Ира",
        },
        HTTP_ACCEPT_LANGUAGE="ru",
    )
    assert response.status_code == 302
    (owners,) = mail.outbox
    assert owners.subject == "У вас уже есть учётная запись в клубе"
    assert "Здравствуйте!" in owners.body


def test_a_taken_address_costs_the_same_password_hashing(db: None, settings: Any) -> None:
    """A free address's sign-up hashes the password; a taken one hashed nothing, and answered
    that much sooner, which told the addresses apart as surely as a message."""
    settings.PASSWORD_HASHERS = ["tests.accounts.test_signup.CountingHasher"]
    make_user("owner", email="owner@example.org")
    CountingHasher.calls = 0
    sign_up(Client(), "newbie", email="free@example.org")
    free_calls = CountingHasher.calls
    CountingHasher.calls = 0
    sign_up(Client(), "intruder", email="owner@example.org")
    assert free_calls >= 1
    assert CountingHasher.calls == free_calls


class CountingHasher(MD5PasswordHasher):
    """Django's MD5 hasher, counting the passwords it hashes."""

    algorithm = "counting_md5"
    calls = 0

    def encode(self, password: str, salt: str) -> str:
        type(self).calls += 1
        return super().encode(password, salt)


def test_a_taken_username_is_still_said(db: None) -> None:
    """Usernames are chosen, and shown beside games: a taken one must be named to pick another
    (allauth does the same). Only the e-mail address is kept secret."""
    make_user("owner", email="owner@example.org")
    response = sign_up(Client(), "owner", email="else@example.org")
    assert response.status_code == 200
    assert "A user with that username already exists." in response.content.decode()
    assert mail.outbox == []


def test_the_settings_keep_sign_up_from_telling(settings: Any) -> None:
    """Enumeration is prevented only with mandatory verification: a check says when either
    setting would make sign-up tell who has an account."""
    assert check_signup_hides_accounts() == []
    settings.ACCOUNT_EMAIL_VERIFICATION = "optional"
    assert [error.id for error in check_signup_hides_accounts()] == ["accounts.E002"]
    settings.ACCOUNT_EMAIL_VERIFICATION = "mandatory"
    settings.ACCOUNT_PREVENT_ENUMERATION = False
    assert [error.id for error in check_signup_hides_accounts()] == ["accounts.E001"]
    assert check_signup_hides_accounts in registry.get_checks()
