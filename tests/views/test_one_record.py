"""The ``Move`` rows are the game's one record: the page shows their replay, nothing else is kept
of them, and a page view neither replays a check nor costs more queries as the game grows."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games import integrity
from games.models import Game, Move
from tests.conftest import GameFactory
from tests.views.helpers import board_cells, parse, play

# Tactical UTTT: X wins the small board 4 (D4-F6) at move 11 and board 0 (A1-C3) at move 15;
# O wins none.
UTTT_TWO_BOARDS = [
    *("G4", "B2", "E5", "D4", "A3", "A7", "C3", "H8", "F4", "H2"),
    *("D6", "C9", "H9", "D7", "B3"),
]


def test_changing_a_move_row_changes_what_the_page_shows(
    new_game: GameFactory, client: Client
) -> None:
    game = play(new_game("uttt"), "E5", "E4", "E2")
    page = parse(client.get(game.get_absolute_url()))
    assert board_cells(page)["E2"].text() == "X"
    assert board_cells(page)["F2"].text() == ""
    # The record itself is edited (as a restore or a hand repair would): no copy to keep in step.
    Move.objects.filter(game=game, ply=3).update(notation="F2")
    page = parse(client.get(game.get_absolute_url()))
    cells = board_cells(page)
    assert (cells["E2"].text(), cells["F2"].text()) == ("", "X")
    assert [a.text() for a in page.find_all(cls="notation")] == ["E5", "E4", "F2"]


def test_no_second_copy_of_the_moves_or_the_scores(new_game: GameFactory) -> None:
    game = play(new_game("uttt"), *UTTT_TWO_BOARDS)
    columns = {f.column for f in Game._meta.concrete_fields}
    assert not columns & {"state", "scores", "moves", "outcome"}
    with connection.cursor() as cursor:
        cursor.execute("SELECT * FROM games_game WHERE id = %s", [game.pk])
        row = " ".join(str(value) for value in cursor.fetchone())
    for notation in UTTT_TWO_BOARDS:
        assert notation not in row
    # Derived from the moves by the rules engine: small boards won.
    assert Game.objects.get(pk=game.pk).scores == [2, 0]


def test_the_page_shows_the_engines_scores(new_game: GameFactory, client: Client) -> None:
    game = play(new_game("uttt"), *UTTT_TWO_BOARDS)
    page = parse(client.get(game.get_absolute_url()))
    assert [td.text() for td in page.find_all("td", cls="score")] == ["2", "0"]
    # Replaying to move 11: one board won.
    page = parse(client.get(game.get_absolute_url() + "?at=11"))
    assert [td.text() for td in page.find_all("td", cls="score")] == ["1", "0"]


def _queries(client: Client, url: str) -> list[str]:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return [q["sql"] for q in captured.captured_queries]


@pytest.mark.parametrize("path", ["", "panel/"])
def test_a_page_view_does_not_run_the_integrity_check(
    new_game: GameFactory, client: Client, monkeypatch: pytest.MonkeyPatch, path: str
) -> None:
    game = play(new_game("uttt"), *UTTT_TWO_BOARDS)

    def forbidden(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("a page view ran the integrity check")

    for name in ("game_problems", "problems_of_game", "_problems_of", "_outcome_problems"):
        monkeypatch.setattr(integrity, name, forbidden)
    assert client.get(f"{game.get_absolute_url()}{path}").status_code == 200


def test_a_page_reads_the_moves_once_whatever_their_number(
    new_game: GameFactory, client: Client
) -> None:
    short = play(new_game("uttt"), "E5")
    long = play(new_game("uttt"), *UTTT_TWO_BOARDS)
    few = _queries(client, short.get_absolute_url())
    many = _queries(client, long.get_absolute_url())
    assert len(few) == len(many)
    assert sum('FROM "games_move"' in sql for sql in many) == 1
