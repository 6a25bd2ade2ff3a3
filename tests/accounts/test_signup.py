"""Sign-up with a verified e-mail address, the player made or claimed with it, and the password
reset that sends a real mail (caught by the test mail backend)."""

from __future__ import annotations

from urllib.parse import urlparse

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth.models import User
from django.core import mail
from django.core.cache import cache
from django.test import Client

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
