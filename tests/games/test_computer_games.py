"""Games against the computer (games.computer*): the form, the computer's moves recorded
through the move service with their thinking time, the seats each side may move, take-backs,
hints, the page's parts, and a whole game to its end. The computer thinks at once here (the
tests' setting, tests/conftest.py); the thinker's background path has its own tests
(test_computer_thinker.py)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import computer, computer_moves, computer_services, device_services, services
from games.device_models import ComputerMove, DeviceGame
from games.errors import GameError, NotAllowed
from games.models import Game, GameStatus
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_rate_counts() -> None:
    cache.clear()


def _visitor() -> Client:
    return Client(HTTP_ACCEPT_LANGUAGE="en")


def _start(client: Client, capture: Any, **fields: Any) -> Game:
    data = {"kind": "uttt", "seats": 2, "level": 2, "computer_1": "on", **fields}
    with capture(execute=True):
        response = client.post(reverse("games:computer_new"), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    return Game.objects.get(pk=int(response["Location"].rstrip("/").split("/")[-1]))


def _play(client: Client, game: Game, capture: Any, notation: str | None = None) -> Any:
    game.refresh_from_db()
    state = game.current_state()
    move = notation or game.rules.legal_moves(state)[0]
    with capture(execute=True):
        return client.post(
            reverse("games:move", args=[game.pk]),
            {"notation": move, "expected_ply": game.ply},
        )


def test_the_form_makes_a_game_against_the_computer(django_capture_on_commit_callbacks) -> None:
    client = _visitor()
    page = client.get(reverse("games:computer_new")).content.decode()
    assert "Play the computer" in page and 'name="computer_1"' in page and "checked" in page
    game = _start(client, django_capture_on_commit_callbacks, level=5, name_0="Ann")
    found = DeviceGame.objects.get(game=game)
    assert (found.computer_seats, found.level, found.owner) == (0b10, 5, None)
    names = [s.player.name for s in game.seats.order_by("number")]
    assert names == ["Ann", "Computer, level 5"]
    assert game.ply == 0  # the visitor moves first: the computer waits


def test_every_seat_to_the_computer_is_refused(django_capture_on_commit_callbacks) -> None:
    data = {"kind": "uttt", "seats": 2, "level": 3, "computer_0": "on", "computer_1": "on"}
    response = _visitor().post(reverse("games:computer_new"), data)
    assert response.status_code == 200
    assert "Leave at least one seat to a person." in response.content.decode()
    assert not Game.objects.exists()
    with pytest.raises(ValueError):
        device_services.create_device_game(
            kind="uttt", options={}, names=[], seats=2, token="t", computer_seats=[1], level=9
        )


def test_the_computer_answers_and_its_thinking_time_is_shown(
    django_capture_on_commit_callbacks,
) -> None:
    client = _visitor()
    game = _start(client, django_capture_on_commit_callbacks)
    _play(client, game, django_capture_on_commit_callbacks, "E5")
    game.refresh_from_db()
    assert game.ply == 2
    assert list(game.moves.values_list("seat", flat=True)) == [0, 1]
    thought = ComputerMove.objects.get(game=game)
    assert thought.ply == 2 and thought.seconds >= 0 and thought.nodes >= 0
    page = client.get(game.get_absolute_url()).content.decode()
    assert "The computer thought" in page and "over its last move" in page
    assert 'class="move-time"' in page  # beside its move in the score sheet
    assert 'class="board-form"' in page  # the visitor's turn again


def test_the_computer_moves_first_when_it_holds_the_first_seat(
    django_capture_on_commit_callbacks,
) -> None:
    client = _visitor()
    game = _start(client, django_capture_on_commit_callbacks, computer_0="on", computer_1="")
    game.refresh_from_db()
    assert game.ply == 1 and game.moves.get().seat == 0


def test_nobody_moves_for_the_other_side(django_capture_on_commit_callbacks, monkeypatch) -> None:
    client = _visitor()
    game = _start(client, django_capture_on_commit_callbacks)
    # The computer never answers here (its thinker is not asked).
    monkeypatch.setattr(computer, "schedule", lambda *args: None)
    client.post(reverse("games:move", args=[game.pk]), {"notation": "E5", "expected_ply": 0})
    game.refresh_from_db()
    assert game.ply == 1
    page = client.get(game.get_absolute_url()).content.decode()
    assert "is thinking" in page and 'data-thinking="1"' in page
    assert 'class="board-form"' not in page  # no board to move on for the computer
    assert '<noscript><meta http-equiv="refresh" content="2"></noscript>' in page
    response = client.post(
        reverse("games:move", args=[game.pk]),
        {"notation": game.rules.legal_moves(game.current_state())[0], "expected_ply": 1},
        HTTP_ACCEPT="application/json",
    )
    assert response.status_code == 400
    assert "computer's turn" in response.json()["error"]
    # The computer may not move for the visitor either.
    fresh = _start(_visitor(), django_capture_on_commit_callbacks)
    with pytest.raises(NotAllowed):
        services.submit_move(game=fresh, user=None, notation="E5", by_computer=True)
    # Nor in a game without a computer.
    plain = device_services.create_device_game(
        kind="uttt", options={}, names=[], seats=2, token="x"
    )
    with pytest.raises(NotAllowed):
        services.submit_move(game=plain, user=None, notation="E5", by_computer=True)


def test_a_stale_thought_records_nothing(django_capture_on_commit_callbacks) -> None:
    client = _visitor()
    game = _start(client, django_capture_on_commit_callbacks)
    client.post(reverse("games:move", args=[game.pk]), {"notation": "E5", "expected_ply": 0})
    # The position the thinker was asked about is gone (taken back and played otherwise).
    computer_services.take_back(game_id=game.pk)
    client.post(reverse("games:move", args=[game.pk]), {"notation": "A1", "expected_ply": 0})
    game.refresh_from_db()
    legal = game.rules.legal_moves(game.rules.replay(["E5"]))[0]
    assert not computer_moves.record(game.pk, ["E5"], legal, seconds=0.1, nodes=1)
    assert not computer_moves.think(game.pk, ("E5",))
    assert game.moves.count() == 1 and not ComputerMove.objects.exists()
    assert computer_moves.think(game.pk, ("A1",))
    assert game.moves.count() == 2


def test_take_back_removes_the_visitors_move_and_the_answer(
    django_capture_on_commit_callbacks,
) -> None:
    client = _visitor()
    game = _start(client, django_capture_on_commit_callbacks)
    _play(client, game, django_capture_on_commit_callbacks, "E5")
    _play(client, game, django_capture_on_commit_callbacks)
    game.refresh_from_db()
    assert game.ply == 4
    response = client.post(
        reverse("games:computer_take_back", args=[game.pk]), {"expected_ply": 4}, follow=True
    )
    assert "Taken back:" in response.content.decode()
    game.refresh_from_db()
    assert game.ply == 2 and ComputerMove.objects.filter(game=game).count() == 1
    assert DeviceGame.objects.get(game=game).takebacks == 1
    client.post(reverse("games:computer_take_back", args=[game.pk]))
    game.refresh_from_db()
    assert game.ply == 0 and game.status == GameStatus.WAITING
    response = client.post(reverse("games:computer_take_back", args=[game.pk]), follow=True)
    assert "You have made no move to take back." in response.content.decode()


def test_a_lost_game_can_be_taken_back(django_capture_on_commit_callbacks) -> None:
    client = _visitor()
    game = _start(client, django_capture_on_commit_callbacks, kind="sos", rows=3, cols=3)
    _finish(client, game, django_capture_on_commit_callbacks)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    before = game.ply
    client.post(reverse("games:computer_take_back", args=[game.pk]))
    game.refresh_from_db()
    assert game.status == GameStatus.IN_PROGRESS and game.ply < before
    assert game.rules.to_move(game.current_state()) == 0  # the visitor's turn


def _finish(client: Client, game: Game, capture: Any) -> None:
    rng = random.Random(7)
    for _ in range(200):
        game.refresh_from_db()
        if not game.is_active:
            return
        state = game.current_state()
        assert game.rules.to_move(state) == 0  # the computer has answered every move
        _play(client, game, capture, rng.choice(game.rules.legal_moves(state)))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(
    "fields",
    [
        {"kind": "uttt", "level": 1},
        {"kind": "uttt", "level": 4},
        {"kind": "sos", "rows": 4, "cols": 4, "mode": "most", "level": 6},
        {"kind": "sos", "rows": 3, "cols": 3, "mode": "first", "level": 8},
    ],
)
def test_a_whole_game_against_the_computer(django_capture_on_commit_callbacks, fields) -> None:
    client = _visitor()
    game = _start(client, django_capture_on_commit_callbacks, **fields)
    _finish(client, game, django_capture_on_commit_callbacks)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    computer_plies = set(game.moves.filter(seat=1).values_list("ply", flat=True))
    assert set(ComputerMove.objects.filter(game=game).values_list("ply", flat=True)) == (
        computer_plies
    )
    assert "Take back" in client.get(game.get_absolute_url()).content.decode()


def test_the_computer_plays_two_seats_of_three(django_capture_on_commit_callbacks) -> None:
    client = _visitor()
    fields = {"kind": "sos", "rows": 4, "cols": 4, "mode": "most", "seats": 3}
    game = _start(client, django_capture_on_commit_callbacks, computer_2="on", **fields)
    assert DeviceGame.objects.get(game=game).computer_seats == 0b110
    _play(client, game, django_capture_on_commit_callbacks)
    game.refresh_from_db()
    assert game.rules.to_move(game.current_state()) == 0
    assert set(game.moves.values_list("seat", flat=True)) == {0, 1, 2}


def test_a_hint_is_a_legal_move_asked_once_a_position(django_capture_on_commit_callbacks) -> None:
    client = _visitor()
    game = _start(client, django_capture_on_commit_callbacks)
    response = client.post(reverse("games:computer_hint", args=[game.pk]), follow=True)
    found = DeviceGame.objects.get(game=game)
    assert found.hint_ply == 0 and found.hint_move in game.rules.legal_moves(game.current_state())
    assert f"the engine&#x27;s best move is {found.hint_move}" in response.content.decode()
    client.post(reverse("games:computer_hint", args=[game.pk]))
    assert DeviceGame.objects.get(game=game).hints == 1
    _play(client, game, django_capture_on_commit_callbacks, found.hint_move)
    page = client.get(game.get_absolute_url()).content.decode()
    assert "the engine&#x27;s best move is" not in page  # a hint of another position


def test_no_hint_while_the_computer_is_to_move(
    django_capture_on_commit_callbacks, monkeypatch
) -> None:
    client = _visitor()
    game = _start(client, django_capture_on_commit_callbacks)
    monkeypatch.setattr(computer, "schedule", lambda *args: None)
    client.post(reverse("games:move", args=[game.pk]), {"notation": "E5", "expected_ply": 0})
    with pytest.raises(GameError):
        computer_services.hint(game_id=game.pk)
    page = client.get(game.get_absolute_url()).content.decode()
    assert reverse("games:computer_hint", args=[game.pk]) not in page


def test_others_are_refused_everywhere(django_capture_on_commit_callbacks, alice) -> None:
    game = _start(_visitor(), django_capture_on_commit_callbacks)
    other = _visitor()
    for name in ("computer_take_back", "computer_hint"):
        assert other.post(reverse(f"games:{name}", args=[game.pk])).status_code == 403
        assert other.get(reverse(f"games:{name}", args=[game.pk])).status_code == 405
        assert other.post(reverse(f"games:{name}", args=[999999])).status_code == 404
    assert other.get(reverse("games:live", args=[game.pk])).status_code == 403
    assert other.get(game.get_absolute_url()).status_code == 403
    member = _visitor()
    member.login(username="alice", password=PASSWORD)
    assert member.get(reverse("games:live", args=[game.pk])).status_code == 403


def test_take_backs_and_hints_only_against_the_computer() -> None:
    client = _visitor()
    data = {"kind": "uttt", "seats": 2}
    response = client.post(reverse("games:device_new"), data)
    game = Game.objects.get(pk=int(response["Location"].rstrip("/").split("/")[-1]))
    client.post(reverse("games:move", args=[game.pk]), {"notation": "E5"})
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Take back" not in page and "computer" not in page.split("<main")[1].lower()
    response = client.post(reverse("games:computer_take_back", args=[game.pk]), follow=True)
    assert "only for games against the computer" in response.content.decode()
    assert Game.objects.get(pk=game.pk).ply == 1


def test_the_visitor_keeps_the_game_by_signing_in(
    django_capture_on_commit_callbacks, alice
) -> None:
    client = _visitor()
    game = _start(client, django_capture_on_commit_callbacks)
    _play(client, game, django_capture_on_commit_callbacks, "E5")
    assert client.get(reverse("games:live", args=[game.pk])).json()["ply"] == 2
    client.login(username="alice", password=PASSWORD)
    assert DeviceGame.objects.get(game=game).owner == alice.user
    page = client.get(reverse("accounts:my_games")).content.decode()
    assert game.get_absolute_url() in page
    _play(client, game, django_capture_on_commit_callbacks)
    game.refresh_from_db()
    assert game.ply == 4  # the computer still answers, now the account's game


def test_the_computers_move_costs_a_fixed_number_of_queries(monkeypatch) -> None:
    """Read the game with its device row and moves, then the move service's path (lock, the
    computer's seats, insert, update) and its thinking time: no query grows with the game."""
    game = device_services.create_device_game(
        kind="uttt", options={}, names=[], seats=2, token="t", computer_seats=[1], level=1
    )
    monkeypatch.setattr(computer, "schedule", lambda *args: None)
    moves: list[str] = []
    for _ in range(3):
        state = game.rules.replay(moves)
        mine = game.rules.legal_moves(state)[0]
        services.submit_move(game=game, user=None, notation=mine, device_token="t")
        moves.append(mine)
        with CaptureQueriesContext(connection) as captured:
            assert computer_moves.think(game.pk, tuple(moves))
        statements = [q["sql"] for q in captured.captured_queries]
        work = [sql for sql in statements if "SAVEPOINT" not in sql]
        assert len(work) == 7, "\n".join(work)
        moves = list(Game.objects.get(pk=game.pk).moves_list)


def test_whose_turn_in_large_letters_only_when_people_share_the_device(
    django_capture_on_commit_callbacks,
) -> None:
    client = _visitor()
    alone = _start(client, django_capture_on_commit_callbacks, turn_board="on")
    page = client.get(alone.get_absolute_url()).content.decode()
    assert "pass-turn" not in page and "turn-" not in page.split("board-col")[1][:40]
    assert "Turn the board towards" not in page
    fields = {"kind": "sos", "rows": 4, "cols": 4, "mode": "most", "seats": 3}
    shared = _start(
        client, django_capture_on_commit_callbacks, computer_1="", computer_2="on", **fields
    )
    page = client.get(shared.get_absolute_url()).content.decode()
    assert "pass-turn" in page and "Turn the board towards" in page
    assert DeviceGame.objects.get(game=shared).computer_seats == 0b100
