"""The games' reads: players, games with their moves and position, the game kinds."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from games import kinds, services
from games.models import Game, Player
from tests.api.conftest import World
from tests.tournaments import helpers as h

pytestmark = pytest.mark.django_db


def test_the_players_searched_and_paginated(world: World, api: Client) -> None:
    answer = api.get("/api/v1/players?page_size=4").json()
    assert answer["count"] == Player.objects.count() and answer["pages"] > 1
    assert len(answer["items"]) == 4
    found = api.get("/api/v1/players?q=fAt").json()
    assert [p["name"] for p in found["items"]] == ["Fatima"]
    fatima = found["items"][0]
    assert api.get(f"/api/v1/players/{fatima['id']}").json() == fatima
    assert fatima["url"] == f"/players/{fatima['id']}/"
    assert api.get("/api/v1/players/1000000").status_code == 404


def test_the_games_listed_as_the_site_lists_them(world: World, api: Client) -> None:
    active = api.get("/api/v1/games").json()
    assert {g["id"] for g in active["items"]} == set(
        Game.objects.filter(status__in=("waiting", "in_progress")).values_list("pk", flat=True)
    )
    finished = api.get("/api/v1/games?show=finished").json()
    assert {g["result"] for g in finished["items"]} == {"1-0"}
    eve = Player.objects.get(name="Eve")
    hers = api.get(f"/api/v1/games?player={eve.pk}").json()
    assert [g["id"] for g in hers["items"]] == [world.casual.pk]
    assert [s["name"] for s in hers["items"][0]["seats"]] == ["Eve", "Fay"]
    assert api.get("/api/v1/games?show=everything").status_code == 400


def test_the_game_list_reads_in_a_fixed_number_of_queries(
    world: World, api: Client, django_assert_max_num_queries: Any
) -> None:
    with django_assert_max_num_queries(4):
        assert api.get("/api/v1/games").status_code == 200
    with django_assert_max_num_queries(3):
        assert api.get("/api/v1/players").status_code == 200


def test_a_game_with_its_moves_and_position(world: World, api: Client) -> None:
    game = api.get(f"/api/v1/games/{world.casual.pk}").json()
    assert game["kind"] == "sos" and game["status"] == "in_progress"
    assert [(m["ply"], m["seat"], m["notation"]) for m in game["moves"]] == [
        (1, 0, "A1=S"),
        (2, 1, "B1=O"),
    ]
    position = game["position"]
    assert position["rows"][0] == ["S", "O", ""] + [""] * (len(position["rows"][0]) - 3)
    assert position["to_move"] == 0
    assert "C1=S" in position["legal_moves"] and "A1=S" not in position["legal_moves"]
    assert game["rules"] == kinds.get("sos").summary(world.casual.options)
    assert game["clock"] is None and game["winners"] is None


def test_a_finished_game_scores_its_sos(world: World, api: Client) -> None:
    h.play(world.casual, "C1=S")  # S-O-S: seat 0 scores and plays again
    game = api.get(f"/api/v1/games/{world.casual.pk}").json()
    assert [s["score"] for s in game["seats"]] == [1, 0]
    assert game["moves"][-1]["points"] == 1
    assert game["position"]["to_move"] == 0


def test_an_ultimate_game_lists_its_small_boards(world: World, api: Client) -> None:
    eve, fay = Player.objects.filter(name__in=("Eve", "Fay")).order_by("name")
    game = services.create_game(kind="uttt", options={}, players=[eve, fay])
    game = h.play(game, "E5")
    answer = api.get(f"/api/v1/games/{game.pk}").json()
    assert answer["seats"][0]["mark"] == "X"
    assert answer["position"]["rows"][4][4] == "X"
    assert answer["position"]["small_boards"] == ["open"] * 9


def test_a_missing_game_is_a_404_problem(world: World, api: Client) -> None:
    for pk in (10**6, 99999999999999999999):
        response = api.get(f"/api/v1/games/{pk}")
        assert response.status_code == 404
        assert response["Content-Type"] == "application/problem+json"


def test_the_kinds_and_their_rules(world: World, api: Client) -> None:
    answer = api.get("/api/v1/kinds").json()
    assert [k["value"] for k in answer] == [k.value for k in kinds.all_kinds()]
    sos = api.get("/api/v1/kinds/sos").json()
    assert sos["letters"] == ["S", "O"] and sos["points"] is True
    assert [o["name"] for o in sos["options"]] == list(kinds.get("sos").option_names)
    mode = next(o for o in sos["options"] if o["name"] == "mode")
    assert [c[0] for c in mode["choices"]] == ["most", "first"]
    assert api.get("/api/v1/kinds/chess").status_code == 404
