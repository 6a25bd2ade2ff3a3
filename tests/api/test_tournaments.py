"""The tournaments' reads: the list (filters, pagination), one tournament, its entries, rounds,
standings with their explanations and crosstable, each as the site's pages show them."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from tests.api.conftest import PLAYERS, SWISS, World
from tournaments import queries

pytestmark = pytest.mark.django_db


def names(answer: dict[str, Any]) -> list[str]:
    return [item["name"] for item in answer["items"]]


def test_the_list_has_every_tournament_newest_first(world: World, api: Client) -> None:
    answer = api.get("/api/v1/tournaments").json()
    assert answer["count"] == 3
    assert names(answer) == ["Autumn Cup", "Spring Swiss", "Round Robin Cup"]
    robin = answer["items"][2]
    assert robin["kind"] == "sos" and robin["kind_label"] == "SOS"
    assert robin["format"] == "round_robin" and robin["has_crosstable"] is True
    assert robin["status"] == "running" and robin["status_label"] == "Running"
    assert robin["start_date"] == "2026-03-01" and robin["end_date"] == "2026-03-03"
    assert robin["points"] == {"win": 1.0, "draw": 0.5, "loss": 0.0, "bye": 1.0}
    assert robin["url"] == world.robin.get_absolute_url()
    assert answer["items"][1]["has_crosstable"] is False


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("kind=uttt", ["Spring Swiss"]),
        ("kind=sos", ["Autumn Cup", "Round Robin Cup"]),
        ("format=round_robin", ["Round Robin Cup"]),
        ("status=running", ["Spring Swiss", "Round Robin Cup"]),
        ("status=registration", ["Autumn Cup"]),
        ("date_from=2026-03-03", ["Autumn Cup", "Spring Swiss", "Round Robin Cup"]),
        ("date_from=2026-03-04", ["Autumn Cup", "Spring Swiss"]),
        ("date_to=2026-05-10", ["Spring Swiss", "Round Robin Cup"]),
        ("date_from=2026-04-01&date_to=2026-06-01", ["Spring Swiss"]),
        ("kind=chess", []),
    ],
)
def test_the_list_filters(world: World, api: Client, query: str, expected: list[str]) -> None:
    answer = api.get(f"/api/v1/tournaments?{query}").json()
    assert names(answer) == expected
    assert answer["count"] == len(expected)


def test_the_list_is_paginated(world: World, api: Client) -> None:
    first = api.get("/api/v1/tournaments?page_size=2").json()
    second = api.get("/api/v1/tournaments?page_size=2&page=2").json()
    past = api.get("/api/v1/tournaments?page_size=2&page=3").json()
    assert (first["count"], first["pages"], first["page"]) == (3, 2, 1)
    assert names(first) + names(second) == ["Autumn Cup", "Spring Swiss", "Round Robin Cup"]
    assert past["items"] == [] and past["count"] == 3


@pytest.mark.parametrize(
    "query", ["page=0", "page=abc", "page_size=0", "page_size=101", "date_from=yesterday"]
)
def test_a_bad_parameter_is_a_problem(world: World, api: Client, query: str) -> None:
    response = api.get(f"/api/v1/tournaments?{query}")
    assert response.status_code == 400
    assert response["Content-Type"] == "application/problem+json"
    problem = response.json()
    assert problem["status"] == 400 and problem["code"] == "bad_request"
    assert problem["invalid_params"] == [query.split("=")[0]]


def test_the_list_reads_in_a_fixed_number_of_queries(
    world: World, api: Client, django_assert_max_num_queries: Any
) -> None:
    with django_assert_max_num_queries(3):
        assert api.get("/api/v1/tournaments").status_code == 200


def test_one_tournament_and_its_entries(world: World, api: Client) -> None:
    t = api.get(f"/api/v1/tournaments/{world.swiss.pk}").json()
    assert t["name"] == "Spring Swiss" and t["kind"] == "uttt" and t["rounds"] == 3
    entries = api.get(f"/api/v1/tournaments/{world.robin.pk}/entries").json()
    assert sorted(e["name"] for e in entries) == sorted(PLAYERS)
    assert [e["rank"] for e in entries] == [1, 2, 3, 4]


@pytest.mark.parametrize(
    "path", ["", "/entries", "/rounds", "/rounds/1", "/standings", "/standings/1", "/crosstable"]
)
def test_a_missing_tournament_is_a_404_problem(world: World, api: Client, path: str) -> None:
    for pk in (10**6, 99999999999999999999):
        response = api.get(f"/api/v1/tournaments/{pk}{path}")
        assert response.status_code == 404, path
        assert response["Content-Type"] == "application/problem+json"
        assert response.json()["instance"] == f"/api/v1/tournaments/{pk}{path}"


def test_the_rounds_with_their_pairings_and_results(world: World, api: Client) -> None:
    answer = api.get(f"/api/v1/tournaments/{world.robin.pk}/rounds").json()
    rounds = answer["rounds"]
    # The round robin publishes its schedule: round 3 is there, not paired yet.
    assert [(r["number"], r["status"], r["paired"]) for r in rounds] == [
        (1, "finished", True),
        (2, "paired", True),
        (3, "pending", False),
    ]
    schedule = queries.schedule(world.robin)
    for got, want in zip(rounds, schedule, strict=True):
        assert [(b["first"]["entry"], b["second"]["entry"]) for b in got["boards"]] == [
            (b.first.pk, b.second.pk) for b in want.boards
        ]
    assert {b["result"] for b in rounds[0]["boards"]} == {"1-0"}
    assert {b["result"] for b in rounds[1]["boards"]} == {""}
    assert all(b["game"] for b in rounds[1]["boards"])
    assert all(b["game"] is None for b in rounds[2]["boards"])


def test_one_round_and_its_bye(world: World, api: Client) -> None:
    rnd = api.get(f"/api/v1/tournaments/{world.swiss.pk}/rounds/1").json()
    assert rnd["number"] == 1 and len(rnd["boards"]) == 3
    byes = [b for b in rnd["boards"] if b["second"] is None]
    assert len(byes) == 1 and byes[0]["first"]["name"] in SWISS
    assert api.get(f"/api/v1/tournaments/{world.swiss.pk}/rounds/2").status_code == 404


def test_the_standings_are_the_pages(world: World, api: Client) -> None:
    answer = api.get(f"/api/v1/tournaments/{world.robin.pk}/standings").json()
    table = queries.standings(world.robin)
    assert answer["rounds_played"] == table.rounds_played
    assert [t["key"] for t in answer["tiebreaks"]] == [k for k, _label, _abbr in table.labels]
    assert [(r["entry"], r["place_label"], r["points"]) for r in answer["rows"]] == [
        (row.entry, row.place_label, row.points) for row in table.rows
    ]
    for got, row in zip(answer["rows"], table.rows, strict=True):
        assert list(got["tiebreaks"].values()) == list(row.tiebreaks)


def test_one_line_of_the_standings_explained(world: World, api: Client) -> None:
    table = queries.standings(world.robin)
    row = table.rows[0]
    answer = api.get(f"/api/v1/tournaments/{world.robin.pk}/standings/{row.entry}").json()
    assert answer["row"]["entry"] == row.entry
    explained = table.explain(row.entry)
    assert [e["key"] for e in answer["explanations"]] == [e["key"] for e in explained]
    wins = next(e for e in answer["explanations"] if e["key"] == "wins")
    assert wins["value"] == 1.0
    assert [(t["round"], t["kind"]) for t in wins["terms"]] == [(1, "played")]
    assert wins["terms"][0]["opponent"] in PLAYERS
    other = world.swiss.entries.first().pk
    assert api.get(f"/api/v1/tournaments/{world.robin.pk}/standings/{other}").status_code == 404


def test_the_standings_read_in_a_fixed_number_of_queries(
    world: World, api: Client, django_assert_max_num_queries: Any
) -> None:
    # The first read computes the table and keeps it in the cache (the database's here: its
    # write is a few queries more); the next reads the tournament's row and the cache alone.
    with django_assert_max_num_queries(10):
        assert api.get(f"/api/v1/tournaments/{world.robin.pk}/standings").status_code == 200
    with django_assert_max_num_queries(2):
        assert api.get(f"/api/v1/tournaments/{world.robin.pk}/standings").status_code == 200
    # The rounds likewise, their ETag with the games' moves (one aggregate query more).
    with django_assert_max_num_queries(13):
        assert api.get(f"/api/v1/tournaments/{world.robin.pk}/rounds").status_code == 200
    with django_assert_max_num_queries(3):
        assert api.get(f"/api/v1/tournaments/{world.robin.pk}/rounds").status_code == 200


def test_the_crosstable_where_the_format_has_one(world: World, api: Client) -> None:
    answer = api.get(f"/api/v1/tournaments/{world.robin.pk}/crosstable").json()
    entries, rows = queries.crosstable_rows(world.robin)
    assert [r["entry"] for r in answer["rows"]] == [e.pk for e in entries]
    assert [r["cells"] for r in answer["rows"]] == [[list(c) for c in r.cells] for r in rows]
    response = api.get(f"/api/v1/tournaments/{world.swiss.pk}/crosstable")
    assert response.status_code == 404
    assert response.json()["detail"] == "This tournament's format has no crosstable."
