"""The home page's list of live games, and logging in and out with django.contrib.auth."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.models import Player
from tests.conftest import GameFactory
from tests.views.conftest import PASSWORD
from tests.views.helpers import body, form_data, parse, play

pytestmark = pytest.mark.django_db

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


# -- home ------------------------------------------------------------------------------------------


def test_home_lists_the_games_being_played(
    client: Client, new_game: GameFactory, carol: Player, alice: Player
) -> None:
    waiting = new_game("uttt")
    playing = play(new_game("sos", players=[carol, alice]), "A1=S")
    finished = play(new_game("sos", mode="first"), "A1=S", "B1=O", "C1=S")
    page = parse(client.get("/", **EN))
    live = page.find("ul", cls="live-games")
    items = {li.find("a").attrs["href"]: li.text() for li in live.find_all("li")}
    assert set(items) == {waiting.get_absolute_url(), playing.get_absolute_url()}
    assert items[playing.get_absolute_url()] == f"Game {playing.pk} · SOS · Carol — Alice"
    assert "Ultimate tic-tac-toe" in items[waiting.get_absolute_url()]
    assert finished.get_absolute_url() not in body(client.get("/"))


def test_home_in_russian_names_the_games(client: Client, new_game: GameFactory) -> None:
    game = new_game("uttt")
    live = parse(client.get("/")).find("ul", cls="live-games")
    assert live.text() == f"Игра {game.pk} · Тактические крестики-нолики · Alice — Борис"


def test_home_without_live_games(client: Client, new_game: GameFactory) -> None:
    play(new_game("sos", mode="first"), "A1=S", "B1=O", "C1=S")
    page = parse(client.get("/", **EN))
    assert not page.has("ul", cls="live-games")
    assert "No games are being played right now." in page.text()


def test_home_offers_a_new_game_only_when_logged_in(
    client: Client, alice_client: Client, db: None
) -> None:
    assert not parse(client.get("/")).has("a", href="/games/new/")
    assert parse(alice_client.get("/")).has("a", href="/games/new/")


# -- logging in and out ----------------------------------------------------------------------------


def login_form(client: Client, url: str = "/accounts/login/") -> dict[str, str]:
    page = parse(client.get(url, **EN))
    return form_data(page.find("form", action="/accounts/login/"))


def test_the_login_page_renders(client: Client, db: None) -> None:
    response = client.get("/accounts/login/", **EN)
    page = parse(response)
    form = page.find("form", action="/accounts/login/")
    assert form.attrs["method"] == "post"
    assert form.has("input", name="username")
    assert form.find("input", name="password").attrs["type"] == "password"
    assert form.has("input", name="csrfmiddlewaretoken")
    assert page.find("h1").text() == "Log in"


def test_logging_in(alice: Player) -> None:
    client = Client(enforce_csrf_checks=True)
    data = {**login_form(client), "username": "alice", "password": PASSWORD}
    response = client.post("/accounts/login/", data)
    assert response.status_code == 302
    assert response["Location"] == "/"
    page = parse(client.get("/", **EN))
    assert page.find("span", cls="account__name").text() == "alice"
    assert int(client.session["_auth_user_id"]) == alice.user_id


def test_logging_in_returns_to_the_next_page(alice: Player, new_game: GameFactory) -> None:
    game = new_game("uttt")
    client = Client(enforce_csrf_checks=True)
    form = login_form(client, f"/accounts/login/?next={game.get_absolute_url()}")
    assert form["next"] == game.get_absolute_url()
    response = client.post("/accounts/login/", {**form, "username": "alice", "password": PASSWORD})
    assert response.status_code == 302
    assert response["Location"] == game.get_absolute_url()
    # Alice moves first: now she gets the board's buttons.
    assert parse(client.get(game.get_absolute_url())).has("button", name="cell")


def test_a_wrong_password_is_refused(client: Client, alice: Player) -> None:
    data = {"username": "alice", "password": "wrong"}
    response = client.post("/accounts/login/", data, **EN)
    assert response.status_code == 200
    assert (
        "Your username and password didn't match." in parse(response).find("p", cls="error").text()
    )
    assert "_auth_user_id" not in client.session


def test_the_header_has_a_login_link_for_visitors(client: Client, db: None) -> None:
    page = parse(client.get("/games/?show=finished"))
    account = page.find("div", cls="account")
    link = account.find("a")
    assert link.attrs["href"] == "/accounts/login/?next=/games/%3Fshow%3Dfinished"
    assert not account.has("form")


def test_logout_is_a_post_form_in_the_header(alice: Player) -> None:
    client = Client(enforce_csrf_checks=True)
    assert isinstance(alice.user, User)
    client.force_login(alice.user)
    page = parse(client.get("/", **EN))
    header = page.find("header", cls="site-header")
    form = header.find("form", action="/accounts/logout/")
    assert form.attrs["method"] == "post"
    assert form.find("button").text() == "Log out"
    response = client.post("/accounts/logout/", form_data(form))
    assert response.status_code == 302
    assert response["Location"] == "/"
    assert "_auth_user_id" not in client.session
    assert (
        parse(client.get("/")).find("div", cls="account").has("a", href="/accounts/login/?next=/")
    )


def test_logout_by_get_is_not_allowed(alice_client: Client) -> None:
    assert alice_client.get("/accounts/logout/").status_code == 405
    assert "_auth_user_id" in alice_client.session
