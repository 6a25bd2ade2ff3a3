"""The move path's writes prepared once (games.queries.insert_move / advance_game) store what
the ORM's save would: every column of the move, its key, and the game's ply and update time."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from games import player_services, services
from games.models import Game, Move

pytestmark = pytest.mark.django_db


def test_a_move_is_stored_with_every_column_and_its_key() -> None:
    users = [User.objects.create_user(f"w{n}", password=None) for n in (0, 1)]
    players = [player_services.create_player(name=f"W{n}", user=u) for n, u in enumerate(users)]
    game = services.create_game(kind="sos", options={"rows": 3, "cols": 3}, players=players)
    first = services.submit_move(game=game, user=users[0], notation="A1=S")
    started = Game.objects.get(pk=game.pk).updated_at
    second = services.submit_move(game=game, user=users[1], notation="B1=O", expected_ply=1)

    stored = Move.objects.get(pk=second.pk)
    assert (stored.game_id, stored.ply, stored.seat, stored.notation, stored.points) == (
        game.pk,
        2,
        1,
        "B1=O",
        0,
    )
    assert stored.submitted_by == users[1]
    assert stored.created_at == second.created_at and stored.created_at is not None
    assert second.pk != first.pk and not second._state.adding
    after = Game.objects.get(pk=game.pk)
    assert after.ply == 2
    assert after.updated_at >= started
    assert after.updated_at > after.created_at


def test_a_scoring_move_stores_its_points() -> None:
    users = [User.objects.create_user(f"p{n}", password=None) for n in (0, 1)]
    players = [player_services.create_player(name=f"P{n}", user=u) for n, u in enumerate(users)]
    game = services.create_game(kind="sos", options={"rows": 3, "cols": 3}, players=players)
    for user, notation in ((users[0], "A1=S"), (users[1], "B1=O"), (users[0], "C1=S")):
        services.submit_move(game=game, user=user, notation=notation)
    assert list(
        Move.objects.filter(game=game).order_by("ply").values_list("points", flat=True)
    ) == [
        0,
        0,
        1,
    ]
