""" "My games" lists every active game of the user's — his move and his opponent's — each
naming the opponent and the tournament board it is played for."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.mygames import active_games
from games import services as game_services
from games.models import Player
from tests.accounts.conftest import EN
from tests.factories import make_player, make_user
from tests.tournaments.helpers import play
from tournaments import pairings
from tournaments.acts import services as tournament_services
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db


@pytest.fixture
def board() -> Pairing:
    """Board 1 of round 1 of the online UTTT *Autumn Cup*: Ann against Ben."""
    arbiter = make_user("arb")
    cup = tournament_services.create_tournament(
        name="Autumn Cup", kind="uttt", rounds=2, created_by=arbiter
    )
    for name in ("Ann", "Ben"):
        player = make_player(name, make_user(name.lower()))
        tournament_services.register(tournament=cup, player=player, user=arbiter)
    rnd = pairings.pair_round(tournament=cup, user=arbiter)
    return rnd.pairings.select_related("first__player__user", "second__player__user").get()


def _section(page: str, section: str) -> str:
    start = page.index(f'id="{section}"')
    end = page.index("</section>", start)
    return page[start:end]


def test_both_sides_see_the_game_with_opponent_and_tournament(
    client: Client, board: Pairing
) -> None:
    mover, waiter = board.first.player, board.second.player
    url = board.game.get_absolute_url()

    client.force_login(mover.user)
    page = client.get("/accounts/games/", **EN).content.decode()
    mine = _section(page, "to-move")
    assert url in mine
    assert f"against <bdi>{waiter.name}</bdi>" in mine
    assert "Autumn Cup" in mine and "round 1, board 1" in mine

    client.force_login(waiter.user)
    page = client.get("/accounts/games/", **EN).content.decode()
    assert url not in _section(page, "to-move")
    theirs = _section(page, "their-move")
    assert url in theirs
    assert f"against <bdi>{mover.name}</bdi>" in theirs
    assert "Autumn Cup" in theirs and "round 1, board 1" in theirs


def test_after_a_move_the_game_changes_sides(board: Pairing) -> None:
    mover, waiter = board.first.player, board.second.player
    play(board.game, "E5")
    assert [(a.game, a.your_move) for a in active_games(mover.user)] == [(board.game, False)]
    assert [(a.game, a.your_move) for a in active_games(waiter.user)] == [(board.game, True)]
    (waiting,) = active_games(mover.user)
    assert waiting.opponents == [waiter.name]
    assert waiting.pairing == board


def test_a_casual_game_of_three_names_both_opponents_and_no_tournament(
    client: Client,
) -> None:
    players = [make_player(n, make_user(n.lower())) for n in ("Ann", "Ben", "Cid")]
    game = game_services.create_game(
        kind="sos", options={"rows": 4, "cols": 4, "mode": "most"}, players=players
    )
    (found,) = active_games(players[2].user)
    assert not found.your_move and found.pairing is None
    assert found.opponents == ["Ann", "Ben"]
    client.force_login(players[2].user)
    theirs = _section(client.get("/accounts/games/", **EN).content.decode(), "their-move")
    assert game.get_absolute_url() in theirs
    assert "against <bdi>Ann</bdi>, <bdi>Ben</bdi>" in theirs


def test_the_list_costs_three_queries(django_assert_max_num_queries) -> None:
    players: list[Player] = [make_player(n, make_user(n.lower())) for n in ("Ann", "Ben")]
    for _ in range(4):
        game_services.create_game(kind="uttt", options={}, players=players)
    with django_assert_max_num_queries(3):
        assert len(active_games(players[0].user)) == 4
