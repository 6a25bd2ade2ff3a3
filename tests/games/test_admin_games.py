"""A game's admin page writes nothing: moves and states are the services', and whether a game is
played over the board is chosen when it is created (with its clock) — flipped in the admin, an
arbiter could enter the moves of a game played online."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import movers, services
from games.authority import may_arbitrate_game
from games.models import Game
from tests import factories

pytestmark = pytest.mark.django_db


def test_over_the_board_is_not_an_admin_field() -> None:
    root = User.objects.create_superuser(username="root", password="x")
    arbiter = factories.with_permission(factories.make_user("arb"), "games.play_any_seat")
    players = [factories.make_player("Ann"), factories.make_player("Bob")]
    game = services.create_game(
        kind="sos", options={}, players=players, created_by=arbiter, time_control="fischer/180/2"
    )
    c = Client(HTTP_ACCEPT_LANGUAGE="en")
    c.force_login(root)
    url = f"/admin/games/game/{game.pk}/change/"
    page = c.get(url)
    assert page.status_code == 200
    assert 'name="over_the_board"' not in page.content.decode()
    c.post(url, {"over_the_board": "on", "_save": "1"})
    game = Game.objects.get(pk=game.pk)
    assert game.over_the_board is False
    assert game.time_control
    # The game's creator arbitrates it, but enters no move of its online players.
    assert may_arbitrate_game(arbiter, game)
    assert not movers.may_move_for(arbiter, game, players[0])
