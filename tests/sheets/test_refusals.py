"""Bad files and bad sheets are refused with a clear message, and nothing is written."""

from __future__ import annotations

import io
import random
import struct

import defusedxml
import openpyxl
import pytest
from django.contrib.auth.models import User

from games.models import Game, Move, Player
from games.rules import get_rules
from sheets import services
from sheets.errors import WorkbookRefused
from sheets.xlsx.safety import Limits
from tests.sheets.helpers import (
    board_spec,
    edit,
    new_tournament,
    parts,
    random_moves,
    rezip,
    set_cell_xml,
    sheet_part,
    workbook,
)
from tournaments.models import Entry, Pairing


def snapshot() -> tuple:
    return (
        Entry.objects.count(),
        Player.objects.count(),
        Game.objects.count(),
        Move.objects.count(),
        sorted(
            Pairing.objects.values_list("pk", "result", "first_score", "second_score", "game_id")
        ),
    )


@pytest.fixture
def paper(db: None, arbiter: User):
    return new_tournament(arbiter, players=4, format="swiss", rounds=3, online=False)


def refused(data: bytes, t, limits: Limits | None = None) -> WorkbookRefused:
    before = snapshot()
    with pytest.raises(WorkbookRefused) as err:
        services.read_workbook(data, tournament=t, limits=limits)
    assert snapshot() == before
    assert err.value.message
    return err.value


def errors(data: bytes, t) -> dict[str, str]:
    before = snapshot()
    plan = services.read_workbook(data, tournament=t)
    assert snapshot() == before
    assert plan.errors
    return {e.where: e.message for e in plan.errors}


# -- whole files ---------------------------------------------------------------------------


def test_openpyxl_parses_with_defusedxml() -> None:
    assert openpyxl.DEFUSEDXML is True


def test_old_xls(paper, en: str) -> None:
    err = refused(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(1024), paper)
    assert err.code == "xls" and ".xls" in err.message


def test_password_protected_workbook(paper, en: str) -> None:
    ole = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(512) + "EncryptionInfo".encode("utf-16-le")
    assert refused(ole, paper).code == "encrypted"


def test_zip_with_encrypted_parts(paper, en: str) -> None:
    data = bytearray(workbook(paper))
    for sig, offset in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        at = data.find(sig)
        while at >= 0:
            (flags,) = struct.unpack_from("<H", data, at + offset)
            struct.pack_into("<H", data, at + offset, flags | 1)
            at = data.find(sig, at + 4)
    assert refused(bytes(data), paper).code == "encrypted"


@pytest.mark.parametrize(
    "data",
    [b"name,rating\nAlice,1500\n", random.Random(1).randbytes(4000), b"<html></html>"],
    ids=["csv", "random", "html"],
)
def test_not_an_xlsx(paper, en: str, data: bytes) -> None:
    err = refused(data, paper)
    assert err.code == "not_xlsx" and ".xlsx" in err.message


def test_empty_file(paper, en: str) -> None:
    assert refused(b"", paper).code == "empty"


def test_truncated_workbook(paper, en: str) -> None:
    data = workbook(paper)
    assert refused(data[: len(data) // 2], paper).code == "corrupt"


def test_zip_that_is_not_a_workbook(paper, en: str) -> None:
    assert refused(rezip({"readme.txt": b"hello"}), paper).code == "not_xlsx"


def test_opendocument(paper, en: str) -> None:
    ods = rezip(
        {"mimetype": b"application/vnd.oasis.opendocument.spreadsheet", "content.xml": b"<x/>"}
    )
    assert refused(ods, paper).code == "ods"


def test_damaged_sheet_xml(paper, en: str) -> None:
    data = workbook(paper)
    files = parts(data)
    files[sheet_part(data, "Round 1")] = b"<worksheet><sheetData><row r='1'><c r='A1'"
    assert refused(rezip(files), paper).code == "corrupt"


def test_upload_over_5_mb(paper, en: str) -> None:
    err = refused(b"PK\x03\x04" + bytes(5 * 1024 * 1024), paper)
    assert err.code == "too_big" and "5 MB" in err.message


def test_zip_bomb_by_ratio(paper, en: str) -> None:
    files = parts(workbook(paper))
    files["xl/media/image1.png"] = bytes(30 * 1024 * 1024)  # 30 MB of zeros: ~30 KB packed
    data = rezip(files)
    assert len(data) < 200_000
    assert refused(data, paper).code == "zip_bomb"


def test_zip_bomb_by_unpacked_size(paper, en: str) -> None:
    data = workbook(paper)
    assert refused(data, paper, Limits(max_unpacked=20_000)).code == "zip_bomb"


def test_zip_bomb_by_number_of_parts(paper, en: str) -> None:
    assert refused(workbook(paper), paper, Limits(max_parts=5)).code == "zip_bomb"


LAUGHS = (
    '<?xml version="1.0"?>\n<!DOCTYPE lolz [\n <!ENTITY lol "lol">\n'
    + "".join(
        f' <!ENTITY lol{n} "{("&lol" + str(n - 1) + ";") * 10 if n > 1 else "&lol;" * 10}">\n'
        for n in range(1, 10)
    )
    + ']>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
    '<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&lol9;</t></is></c></row></sheetData>'
    "</worksheet>"
)


def laughs(paper, encoding: str = "utf-8") -> bytes:
    data = workbook(paper)
    files = parts(data)
    text = (
        LAUGHS
        if encoding == "utf-8"
        else LAUGHS.replace('version="1.0"', 'version="1.0" encoding="UTF-16"')
    )
    files[sheet_part(data, "Round 1")] = text.encode(encoding)
    return rezip(files)


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16"])
def test_billion_laughs_is_refused(paper, en: str, encoding: str) -> None:
    assert refused(laughs(paper, encoding), paper).code == "xml_entities"


def test_billion_laughs_is_harmless_to_openpyxl_itself(paper, en: str) -> None:
    """Even past the check, openpyxl (through defusedxml) refuses the entities."""
    from sheets.xlsx.reader import _read

    with pytest.raises(Exception) as err:
        _read(laughs(paper))  # the reader without the checks of sheets.xlsx.safety
    chain, seen = err.value, []
    while chain is not None:
        seen.append(chain)
        chain = chain.__cause__ or chain.__context__
    assert any(isinstance(e, defusedxml.EntitiesForbidden) for e in seen)


def test_workbook_from_another_program(paper, en: str) -> None:
    wb = openpyxl.Workbook()
    wb.active.title = "Budget"
    wb.active.append(["Item", "Cost"])
    wb.active.append(["Tea", 3])
    out = io.BytesIO()
    wb.save(out)
    assert refused(out.getvalue(), paper).code == "unrelated"


# -- cells -----------------------------------------------------------------------------------


def test_extra_sheet(paper, en: str) -> None:
    data = workbook(paper)
    wb = openpyxl.load_workbook(io.BytesIO(data))
    wb.create_sheet("Notes").append(["anything"])
    out = io.BytesIO()
    wb.save(out)
    assert "Notes" in errors(out.getvalue(), paper)


def test_another_tournaments_workbook(db: None, en: str, arbiter: User, paper) -> None:
    other = new_tournament(
        arbiter, players=4, format="swiss", rounds=3, online=False, name="Other Cup"
    )
    found = errors(workbook(other), paper)
    assert found == {
        "Players!B1": "This sheet is of the tournament “\u2068Other Cup\u2069”, "
        "not “\u2068Кубок клуба\u2069”."
    }


def test_formula_without_saved_value(paper, en: str) -> None:
    data = edit(workbook(paper), {("Round 1", "C4"): '="1-"&"0"'})
    found = errors(data, paper)
    assert list(found) == ["Round 1!C4"] and "formula" in found["Round 1!C4"]


def test_formula_with_saved_value_uses_it(paper, en: str) -> None:
    data = workbook(paper)
    cell = '<c r="C4" t="str"><f>"1-"&amp;"0"</f><v>1-0</v></c>'
    plan = services.read_workbook(set_cell_xml(data, "Round 1", "C4", cell), tournament=paper)
    assert plan.errors == [] and [r.new for r in plan.results] == ["1-0"]


def test_error_value_in_a_cell(paper, en: str) -> None:
    data = set_cell_xml(workbook(paper), "Round 1", "C4", '<c r="C4" t="e"><v>#N/A</v></c>')
    assert list(errors(data, paper)) == ["Round 1!C4"]


@pytest.mark.parametrize(
    ("ref", "value", "fragment"),
    [
        ("C4", "2-0", "Unknown result “2-0”"),
        ("C4", "bye", "bye"),
        ("B4", "Nobody", "Unknown player “\u2068Nobody\u2069”"),
        ("D4", "<board 2>", "On the site, board 1"),
        ("A4", 9, "no board 9"),
    ],
)
def test_round_sheet_cells(paper, en: str, ref: str, value: object, fragment: str) -> None:
    if value == "<board 2>":  # a player of the tournament, on another board
        value = Pairing.objects.get(round__tournament=paper, board=2).first.player.name
    found = errors(edit(workbook(paper), {("Round 1", ref): value}), paper)
    assert list(found) == [f"Round 1!{ref}"]
    assert fragment in found[f"Round 1!{ref}"]


def test_impossible_sos_scores(db: None, en: str, arbiter: User) -> None:
    t = new_tournament(arbiter, kind="sos", players=4, format="swiss", rounds=3, online=False)
    found = errors(
        edit(workbook(t), {("Round 1", "C4"): "1-0 (2:5)", ("Round 1", "C5"): "+/- (1:0)"}), t
    )
    assert sorted(found) == ["Round 1!C4", "Round 1!C5"]


def test_round_not_paired_yet(paper, en: str) -> None:
    data = edit(workbook(paper), {("Round 1", "A1"): "Round 2"})
    assert list(errors(data, paper)) == ["Round 1!A1"]


def board_of(t, number: int = 1):
    return Pairing.objects.select_related("round", "first__player", "second__player").get(
        round__tournament=t, board=number
    )


def test_illegal_move_names_its_cell(paper, en: str) -> None:
    moves = random_moves("uttt", dict(paper.options), seed=2, limit=30)
    data = edit(
        workbook(paper, board_spec(paper, board_of(paper), moves=moves)), {("R1 B1", "N25"): "Z99"}
    )
    found = errors(data, paper)
    assert list(found) == ["R1 B1!N25"] and found["R1 B1!N25"].startswith("Move 13 (Z99)")


def test_bad_mark_on_the_board(paper, en: str) -> None:
    data = edit(workbook(paper, board_spec(paper, board_of(paper))), {("R1 B1", "C3"): "Q"})
    assert list(errors(data, paper)) == ["R1 B1!C3"]


def test_board_differs_from_the_moves(paper, en: str) -> None:
    moves = random_moves("uttt", dict(paper.options), seed=2, limit=10)
    state = get_rules("uttt").replay(moves)
    r, c = next((r, c) for r in range(9) for c in range(9) if not state.grid[r][c])
    ref = f"{'BCDEFGHIJ'[c]}{r + 2}"
    data = edit(
        workbook(paper, board_spec(paper, board_of(paper), moves=moves)), {("R1 B1", ref): "X"}
    )
    assert list(errors(data, paper)) == [f"R1 B1!{ref}"]


def test_final_position_with_impossible_counts(paper, en: str) -> None:
    position = ["XXX......", "XXX......", "XXX......"] + ["........."] * 6
    data = workbook(
        paper, board_spec(paper, board_of(paper), position=position, winners=(0,)), base=False
    )
    found = errors(data, paper)
    assert list(found) == ["R1 B1!B2", "R1 B1!B16"]  # every problem at once
    assert "X has 9 marks and O 0" in found["R1 B1!B2"]
    assert "no line of three small boards" in found["R1 B1!B16"]


def test_final_position_with_a_winner_the_board_does_not_show(paper, en: str) -> None:
    moves = random_moves("uttt", dict(paper.options), seed=4, limit=20)
    position = ["".join(c or "." for c in row) for row in get_rules("uttt").replay(moves).grid]
    data = workbook(
        paper, board_spec(paper, board_of(paper), position=position, winners=(0,)), base=False
    )
    assert list(errors(data, paper)) == ["R1 B1!B16"]


def test_board_without_moves_or_result(paper, en: str) -> None:
    moves = random_moves("uttt", dict(paper.options), seed=4, limit=20)
    position = ["".join(c or "." for c in row) for row in get_rules("uttt").replay(moves).grid]
    data = workbook(paper, board_spec(paper, board_of(paper), position=position), base=False)
    assert list(errors(data, paper)) == ["R1 B1!B16"]


def test_cyrillic_and_lower_case_marks_are_read(paper, en: str) -> None:
    moves = random_moves("uttt", dict(paper.options), seed=4)
    state = get_rules("uttt").replay(moves)
    position = ["".join(c or "." for c in row) for row in state.grid]
    data = workbook(
        paper,
        board_spec(paper, board_of(paper), position=position, winners=state.outcome.winners),
        base=False,
    )
    changes = {}
    for r in range(9):
        for c in range(9):
            mark = state.grid[r][c]
            if mark:
                changes[("R1 B1", f"{'BCDEFGHIJ'[c]}{r + 2}")] = (
                    {"X": "х", "O": "О"}[mark] if (r + c) % 2 else mark.lower()
                )
    plan = services.read_workbook(edit(data, changes), tournament=paper)
    assert plan.errors == [] and [g.position for g in plan.games] == [tuple(position)]


def test_other_rules_on_a_board_sheet(paper, en: str) -> None:
    data = workbook(paper, board_spec(paper, board_of(paper)), base=False)
    data = edit(
        data,
        {
            (
                "R1 B1",
                "M5",
            ): "uttt preset=classic all_draw_line=draw decided_boards_free=no no_send_back=no"
        },
    )
    found = errors(data, paper)
    assert list(found) == ["R1 B1!M5"] and "not the tournament's rules" in found["R1 B1!M5"]


def test_wrong_players_on_a_board_sheet(paper, en: str) -> None:
    p = board_of(paper)
    data = workbook(
        paper, board_spec(paper, p, names=[p.second.player.name, p.first.player.name]), base=False
    )
    assert list(errors(data, paper)) == ["R1 B1!B12", "R1 B1!B13"]  # both seats at once


def test_moves_that_differ_from_the_site(db: None, en: str, arbiter: User) -> None:
    from tests.sheets.helpers import current_round, play_round

    t = new_tournament(arbiter, players=4, format="round_robin")
    play_round(current_round(t), arbiter, seed=2, limit=6)
    p = board_of(t)
    other = random_moves("uttt", dict(t.options), seed=99, limit=8)
    data = workbook(t, board_spec(t, p, moves=other), base=False)
    found = errors(data, t)
    assert list(found) == ["R1 B1!N12"] and "On the site, move 1" in found["R1 B1!N12"]
