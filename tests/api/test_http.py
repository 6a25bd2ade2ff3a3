"""The API's HTTP: ETags and 304s on the polled reads, their cache headers, problem details in
the request's language, refused methods, HEAD, and no 500 for any id."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.api.conftest import World
from tests.tournaments import helpers as h

pytestmark = pytest.mark.django_db


def polled(world: World) -> list[str]:
    t = world.robin.pk
    return [
        f"/api/v1/tournaments/{t}/standings",
        f"/api/v1/tournaments/{t}/standings/{world.robin.entries.first().pk}",
        f"/api/v1/tournaments/{t}/rounds",
        f"/api/v1/tournaments/{t}/rounds/2",
        f"/api/v1/tournaments/{t}/crosstable",
        f"/api/v1/games/{world.casual.pk}",
    ]


def test_the_polled_reads_answer_304_while_nothing_changed(world: World, api: Client) -> None:
    for url in polled(world):
        first = api.get(url)
        etag = first["ETag"]
        assert etag.startswith('"') and etag.endswith('"'), url
        again = api.get(url, HTTP_IF_NONE_MATCH=etag)
        assert again.status_code == 304, url
        assert again.content == b"" and again["ETag"] == etag
        assert api.get(url, HTTP_IF_NONE_MATCH='"something else"').status_code == 200


def test_a_result_changes_the_standings_etag(world: World, api: Client) -> None:
    url = f"/api/v1/tournaments/{world.robin.pk}/standings"
    pairings_url = f"/api/v1/tournaments/{world.robin.pk}/rounds/2"
    before, pairings_before = api.get(url)["ETag"], api.get(pairings_url)["ETag"]
    h.enter_results(world.robin.round_set.get(number=2), world.arbiter, "0-1")
    assert api.get(url, HTTP_IF_NONE_MATCH=before).status_code == 200
    assert api.get(pairings_url, HTTP_IF_NONE_MATCH=pairings_before).status_code == 200


def test_a_move_changes_the_games_etag(world: World, api: Client) -> None:
    url = f"/api/v1/games/{world.casual.pk}"
    before = api.get(url)["ETag"]
    h.play(world.casual, "C3=O")
    after = api.get(url, HTTP_IF_NONE_MATCH=before)
    assert after.status_code == 200 and after["ETag"] != before


def test_cache_headers(world: World, api: Client) -> None:
    standings = api.get(f"/api/v1/tournaments/{world.robin.pk}/standings")
    assert "max-age=10" in standings["Cache-Control"] and "public" in standings["Cache-Control"]
    assert "Accept-Language" in standings["Vary"]
    game = api.get(f"/api/v1/games/{world.casual.pk}")
    assert game["Cache-Control"] == "no-cache"


def test_the_etag_follows_the_language(world: World) -> None:
    url = f"/api/v1/tournaments/{world.robin.pk}/standings"
    english = Client(HTTP_ACCEPT_LANGUAGE="en").get(url)
    russian = Client(HTTP_ACCEPT_LANGUAGE="ru").get(url, HTTP_IF_NONE_MATCH=english["ETag"])
    assert russian.status_code == 200 and russian["ETag"] != english["ETag"]
    assert russian.json()["tiebreaks"][0]["label"] != english.json()["tiebreaks"][0]["label"]


@pytest.mark.parametrize(
    ("language", "title"), [("en", "Not found"), ("ru", "Не найдено"), ("fa", "پیدا نشد")]
)
def test_a_problem_is_in_the_requests_language(world: World, language: str, title: str) -> None:
    response = Client(HTTP_ACCEPT_LANGUAGE=language).get("/api/v1/tournaments/1000000")
    assert response.status_code == 404
    assert response["Content-Type"] == "application/problem+json"
    assert response["Content-Language"] == language
    problem = response.json()
    assert problem["title"] == title
    assert problem["code"] == "not_found" and problem["status"] == 404
    assert problem["type"] == "/api/v1/docs#not_found"


def test_an_unknown_address_is_a_problem_not_a_page(world: World, api: Client) -> None:
    for url in ("/api/v1/nothing", "/api/v1/tournaments/", "/api/v1/tournaments/abc", "/api/v2/"):
        response = api.get(url)
        assert response.status_code == 404, url
        if url.startswith("/api/v1/"):
            assert response["Content-Type"] == "application/problem+json", url


def test_a_nul_character_is_a_problem(world: World, api: Client) -> None:
    """Refused by the site's middleware before the API reads it, still as a problem."""
    response = api.get("/api/v1/players?q=a%00b")
    assert response.status_code == 400
    assert response["Content-Type"] == "application/problem+json"
    assert "NUL" in response.json()["detail"]
    page = api.get("/players/?q=a%00b")
    assert page.status_code == 400 and page["Content-Type"].startswith("text/html")


def test_writes_are_refused_as_problems(world: World, api: Client) -> None:
    for method in ("post", "put", "patch", "delete"):
        response = getattr(api, method)(f"/api/v1/tournaments/{world.robin.pk}/standings")
        assert response.status_code == 405, method
        assert response["Content-Type"] == "application/problem+json"
        assert response["Allow"] == "GET, HEAD"


def test_head_answers_as_get_without_a_body(world: World, api: Client) -> None:
    url = f"/api/v1/tournaments/{world.robin.pk}/standings"
    head = api.head(url)
    assert head.status_code == 200 and head.content == b""
    assert head["ETag"] == api.get(url)["ETag"]


def test_the_root_leads_to_the_documentation(world: World, api: Client) -> None:
    response = api.get("/api/v1/")
    assert response.status_code == 302 and response["Location"] == "/api/v1/docs"
