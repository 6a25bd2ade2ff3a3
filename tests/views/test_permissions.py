"""Who may move, who may watch, and CSRF on the move form."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.models import Game, Move, Player
from tests.conftest import GameFactory
from tests.factories import with_permission
from tests.views.helpers import cell_buttons, messages_text, move_forms, move_url, parse, play

pytestmark = pytest.mark.django_db

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
JSON = {"HTTP_ACCEPT": "application/json"}
ClientFor = Callable[[User | None], Client]


def stored(game: Game) -> list[str]:
    return list(Move.objects.filter(game=game).order_by("ply").values_list("notation", flat=True))


# -- anonymous -------------------------------------------------------------------------------------


def test_anonymous_form_post_goes_to_login_and_stores_nothing(
    client: Client, new_game: GameFactory
) -> None:
    game = new_game("uttt")
    response = client.post(move_url(game), {"cell": "E5"}, **EN)
    assert response.status_code == 302
    assert response["Location"] == f"/accounts/login/?next={game.get_absolute_url()}"
    assert stored(game) == []
    login_page = parse(client.get(response["Location"], **EN))
    assert messages_text(login_page) == "Log in to make a move."
    login_form = login_page.find("form", action="/accounts/login/")
    assert login_form.find("input", name="next").attrs["value"] == game.get_absolute_url()


def test_anonymous_form_post_message_in_russian(client: Client, new_game: GameFactory) -> None:
    game = new_game("uttt")
    response = client.post(move_url(game), {"cell": "E5"}, follow=True)
    assert messages_text(parse(response)) == "Войдите, чтобы сделать ход."
    assert stored(game) == []


def test_anonymous_json_post_is_refused(client: Client, new_game: GameFactory) -> None:
    game = new_game("uttt")
    response = client.post(move_url(game), {"cell": "E5"}, **JSON, **EN)
    assert response.status_code == 400
    assert response.json() == {
        "ok": False,
        "code": "not_allowed",
        "error": "Log in to make a move.",
    }
    assert stored(game) == []


# -- logged-in players -----------------------------------------------------------------------------


def test_a_player_not_seated_is_refused(
    client_for: ClientFor, outsider: User, new_game: GameFactory
) -> None:
    game = new_game("uttt")
    client = client_for(outsider)
    response = client.post(move_url(game), {"cell": "E5"}, **JSON, **EN)
    assert response.status_code == 400
    assert response.json() == {
        "ok": False,
        "code": "not_allowed",
        "error": "You are not playing in this game.",
    }
    page = parse(client.get(game.get_absolute_url()))
    assert cell_buttons(page) == []
    assert stored(game) == []


def test_a_player_not_seated_gets_a_message_after_a_form_post(
    client_for: ClientFor, outsider: User, new_game: GameFactory
) -> None:
    game = new_game("uttt")
    response = client_for(outsider).post(move_url(game), {"cell": "E5"}, follow=True)
    assert response.redirect_chain == [(game.get_absolute_url(), 302)]
    assert messages_text(parse(response)) == "Вы не участвуете в этой игре."
    assert stored(game) == []


def test_the_seated_player_to_move_is_accepted(
    alice_client: Client, alice: Player, new_game: GameFactory
) -> None:
    game = new_game("uttt")
    response = alice_client.post(move_url(game), {"cell": "E5"}, **JSON)
    assert response.json() == {"ok": True}
    assert Move.objects.get(game=game).submitted_by == alice.user


def test_the_seated_player_not_to_move_is_refused(
    boris_client: Client, new_game: GameFactory
) -> None:
    game = new_game("uttt")
    response = boris_client.post(move_url(game), {"cell": "E5"}, **JSON, **EN)
    assert response.status_code == 400
    assert response.json() == {
        "ok": False,
        "code": "not_allowed",
        "error": "It is not your turn: \u2068Alice\u2069 is to move.",
    }
    assert stored(game) == []


def test_not_your_turn_in_russian(alice_client: Client, new_game: GameFactory) -> None:
    game = play(new_game("uttt"), "E5")
    response = alice_client.post(move_url(game), {"cell": "D4"}, follow=True)
    assert messages_text(parse(response)) == "Сейчас не ваш ход: ходит \u2068Борис\u2069."
    assert stored(game) == ["E5"]


# -- staff -----------------------------------------------------------------------------------------


def test_staff_may_not_move_in_an_ordinary_game(
    client_for: ClientFor, staff: User, new_game: GameFactory
) -> None:
    game = new_game("uttt")
    client = client_for(staff)
    assert cell_buttons(parse(client.get(game.get_absolute_url()))) == []
    response = client.post(move_url(game), {"cell": "E5"}, **JSON, **EN)
    assert response.status_code == 400
    assert response.json()["code"] == "not_allowed"
    assert stored(game) == []


def test_staff_may_not_move_over_the_board_in_a_game_it_does_not_arbitrate(
    client_for: ClientFor, staff: User, table_arbiter: User, new_game: GameFactory
) -> None:
    """Only that game's arbiters enter its moves: neither staff status nor the arbiter's
    permission gives a right over another arbiter's over-the-board game."""
    game = new_game("uttt", over_the_board=True, created_by=table_arbiter)
    for user in (staff, with_permission(staff, "games.play_any_seat")):
        client = client_for(user)
        assert cell_buttons(parse(client.get(game.get_absolute_url()))) == []
        response = client.post(move_url(game), {"cell": "E5"}, **JSON, **EN)
        assert response.status_code == 400
        assert response.json()["code"] == "not_allowed"
    assert stored(game) == []


def test_the_arbiter_who_created_it_moves_for_every_seat_over_the_board(
    client_for: ClientFor, table_arbiter: User, new_game: GameFactory
) -> None:
    staff = table_arbiter
    game = new_game("uttt", over_the_board=True, created_by=staff)
    client = client_for(staff)
    assert len(cell_buttons(parse(client.get(game.get_absolute_url())))) == 81
    for cell in ("E5", "D4", "A1"):
        response = client.post(move_url(game), {"cell": cell}, **JSON)
        assert response.json() == {"ok": True}, cell
    moves = Move.objects.filter(game=game).order_by("ply")
    assert [(m.seat, m.notation, m.submitted_by) for m in moves] == [
        (0, "E5", staff),
        (1, "D4", staff),
        (0, "A1", staff),
    ]
    # Still the arbiter's board: the buttons follow the mover.
    assert len(cell_buttons(parse(client.get(game.get_absolute_url())))) > 0


def test_the_arbiter_over_the_board_through_the_plain_form(
    client_for: ClientFor, table_arbiter: User, new_game: GameFactory
) -> None:
    game = new_game("sos", over_the_board=True, created_by=table_arbiter)
    client = client_for(table_arbiter)
    response = client.post(move_url(game), {"cell": "A1", "letter": "S", "expected_ply": "0"})
    assert response.status_code == 302
    assert response["Location"] == game.get_absolute_url()
    assert stored(game) == ["A1=S"]


def test_over_the_board_the_other_seated_player_is_still_refused(
    boris_client: Client, new_game: GameFactory
) -> None:
    game = new_game("uttt", over_the_board=True)
    response = boris_client.post(move_url(game), {"cell": "E5"}, **JSON)
    assert response.status_code == 400
    assert stored(game) == []


# -- watching needs no login -----------------------------------------------------------------------


def test_watching_needs_no_login(client: Client, alice: Player, new_game: GameFactory) -> None:
    game = play(new_game("sos"), "A1=S")
    for url in [
        "/",
        "/games/",
        "/games/?show=finished",
        game.get_absolute_url(),
        f"{game.get_absolute_url()}?at=0",
        f"/games/{game.pk}/panel/",
        f"/games/{game.pk}/live/",
        "/players/",
        "/players/?q=Ali",
        alice.get_absolute_url(),
    ]:
        assert client.get(url).status_code == 200, url
    page = parse(client.get(game.get_absolute_url()))
    assert move_forms(page, game) == []


# -- CSRF ------------------------------------------------------------------------------------------


@pytest.fixture
def csrf_client(alice: Player) -> Client:
    client = Client(enforce_csrf_checks=True)
    assert alice.user is not None
    client.force_login(alice.user)
    return client


def test_a_move_without_csrf_token_is_forbidden(csrf_client: Client, new_game: GameFactory) -> None:
    game = new_game("uttt")
    assert csrf_client.post(move_url(game), {"cell": "E5"}).status_code == 403
    assert csrf_client.post(move_url(game), {"cell": "E5"}, **JSON).status_code == 403
    assert stored(game) == []


def test_a_move_with_the_token_from_the_page_is_accepted(
    csrf_client: Client, new_game: GameFactory
) -> None:
    game = new_game("uttt")
    page = parse(csrf_client.get(game.get_absolute_url()))
    (board_form, typed_form) = move_forms(page, game)
    token = board_form.find("input", name="csrfmiddlewaretoken").attrs["value"]
    expected = board_form.find("input", name="expected_ply").attrs["value"]
    response = csrf_client.post(
        move_url(game), {"csrfmiddlewaretoken": token, "expected_ply": expected, "cell": "E5"}
    )
    assert response.status_code == 302
    assert stored(game) == ["E5"]
    assert typed_form.find("input", name="csrfmiddlewaretoken")


def test_a_json_move_with_the_csrf_header_is_accepted(
    csrf_client: Client, new_game: GameFactory
) -> None:
    game = new_game("uttt")
    csrf_client.get(game.get_absolute_url())
    token = csrf_client.cookies["csrftoken"].value
    response = csrf_client.post(move_url(game), {"cell": "E5"}, HTTP_X_CSRFTOKEN=token, **JSON)
    assert response.json() == {"ok": True}
    assert stored(game) == ["E5"]
