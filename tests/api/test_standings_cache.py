"""The standings are computed once for the same inputs and kept in the cache (api/http.py
``cached_conditional``): whatever they are computed from changes the answer at once."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from games import player_services
from tests.api.conftest import World
from tests.tournaments import helpers as h
from tournaments import queries
from tournaments.acts import round_times, services, tournament_settings

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


# Every tournament read: its ETag is made of the tournament's change stamp (and, for the rounds,
# of its games' moves), so a 304 reads the tournament's row alone (and the games' plies).
def reads(world: World) -> dict[str, tuple[str, int]]:
    base = f"/api/v1/tournaments/{world.robin.pk}"
    entry = world.robin.entries.order_by("pk").first()
    return {
        "tournament": (base, 1),
        "entries": (f"{base}/entries", 1),
        "standings": (f"{base}/standings", 1),
        "standing": (f"{base}/standings/{entry.pk}", 1),
        "crosstable": (f"{base}/crosstable", 1),
        "rounds": (f"{base}/rounds", 2),
        "round": (f"{base}/rounds/2", 2),
    }


@pytest.mark.parametrize(
    "read", ["tournament", "entries", "standings", "standing", "crosstable", "rounds", "round"]
)
def test_a_304_costs_a_fixed_few_queries(
    world: World, api: Client, read: str, django_assert_num_queries: Any
) -> None:
    url, queries_304 = reads(world)[read]
    etag = api.get(url)["ETag"]
    with django_assert_num_queries(queries_304):
        again = api.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again["ETag"] == etag


def settings_changed(world: World) -> None:
    tournament_settings.update_tournament(
        tournament=world.robin, user=world.arbiter, changes={"points_win": "3"}
    )


def round_time_changed(world: World) -> None:
    start = timezone.make_aware(datetime.datetime(2026, 3, 3, 10, 0))  # the robin's last day
    round_times.set_round_times(tournament=world.robin, user=world.arbiter, starts={3: start})


def result_entered(world: World) -> None:
    h.enter_results(world.robin.round_set.get(number=2), world.arbiter, "0-1")


def player_renamed(world: World) -> None:
    entry = world.robin.entries.select_related("player").order_by("pk").first()
    player_services.update_player(player=entry.player, name="Renamed", rating=1234)


def round_paired(world: World) -> None:
    rnd = world.robin.round_set.get(number=2)
    h.enter_results(rnd, world.arbiter)
    services.finish_round(round=rnd, user=world.arbiter)
    h.pair(world.robin, world.arbiter)


# Each change, the reads it must renew (with what the first of them shows now).
CHANGES: dict[str, tuple[Callable[[World], None], list[str], Callable[[str], bool]]] = {
    "settings": (settings_changed, ["tournament", "standings"], lambda body: '"win":3.0' in body),
    "round time": (round_time_changed, ["rounds"], lambda body: '"starts_at":"' in body),
    "result": (result_entered, ["standings", "rounds", "crosstable"], lambda body: True),
    "rename": (
        player_renamed,
        ["entries", "standings", "standing", "rounds", "crosstable"],
        lambda body: "Renamed" in body,
    ),
    "paired": (round_paired, ["rounds", "standings"], lambda body: '"paired":true' in body),
}


@pytest.mark.parametrize("change", list(CHANGES))
def test_a_change_answers_200_with_a_new_etag_and_the_new_data(
    world: World, api: Client, change: str
) -> None:
    act, renewed, shows = CHANGES[change]
    urls = {read: url for read, (url, _n) in reads(world).items() if read in renewed}
    before = {read: api.get(url) for read, url in urls.items()}
    act(world)
    for read, url in urls.items():
        again = api.get(url, HTTP_IF_NONE_MATCH=before[read]["ETag"])
        assert again.status_code == 200, read
        assert again["ETag"] != before[read]["ETag"] and again.content != before[read].content
    first = api.get(urls[renewed[0]])
    assert first.status_code == 200 and shows(first.content.decode())


def test_a_move_in_a_tournament_game_renews_the_rounds(db: None, api: Client) -> None:
    arbiter = h.make_creator("mover")
    t = h.new_tournament(arbiter, name="Live Cup", online=True)
    h.register_all(t, arbiter, [("Kim", None), ("Lev", None)], account=True)
    rnd = h.pair(t, arbiter)
    game = h.boards(rnd)[0].game
    urls = [f"/api/v1/tournaments/{t.pk}/rounds", f"/api/v1/tournaments/{t.pk}/rounds/1"]
    before = [api.get(url) for url in urls]
    h.play(game, "A1=S")
    for url, first in zip(urls, before, strict=True):
        again = api.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
        assert again.status_code == 200 and again["ETag"] != first["ETag"]
        assert again.json() != first.json()  # the board's version has the move's ply
