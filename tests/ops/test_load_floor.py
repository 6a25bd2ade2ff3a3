"""The load benchmark's floor view (bench/floor_urls.py): served only by the benchmark's own
URLconf, never by the site's; one locked UPDATE behind login and CSRF, like a move."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client, override_settings
from django.urls import resolve

from games import services, views
from games.models import Game, Player

BENCH = str(Path(__file__).resolve().parents[2] / "bench")


@pytest.fixture
def game(db: None) -> Game:
    players = [
        Player.objects.create(name=name, user=User.objects.create_user(name, password="pw"))
        for name in ("first", "second")
    ]
    return services.create_game(kind="uttt", options={}, players=players)


def test_the_site_never_serves_the_floor(game: Game) -> None:
    assert resolve(f"/games/{game.pk}/move/").func is views.game_move
    for path in Path(__file__).resolve().parents[2].glob("config/**/*.py"):
        assert "floor_urls" not in path.read_text(), path


def test_the_floor_view_advances_the_ply_once_per_expected_ply(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(BENCH)
    client = Client(enforce_csrf_checks=True)
    with override_settings(ROOT_URLCONF="floor_urls"):
        url = f"/games/{game.pk}/move/"
        assert client.post(url, {"expected_ply": "0"}).status_code == 403  # not logged in
        client.force_login(game.seats.first().player.user)
        assert client.post(url, {"expected_ply": "0"}).status_code == 403  # no CSRF token
        client.get(game.get_absolute_url())
        token = client.cookies["csrftoken"].value
        answer = client.post(url, {"expected_ply": "0", "csrfmiddlewaretoken": token})
        assert answer.json() == {"ok": True}
        again = client.post(url, {"expected_ply": "0", "csrfmiddlewaretoken": token})
        assert (again.status_code, again.json()["code"]) == (400, "stale")
    assert Game.objects.get(pk=game.pk).ply == 1
    sys.modules.pop("floor_urls", None)
