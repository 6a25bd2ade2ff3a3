"""Bots (api/bots.py): the "bot" badge, ``GET /api/v1/bot/turns`` (now and long-polled) and
who may ask it."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client

from api import bots
from api.models import ApiToken, BotAccount, Scope
from games import services as game_services
from games.models import Game
from tests import factories
from tests.api.conftest import World, bearer
from tests.tournaments import helpers as h

TURNS = "/api/v1/bot/turns"


def key_of(user: User, scope: str = Scope.PLAY) -> str:
    return ApiToken.issue(owner=user, name="bot", scope=scope)[1]


def eve_and_fay(world: World) -> tuple[User, User]:
    seats = world.casual.seats.select_related("player__user").order_by("number")
    return seats[0].player.user, seats[1].player.user


def turns(api: Client, key: str | None, **params: Any) -> Any:
    return api.get(TURNS, params, **(bearer(key) if key else {}))


# -- turns now -----------------------------------------------------------------------------------


def test_turns_list_the_games_where_it_is_my_move(world: World, api: Client) -> None:
    eve, fay = eve_and_fay(world)
    answer = turns(api, key_of(eve))
    assert answer.status_code == 200
    [turn] = answer.json()["turns"]
    assert (turn["game"], turn["kind"], turn["seat"], turn["ply"]) == (world.casual.pk, "sos", 0, 2)
    assert "C1=S" in turn["position"]["legal_moves"]
    assert turn["position"]["to_move"] == 0
    assert turn["clock"] is None
    assert turns(api, key_of(fay)).json() == {"turns": []}


def test_a_bot_gets_its_turn_once_the_person_has_moved(world: World, api: Client) -> None:
    _eve, fay = eve_and_fay(world)
    BotAccount.objects.create(user=fay)
    key = key_of(fay)
    assert turns(api, key, wait=0).json()["turns"] == []
    h.play(world.casual, "C3=O")
    [turn] = turns(api, key, wait=0).json()["turns"]
    assert (turn["game"], turn["seat"], turn["ply"]) == (world.casual.pk, 1, 3)


def test_a_finished_game_is_no_turn(world: World, api: Client) -> None:
    eve, _fay = eve_and_fay(world)
    game_services.annul(game=Game.objects.get(pk=world.casual.pk))
    assert turns(api, key_of(eve)).json() == {"turns": []}


@pytest.mark.parametrize("wait", ["-1", "soon", "1.5"])
def test_a_bad_wait_is_a_400_problem(world: World, api: Client, wait: str) -> None:
    eve, _fay = eve_and_fay(world)
    answer = turns(api, key_of(eve), wait=wait)
    assert answer.status_code == 400
    assert answer.json()["invalid_params"] == ["wait"]


def test_a_long_wait_is_capped_by_the_setting(world: World, api: Client, settings: Any) -> None:
    settings.API_BOT_WAIT_MAX = 0  # no long poll: a wait of an hour answers at once
    _eve, fay = eve_and_fay(world)
    assert turns(api, key_of(fay), wait=3600).json() == {"turns": []}


# -- who may ask ---------------------------------------------------------------------------------

ROLES = {
    "none": 401,
    "revoked": 401,
    "inactive": 401,
    "arbitrate": 403,
    "person_play": 200,
    "bot_play": 200,
    "no_player": 200,
}


def role_key(world: World, role: str) -> str | None:
    eve, fay = eve_and_fay(world)
    if role == "none":
        return None
    if role == "revoked":
        token, key = ApiToken.issue(owner=fay, name="old", scope=Scope.PLAY)
        token.revoke()
        return key
    if role == "inactive":
        key = key_of(fay)
        User.objects.filter(pk=fay.pk).update(is_active=False)
        return key
    if role == "arbitrate":
        return key_of(world.arbiter, Scope.ARBITRATE)
    if role == "bot_play":
        BotAccount.objects.create(user=eve)
        return key_of(eve)
    if role == "no_player":
        return key_of(factories.make_user("script"))
    return key_of(eve)


@pytest.mark.parametrize("role", sorted(ROLES))
def test_turns_for_every_role(world: World, api: Client, role: str) -> None:
    answer = turns(api, role_key(world, role))
    assert answer.status_code == ROLES[role], answer.content
    if answer.status_code == 200:
        expected = [world.casual.pk] if role in ("person_play", "bot_play") else []
        assert [t["game"] for t in answer.json()["turns"]] == expected
    else:
        assert answer["Content-Type"] == "application/problem+json"


def test_turns_are_in_the_schema_with_their_security(api: Client) -> None:
    schema = api.get("/api/v1/openapi.json").json()
    operation = schema["paths"]["/api/v1/bot/turns"]["get"]
    assert operation["security"]
    assert {"200", "401", "403", "429"} <= set(map(str, operation["responses"]))
    assert [p["name"] for p in operation["parameters"]] == ["wait"]


# -- the long poll -------------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_a_long_poll_answers_the_move_another_thread_makes(monkeypatch: Any) -> None:
    monkeypatch.setattr(bots, "CHECK_EVERY", 0.05)
    eve = factories.make_user("eve")
    bot = factories.make_user("bot")
    BotAccount.objects.create(user=bot)
    game = game_services.create_game(
        kind="sos",
        options={},
        players=[factories.make_player("Eve", eve), factories.make_player("Bot", bot)],
    )
    key = key_of(bot)
    started = threading.Event()

    def person_moves() -> None:
        try:
            started.wait(5)
            game_services.submit_move(game=game, user=eve, notation="A1=S", expected_ply=0)
        finally:
            connection.close()

    mover = threading.Thread(target=person_moves)
    mover.start()
    started.set()
    answer = turns(Client(), key, wait=20)
    mover.join()
    [turn] = answer.json()["turns"]
    assert (turn["game"], turn["seat"], turn["ply"]) == (game.pk, 1, 1)
    assert "A1=S" not in turn["position"]["legal_moves"]


# -- the badge -----------------------------------------------------------------------------------


def test_the_game_page_shows_a_bots_badge(world: World) -> None:
    _eve, fay = eve_and_fay(world)
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    url = world.casual.get_absolute_url()
    assert 'class="badge player-tag"' not in client.get(url).content.decode()
    BotAccount.objects.create(user=fay)
    page = client.get(url).content.decode()
    assert '<bdi>Fay</bdi></a> <span class="badge player-tag">bot</span>' in page
    assert '<bdi>Eve</bdi></a> <span class="badge player-tag">' not in page


def test_the_players_list_shows_a_bots_badge_translated(world: World) -> None:
    _eve, fay = eve_and_fay(world)
    BotAccount.objects.create(user=fay)
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.cookies["django_language"] = "ru"
    page = client.get("/players/?q=Fay").content.decode()
    assert '<bdi>Fay</bdi></a> <span class="badge player-tag">бот</span>' in page
    own = client.get(fay.player.get_absolute_url()).content.decode()
    assert '<bdi>Fay</bdi> <span class="badge player-tag">бот</span></h1>' in own
    other = client.get("/players/?q=Eve").content.decode()
    assert 'class="badge player-tag"' not in other


def test_is_bot(world: World) -> None:
    eve, fay = eve_and_fay(world)
    BotAccount.objects.create(user=fay)
    assert bots.is_bot(fay) and not bots.is_bot(eve) and not bots.is_bot(None)


# -- the minimal bot of the docs -----------------------------------------------------------------


def test_the_docs_minimal_bot_is_the_tested_file() -> None:
    root = Path(__file__).resolve().parents[2]
    docs = (root / "docs" / "api.md").read_text(encoding="utf-8")
    section = docs.split("### A minimal bot in Python", 1)[1]
    block = section.split("```python\n", 1)[1].split("```", 1)[0]
    assert block == (root / "tests" / "api" / "minibot.py").read_text(encoding="utf-8")
