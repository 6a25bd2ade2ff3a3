"""Games on one device without an account: kept by logging in or signing up (then in *My
games*), swept after the retention period, limited per address and per session, and no dearer
per move than a registered player's game."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from games import device
from games.device_models import DeviceGame
from games.models import Game, Player
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_rate_counts() -> None:
    cache.clear()


def _visitor() -> Client:
    return Client(HTTP_ACCEPT_LANGUAGE="en")


def _start(client: Client, seats: int = 2) -> Game:
    data = {"kind": "sos", "rows": 3, "cols": 3, "mode": "most", "seats": seats}
    response = client.post(reverse("games:device_new"), data)
    assert response.status_code == 302, response.content.decode()[:1000]
    return Game.objects.get(pk=int(response["Location"].rstrip("/").split("/")[-1]))


def test_logging_in_keeps_the_visitors_games_in_my_games(alice) -> None:
    client = _visitor()
    game = _start(client)
    client.post(reverse("games:move", args=[game.pk]), {"cell": "a1", "letter": "S"})
    assert client.login(username="alice", password=PASSWORD)
    kept = DeviceGame.objects.get(game=game)
    assert kept.owner == alice.user and kept.token_hash == ""
    page = client.get(reverse("accounts:my_games")).content.decode()
    assert game.get_absolute_url() in page
    game.refresh_from_db()
    client.post(
        reverse("games:move", args=[game.pk]),
        {"cell": "b1", "letter": "O", "expected_ply": game.ply},
    )
    assert game.moves.count() == 2
    client.logout()  # the session goes; the game stays the account's
    assert client.get(game.get_absolute_url()).status_code == 403
    assert _visitor().get(game.get_absolute_url()).status_code == 403


def test_another_sessions_games_are_not_claimed(alice) -> None:
    game = _start(_visitor())
    client = _visitor()
    _start(client)
    client.login(username="alice", password=PASSWORD)
    assert DeviceGame.objects.get(game=game).owner is None


def test_sweep_deletes_old_unclaimed_games_and_their_players(alice) -> None:
    old, fresh = _start(_visitor(), seats=3), _start(_visitor())
    member = _visitor()
    member.force_login(alice.user)
    kept = _start(member)
    long_ago = timezone.now() - timedelta(days=device.RETENTION_DAYS + 1)
    Game.objects.filter(pk__in=[old.pk, kept.pk]).update(updated_at=long_ago)
    players = list(old.seats.values_list("player_id", flat=True))
    call_command("sweep_device_games", stdout=(out := __import__("io").StringIO()))
    assert "1 game played on one device deleted." in out.getvalue()
    assert set(Game.objects.values_list("pk", flat=True)) == {fresh.pk, kept.pk}
    assert not Player.objects.filter(pk__in=players).exists()


def test_a_new_anonymous_game_sweeps_a_batch() -> None:
    old = _start(_visitor())
    Game.objects.filter(pk=old.pk).update(updated_at=timezone.now() - timedelta(days=30))
    _start(_visitor())
    assert not Game.objects.filter(pk=old.pk).exists()


def test_creation_without_an_account_is_rate_limited_per_address(settings) -> None:
    settings.DEVICE_GAMES_RATE = (2, 3600)
    for _n in range(2):
        _start(_visitor())
    response = _visitor().post(
        reverse("games:device_new"), {"kind": "sos", "rows": 3, "cols": 3, "seats": 2}
    )
    assert response.status_code == 200
    assert b"Too many new games from your address" in response.content
    assert Game.objects.count() == 2


def test_a_session_has_a_few_unfinished_games_at_most(monkeypatch) -> None:
    monkeypatch.setattr(device, "OPEN_GAMES_PER_SESSION", 2)
    client = _visitor()
    _start(client)
    _start(client)
    response = client.post(
        reverse("games:device_new"), {"kind": "sos", "rows": 3, "cols": 3, "seats": 2}
    )
    assert b"unfinished games on this device" in response.content
    assert Game.objects.count() == 2


def _move_queries(client: Client, game: Game, cell: str) -> int:
    game.refresh_from_db()
    data = {"cell": cell, "letter": "O", "expected_ply": game.ply}
    with CaptureQueriesContext(connection) as queries:
        response = client.post(
            reverse("games:move", args=[game.pk]), data, HTTP_ACCEPT="application/json"
        )
    assert response.status_code == 200, response.content
    return len(queries)


def test_an_anonymous_move_costs_no_more_queries_than_a_players(new_game, alice, boris) -> None:
    registered = new_game()
    players = {0: Client(), 1: Client()}
    players[0].force_login(alice.user)
    players[1].force_login(boris.user)
    anonymous = _visitor()
    game = _start(anonymous)
    cells = ["a1", "b1", "c1", "a2"]
    theirs = [_move_queries(players[n % 2], registered, c) for n, c in enumerate(cells)]
    ours = [_move_queries(anonymous, game, c) for c in cells]
    print(f"queries per move: registered {theirs}, anonymous on one device {ours}")
    assert max(ours) <= min(theirs)
