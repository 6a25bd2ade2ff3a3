"""Making moves through /games/<pk>/move/: clicked cells, typed moves, JSON and plain forms."""

from __future__ import annotations

import pytest
from django.test import Client

from games.models import Game, GameStatus, Move, Player
from tests.conftest import GameFactory
from tests.views.helpers import form_data, messages_text, move_forms, move_url, parse, play

pytestmark = pytest.mark.django_db

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
JSON = {"HTTP_ACCEPT": "application/json"}


def stored(game: Game) -> list[str]:
    """The notations stored for ``game``, in order."""
    return list(Move.objects.filter(game=game).order_by("ply").values_list("notation", flat=True))


# -- method ----------------------------------------------------------------------------------------


def test_get_is_not_allowed(alice_client: Client, new_game: GameFactory) -> None:
    game = new_game("uttt")
    assert alice_client.get(move_url(game), {"notation": "E5"}).status_code == 405
    assert stored(game) == []


# -- clicked cells ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("letter", "expected"), [("S", "B2=S"), ("O", "B2=O"), ("o", "B2=O")])
def test_sos_click_with_a_letter(
    alice_client: Client, alice: Player, new_game: GameFactory, letter: str, expected: str
) -> None:
    game = new_game("sos")
    response = alice_client.post(move_url(game), {"cell": "B2", "letter": letter})
    assert response.status_code == 302
    assert response["Location"] == game.get_absolute_url()
    move = Move.objects.get(game=game)
    assert (move.ply, move.seat, move.notation, move.submitted_by) == (1, 0, expected, alice.user)
    game.refresh_from_db()
    assert (game.ply, game.status) == (1, GameStatus.IN_PROGRESS)


def test_sos_click_without_a_letter_is_refused(alice_client: Client, new_game: GameFactory) -> None:
    game = new_game("sos")
    response = alice_client.post(move_url(game), {"cell": "B2"}, **JSON, **EN)
    assert response.status_code == 400
    assert response.json() == {
        "ok": False,
        "code": "missing_letter",
        "error": "Say which letter goes in B2: B2=S or B2=O.",
    }
    assert stored(game) == []


def test_uttt_click(alice_client: Client, new_game: GameFactory) -> None:
    game = new_game("uttt")
    response = alice_client.post(move_url(game), {"cell": "E5", "expected_ply": "0"})
    assert response.status_code == 302
    assert stored(game) == ["E5"]


def test_the_clicked_move_shows_on_the_next_page(
    alice_client: Client, new_game: GameFactory
) -> None:
    game = new_game("uttt")
    response = alice_client.post(move_url(game), {"cell": "E5"}, follow=True, **EN)
    page = parse(response)
    assert response.redirect_chain == [(game.get_absolute_url(), 302)]
    cell = page.find("span", **{"data-cell": "E5"})
    assert cell.text() == "X"
    assert "To move: Борис" in page.find("p", cls="status").text()
    assert messages_text(page) == ""


# -- typed moves -----------------------------------------------------------------------------------


@pytest.mark.parametrize("typed", ["B2=O", "b2=o", " b 2 = o ", "B2 = O", "b2=0"])
def test_sos_typed_move(alice_client: Client, new_game: GameFactory, typed: str) -> None:
    game = new_game("sos")
    response = alice_client.post(move_url(game), {"notation": typed})
    assert response.status_code == 302
    assert stored(game) == ["B2=O"]


@pytest.mark.parametrize("typed", ["E5", "e5", " e 5 ", "E 5", "е5"])  # the last: Cyrillic е
def test_uttt_typed_move(alice_client: Client, new_game: GameFactory, typed: str) -> None:
    game = new_game("uttt")
    response = alice_client.post(move_url(game), {"notation": typed}, **JSON)
    assert response.status_code == 200
    assert response.json() == {"ok": True}
    assert stored(game) == ["E5"]


def test_typed_move_wins_over_a_clicked_cell(alice_client: Client, new_game: GameFactory) -> None:
    game = new_game("uttt")
    alice_client.post(move_url(game), {"notation": "A1", "cell": "E5"})
    assert stored(game) == ["A1"]


def test_an_empty_move_is_refused(alice_client: Client, new_game: GameFactory) -> None:
    game = new_game("uttt")
    response = alice_client.post(move_url(game), {"notation": "  "}, **JSON)
    assert response.status_code == 400
    assert response.json()["code"] == "bad_notation"
    assert stored(game) == []


# -- JSON answers ----------------------------------------------------------------------------------


def test_json_success(alice_client: Client, new_game: GameFactory) -> None:
    game = new_game("sos")
    response = alice_client.post(
        move_url(game), {"cell": "A1", "letter": "S", "expected_ply": "0"}, **JSON
    )
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"ok": True}
    assert stored(game) == ["A1=S"]


def test_json_with_a_composite_accept_header(alice_client: Client, new_game: GameFactory) -> None:
    game = new_game("uttt")
    response = alice_client.post(
        move_url(game), {"cell": "E5"}, HTTP_ACCEPT="application/json, text/plain, */*"
    )
    assert response.json() == {"ok": True}


@pytest.mark.parametrize(
    ("typed", "code", "error"),
    [
        ("A1=O", "occupied", "A1 is already taken."),
        ("D1=S", "off_board", "D1 is off the board: columns A to C, rows 1 to 3."),
        ("hi", "bad_notation", "“hi” is not an SOS move: write a cell and a letter, like B3=S."),
        ("B1=X", "bad_letter", "“X” cannot be written: only S or O."),
    ],
)
def test_json_refusals_of_the_rules_engine(
    boris_client: Client, new_game: GameFactory, typed: str, code: str, error: str
) -> None:
    game = play(new_game("sos"), "A1=S")  # Борис is to move
    response = boris_client.post(move_url(game), {"notation": typed}, **JSON, **EN)
    assert response.status_code == 400
    assert response.json() == {"ok": False, "code": code, "error": error}
    assert stored(game) == ["A1=S"]


def test_json_refusal_of_the_wrong_small_board(boris_client: Client, new_game: GameFactory) -> None:
    game = play(new_game("uttt"), "E5")
    response = boris_client.post(move_url(game), {"cell": "A1"}, **JSON, **EN)
    assert response.status_code == 400
    assert response.json() == {
        "ok": False,
        "code": "wrong_board",
        "error": "This move must go to the small board D4–F6.",
    }
    assert stored(game) == ["E5"]


def test_json_refusal_in_russian(alice_client: Client, new_game: GameFactory) -> None:
    game = play(new_game("sos"), "A1=S", "B1=S")
    response = alice_client.post(move_url(game), {"notation": "A1=O"}, **JSON)
    assert response.status_code == 400
    assert response.json()["error"] == "Клетка A1 уже занята."


def test_no_move_after_the_game_is_over(alice_client: Client, new_game: GameFactory) -> None:
    game = play(new_game("sos", mode="first"), "A1=S", "B1=O", "C1=S")
    response = alice_client.post(move_url(game), {"notation": "C3=S"}, **JSON, **EN)
    assert response.status_code == 400
    assert response.json() == {
        "ok": False,
        "code": "not_active",
        "error": "This game is over: no more moves can be played.",
    }
    assert len(stored(game)) == 3


# -- expected_ply ----------------------------------------------------------------------------------


def test_a_stale_expected_ply_is_refused(alice_client: Client, new_game: GameFactory) -> None:
    game = play(new_game("uttt"), "E5", "D4")
    response = alice_client.post(move_url(game), {"cell": "A1", "expected_ply": "1"}, **JSON, **EN)
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "stale"
    assert body["error"].startswith("The position changed since you loaded the page")
    assert stored(game) == ["E5", "D4"]


def test_the_current_expected_ply_is_accepted(alice_client: Client, new_game: GameFactory) -> None:
    game = play(new_game("uttt"), "E5", "D4")
    response = alice_client.post(move_url(game), {"cell": "A1", "expected_ply": "2"}, **JSON)
    assert response.json() == {"ok": True}
    assert stored(game) == ["E5", "D4", "A1"]


def test_a_form_sent_twice_makes_one_move(alice_client: Client, new_game: GameFactory) -> None:
    game = new_game("sos")
    form = {"cell": "A1", "letter": "S", "expected_ply": "0"}
    assert alice_client.post(move_url(game), form, **JSON).json() == {"ok": True}
    # Alice wrote A1=S without scoring: Борис is to move, but Alice resends the same form.
    second = alice_client.post(move_url(game), form, **JSON)
    assert second.status_code == 400
    assert second.json()["code"] in {"stale", "not_allowed"}
    assert stored(game) == ["A1=S"]


@pytest.mark.parametrize("expected", ["x", "abc", "", "-1", "1.0", "٣"])
def test_a_malformed_expected_ply_is_a_400_and_no_move(
    alice_client: Client, new_game: GameFactory, expected: str
) -> None:
    """Never "no check": a form whose move number is not a move count plays nothing."""
    game = new_game("uttt")
    data = {"cell": "E5", "expected_ply": expected}
    response = alice_client.post(move_url(game), data, **JSON, **EN)
    assert response.status_code == 400
    assert response.json() == {
        "ok": False,
        "code": "bad_expected_ply",
        "error": "The form's move number is not a number: reload the page and try again.",
    }
    page = alice_client.post(move_url(game), data, **EN)
    assert page.status_code == 400
    assert "The form&#x27;s move number is not a number" in page.content.decode()
    assert stored(game) == []


# -- plain forms: post, redirect, get --------------------------------------------------------------


def test_a_refused_form_redirects_back_with_a_message(
    boris_client: Client, new_game: GameFactory
) -> None:
    game = play(new_game("uttt"), "E5")
    response = boris_client.post(move_url(game), {"notation": "E5"}, **EN)
    assert response.status_code == 302
    assert response["Location"] == game.get_absolute_url()
    page = parse(boris_client.get(game.get_absolute_url(), **EN))
    assert messages_text(page) == "E5 is already taken."
    assert stored(game) == ["E5"]
    # The message is shown once.
    assert messages_text(parse(boris_client.get(game.get_absolute_url(), **EN))) == ""


def test_a_refused_form_message_in_russian(boris_client: Client, new_game: GameFactory) -> None:
    game = play(new_game("uttt"), "E5")
    response = boris_client.post(move_url(game), {"cell": "A1"}, follow=True)
    assert response.redirect_chain == [(game.get_absolute_url(), 302)]
    assert messages_text(parse(response)) == "Этот ход нужно сделать на малом поле D4–F6."


def test_a_stale_form_redirects_back_with_a_message(
    alice_client: Client, new_game: GameFactory
) -> None:
    game = play(new_game("uttt"), "E5", "D4")
    response = alice_client.post(
        move_url(game), {"cell": "A1", "expected_ply": "0"}, follow=True, **EN
    )
    assert "The position changed since you loaded the page" in messages_text(parse(response))
    assert stored(game) == ["E5", "D4"]


def test_moves_alternate_through_the_form(
    alice_client: Client, boris_client: Client, new_game: GameFactory
) -> None:
    game = new_game("uttt")
    for client, cell, ply in [
        (alice_client, "E5", 0),
        (boris_client, "D4", 1),
        (alice_client, "A1", 2),
    ]:
        response = client.post(move_url(game), {"cell": cell, "expected_ply": str(ply)})
        assert response.status_code == 302
    assert stored(game) == ["E5", "D4", "A1"]
    assert list(Move.objects.filter(game=game).values_list("seat", flat=True)) == [0, 1, 0]


def test_a_scoring_sos_move_gives_another_turn(alice_client: Client, new_game: GameFactory) -> None:
    game = play(new_game("sos"), "A1=S", "B1=O")
    assert alice_client.post(move_url(game), {"cell": "C1", "letter": "S"}, **JSON).json() == {
        "ok": True
    }
    # Alice scored: she moves again.
    assert alice_client.post(move_url(game), {"cell": "C3", "letter": "S"}, **JSON).json() == {
        "ok": True
    }
    move = Move.objects.get(game=game, ply=3)
    assert move.points == 1
    game.refresh_from_db()
    assert game.scores == [1, 0]


# -- the forms as a browser sends them -------------------------------------------------------------


def test_clicking_a_cell_in_the_rendered_sos_form(
    alice_client: Client, new_game: GameFactory
) -> None:
    """The board form's own fields (token, expected ply, the checked letter S) plus the button."""
    game = new_game("sos")
    page = parse(alice_client.get(game.get_absolute_url()))
    board_form, _typed = move_forms(page, game)
    assert "B3" in [b.attrs["value"] for b in board_form.find_all("button", name="cell")]
    data = {**form_data(board_form), "cell": "B3"}
    assert data["letter"] == "S"
    assert data["expected_ply"] == "0"
    assert alice_client.post(move_url(game), data).status_code == 302
    assert stored(game) == ["B3=S"]


def test_typing_into_the_rendered_uttt_form(alice_client: Client, new_game: GameFactory) -> None:
    game = play(new_game("uttt"), "E5", "D4")
    page = parse(alice_client.get(game.get_absolute_url()))
    _board, typed_form = move_forms(page, game)
    data = {**form_data(typed_form), "notation": "b2"}
    assert data["expected_ply"] == "2"
    assert "cell" not in data
    assert alice_client.post(move_url(game), data).status_code == 302
    assert stored(game) == ["E5", "D4", "B2"]
