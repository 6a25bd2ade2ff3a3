"""The standings are computed once for the same inputs and kept in the cache (api/http.py
``cached_conditional``): whatever they are computed from changes the answer at once."""

from __future__ import annotations

import pytest
from django.test import Client

from games import player_services
from tests.api.conftest import World
from tests.tournaments import helpers as h
from tournaments import queries

pytestmark = pytest.mark.django_db


def points(api: Client, world: World) -> dict[int, float]:
    rows = api.get(f"/api/v1/tournaments/{world.robin.pk}/standings").json()["rows"]
    return {row["entry"]: row["points"] for row in rows}


def test_a_result_is_in_the_next_answer_not_the_cached_one(world: World, api: Client) -> None:
    before = points(api, world)
    h.enter_results(world.robin.round_set.get(number=2), world.arbiter, "0-1")
    after = points(api, world)
    assert after != before
    table = queries.standings(h.reload(world.robin))
    assert after == {row.entry: row.points for row in table.rows}


def test_a_players_new_name_is_in_the_next_answer(world: World, api: Client) -> None:
    url = f"/api/v1/tournaments/{world.robin.pk}/standings"
    first = api.get(url)
    entry = world.robin.entries.select_related("player").first()
    player_services.update_player(player=entry.player, name="Renamed")
    again = api.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200
    assert "Renamed" in {row["name"] for row in again.json()["rows"]}


def test_the_same_inputs_answer_the_cached_bytes(world: World, api: Client) -> None:
    url = f"/api/v1/tournaments/{world.robin.pk}/standings"
    first, second = api.get(url), api.get(url)
    assert first.content == second.content and first["ETag"] == second["ETag"]
    assert api.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
