"""The writer: text never becomes a formula; the package is well formed."""

from __future__ import annotations

import io
import re
import zipfile

import pytest
from defusedxml.ElementTree import fromstring
from openpyxl import load_workbook

from games.models import Player
from sheets import services
from sheets.xlsx.writer import Cell, SheetSpec, Style, sheet_ref, write_workbook
from tests.sheets.helpers import new_game

RISKY = ["=1+2", "+1", "-1", "@SUM(A1)", "\tTab", "\rCR", '=HYPERLINK("http://x","y")']


def xlsx(rows) -> bytes:
    out = io.BytesIO()
    write_workbook([SheetSpec("S", rows)], out)
    return out.getvalue()


def test_formula_like_text_is_text_with_quote_prefix() -> None:
    data = xlsx([(r, [(1, Cell(text))]) for r, text in enumerate(RISKY, 1)])
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        assert b"<f>" not in z.read("xl/worksheets/sheet1.xml")
    ws = load_workbook(io.BytesIO(data))["S"]
    for r, text in enumerate(RISKY, 1):
        cell = ws.cell(r, 1)
        assert (cell.value, cell.data_type, cell.quotePrefix) == (text, "s", True)
    assert ws.cell(1, 1).value == "=1+2"


def test_player_names_in_a_game_sheet(db: None) -> None:
    people = [Player.objects.create(name=name) for name in ("=cmd|' /C calc'!A0", "@Boris")]
    data = services.export_game(new_game("uttt", people, seed=1, limit=3))
    ws = load_workbook(io.BytesIO(data)).worksheets[0]
    assert (ws["B12"].value, ws["B12"].data_type, ws["B12"].quotePrefix) == (
        people[0].name,
        "s",
        True,
    )
    assert ws["B13"].quotePrefix is True
    plain = load_workbook(io.BytesIO(data), data_only=True).worksheets[0]
    assert plain["B12"].value == people[0].name


def test_control_characters_are_dropped_and_xml_is_escaped() -> None:
    data = xlsx([(1, [(1, Cell("a\x00b\x07<c>&d")), (2, Cell(" padded "))])])
    ws = load_workbook(io.BytesIO(data))["S"]
    assert ws["A1"].value == "ab<c>&d" and ws["B1"].value == " padded "


def test_every_part_is_well_formed_and_links_resolve() -> None:
    rows = [
        (2, [(1, Cell("go", link=sheet_ref("Other's", "B2"))), (3, Cell(1.5, Style(bold=True)))])
    ]
    out = io.BytesIO()
    write_workbook(
        [
            SheetSpec("Main", iter(rows), merges=["A5:C5"], heights={4: 30}),
            SheetSpec("Other's", iter([])),
        ],
        out,
    )
    with zipfile.ZipFile(io.BytesIO(out.getvalue())) as z:
        for name in z.namelist():
            if name.endswith((".xml", ".rels")):
                fromstring(z.read(name))
        sheet = z.read("xl/worksheets/sheet1.xml").decode()
    order = [
        m.group(1)
        for m in re.finditer(r"<(sheetData|mergeCells|hyperlinks|pageMargins|pageSetup)\b", sheet)
    ]
    assert order == ["sheetData", "mergeCells", "hyperlinks", "pageMargins", "pageSetup"]
    ws = load_workbook(io.BytesIO(out.getvalue()))["Main"]
    assert ws["A2"].hyperlink.location == "'Other''s'!B2"
    assert ws.row_dimensions[4].height == 30


def test_rows_must_ascend() -> None:
    with pytest.raises(ValueError, match="out of order"):
        xlsx([(2, [(1, Cell("a"))]), (1, [(1, Cell("b"))])])
