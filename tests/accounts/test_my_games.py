""" "My games": the games where it is your move (from the last move alone), your pairings and
your results; the header's badge costs one query."""

from __future__ import annotations

import random

import pytest
from django.contrib.auth.models import User
from django.test import Client

from accounts.mygames import current_pairings, games_to_move, my_move_count, results
from games import services as game_services
from games.models import Game, Player
from tests.accounts.conftest import EN
from tests.factories import make_player, make_user
from tests.tournaments.helpers import play
from tournaments import pairings
from tournaments.acts import services as tournament_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def two(db: None) -> tuple[Player, Player]:
    return make_player("Ann", make_user("ann")), make_player("Ben", make_user("ben"))


def sos_game(players: tuple[Player, ...], rows: int = 3) -> Game:
    return game_services.create_game(
        kind="sos", options={"rows": rows, "cols": rows, "mode": "most"}, players=list(players)
    )


def test_the_seat_to_move_follows_the_engine_through_random_games(
    two: tuple[Player, Player],
) -> None:
    """SOS's extra turns included: after every move the derived seat is the engine's."""
    chooser = random.Random(12)
    third = make_player("Cid", make_user("cid"))
    for players in (two, (*two, third)):
        game = sos_game(players, rows=4)
        users = {p.user for p in players}
        while game.is_active:
            to_move = game.rules.to_move(game.current_state())
            for user in users:
                waiting = [g.pk for g in games_to_move(user)]
                assert (game.pk in waiting) == (user == players[to_move].user)
            move = chooser.choice(game.rules.legal_moves(game.current_state()))
            game = play(game, move)
        assert all(games_to_move(user) == [] for user in users)


def test_the_badge_is_one_query(two: tuple[Player, Player], django_assert_num_queries) -> None:
    for _ in range(3):
        sos_game(two)
    ann = User.objects.get(username="ann")
    with django_assert_num_queries(1):
        assert my_move_count(ann) == 3
    assert my_move_count(User.objects.get(username="ben")) == 0


def test_the_header_shows_the_badge(client: Client, two: tuple[Player, Player]) -> None:
    sos_game(two)
    client.force_login(two[0].user)
    page = client.get("/", **EN).content.decode()
    assert 'href="/accounts/games/"' in page
    assert 'class="badge"' in page
    client.force_login(two[1].user)
    assert 'class="badge"' not in client.get("/", **EN).content.decode()


def test_pairings_and_results(client: Client, two: tuple[Player, Player]) -> None:
    arbiter = make_user("arb")
    cup = tournament_services.create_tournament(
        name="Cup", kind="uttt", rounds=2, created_by=arbiter
    )
    for p in two:
        tournament_services.register(tournament=cup, player=p, user=arbiter)
    rnd = pairings.pair_round(tournament=cup, user=arbiter)
    pairing = rnd.pairings.get()
    first = pairing.first.player
    found = current_pairings(first.user)
    assert [(v.pairing, v.first) for v in found] == [(pairing, True)]
    client.force_login(first.user)
    page = client.get("/accounts/games/", **EN).content.decode()
    assert "Cup" in page and "round 1, board 1" in page
    assert pairing.game.get_absolute_url() in page


def test_results_list_the_ended_games(client: Client, two: tuple[Player, Player]) -> None:
    game = sos_game(two)
    chooser = random.Random(3)
    while game.is_active:
        game = play(game, chooser.choice(game.rules.legal_moves(game.current_state())))
    open_game = sos_game(two)
    assert results(two[0].user) == [game]
    client.force_login(two[1].user)
    page = client.get("/accounts/games/", **EN).content.decode()
    assert game.get_absolute_url() in page and game.result_text in page
    # Ann's move there, not Ben's: listed under the opponent's move, not under Ben's.
    mine = page[page.index('id="to-move"') : page.index('id="their-move"')]
    assert open_game.get_absolute_url() not in mine
    assert open_game.get_absolute_url() in page[page.index('id="their-move"') :]


def test_my_games_needs_a_login(client: Client) -> None:
    response = client.get("/accounts/games/")
    assert response.status_code == 302
