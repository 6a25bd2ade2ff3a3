"""Every state-changing POST without a valid CSRF token is refused (403), with nothing changed.

Each request is made by someone allowed to make it, so the 403 can only be the CSRF check's.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.models import Game, Move, Player
from tests.security.conftest import EN, PASSWORD, Club
from tests.security.test_arbiter import ACTION_IDS, ACTIONS, Action, snapshot
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def csrf_client(user: User | None = None) -> Client:
    client = Client(enforce_csrf_checks=True, **EN)
    if user is not None:
        client.force_login(user)
    return client


def page_token(client: Client, url: str = "/accounts/login/") -> str:
    """A valid token, as a page hands it out (and the cookie that goes with it)."""
    response = client.get(url)
    assert response.status_code == 200
    return client.cookies["csrftoken"].value


def logged_in_as(client: Client) -> Any:
    return client.session.get("_auth_user_id")


# -- the site's own forms ------------------------------------------------------------------------


def test_login_without_a_token(alice: Player) -> None:
    client = csrf_client()
    response = client.post("/accounts/login/", {"username": "alice", "password": PASSWORD})
    assert response.status_code == 403
    assert logged_in_as(client) is None


def test_login_with_a_forged_token(alice: Player) -> None:
    client = csrf_client()
    page_token(client)
    data = {"username": "alice", "password": PASSWORD, "csrfmiddlewaretoken": "x" * 64}
    assert client.post("/accounts/login/", data).status_code == 403
    assert logged_in_as(client) is None


def test_logout_without_a_token(alice: Player) -> None:
    client = csrf_client(alice.user)
    assert client.post("/accounts/logout/").status_code == 403
    assert logged_in_as(client) == str(alice.user_id)


def test_language_switch_without_a_token(db: None) -> None:
    client = csrf_client()
    response = client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert response.status_code == 403
    assert "django_language" not in client.cookies


def test_move_without_a_token(alice: Player, game: Game) -> None:
    client = csrf_client(alice.user)
    assert client.post(f"/games/{game.pk}/move/", {"cell": "E5"}).status_code == 403
    assert not Move.objects.filter(game=game).exists()


def test_new_game_without_a_token(alice: Player, boris: Player) -> None:
    client = csrf_client(alice.user)
    data = {"kind": "uttt", "players": [str(alice.pk), str(boris.pk)]}
    assert client.post("/games/new/", data).status_code == 403
    assert not Game.objects.exists()


def test_new_player_without_a_token(superuser: User) -> None:
    client = csrf_client(superuser)
    assert client.post("/players/new/", {"name": "Sneaky"}).status_code == 403
    assert not Player.objects.filter(name="Sneaky").exists()


def test_new_tournament_without_a_token(superuser: User) -> None:
    client = csrf_client(superuser)
    data = {"name": "Sneaky Open", "kind": "sos", "format": "swiss", "rounds": "3"}
    assert client.post("/tournaments/new/", data).status_code == 403
    assert not Tournament.objects.filter(name="Sneaky Open").exists()


def test_admin_login_without_a_token(superuser: User) -> None:
    client = csrf_client()
    response = client.post("/admin/login/", {"username": "root", "password": PASSWORD})
    assert response.status_code == 403
    assert logged_in_as(client) is None


@pytest.mark.parametrize("action", ACTIONS, ids=ACTION_IDS)
def test_arbiter_actions_without_a_token(club_a: Club, action: Action) -> None:
    action.prepare(club_a)
    client = csrf_client(club_a.arbiter)
    before = snapshot(club_a.tournament)
    url, data = action.request(club_a)
    assert client.post(url, data).status_code == 403
    assert not action.done(club_a)
    assert snapshot(club_a.tournament) == before


# -- a valid token is not enough from another site -----------------------------------------------


def test_a_valid_token_from_another_origin_is_refused(alice: Player, game: Game) -> None:
    client = csrf_client(alice.user)
    token = page_token(client, game.get_absolute_url())
    data = {"cell": "E5", "csrfmiddlewaretoken": token}
    response = client.post(f"/games/{game.pk}/move/", data, HTTP_ORIGIN="https://evil.example")
    assert response.status_code == 403
    assert not Move.objects.filter(game=game).exists()


def test_the_same_request_with_its_token_passes(alice: Player, game: Game) -> None:
    """The control: the token from the page, from the site's own origin, is accepted."""
    client = csrf_client(alice.user)
    token = page_token(client, game.get_absolute_url())
    data = {"cell": "E5", "csrfmiddlewaretoken": token}
    response = client.post(f"/games/{game.pk}/move/", data, HTTP_ORIGIN="http://testserver")
    assert response.status_code == 302
    assert Move.objects.filter(game=game).count() == 1


def test_the_cookies_are_not_sent_with_cross_site_posts(alice: Player) -> None:
    """SameSite=Lax on the CSRF and session cookies, and the session out of scripts' reach."""
    client = csrf_client()
    token = page_token(client)
    data = {"username": "alice", "password": PASSWORD, "csrfmiddlewaretoken": token}
    assert client.post("/accounts/login/", data).status_code == 302
    assert client.cookies["csrftoken"]["samesite"] == "Lax"
    session = client.cookies["sessionid"]
    assert session["samesite"] == "Lax"
    assert session["httponly"] is True
