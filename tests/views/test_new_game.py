"""The new game form at /games/new/."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.models import Game, GameKind, GameStatus, Player
from tests.factories import make_user, with_permission
from tests.views.helpers import form_data, parse

pytestmark = pytest.mark.django_db

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
URL = "/games/new/"
ClientFor = Callable[[User | None], Client]


def seats(*players: Player) -> dict[str, str]:
    return {f"seat_{n}": str(p.pk) for n, p in enumerate(players)}


def created_game(response: Any) -> Game:
    """The one game in the database, after checking that ``response`` redirected to it."""
    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == game.get_absolute_url()
    return game


def form_errors(response: Any) -> str:
    """The text of every error list on the re-rendered form."""
    page = parse(response)
    return " ".join(ul.text() for ul in page.find_all("ul", cls="errorlist"))


# -- access ----------------------------------------------------------------------------------------


def test_anonymous_is_sent_to_login(client: Client, db: None) -> None:
    response = client.get(URL)
    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/?next=/games/new/"
    response = client.post(URL, {"kind": "uttt"})
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")
    assert not Game.objects.exists()


def test_the_form_lists_players_for_six_seats(
    alice_client: Client, alice: Player, boris: Player
) -> None:
    page = parse(alice_client.get(URL, **EN))
    form = page.find("form", cls="new-game")
    for n in range(6):
        select = form.find("select", name=f"seat_{n}")
        options = [o.text() for o in select.find_all("option") if o.attrs.get("value")]
        assert options == ["Alice", "Борис"]
    assert form.has("input", name="csrfmiddlewaretoken")


def test_the_game_kind_is_a_form_control(alice_client: Client, alice: Player) -> None:
    form = parse(alice_client.get(URL, **EN)).find("form", cls="new-game")
    radios = form.find_all("input", name="kind")
    selects = form.find_all("select", name="kind")
    offered = {r.attrs["value"] for r in radios} | {
        o.attrs["value"] for s in selects for o in s.find_all("option")
    }
    assert offered == {"sos", "uttt"}


def test_a_browser_can_submit_the_form_as_rendered(
    alice_client: Client, alice: Player, boris: Player
) -> None:
    """Submit what the page's controls hold (the defaults), with two seats chosen."""
    form = parse(alice_client.get(URL, **EN)).find("form", cls="new-game")
    data = {**form_data(form), **seats(alice, boris)}
    game = created_game(alice_client.post(URL, data))
    assert game.kind == GameKind.UTTT  # the form's initial choice


@pytest.mark.parametrize("kind", [None, "chess"])
def test_a_missing_or_unknown_kind_is_reported(
    alice_client: Client, alice: Player, boris: Player, kind: str | None
) -> None:
    data = seats(alice, boris)
    if kind is not None:
        data["kind"] = kind
    response = alice_client.post(URL, data, **EN)
    assert response.status_code == 200
    assert not Game.objects.exists()
    errors = form_errors(response)
    assert "This field is required." in errors or "Select a valid choice." in errors


# -- creating games --------------------------------------------------------------------------------


def test_create_sos_with_three_seats(
    alice_client: Client, alice: Player, boris: Player, carol: Player
) -> None:
    data = {"kind": "sos", "rows": "4", "cols": "", "mode": "first", **seats(carol, alice, boris)}
    game = created_game(alice_client.post(URL, data))
    assert game.kind == GameKind.SOS
    assert game.options == {"rows": 4, "cols": 4, "players": 3, "mode": "first"}
    assert [s.player for s in game.seats.order_by("number")] == [carol, alice, boris]
    assert game.status == GameStatus.WAITING
    assert game.created_by == alice.user
    assert not game.over_the_board


def test_create_sos_with_its_own_columns(
    alice_client: Client, alice: Player, boris: Player
) -> None:
    data = {"kind": "sos", "rows": "3", "cols": "7", "mode": "most", **seats(alice, boris)}
    game = created_game(alice_client.post(URL, data))
    assert game.options == {"rows": 3, "cols": 7, "players": 2, "mode": "most"}


def test_create_sos_then_follow_to_its_board(
    alice_client: Client, alice: Player, boris: Player, carol: Player
) -> None:
    data = {"kind": "sos", "rows": "4", "cols": "6", **seats(alice, boris, carol)}
    response = alice_client.post(URL, data, follow=True, **EN)
    page = parse(response)
    board = page.find("div", cls="board")
    assert [s.text() for s in board.find_all("span", cls="col-head")] == list("ABCDEF")
    assert len(board.find_all("button", name="cell")) == 24  # Alice moves first
    assert "3 players" in page.find("p", cls="rules-summary").text()


def test_create_uttt_classic(alice_client: Client, alice: Player, boris: Player) -> None:
    data = {"kind": "uttt", "preset": "classic", "no_send_back": "on", **seats(boris, alice)}
    game = created_game(alice_client.post(URL, data))
    assert game.kind == GameKind.UTTT
    assert game.options == {
        "preset": "classic",
        "all_draw_line": "draw",
        "decided_boards_free": False,
        "no_send_back": True,
    }
    assert [s.player for s in game.seats.order_by("number")] == [boris, alice]


def test_create_uttt_tactical_with_options(
    alice_client: Client, alice: Player, boris: Player
) -> None:
    data = {
        "kind": "uttt",
        "preset": "tactical",
        "all_draw_line": "continue",
        "decided_boards_free": "on",
        # SOS fields sent by the same form are ignored for UTTT.
        "rows": "5",
        "cols": "5",
        "mode": "most",
        **seats(alice, boris),
    }
    game = created_game(alice_client.post(URL, data))
    assert game.options == {
        "preset": "tactical",
        "all_draw_line": "continue",
        "decided_boards_free": True,
        "no_send_back": False,
    }


# -- refused games ---------------------------------------------------------------------------------


def test_uttt_with_three_seats_is_refused(
    alice_client: Client, alice: Player, boris: Player, carol: Player
) -> None:
    data = {"kind": "uttt", "preset": "tactical", **seats(alice, boris, carol)}
    response = alice_client.post(URL, data, **EN)
    assert response.status_code == 200
    assert "Ultimate tic-tac-toe is played by exactly two players." in form_errors(response)
    assert not Game.objects.exists()


def test_uttt_with_three_seats_is_refused_in_russian(
    alice_client: Client, alice: Player, boris: Player, carol: Player
) -> None:
    data = {"kind": "uttt", **seats(alice, boris, carol)}
    response = alice_client.post(URL, data)
    assert "В тактические крестики-нолики играют ровно два игрока." in form_errors(response)
    assert not Game.objects.exists()


def test_a_player_twice_is_refused(alice_client: Client, alice: Player, boris: Player) -> None:
    data = {"kind": "sos", **seats(alice, boris, alice)}
    response = alice_client.post(URL, data, **EN)
    assert response.status_code == 200
    assert "A player can take only one seat in a game." in form_errors(response)
    assert not Game.objects.exists()


def test_one_seat_is_not_enough(alice_client: Client, alice: Player) -> None:
    response = alice_client.post(URL, {"kind": "sos", **seats(alice)}, **EN)
    assert response.status_code == 200
    page = parse(response)
    seat_1 = page.find("select", name="seat_1").parent
    assert seat_1 is not None
    assert "field--error" in seat_1.classes
    assert "This field is required." in form_errors(response)
    assert not Game.objects.exists()


def test_no_seats_at_all(alice_client: Client, alice: Player) -> None:
    response = alice_client.post(URL, {"kind": "uttt"}, **EN)
    assert response.status_code == 200
    assert form_errors(response).count("This field is required.") == 2
    assert not Game.objects.exists()


@pytest.mark.parametrize(
    ("field", "value", "error"),
    [
        ("rows", "2", "Ensure this value is greater than or equal to 3."),
        ("rows", "27", "Ensure this value is less than or equal to 26."),
        ("cols", "0", "Ensure this value is greater than or equal to 3."),
        ("rows", "five", "Enter a whole number."),
    ],
)
def test_sos_size_out_of_range(
    alice_client: Client, alice: Player, boris: Player, field: str, value: str, error: str
) -> None:
    data = {"kind": "sos", "rows": "5", "cols": "5", **seats(alice, boris), field: value}
    response = alice_client.post(URL, data, **EN)
    assert response.status_code == 200
    wrapper = parse(response).find("input", name=field).parent
    assert wrapper is not None
    assert "field--error" in wrapper.classes
    assert error in wrapper.text()
    assert not Game.objects.exists()


def test_over_the_board_is_refused_for_a_plain_player(
    alice_client: Client, alice: Player, boris: Player
) -> None:
    data = {"kind": "uttt", "over_the_board": "on", **seats(alice, boris)}
    response = alice_client.post(URL, data, **EN)
    assert response.status_code == 200
    assert "Only arbiters can run games over the board." in form_errors(response)
    assert not Game.objects.exists()


def test_over_the_board_is_refused_for_staff_without_the_arbiters_permission(
    client_for: ClientFor, staff: User, alice: Player, boris: Player
) -> None:
    data = {"kind": "uttt", "over_the_board": "on", **seats(alice, boris)}
    response = client_for(staff).post(URL, data, **EN)
    assert "Only arbiters can run games over the board." in form_errors(response)
    assert not Game.objects.exists()


def test_over_the_board_is_allowed_for_an_arbiter(
    client_for: ClientFor, table_arbiter: User, alice: Player, boris: Player
) -> None:
    data = {"kind": "uttt", "over_the_board": "on", **seats(alice, boris)}
    game = created_game(client_for(table_arbiter).post(URL, data))
    assert game.over_the_board
    assert game.created_by == table_arbiter


def test_over_the_board_is_allowed_with_the_play_any_seat_permission(
    client_for: ClientFor, alice: Player, boris: Player
) -> None:
    user = with_permission(make_user("keeper"), "games.play_any_seat")
    data = {"kind": "sos", "over_the_board": "on", **seats(alice, boris)}
    game = created_game(client_for(user).post(URL, data))
    assert game.over_the_board
