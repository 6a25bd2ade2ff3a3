"""Exported workbooks read the same with python-calamine, a second and independent reader."""

from __future__ import annotations

import io

from django.contrib.auth.models import User
from openpyxl import load_workbook
from python_calamine import CalamineWorkbook

from games.models import Player
from sheets import services
from tests.sheets.helpers import current_round, new_game, new_tournament, play_round


def by_openpyxl(data: bytes) -> dict[str, dict[tuple[int, int], object]]:
    book = load_workbook(io.BytesIO(data), read_only=True)
    out = {}
    for ws in book.worksheets:
        out[ws.title] = {
            (c.row, c.column): c.value for row in ws.iter_rows() for c in row if c.value is not None
        }
    return out


def by_calamine(data: bytes) -> dict[str, dict[tuple[int, int], object]]:
    book = CalamineWorkbook.from_filelike(io.BytesIO(data))
    out = {}
    for name in book.sheet_names:
        sheet = book.get_sheet_by_name(name)
        cells = {}
        for r, row in enumerate(sheet.to_python(skip_empty_area=False), 1):
            for c, value in enumerate(row, 1):
                if value != "":
                    cells[(r, c)] = value
        out[name] = cells
    return out


def same(a: object, b: object) -> bool:
    if isinstance(a, int | float) and isinstance(b, int | float):
        return float(a) == float(b)
    return a == b


def assert_same(data: bytes) -> None:
    first, second = by_openpyxl(data), by_calamine(data)
    assert list(first) == list(second)
    for title in first:
        assert first[title].keys() == second[title].keys(), title
        for key, value in first[title].items():
            assert same(value, second[title][key]), (title, key, value, second[title][key])


def test_tournament_workbook(db: None, language: str, arbiter: User) -> None:
    t = new_tournament(arbiter, kind="sos", options={"rows": 5}, players=5, format="round_robin")
    Player.objects.filter(name="Carol").update(name="=SUM(A1:A9)")
    play_round(current_round(t), arbiter, seed=5)
    assert_same(services.export_tournament(t))


def test_game_and_blank_sheets(db: None, language: str, arbiter: User) -> None:
    people = [Player.objects.create(name=n) for n in ("@one", "-two", "+three")]
    assert_same(services.export_game(new_game("sos", people, seed=2, rows=6, cols=7, players=3)))
    t = new_tournament(arbiter, players=4, format="swiss", rounds=3, online=False)
    assert_same(services.blank_round_sheets(current_round(t)))
