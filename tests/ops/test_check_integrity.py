"""``manage.py check_integrity``: every game's moves replayed against its record."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command
from django.utils import translation

from games import services
from games.models import Game, GameStatus, Move
from tests.factories import make_player, make_user

SOS_FIRST = ["A1=S", "B1=O", "C1=S"]  # "first SOS wins": Alice wins at move 3


@pytest.fixture
def games(db: None) -> list[Game]:
    a = make_player("Alice", make_user("alice"))
    b = make_player("Boris", make_user("boris"))
    made = []
    for _ in range(3):
        game = services.create_game(
            kind="sos", options={"rows": 3, "mode": "first"}, players=[a, b]
        )
        users = [a.user, b.user]
        for n, notation in enumerate(SOS_FIRST):
            services.submit_move(game=game, user=users[n % 2], notation=notation)
        made.append(Game.objects.get(pk=game.pk))
    assert all(g.status == GameStatus.FINISHED and g.winners == [0] for g in made)
    return made


def run() -> str:
    out = io.StringIO()
    with translation.override("en"):
        call_command("check_integrity", stdout=out)
    return out.getvalue()


def test_a_clean_database_passes(games: list[Game]) -> None:
    assert "3 games checked" in run()


def test_the_command_finds_each_corrupted_game(games: list[Game]) -> None:
    first, second, third = games
    # A move edited by hand into one the rules refuse (the cell is taken).
    Move.objects.filter(game=first, ply=3).update(notation="A1=O")
    # A result that the moves do not give.
    Game.objects.filter(pk=second.pk).update(winners=[1])
    with translation.override("en"), pytest.raises(CommandError) as failed:
        call_command("check_integrity", stdout=io.StringIO())
    text = str(failed.value)
    assert "2 problems found" in text
    assert f"Game {first.pk}, move 3 (A1=O) is refused by the rules" in text
    assert f"Game {second.pk}: its recorded result differs" in text
    assert f"Game {third.pk}" not in text


def test_an_open_game_that_the_moves_have_ended_is_found(games: list[Game]) -> None:
    Game.objects.filter(pk=games[0].pk).update(status=GameStatus.IN_PROGRESS, winners=None)
    with translation.override("en"), pytest.raises(CommandError, match="moves have ended it"):
        call_command("check_integrity", stdout=io.StringIO())
