"""POST /games/<pk>/move/ as someone who may not move there: nothing is ever stored."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from games import services as game_services
from games.models import Game, Move, Player
from tests.security.conftest import EN, ClientFor, make_player, make_user
from tournaments import pairings
from tournaments.acts import services
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}


def move_url(game: Game) -> str:
    return f"/games/{game.pk}/move/"


def stored(game: Game) -> list[str]:
    return list(Move.objects.filter(game=game).order_by("ply").values_list("notation", flat=True))


def test_the_seat_not_to_move_cannot_move_for_the_other(
    client_for: ClientFor, boris: Player, game: Game
) -> None:
    """Alice is to move; Boris tries to play her move, by the form and by JSON."""
    client = client_for(boris.user)
    assert client.post(move_url(game), {"cell": "E5"}).status_code == 302
    response = client.post(move_url(game), {"cell": "E5"}, **JSON)
    assert response.status_code == 400
    assert response.json()["code"] == "not_allowed"
    assert stored(game) == []


def test_forged_seat_or_user_fields_are_ignored(
    client_for: ClientFor, boris: Player, alice: Player, game: Game
) -> None:
    """Fields the form never sends (a seat, a player, a user) do not choose who moves."""
    forged = {
        "cell": "E5",
        "seat": "0",
        "player": str(alice.pk),
        "user": str(alice.user_id),
        "submitted_by": str(alice.user_id),
        "expected_ply": "0",
    }
    response = client_for(boris.user).post(move_url(game), forged, **JSON)
    assert response.status_code == 400
    assert stored(game) == []


@pytest.mark.parametrize("who", ["anonymous", "outsider", "staff", "superuser"])
def test_people_without_a_seat_cannot_move(
    request: pytest.FixtureRequest, client_for: ClientFor, game: Game, who: str
) -> None:
    user = None if who == "anonymous" else request.getfixturevalue(who)
    response = client_for(user).post(move_url(game), {"cell": "E5"}, **JSON)
    assert response.status_code == 400
    assert response.json()["code"] == "not_allowed"
    assert stored(game) == []


def test_a_player_cannot_move_in_another_game_through_its_id(
    client_for: ClientFor, alice: Player, boris: Player
) -> None:
    """Alice plays game 1; game 2 (two others) is Alice-free: its id in her URL is refused."""
    carol = make_player("Carol", make_user("carol"))
    dmitri = make_player("Dmitri", make_user("dmitri"))
    game_services.create_game(kind="uttt", options={}, players=[alice, boris])
    theirs = game_services.create_game(kind="uttt", options={}, players=[carol, dmitri])
    response = client_for(alice.user).post(move_url(theirs), {"cell": "E5"}, **JSON)
    assert response.status_code == 400
    assert stored(theirs) == []


def test_a_move_after_the_end_is_refused(
    client_for: ClientFor, alice: Player, boris: Player
) -> None:
    game = game_services.create_game(kind="sos", options={"mode": "first"}, players=[alice, boris])
    for user, cell in [(alice.user, "A1=S"), (boris.user, "B1=O"), (alice.user, "C1=S")]:
        game_services.submit_move(game=Game.objects.get(pk=game.pk), user=user, notation=cell)
    game.refresh_from_db()
    assert not game.is_active
    response = client_for(boris.user).post(move_url(game), {"notation": "A2=S"}, **JSON)
    assert response.status_code == 400
    assert stored(game) == ["A1=S", "B1=O", "C1=S"]


def test_a_tournament_arbiter_cannot_move_for_a_player(
    client_for: ClientFor, alice: Player, boris: Player
) -> None:
    """An online tournament's game: its arbiter (not staff) has no seat and no move."""
    arbiter = make_user("arbiter")
    tournament = services.create_tournament(
        name="Online Open", kind="uttt", format="swiss", rounds=1, online=True, created_by=arbiter
    )
    for player in (alice, boris):
        services.register(tournament=tournament, player=player, user=arbiter)
    rnd = pairings.pair_round(tournament=tournament, user=arbiter)
    game = Pairing.objects.get(round=rnd, second__isnull=False).game
    assert game is not None
    response = client_for(arbiter).post(move_url(game), {"cell": "E5"}, **JSON)
    assert response.status_code == 400
    assert stored(game) == []


def test_the_move_url_takes_no_get(client_for: ClientFor, alice: Player, game: Game) -> None:
    assert client_for(alice.user).get(move_url(game), {"cell": "E5"}).status_code == 405
    assert stored(game) == []


def test_an_unknown_game_is_404(client_for: ClientFor, alice: Player, db: None) -> None:
    assert client_for(alice.user).post("/games/999999/move/", {"cell": "E5"}).status_code == 404


def test_the_player_to_move_still_can(client_for: ClientFor, alice: Player, game: Game) -> None:
    """The control case: the refusals above are about who asks, not about the request."""
    response = client_for(alice.user).post(move_url(game), {"cell": "E5"}, **JSON, **EN)
    assert response.json() == {"ok": True}
    assert stored(game) == ["E5"]


def test_a_staff_account_cannot_move_over_the_board_in_a_game_it_does_not_arbitrate(
    client_for: ClientFor, staff: User, alice: Player, boris: Player
) -> None:
    """Staff status gives no right over a game: only that game's arbiters enter its moves."""
    game = game_services.create_game(
        kind="uttt", options={}, players=[alice, boris], over_the_board=True
    )
    response = client_for(staff).post(move_url(game), {"cell": "E5"}, **JSON, **EN)
    assert response.status_code == 400
    assert response.json()["code"] == "not_allowed"
    assert stored(game) == []
