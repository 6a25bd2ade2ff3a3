"""The clock on the sheets: a clocked game's board sheet shows its time control beside the board
and the time each move took in the score sheet; a game without a clock keeps the sheet it had;
both read back with nothing to change. The tournament's time control is on the players sheet."""

from __future__ import annotations

import dataclasses
from datetime import timedelta
from typing import Any

import pytest

from games.models import Move
from games.rules import get_rules
from sheets import layout as L
from sheets import services
from sheets.boards.write import DETAILS_ROWS, BoardData, board_sheet, geometry
from sheets.workbooks.tables import classify, read_table
from sheets.workbooks.write import game_board_data
from sheets.xlsx.reader import SheetData, load_sheets
from tests.adjudication.helpers import World, play

MOVES = (("A1=S", 12), ("B1=O", 5), ("A2=O", 65))  # each move and the seconds it took


def played(world: World, clock: Any) -> Any:
    for notation, seconds in MOVES:
        clock.advance(seconds=seconds)
        play(world.game, notation)
    return world.game


def find(sheet: SheetData, text: str) -> tuple[int, int]:
    [where] = [rc for rc, v in sheet.cells.items() if v == text]
    return where


def cells_of(data: BoardData) -> dict[tuple[int, int], Any]:
    spec = board_sheet(data, "Game")
    return {(r, c): cell for r, row in spec.rows for c, cell in row}


@pytest.mark.parametrize(
    ("language", "label", "head"),
    [("en", "Time control:", "Time"), ("ru", "Контроль времени:", "Время")],
)
def test_a_clocked_games_sheet_shows_its_control_and_each_moves_time(
    blitz: World,
    frozen,
    language: str,
    label: str,
    head: str,
) -> None:
    game = played(blitz, frozen)
    [sheet] = load_sheets(services.export_game(game, language=language))
    r, c = find(sheet, label)
    assert sheet.get(r, c + 1) == "3+2"
    assert r == DETAILS_ROWS + 1  # below the other details
    hr, hc = find(sheet, head)
    move_col = next(cc for cc in range(hc, 0, -1) if L.is_label(sheet.get(hr, cc), L.MOVE))
    rows = [rr for rr in range(hr + 1, hr + 1 + len(MOVES))]
    assert [sheet.get(rr, move_col) for rr in rows] == [m for m, _s in MOVES]
    assert [sheet.get(rr, hc) for rr in rows] == ["0:12", "0:05", "1:05"]
    assert hr > r  # the score sheet starts below the details


def test_a_sheet_without_a_clock_is_the_sheet_it_was(en: str) -> None:
    rules = get_rules("uttt")
    moves = ["E5", "E4", "D2", "C6"]
    untimed = BoardData("uttt", dict(rules.options), ["A", "B"], moves, tournament="Open", game=3)
    timed = dataclasses.replace(untimed, time_control="3+2", times=["0:01"] * 4)
    before, after = cells_of(untimed), cells_of(timed)
    assert not any(L.is_label(cell.value, L.TIME) for cell in before.values())
    assert not any(L.is_label(cell.value, L.TIME_CONTROL) for cell in before.values())
    # On a 9×9 board the score sheet starts below the board either way: the clock only adds
    # its detail row and its column, every other cell is as it was.
    g = geometry(9, 9, 2, (1, 1, 1))
    time_col = g.right + 3
    added = {k for k in after if k not in before}
    assert added == {(DETAILS_ROWS + 1, g.right), (DETAILS_ROWS + 1, g.right + 1)} | {
        (r, time_col) for r in [g.score_row, *g.move_rows()[: len(moves)]]
    }
    assert {k: v for k, v in after.items() if k not in added} == before
    assert after[(g.score_row, time_col)].value == "Time"


def test_on_a_small_board_the_clocks_detail_row_moves_only_the_clocked_score_sheet(
    en: str,
) -> None:
    rules = get_rules("sos", rows=3, cols=3)
    untimed = BoardData("sos", dict(rules.options), ["A", "B"], ["A1=S"])
    timed = dataclasses.replace(untimed, time_control="3+2", times=["0:01"])
    heads = {
        name: next(rc for rc, cell in cells_of(data).items() if cell.value == "No.")
        for name, data in (("untimed", untimed), ("timed", timed))
    }
    assert heads["untimed"][0] == DETAILS_ROWS + 2  # as before: a row below the details
    assert heads["timed"][0] == DETAILS_ROWS + 3  # below the time control's row


def test_a_blank_score_sheet_has_no_time_column(en: str) -> None:
    rules = get_rules("uttt")
    data = BoardData("uttt", dict(rules.options), ["A", "B"], blank=True, times=[])
    assert not any(cell.value == "Time" for cell in cells_of(data).values())


def test_a_clocked_games_sheet_imports_back_with_nothing_to_change(
    blitz: World,
    frozen,
    language: str,
) -> None:
    game = played(blitz, frozen)
    data = services.export_game(game, language=language)
    record = services.read_game(data)
    assert record.errors == []
    assert record.moves == game.moves_list
    assert record.detail("time_control") == "3+2"  # read back; the clock stays the site's
    plan = services.read_game_sheet(data, game=game)
    assert plan.errors == [] and plan.empty


def test_a_clocked_tournaments_workbook_shows_its_control_and_imports_unchanged(
    blitz: World,
    frozen,
    language: str,
) -> None:
    played(blitz, frozen)
    data = services.export_tournament(blitz.tournament)
    plan = services.read_workbook(data, tournament=blitz.tournament)
    assert plan.errors == [] and plan.empty
    [players] = [read_table(s, "players") for s in load_sheets(data) if classify(s) == "players"]
    assert players.details["time_control"][0] == "3+2"
    assert players.details["format"][0]  # still read beside it


def test_the_time_per_move_comes_from_the_moves_arrival(
    blitz: World,
    frozen,
    en: str,
) -> None:
    game = played(blitz, frozen)
    Move.objects.filter(game=game, ply=3).update(
        created_at=Move.objects.get(game=game, ply=2).created_at + timedelta(minutes=2, seconds=2)
    )
    data = game_board_data(game, ["Alice", "Борис"])
    assert data.time_control == "3+2"
    assert data.times == ["0:12", "0:05", "2:02"]


def test_a_tournament_without_a_clock_has_no_time_control_on_its_sheets(
    db: None, language: str, arbiter: Any
) -> None:
    from tests.sheets.helpers import new_tournament

    t = new_tournament(arbiter, players=2)
    for sheet in load_sheets(services.export_tournament(t)):
        values = list(sheet.cells.values())
        assert not any(L.is_label(v, L.TIME_CONTROL) or L.is_label(v, L.TIME) for v in values)
