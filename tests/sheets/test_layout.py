"""The board sheet sits where the club's paper form has it (SHEETS.md)."""

from __future__ import annotations

import io

import pytest
from openpyxl import load_workbook

from games.rules import get_rules
from sheets.boards.write import BoardData, board_sheet
from sheets.xlsx.writer import write_workbook
from tests.sheets.helpers import random_moves

RULES = "Тактические крестики-нолики: тактические правила"  # the rules in words


def render(data: BoardData, title: str = "Game") -> object:
    out = io.BytesIO()
    write_workbook([board_sheet(data, title)], out)
    return load_workbook(io.BytesIO(out.getvalue()))[title]


def uttt(**extra: object) -> BoardData:
    rules = get_rules("uttt")
    moves = random_moves("uttt", rules.options, seed=7)
    outcome = rules.outcome(rules.replay(moves))
    return BoardData(
        "uttt",
        dict(rules.options),
        ["Алиса", "Борис"],
        moves,
        winners=outcome.winners,
        **extra,
    )


def test_uttt_board_in_russian_is_where_the_form_has_it(ru: str) -> None:
    ws = render(uttt(tournament="Кубок", round=2, board=5, game=17))
    assert [ws.cell(1, c).value for c in range(2, 11)] == list("ABCDEFGHI")
    assert ws["A1"].value is None and ws["K1"].value is None
    assert [ws.cell(r, 1).value for r in range(2, 11)] == list(range(1, 10))
    assert ws["A12"].value == "Игроки:"
    assert ws["B12"].value == "Алиса" and ws["B13"].value == "Борис"
    assert ws["H12"].value == "X" and ws["H13"].value == "O"
    assert ws["A16"].value == "Победитель:"
    assert ws["B16"].value in ("Алиса", "Борис", "Ничья")
    assert all(ws.cell(19, c).fill.fgColor.rgb.endswith("808080") for c in range(1, 11))
    assert ws["A21"].value == "Тактические крестики-нолики"
    assert ws["A23"].value == "Правила хода:"
    assert ws["A31"].value == "Правила выигрыша:"
    assert ws["A36"].value == "Ограничения:"
    assert ws["A24"].value and ws["A32"].value and ws["A37"].value == "Нет."
    for r in (13, 14, 15, 17, 18, 20, 22):
        assert ws.cell(r, 1).value is None


def test_marks_are_in_the_grid(ru: str) -> None:
    data = uttt()
    state = get_rules("uttt").replay(data.moves)
    ws = render(data)
    for r in range(9):
        for c in range(9):
            assert (ws.cell(r + 2, c + 2).value or "") == state.grid[r][c]


def test_thick_borders_between_small_boards_and_decided_boards_shaded(ru: str) -> None:
    data = uttt()
    state = get_rules("uttt").replay(data.moves)
    ws = render(data)
    assert ws["D2"].border.right.style == "medium"  # column C of the board, third of its board
    assert ws["C2"].border.right.style == "thin"
    assert ws["B4"].border.bottom.style == "medium"
    assert ws["B3"].border.bottom.style == "thin"
    assert ws["B2"].border.left.style == "medium" and ws["B2"].border.top.style == "medium"
    for b, status in enumerate(state.board_status):
        cell = ws.cell(2 + 3 * (b // 3), 2 + 3 * (b % 3))
        shaded = cell.fill.fill_type == "solid"
        assert shaded == (status != "open"), (b, status)


def test_score_sheet_and_details_beside_the_board(ru: str) -> None:
    data = uttt(tournament="Кубок", round=2, board=5, game=17)
    ws = render(data)
    details = {ws.cell(r, 12).value: ws.cell(r, 13).value for r in range(1, 6)}
    assert details == {
        "Турнир:": "Кубок",
        "Тур:": 2,
        "Доска:": 5,
        "Партия:": 17,
        "Правила:": RULES,
    }
    assert [ws.cell(11, c).value for c in range(12, 15)] == ["№", "Игрок", "Ход"]
    assert (ws["L12"].value, ws["M12"].value, ws["N12"].value) == (1, "X", data.moves[0])
    assert (ws["L13"].value, ws["M13"].value, ws["N13"].value) == (2, "O", data.moves[1])


def test_the_move_list_skips_the_separator_and_keeps_one_height(ru: str) -> None:
    data = uttt()
    ws = render(data)
    numbers = {}
    for r in range(1, ws.max_row + 1):
        for c in range(12, ws.max_column + 1):
            v = ws.cell(r, c).value
            if isinstance(v, int) and ws.cell(r, c + 2).value in data.moves:
                numbers[v] = r
    assert sorted(numbers) == list(range(1, len(data.moves) + 1))
    rows = set(numbers.values())
    assert 19 not in rows  # the 6-pt separator row holds no move
    assert ws.row_dimensions[19].height == 6
    assert {ws.row_dimensions[r].height for r in rows} == {26}
    assert {ws.row_dimensions[r].height for r in range(24, 38)} == {26}  # the rule rows too


def test_english_labels(en: str) -> None:
    ws = render(uttt())
    assert (ws["A12"].value, ws["A16"].value) == ("Players:", "Winner:")
    assert (ws["A21"].value, ws["A23"].value) == ("Ultimate tic-tac-toe", "Move rules:")
    assert (ws["A31"].value, ws["A36"].value) == ("Winning rules:", "Restrictions:")


def test_draw_is_written_nichya(ru: str) -> None:
    data = uttt()
    data.winners = ()
    assert render(data)["B16"].value == "Ничья"


def test_fits_one_a4_page_with_frozen_headers(ru: str) -> None:
    ws = render(uttt())
    assert ws.sheet_properties.pageSetUpPr.fitToPage is True
    assert (ws.page_setup.fitToWidth, ws.page_setup.fitToHeight) == (1, 1)
    assert ws.page_setup.paperSize == 9
    assert ws.page_setup.orientation in ("portrait", "landscape")
    assert ws.freeze_panes == "B2"
    assert ws.print_area.endswith("$37")
    assert ws.column_dimensions["B"].width == pytest.approx(4.3)
    assert ws.row_dimensions[2].height == 26


def test_sos_sheet_grows_and_colours_each_seats_sos(ru: str) -> None:
    rules = get_rules("sos", rows=5, cols=7, players=3)
    moves = random_moves("sos", rules.options, seed=3)
    state = rules.replay(moves)
    data = BoardData(
        "sos", dict(rules.options), ["A", "B", "C"], moves, winners=state.outcome.winners
    )
    ws = render(data)
    assert [ws.cell(1, c).value for c in range(2, 9)] == list("ABCDEFG")
    assert [ws.cell(r, 1).value for r in range(2, 7)] == [1, 2, 3, 4, 5]
    assert ws["A8"].value == "Игроки:" and ws["A12"].value == "Победитель:"
    assert [ws.cell(8 + s, 8).value for s in range(3)] == [1, 2, 3]
    assert [ws.cell(8 + s, 9).value for s in range(3)] == list(state.scores)
    assert ws["A17"].value == "SOS"
    seat_fill = {0: "F4CCCC", 1: "CFE2F3", 2: "D9EAD3"}
    for line in state.lines:
        for name in line.cells:
            r, c = rules.parse_cell(name)
            assert ws.cell(r + 2, c + 2).fill.fgColor.rgb.endswith(seat_fill[line.seat]) or any(
                other.seat != line.seat and name in other.cells for other in state.lines
            )
    assert [ws.cell(7, c).value for c in range(12, 16)] == ["№", "Игрок", "Ход", "Очки"]


def test_six_seats_push_the_winner_down(ru: str) -> None:
    rules = get_rules("sos", rows=4, cols=4, players=6)
    ws = render(BoardData("sos", dict(rules.options), [f"P{n}" for n in range(6)]))
    assert ws["A7"].value == "Игроки:"
    assert [ws.cell(7 + n, 2).value for n in range(6)] == [f"P{n}" for n in range(6)]
    assert ws["A13"].value == "Победитель:"
