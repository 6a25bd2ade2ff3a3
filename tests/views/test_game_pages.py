"""Watching games: the list, the board pages of both games, replay, the panel and the live poll."""

from __future__ import annotations

import json

import pytest
from django.http import HttpResponse
from django.test import Client
from django.utils import formats, translation

from games.models import Game, GameStatus, Player
from tests.conftest import GameFactory
from tests.views.helpers import (
    Node,
    board_cells,
    body,
    cell_buttons,
    move_forms,
    parse,
    play,
)

pytestmark = pytest.mark.django_db

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def game_links(response: HttpResponse) -> set[str]:
    """The game pages linked from a list's table."""
    table = parse(response).find("table", cls="table")
    return {a.attrs["href"] for a in table.find_all("a") if a.attrs["href"].startswith("/games/")}


# -- the list of games ---------------------------------------------------------------------------


@pytest.fixture
def three_games(new_game: GameFactory) -> dict[str, Game]:
    """A game waiting for its first move, one in progress and one finished (first SOS wins)."""
    waiting = new_game("uttt")
    playing = play(new_game("sos"), "A1=S")
    finished = play(new_game("sos", mode="first"), "A1=S", "B1=O", "C1=S")
    assert finished.status == GameStatus.FINISHED
    return {"waiting": waiting, "playing": playing, "finished": finished}


def test_the_active_tab_lists_waiting_and_running_games(
    client: Client, three_games: dict[str, Game]
) -> None:
    links = game_links(client.get("/games/", **EN))
    assert links == {
        three_games["waiting"].get_absolute_url(),
        three_games["playing"].get_absolute_url(),
    }


def test_the_finished_tab_lists_only_finished_games(
    client: Client, three_games: dict[str, Game]
) -> None:
    response = client.get("/games/?show=finished", **EN)
    assert game_links(response) == {three_games["finished"].get_absolute_url()}
    page = parse(response)
    assert page.find("a", href="?show=finished").attrs.get("aria-current") == "page"
    assert "1-0" in page.find("table", cls="table").text()


def test_an_unknown_tab_shows_the_active_games(
    client: Client, three_games: dict[str, Game]
) -> None:
    links = game_links(client.get("/games/?show=everything", **EN))
    assert three_games["finished"].get_absolute_url() not in links
    assert len(links) == 2


def test_the_game_list_shows_players_and_status_in_russian(
    client: Client, three_games: dict[str, Game]
) -> None:
    text = parse(client.get("/games/")).find("table", cls="table").text()
    assert f"Игра {three_games['playing'].pk}" in text
    assert "Борис" in text
    assert "Идёт" in text  # in progress
    assert "Ожидает первого хода" in text  # waiting


def test_an_empty_list_says_so(client: Client, db: None) -> None:
    assert "No games here yet." in body(client.get("/games/?show=finished", **EN))


# -- SOS board -------------------------------------------------------------------------------------


def test_sos_board_has_column_letters_and_row_numbers(
    client: Client, new_game: GameFactory
) -> None:
    game = new_game("sos", rows=4, cols=6)
    board = parse(client.get(game.get_absolute_url(), **EN)).find("div", cls="board")
    assert [s.text() for s in board.find_all("span", cls="col-head")] == list("ABCDEF")
    assert [s.text() for s in board.find_all("span", cls="row-head")] == ["1", "2", "3", "4"]
    assert len(board_cells(parse(client.get(game.get_absolute_url())))) == 24


def test_sos_board_shows_the_letters_written(client: Client, new_game: GameFactory) -> None:
    game = play(new_game("sos", rows=4), "B2=S", "C3=O")
    cells = board_cells(parse(client.get(game.get_absolute_url(), **EN)))
    assert cells["B2"].text() == "S"
    assert "mark-s" in cells["B2"].classes
    assert cells["C3"].text() == "O"
    assert "mark-o" in cells["C3"].classes
    assert "last" in cells["C3"].classes
    assert all(cells[name].text() == "" for name in cells if name not in {"B2", "C3"})


def sos_lines(response: HttpResponse) -> list[dict[str, str]]:
    svg = parse(response).find("svg", cls="sos-lines")
    return [line.attrs for line in svg.find_all("line")]


def test_sos_lines_are_drawn_in_an_svg(client: Client, new_game: GameFactory) -> None:
    game = play(new_game("sos"), "A1=S", "B1=O", "C1=S")
    (line,) = sos_lines(client.get(game.get_absolute_url(), **EN))
    assert (line["x1"], line["y1"], line["x2"], line["y2"]) == ("0.5", "0.5", "2.5", "0.5")
    assert line["data-seat"] == "0"


def test_sos_line_coordinates_keep_dots_in_russian(client: Client, new_game: GameFactory) -> None:
    # Without `localize off` the Russian locale would write 0,5: make sure that is what it would do.
    with translation.override("ru"):
        assert formats.localize(0.5) == "0,5"
    # A diagonal by Alice, then the other diagonal by Борис.
    game = play(new_game("sos"), "A1=S", "B2=O", "C3=S", "C1=S", "A3=S")
    response = client.get(game.get_absolute_url())
    assert '<html lang="ru" dir="ltr">' in body(response)
    lines = sos_lines(response)
    assert [(ln["x1"], ln["y1"], ln["x2"], ln["y2"]) for ln in lines] == [
        ("0.5", "0.5", "2.5", "2.5"),
        ("2.5", "0.5", "0.5", "2.5"),
    ]
    assert [ln["data-seat"] for ln in lines] == ["0", "1"]
    svg = parse(response).find("svg", cls="sos-lines")
    for node in [svg, *svg.find_all("line")]:
        assert not any("," in value for value in node.attrs.values()), node.attrs


def test_no_svg_without_sos_lines(client: Client, new_game: GameFactory) -> None:
    game = play(new_game("sos"), "A1=S")
    assert not parse(client.get(game.get_absolute_url())).has("svg")


# -- UTTT board ------------------------------------------------------------------------------------


def test_uttt_board_has_nine_columns_and_rows(client: Client, new_game: GameFactory) -> None:
    game = new_game("uttt")
    page = parse(client.get(game.get_absolute_url(), **EN))
    board = page.find("div", cls="board")
    assert [s.text() for s in board.find_all("span", cls="col-head")] == list("ABCDEFGHI")
    assert [s.text() for s in board.find_all("span", cls="row-head")] == [
        str(n) for n in range(1, 10)
    ]
    assert len(board_cells(page)) == 81


def test_uttt_marks_and_small_board_statuses(client: Client, new_game: GameFactory) -> None:
    # X wins the top-left small board (column B); O is then sent to the small board 7 (D7–F9).
    game = play(new_game("uttt"), "B2", "D4", "B1", "D1", "B3")
    page = parse(client.get(game.get_absolute_url(), **EN))
    cells = board_cells(page)
    for name in ("B1", "B2", "B3"):
        assert cells[name].text() == "X"
        assert "b-x" in cells[name].classes
    assert cells["D4"].text() == "O"
    assert "mark-o" in cells["D4"].classes
    assert "b-open" in cells["D4"].classes
    small = page.find("div", cls="small-boards").find_all("span", cls="small-board")
    assert len(small) == 9
    assert "b-x" in small[0].classes
    assert small[0].text() == "X"
    assert small[0].attrs["title"] == "won by X"
    assert all("b-open" in s.classes for s in small[1:])
    assert [i for i, s in enumerate(small) if "zone" in s.classes] == [7]
    # The seats table counts the small boards won.
    seats = page.find("table", cls="seats")
    assert [td.text() for td in seats.find_all("td", cls="score")] == ["1", "0"]


def test_uttt_status_names_the_mover_and_mark(client: Client, new_game: GameFactory) -> None:
    game = play(new_game("uttt"), "E5")
    status = parse(client.get(game.get_absolute_url(), **EN)).find("p", cls="status").text()
    assert "To move: Борис (O)" in status


# -- who sees the move buttons ---------------------------------------------------------------------


def test_uttt_the_mover_gets_a_button_for_each_allowed_cell(
    alice_client: Client, boris_client: Client, new_game: GameFactory
) -> None:
    game = new_game("uttt")
    assert len(cell_buttons(parse(alice_client.get(game.get_absolute_url())))) == 81
    assert cell_buttons(parse(boris_client.get(game.get_absolute_url()))) == []

    game = play(game, "E5")
    allowed = ["D4", "E4", "F4", "D5", "F5", "D6", "E6", "F6"]
    page = parse(boris_client.get(game.get_absolute_url()))
    assert sorted(cell_buttons(page)) == sorted(allowed)
    assert board_cells(page)["E5"].tag == "span"
    assert len(move_forms(page, game)) == 2  # clicking a cell, typing a move
    alice_page = parse(alice_client.get(game.get_absolute_url()))
    assert cell_buttons(alice_page) == []
    assert move_forms(alice_page, game) == []


def test_sos_the_mover_gets_buttons_for_empty_cells_and_a_letter_choice(
    alice_client: Client, new_game: GameFactory
) -> None:
    game = play(new_game("sos"), "A1=S", "B1=S")
    page = parse(alice_client.get(game.get_absolute_url()))
    assert sorted(cell_buttons(page)) == ["A2", "A3", "B2", "B3", "C1", "C2", "C3"]
    assert {i.attrs["value"] for i in page.find_all("input", name="letter")} == {"S", "O"}
    expected = {i.attrs["value"] for i in page.find_all("input", name="expected_ply")}
    assert expected == {"2"}


def test_watchers_get_no_buttons(client: Client, new_game: GameFactory) -> None:
    game = new_game("sos")
    page = parse(client.get(game.get_absolute_url()))
    assert cell_buttons(page) == []
    assert move_forms(page, game) == []
    assert len(board_cells(page)) == 9


def test_nobody_gets_buttons_in_a_finished_game(
    alice_client: Client, boris_client: Client, new_game: GameFactory
) -> None:
    game = play(new_game("sos", mode="first"), "A1=S", "B1=O", "C1=S")
    for client in (alice_client, boris_client):
        page = parse(client.get(game.get_absolute_url(), **EN))
        assert cell_buttons(page) == []
        assert move_forms(page, game) == []
        assert "Winner: Alice" in page.find("p", cls="status").text()


# -- the score sheet -------------------------------------------------------------------------------


def test_score_sheet_pairs_the_moves_under_the_players_names(
    client: Client, new_game: GameFactory
) -> None:
    """Two players: a move pair a row, the names once in the heading; Alice scored with C1=S
    and moved again, so her extra turn shares the row with the move that scored."""
    game = play(new_game("sos"), "A1=S", "B1=O", "C1=S", "C2=O")
    sheet = parse(client.get(game.get_absolute_url(), **EN)).find("table", cls="moves")
    assert [th.text() for th in sheet.find("thead").find_all("th")] == ["№", "Alice", "Борис"]
    rows = [
        [[a.text() for a in td.find_all("a", cls="notation")] for td in tr.find_all("td")[1:]]
        for tr in sheet.find("tbody").find_all("tr")
    ]
    assert rows == [[["A1=S"], ["B1=O"]], [["C1=S", "C2=O"], []]]
    assert [s.text() for s in sheet.find_all("span", cls="points")] == ["+1"]


def test_uttt_score_sheet(client: Client, new_game: GameFactory) -> None:
    game = play(new_game("uttt"), "E5", "D4", "B2")
    sheet = parse(client.get(game.get_absolute_url(), **EN)).find("table", cls="moves")
    rows = [[td.text() for td in tr.find_all("td")] for tr in sheet.find("tbody").find_all("tr")]
    assert rows == [["1", "E5", "D4"], ["2", "B2", ""]]


def test_an_empty_score_sheet_says_so(client: Client, new_game: GameFactory) -> None:
    game = new_game("uttt")
    assert "No moves yet." in body(client.get(game.get_absolute_url(), **EN))


# -- replay ----------------------------------------------------------------------------------------


@pytest.fixture
def sos_in_play(new_game: GameFactory) -> Game:
    """3 moves of SOS; Alice scored with the third and is to move again."""
    return play(new_game("sos"), "A1=S", "B1=O", "C1=S")


def filled(page: Node) -> dict[str, str]:
    return {name: cell.text() for name, cell in board_cells(page).items() if cell.text()}


def test_replay_shows_the_position_after_n_moves(alice_client: Client, sos_in_play: Game) -> None:
    response = alice_client.get(f"{sos_in_play.get_absolute_url()}?at=2", **EN)
    page = parse(response)
    assert filled(page) == {"A1": "S", "B1": "O"}
    assert not page.has("svg")
    assert "Replay: the position after move 2 of 3." in page.find("p", cls="status").text()
    assert page.find("span", cls="replay__pos").text() == "2 / 3"
    assert page.find("div", cls="panel").attrs["data-replaying"] == "1"
    current = page.find("table", cls="moves").find("span", cls="current")
    assert current.text() == "B1=O"


def test_no_move_form_while_replaying_even_for_the_mover(
    alice_client: Client, sos_in_play: Game
) -> None:
    page = parse(alice_client.get(f"{sos_in_play.get_absolute_url()}?at=1"))
    assert cell_buttons(page) == []
    assert move_forms(page, sos_in_play) == []
    assert not page.has("input", name="notation")
    latest = parse(alice_client.get(f"{sos_in_play.get_absolute_url()}?at=3"))
    assert len(cell_buttons(latest)) == 6
    assert len(move_forms(latest, sos_in_play)) == 2


@pytest.mark.parametrize(
    ("at", "shown"),
    [
        ("0", 0),
        ("-5", 0),
        ("99", 3),
        ("99999999999999999999999", 3),
        ("abc", 3),
        ("", 3),
        ("1.5", 3),
        ("1e2", 3),
        (" 1 ", 1),
    ],
)
def test_replay_position_is_clamped_or_ignored(
    client: Client, sos_in_play: Game, at: str, shown: int
) -> None:
    for url in (sos_in_play.get_absolute_url(), f"/games/{sos_in_play.pk}/panel/"):
        response = client.get(url, {"at": at})
        assert response.status_code == 200, (url, at)
        page = parse(response)
        assert page.find("span", cls="replay__pos").text() == f"{shown} / 3"
        assert len(filled(page)) == shown


def test_replay_at_latest_is_the_live_position(alice_client: Client, sos_in_play: Game) -> None:
    page = parse(alice_client.get(f"{sos_in_play.get_absolute_url()}?at=3", **EN))
    assert page.find("div", cls="panel").attrs["data-replaying"] == "0"
    assert "Extra turn" in page.find("p", cls="status").text()


def test_replay_of_a_uttt_game(client: Client, new_game: GameFactory) -> None:
    game = play(new_game("uttt"), "B2", "D4", "B1", "D1", "B3")
    page = parse(client.get(f"{game.get_absolute_url()}?at=4"))
    assert filled(page) == {"B2": "X", "D4": "O", "B1": "X", "D1": "O"}
    small = page.find("div", cls="small-boards").find_all("span", cls="small-board")
    assert all("b-open" in s.classes for s in small)
    assert [i for i, s in enumerate(small) if "zone" in s.classes] == [0]


# -- panel, live poll, 404 -------------------------------------------------------------------------


def test_panel_is_a_fragment(client: Client, sos_in_play: Game) -> None:
    response = client.get(f"/games/{sos_in_play.pk}/panel/")
    text = body(response)
    assert "<html" not in text
    assert "<body" not in text
    assert text.lstrip().startswith('<div class="panel"')
    panel = parse(response).find("div", cls="panel")
    assert panel.attrs["data-ply"] == "3"
    assert panel.attrs["data-status"] == "in_progress"
    assert len(board_cells(panel)) == 9


def test_detail_page_wraps_the_panel_with_its_urls(client: Client, sos_in_play: Game) -> None:
    page = parse(client.get(sos_in_play.get_absolute_url()))
    wrapper = page.find("div", id="game")
    assert wrapper.attrs["data-panel-url"] == f"/games/{sos_in_play.pk}/panel/"
    assert wrapper.attrs["data-live-url"] == f"/games/{sos_in_play.pk}/live/"
    assert wrapper.find("div", cls="panel")


def test_live_reports_ply_and_status(client: Client, new_game: GameFactory) -> None:
    game = new_game("uttt")
    response = client.get(f"/games/{game.pk}/live/")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert json.loads(response.content) == {"ply": 0, "status": "waiting"}
    play(game, "E5", "D4")
    assert client.get(f"/games/{game.pk}/live/").json() == {"ply": 2, "status": "in_progress"}


def test_live_reports_a_finished_game(client: Client, new_game: GameFactory) -> None:
    game = play(new_game("sos", mode="first"), "A1=S", "B1=O", "C1=S")
    assert client.get(f"/games/{game.pk}/live/").json() == {"ply": 3, "status": "finished"}


@pytest.mark.parametrize("suffix", ["", "panel/", "live/"])
def test_unknown_game_is_404(client: Client, db: None, suffix: str) -> None:
    assert client.get(f"/games/999999/{suffix}").status_code == 404


def test_move_to_unknown_game_is_404(alice_client: Client) -> None:
    assert alice_client.post("/games/999999/move/", {"notation": "E5"}).status_code == 404


def test_game_page_title_in_russian(client: Client, alice: Player, new_game: GameFactory) -> None:
    game = new_game("uttt")
    heading = parse(client.get(game.get_absolute_url())).find("h1").text()
    assert heading == f"Игра {game.pk} · Тактические крестики-нолики"


def test_replay_marks_later_moves_as_future(client: Client, sos_in_play: Game) -> None:
    page = parse(client.get(sos_in_play.get_absolute_url(), {"at": "1"}))
    moves = page.find("table", cls="moves").find_all("span", cls="move")
    assert ["current" in m.classes for m in moves] == [True, False, False]
    assert ["future" in m.classes for m in moves] == [False, True, True]
    rows = page.find("table", cls="moves").find("tbody").find_all("tr")
    assert [r.classes for r in rows] == [{"current"}, {"future"}]
    steps = [a.attrs["href"] for a in page.find("nav", cls="replay").find_all("a")]
    assert steps == ["?at=0", "?at=0", "?at=2", "?at=3"]  # first, back, forward, latest


@pytest.mark.parametrize("url", ["/games/", "/games/{pk}/", "/games/{pk}/panel/", "/players/"])
def test_pages_are_read_only(alice_client: Client, sos_in_play: Game, url: str) -> None:
    response = alice_client.post(url.format(pk=sos_in_play.pk), {"notation": "C3=S"})
    assert response.status_code == 405
    assert sos_in_play.moves.count() == 3
