"""Games on one device (pass-and-play): the form, one screen moving for every seat, the board
turned for the player to move, and who may see and move (the owner only; others get a 403)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games import device, kinds, services
from games.device_models import DeviceGame
from games.models import Game, GameStatus, Move, Player

pytestmark = pytest.mark.django_db


def _visitor() -> Client:
    return Client(HTTP_ACCEPT_LANGUAGE="en")


def _start(client: Client, **fields: object) -> Game:
    data = {"kind": "sos", "rows": 3, "cols": 3, "mode": "most", "seats": 3, **fields}
    response = client.post(reverse("games:device_new"), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    return Game.objects.get(pk=int(response["Location"].rstrip("/").split("/")[-1]))


def _play(client: Client, game: Game, cell: str, letter: str = "S") -> object:
    game.refresh_from_db()
    return client.post(
        reverse("games:move", args=[game.pk]),
        {"cell": cell, "letter": letter, "expected_ply": game.ply},
    )


def test_the_form_is_open_to_a_visitor_without_an_account() -> None:
    response = _visitor().get(reverse("games:device_new"))
    assert response.status_code == 200
    assert b'name="name_5"' in response.content
    assert b"Play on this device" in response.content


def test_a_visitor_starts_a_three_seat_sos_game_with_default_names() -> None:
    client = _visitor()
    game = _start(client, name_1="  Зоя  ")
    names = [s.player.name for s in game.seats.order_by("number")]
    assert names == ["Player 1", "Зоя", "Player 3"]
    assert game.options["players"] == 3
    kept = DeviceGame.objects.get(game=game)
    assert kept.owner is None
    token = client.session[device.SESSION_KEY]
    assert kept.token_hash == device.hash_token(token) != token
    page = client.get(game.get_absolute_url()).content.decode()
    assert 'class="pass-turn pass-seat-1"' in page
    assert "<bdi>Player 1</bdi> to move" in page
    assert 'class="board-form"' in page  # the no-JavaScript form, for the seat to move
    assert reverse("games:player", args=[game.seats.first().player_id]) not in page


def test_one_screen_moves_for_every_seat_to_the_end_without_javascript() -> None:
    client = _visitor()
    game = _start(client)
    cells = ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"]
    for cell in cells:
        response = _play(client, game, cell, "O")  # nine O's: nobody scores, seats rotate
        assert response.status_code == 302
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert list(game.moves.values_list("seat", flat=True)) == [0, 1, 2] * 3
    assert set(game.moves.values_list("submitted_by", flat=True)) == {None}
    page = client.get(game.get_absolute_url()).content.decode()
    assert "pass-turn" not in page


def test_the_board_turns_towards_the_player_to_move_when_asked() -> None:
    client = _visitor()
    game = _start(client, turn_board="on")
    assert "pass-board turn-" not in client.get(game.get_absolute_url()).content.decode()
    _play(client, game, "a1", "O")
    page = client.get(game.get_absolute_url()).content.decode()
    assert 'class="board-col pass-board turn-120"' in page
    client.post(reverse("games:device_settings", args=[game.pk]), {"turn_board": "0"})
    page = client.get(game.get_absolute_url()).content.decode()
    assert 'class="board-col pass-board"' in page
    assert 'name="turn_board" value="1"' in page


def test_uttt_takes_two_seats_only() -> None:
    response = _visitor().post(
        reverse("games:device_new"), {"kind": "uttt", "seats": 3, "preset": "classic"}
    )
    assert response.status_code == 200
    assert not Game.objects.exists()
    assert b"field--error" in response.content


def test_a_uttt_game_in_every_preset() -> None:
    field = next(o for o in kinds.get("uttt").options if o.type == "choice")
    for value, _label in field.choices:
        client = _visitor()
        game = _start(client, kind="uttt", seats=2, **{field.name: value})
        assert game.kind == "uttt"
        assert client.get(game.get_absolute_url()).status_code == 200


def test_another_visitor_neither_sees_nor_moves(client_for, alice) -> None:
    owner = _visitor()
    game = _start(owner)
    for other in (_visitor(), client_for(alice.user)):
        assert other.get(game.get_absolute_url()).status_code == 403
        assert other.get(reverse("games:panel", args=[game.pk])).status_code == 403
        assert (
            other.post(reverse("games:device_settings", args=[game.pk]), {"turn_board": "1"})
        ).status_code == 403
        _play(other, game, "a1")
        assert not Move.objects.filter(game=game).exists()


def test_a_superuser_may_watch(client_for, superuser) -> None:
    game = _start(_visitor())
    page = client_for(superuser).get(game.get_absolute_url())
    assert page.status_code == 200
    assert b"board-form" not in page.content


def test_a_member_plays_on_his_device_and_finds_it_in_my_games(client_for, alice) -> None:
    client = client_for(alice.user)
    game = _start(client, seats=2)
    assert DeviceGame.objects.get(game=game).owner == alice.user
    assert _play(client, game, "b2").status_code == 302
    assert game.moves.count() == 1
    page = client.get(reverse("accounts:my_games")).content.decode()
    assert game.get_absolute_url() in page
    assert "Played on one device" in page


def test_listed_nowhere_else(client_for, alice) -> None:
    game = _start(_visitor(), name_0="Unlisted")
    player = game.seats.first().player
    client = client_for(alice.user)
    assert b"Unlisted" not in client.get(reverse("games:list")).content
    assert b"Unlisted" not in client.get(reverse("games:home")).content
    assert b"Unlisted" not in client.get(reverse("games:players")).content
    assert client.get(reverse("games:player", args=[player.pk])).status_code == 404
    from games.authority import visible_players

    assert not visible_players(alice.user).filter(pk=player.pk).exists()
    assert Player.objects.filter(pk=player.pk).exists()


def test_the_api_lists_and_shows_no_game_on_one_device(client_for, alice) -> None:
    game = _start(_visitor(), name_0="Unlisted")
    player = game.seats.first().player
    client = client_for(alice.user)
    assert b"Unlisted" not in client.get("/api/v1/games").content
    assert b"Unlisted" not in client.get("/api/v1/players").content
    assert client.get(f"/api/v1/games/{game.pk}").status_code == 404
    assert client.get(f"/api/v1/players/{player.pk}").status_code == 404


def test_never_rated_even_by_a_list_of_casual_games(new_game, alice, boris) -> None:
    from ratings.models import RatingList
    from ratings.sources import rated_games

    rating_list = RatingList(name="Casual", kind="sos", method="elo", casual_games=True)
    rating_list.full_clean()
    rating_list.save()
    client = _visitor()
    ours = _start(client, seats=2)
    casual = new_game()
    for cell in ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"]:
        _play(client, ours, cell, "O")
        casual.refresh_from_db()
        seat = casual.rules.to_move(casual.current_state())
        services.submit_move(
            game=casual, user=[alice, boris][seat].user, notation=f"{cell.upper()}=O"
        )
    ours.refresh_from_db()
    casual.refresh_from_db()
    assert ours.status == casual.status == GameStatus.FINISHED
    sides = {(g.first, g.second) for g in rated_games(rating_list).games}
    assert sides == {(alice.pk, boris.pk)}
