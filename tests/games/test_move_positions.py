"""A move, and a page view, start from the position this process last saw of the game
(``games.positions``) only while that position is still the replay of the game's ``Move`` rows:
a take-back, a move stored by another process or a game with other rules make it replay the
rows."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from games import player_services, positions, services
from games.errors import MoveRefused
from games.models import Game, Move
from games.rules import get_rules

pytestmark = pytest.mark.django_db


@pytest.fixture
def two() -> list[User]:
    return [User.objects.create_user(f"p{n}", password=None) for n in (0, 1)]


def _game(users: list[User], kind: str = "uttt", **options: object) -> Game:
    players = [player_services.create_player(name=f"P{n}", user=u) for n, u in enumerate(users)]
    return services.create_game(kind=kind, options=options, players=players)


def test_the_next_move_starts_from_the_remembered_position(two: list[User]) -> None:
    game = _game(two)
    services.submit_move(game=game, user=two[0], notation="E5")
    remembered = positions._positions[game.pk]
    assert remembered.moves == ("E5",)
    replays: list[tuple[str, ...]] = []
    rules = get_rules("uttt")
    original = type(rules).replay

    def counting(self, moves, out=()):  # type: ignore[no-untyped-def]
        replays.append(tuple(moves))
        return original(self, moves, out)

    type(rules).replay = counting
    try:
        services.submit_move(game=game, user=two[1], notation="D4", expected_ply=1)
    finally:
        type(rules).replay = original
    assert replays == []  # nothing replayed
    assert positions._positions[game.pk].moves == ("E5", "D4")


def test_a_take_back_is_seen_from_the_moves(two: list[User]) -> None:
    game = _game(two)
    services.submit_move(game=game, user=two[0], notation="E5")
    services.submit_move(game=game, user=two[1], notation="D4")
    services.take_back(game=game, count=1)
    # D4 sent X to the top-left board; F6, played instead, sends X to the bottom-right one.
    services.submit_move(game=game, user=two[1], notation="F6")
    assert list(Move.objects.filter(game=game).values_list("notation", flat=True)) == [
        "E5",
        "F6",
    ]
    # The next move is checked against E5 F6, not against the position after D4.
    with pytest.raises(MoveRefused):
        services.submit_move(game=game, user=two[0], notation="A1")
    services.submit_move(game=game, user=two[0], notation="G7")


def test_moves_stored_elsewhere_are_replayed(two: list[User]) -> None:
    game = _game(two)
    services.submit_move(game=game, user=two[0], notation="E5")
    # Another process stored O's move: this one's memory is one move behind.
    Move.objects.create(game=game, ply=2, seat=1, notation="D4", submitted_by=two[1])
    Game.objects.filter(pk=game.pk).update(ply=2)
    with pytest.raises(MoveRefused):  # D4 sent X to the top-left board
        services.submit_move(game=game, user=two[0], notation="E6")
    services.submit_move(game=game, user=two[0], notation="B2")
    assert positions._positions[game.pk].moves == ("E5", "D4", "B2")


def test_the_memory_keeps_the_newest_games(two: list[User], monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(positions, "POSITIONS_MAX", 2)
    monkeypatch.setattr(positions, "_positions", {})
    games = [_game([User.objects.create_user(f"q{n}{s}") for s in (0, 1)]) for n in range(3)]
    for game in games:
        first = game.seats.get(number=0).player.user
        services.submit_move(game=game, user=first, notation="E5")
    assert list(positions._positions) == [games[1].pk, games[2].pk]


def test_sos_positions_too(two: list[User]) -> None:
    game = _game(two, kind="sos", rows=3, cols=3)
    services.submit_move(game=game, user=two[0], notation="A1=S")
    services.submit_move(game=game, user=two[1], notation="B1=O")
    move = services.submit_move(game=game, user=two[0], notation="C1=S")
    assert move.points == 1
    assert positions._positions[game.pk].moves == ("A1=S", "B1=O", "C1=S")


def _counting_replays(monkeypatch) -> list[tuple[str, ...]]:  # type: ignore[no-untyped-def]
    replays: list[tuple[str, ...]] = []
    rules_type = type(get_rules("uttt"))
    original = rules_type.replay

    def counting(self, moves, out=()):  # type: ignore[no-untyped-def]
        replays.append(tuple(moves))
        return original(self, moves, out)

    monkeypatch.setattr(rules_type, "replay", counting)
    return replays


def test_a_page_view_starts_from_the_remembered_position(client, two, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    game = _game(two)
    services.submit_move(game=game, user=two[0], notation="E5")
    services.submit_move(game=game, user=two[1], notation="D4", expected_ply=1)
    replays = _counting_replays(monkeypatch)
    page = client.get(f"/games/{game.pk}/")
    assert page.status_code == 200
    assert replays == []  # the position after the last move stored, not a replay
    assert Game.objects.get(pk=game.pk).current_state().moves == ("E5", "D4")
    assert replays == []


def test_a_page_view_sees_moves_stored_elsewhere(client, two, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    game = _game(two)
    services.submit_move(game=game, user=two[0], notation="E5")
    # Another server stored O's move: this process remembers the position one move behind.
    Move.objects.create(game=game, ply=2, seat=1, notation="D4", submitted_by=two[1])
    Game.objects.filter(pk=game.pk).update(ply=2)
    replays = _counting_replays(monkeypatch)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert replays == [("E5", "D4")]
    assert "D4" in page
    # Replayed once, then remembered: the next view replays nothing.
    client.get(f"/games/{game.pk}/")
    assert replays == [("E5", "D4")]
    assert positions._positions[game.pk].moves == ("E5", "D4")
