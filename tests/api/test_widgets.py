"""The embeddable widgets: the standings and the current round's pairings in a light page,
framable by any site (and only they: every other page keeps DENY), in ``?lang``, right to left
in Persian with the names isolated; the snippets on the tournament's page."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.api.conftest import World
from tests.tournaments import helpers as h

pytestmark = pytest.mark.django_db


def widget(world: World, name: str, pk: int | None = None) -> str:
    return reverse(f"api_pages:{name}", args=[pk or world.robin.pk])


@pytest.mark.parametrize("name", ["standings", "pairings"])
def test_a_widget_may_be_framed_by_any_site(world: World, api: Client, name: str) -> None:
    answer = api.get(widget(world, name))
    assert answer.status_code == 200
    assert "X-Frame-Options" not in answer
    policy = answer["Content-Security-Policy"]
    assert "frame-ancestors *" in policy and "'none'" not in policy.split("frame-ancestors")[1]
    assert "script-src 'self'" in policy  # the rest of the site's policy stays
    html = answer.content.decode()
    assert "site-header" not in html and "<script" not in html
    assert '<meta http-equiv="refresh" content="60">' in html


def test_every_other_page_keeps_deny(world: World, api: Client) -> None:
    for url in (
        world.robin.get_absolute_url(),
        widget(world, "snippets"),
        f"/api/v1/tournaments/{world.robin.pk}/standings",
        "/",
    ):
        answer = api.get(url)
        assert answer["X-Frame-Options"] == "DENY", url
        assert "frame-ancestors 'none'" in answer["Content-Security-Policy"], url


def test_the_standings_widget(world: World, api: Client) -> None:
    html = api.get(widget(world, "standings")).content.decode()
    assert "<h1><a" in html and "<bdi>Round Robin Cup</bdi>" in html
    for name in ("Anna", "Boris", "Chen", "Dara"):
        assert f'<td class="name"><bdi>{name}</bdi></td>' in html
    assert "Standings" in html


def test_the_pairings_widget_shows_the_last_paired_round(world: World, api: Client) -> None:
    html = api.get(widget(world, "pairings")).content.decode()
    assert "Round 2" in html and "Round 1" not in html
    rnd2 = h.boards(world.robin.round_set.get(number=2))
    for p in rnd2:
        assert f"<bdi>{p.first.player.name}</bdi>" in html
    swiss = api.get(widget(world, "pairings", world.swiss.pk)).content.decode()
    assert "Round 1" in swiss and "1-0" in swiss and "bye" in swiss
    nothing = api.get(widget(world, "pairings", world.coming.pk)).content.decode()
    assert "Not paired yet" in nothing


def test_the_language_is_lang_or_the_requests(world: World, api: Client) -> None:
    persian = api.get(widget(world, "standings") + "?lang=fa")
    html = persian.content.decode()
    assert '<html lang="fa" dir="rtl">' in html and "رده‌بندی" in html
    assert persian["Content-Language"] == "fa"
    russian = api.get(widget(world, "pairings") + "?lang=ru").content.decode()
    assert '<html lang="ru" dir="ltr">' in russian and "Тур 2" in russian
    asked = api.get(widget(world, "standings"), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert '<html lang="ru"' in asked
    unknown = api.get(widget(world, "standings") + "?lang=xx").content.decode()
    assert '<html lang="en"' in unknown  # an unknown language: the request's


def test_an_unknown_tournament_is_a_404(world: World, api: Client) -> None:
    assert api.get(widget(world, "standings", 999999)).status_code == 404
    assert api.get(widget(world, "pairings", 999999)).status_code == 404
    assert api.post(widget(world, "standings")).status_code == 405


def test_the_tournament_page_links_the_snippets(world: World, api: Client) -> None:
    page = api.get(world.robin.get_absolute_url()).content.decode()
    assert widget(world, "snippets") in page
    snippets = api.get(widget(world, "snippets")).content.decode()
    for name in ("standings", "pairings"):
        src = f"http://testserver{widget(world, name)}?lang=en"
        assert f'&lt;iframe src="{src}"' in snippets  # to copy
        assert f'<iframe src="{src}"' in snippets  # the preview
    calendar = reverse("api:tournament_calendar", args=[world.robin.pk])
    assert f"http://testserver{calendar}?lang=en" in snippets
