"""Personal API tokens: made on the tokens page (the key shown once, only its digest kept),
revoked there (then refused), refused for an inactive account, touched at most once a minute;
the page is for logged-in users, behind CSRF; the account page links to it."""

from __future__ import annotations

import hashlib
import json
import re
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from api.models import ApiToken, Scope
from tests.api.conftest import World, bearer

pytestmark = pytest.mark.django_db

TOKENS = "/accounts/tokens/"


def logged_in(user: User, **extra: object) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en", **extra)
    client.force_login(user)
    return client


def a_move(client: Client, world: World, key: str) -> int:
    body = json.dumps({"notation": "C3=O"})
    url = f"/api/v1/games/{world.casual.pk}/moves"
    return client.post(url, body, content_type="application/json", **bearer(key)).status_code


def test_the_key_is_shown_once_and_only_its_digest_kept(world: World, api: Client) -> None:
    eve = User.objects.get(username="eve")
    client = logged_in(eve)
    response = client.post(TOKENS, {"name": "My bot", "scope": "play"})
    assert response.status_code == 200
    assert response["Cache-Control"] == "no-store"
    page = response.content.decode()
    key = re.search(r'readonly value="([^"]+)"', page).group(1)
    token = ApiToken.objects.get(owner=eve)
    assert token.key_hash == hashlib.sha256(key.encode()).hexdigest()
    assert key not in str(ApiToken.objects.filter(pk=token.pk).values().get())
    assert token.prefix == key[:8] and token.scope == Scope.PLAY and token.name == "My bot"
    listed = client.get(TOKENS).content.decode()
    assert key not in listed and f"{token.prefix}…" in listed and "My bot" in listed
    assert a_move(api, world, key) == 200
    token.refresh_from_db()
    assert token.last_used is not None


def test_a_revoked_token_is_refused(world: World, api: Client) -> None:
    eve = User.objects.get(username="eve")
    token, key = ApiToken.issue(owner=eve, name="bot", scope=Scope.PLAY)
    client = logged_in(eve)
    url = reverse("api_tokens:revoke", args=[token.pk])
    confirm = client.get(url)
    assert confirm.status_code == 200 and "Yes, revoke it" in confirm.content.decode()
    assert ApiToken.objects.get(pk=token.pk).revoked_at is None  # a GET changes nothing
    response = client.post(url)
    assert response.status_code == 302 and response["Location"] == TOKENS
    assert ApiToken.objects.get(pk=token.pk).revoked_at is not None
    assert a_move(api, world, key) == 401
    assert client.post(url).status_code == 404  # revoked already


def test_anothers_token_cannot_be_revoked(world: World) -> None:
    eve, fay = User.objects.get(username="eve"), User.objects.get(username="fay")
    token, _key = ApiToken.issue(owner=eve, name="bot", scope=Scope.PLAY)
    response = logged_in(fay).post(reverse("api_tokens:revoke", args=[token.pk]))
    assert response.status_code == 404
    assert ApiToken.objects.get(pk=token.pk).revoked_at is None
    assert fay.username not in logged_in(eve).get(TOKENS).content.decode()


def test_an_unknown_key_and_an_inactive_account_are_refused(world: World, api: Client) -> None:
    eve = User.objects.get(username="eve")
    _token, key = ApiToken.issue(owner=eve, name="bot", scope=Scope.PLAY)
    assert a_move(api, world, key + "x") == 401
    assert a_move(api, world, "") == 401
    User.objects.filter(pk=eve.pk).update(is_active=False)
    assert a_move(api, world, key) == 401
    User.objects.filter(pk=eve.pk).update(is_active=True)
    assert a_move(api, world, key) == 200


def test_last_used_is_written_at_most_once_a_minute(world: World) -> None:
    eve = User.objects.get(username="eve")
    token, key = ApiToken.issue(owner=eve, name="bot", scope=Scope.PLAY)
    found = ApiToken.find(key)
    assert found is not None
    found.touch()
    first = ApiToken.objects.get(pk=token.pk).last_used
    assert first is not None
    ApiToken.find(key).touch()  # within the minute: not written
    assert ApiToken.objects.get(pk=token.pk).last_used == first
    ApiToken.objects.filter(pk=token.pk).update(last_used=first - timedelta(minutes=2))
    ApiToken.find(key).touch()
    assert ApiToken.objects.get(pk=token.pk).last_used > first - timedelta(minutes=2)


def test_the_arbitrate_scope_is_offered_to_arbiters_only(world: World) -> None:
    assert 'value="arbitrate"' in logged_in(world.arbiter).get(TOKENS).content.decode()
    eve = User.objects.get(username="eve")
    client = logged_in(eve)
    assert 'value="arbitrate"' not in client.get(TOKENS).content.decode()
    response = client.post(TOKENS, {"name": "sneaky", "scope": "arbitrate"})
    assert response.status_code == 200
    assert not ApiToken.objects.filter(owner=eve).exists()


def test_the_page_is_for_logged_in_users_behind_csrf(world: World) -> None:
    anonymous = Client()
    for url in (TOKENS, reverse("api_tokens:revoke", args=[1])):
        response = anonymous.get(url)
        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
        assert anonymous.post(url).status_code == 302
    eve = User.objects.get(username="eve")
    strict = logged_in(eve, enforce_csrf_checks=True)
    assert strict.post(TOKENS, {"name": "x", "scope": "play"}).status_code == 403
    assert not ApiToken.objects.filter(owner=eve).exists()


def test_the_account_page_links_to_the_tokens(world: World) -> None:
    page = logged_in(User.objects.get(username="eve")).get(reverse("accounts:my_player"))
    assert f'href="{TOKENS}"' in page.content.decode()


def test_a_write_without_a_token_is_401_never_a_csrf_page(world: World) -> None:
    """The API is token-authorised: a session (even with its CSRF token) does not write."""
    eve = User.objects.get(username="eve")
    for client in (Client(enforce_csrf_checks=True), logged_in(eve, enforce_csrf_checks=True)):
        response = client.post(
            f"/api/v1/games/{world.casual.pk}/moves",
            json.dumps({"notation": "C3=O"}),
            content_type="application/json",
        )
        assert response.status_code == 401
        assert response["Content-Type"] == "application/problem+json"
