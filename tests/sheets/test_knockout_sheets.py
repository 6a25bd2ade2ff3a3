"""A knockout's sheets in the tournament workbook (issue 29): the bracket drawn as clubs draw
it, a sheet for every match with its games; results typed into the match sheets come back
through the import (its preview, checks and records), all or nothing."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import translation
from openpyxl import load_workbook

from sheets import services
from sheets.errors import ImportRefused
from tests.sheets.helpers import workbook
from tests.tournaments.knockout_helpers import finish, games_of, new_cup, pair, play, view
from tournaments.models import ResultRecord, ResultSource


def _sheets(t) -> dict:
    wb = load_workbook(io.BytesIO(workbook(t)))
    return {ws.title: ws for ws in wb.worksheets}


def _column(ws, column: str) -> list:
    return [c.value for c in ws[column] if c.value is not None]


def test_the_bracket_sheet_draws_rounds_as_columns(db: None, en: str, arbiter: User) -> None:
    t = new_cup(arbiter, 8, games=2)
    pair(t, arbiter)
    play(t, arbiter, 1, "1-0", "0-1")  # P01 wins both games
    sheets = _sheets(t)
    assert "Bracket" in sheets and "Match 1" in sheets and "Match 4" in sheets
    assert "Match 5" not in sheets  # not paired yet
    ws = sheets["Bracket"]
    assert ws["A1"].value == "Bracket"
    assert ws["B4"].value == "Round 1 of the bracket"
    assert ws["H4"].value == "Final"
    # Round 1: each match a boxed pair of rows, four rows apart; the match number beside it.
    assert (ws["A6"].value, ws["B6"].value, ws["B7"].value) == (1, "P01", "P08")
    assert (ws["C6"].value, ws["C7"].value) == ("2", "0")
    assert ws["B6"].font.b and not ws["B7"].font.b  # the winner in bold
    assert ws["B6"].border.top.style == "thin" and ws["B7"].border.bottom.style == "thin"
    assert (ws["B10"].value, ws["B11"].value) == ("P04", "P05")
    # Round 2, centred between the matches it follows: the winner carried right.
    assert ws["D8"].value == 5
    assert ws["E8"].value == "P01"
    assert ws["E9"].value == "winner of match 2"
    assert ws["H4"].value == "Final" and ws["K4"].value == "Champion"


def test_a_match_sheet_lists_its_games(db: None, en: str, arbiter: User) -> None:
    t = new_cup(arbiter, 2, games=2, tiebreak_games=2, decider="armageddon")
    pair(t, arbiter)
    play(t, arbiter, 1, "1-0", "1-0", "1/2")  # 1-1, then a tie-break game drawn
    ws = _sheets(t)["Match 1"]
    assert ws["A1"].value == "Match 1"
    assert (ws["C3"].value, ws["C4"].value) == ("P01", "P02")
    assert (ws["E3"].value, ws["E4"].value) == ("1 (0.5)", "1 (0.5)")
    assert ws["C5"].value == "Armageddon game"
    assert ws["C6"].value == "Game 4 to play"
    head = [c.value for c in ws[8]]
    assert head == ["No.", "Stage", "Round", "Board", "First move", "Result", "Second move"]
    rows = [[c.value for c in r] for r in ws.iter_rows(min_row=9)]
    assert rows == [
        [1, "Game", 1, 1, "P01", "1-0", "P02"],
        [2, "Game", 1, 2, "P02", "1-0", "P01"],
        [3, "Tie-break game", 1, 3, "P01", "½-½", "P02"],
        [4, "Tie-break game", 1, 4, "P02", None, "P01"],
    ]
    assert len(games_of(t, 1)) == 4


def test_a_double_elimination_draws_the_losers_bracket_below(
    db: None, en: str, arbiter: User
) -> None:
    t = new_cup(arbiter, 4, double=True)
    pair(t, arbiter)
    ws = _sheets(t)["Bracket"]
    column_b = _column(ws, "B")
    assert "Winners' round 1" in column_b
    assert "Losers' round 1" in column_b
    assert column_b.index("Winners' round 1") < column_b.index("Losers' round 1")
    assert "Losers' bracket" in _column(ws, "A") and "Grand final" in _column(ws, "A")


def test_a_third_place_match_is_drawn_below(db: None, en: str, arbiter: User) -> None:
    t = new_cup(arbiter, 4, third_place=True)
    pair(t, arbiter)
    assert "Third-place match" in _column(_sheets(t)["Bracket"], "A")


@pytest.mark.parametrize("language", ["ru"])
def test_russian_sheets(db: None, arbiter: User, ru: str, language: str) -> None:
    t = new_cup(arbiter, 2)
    pair(t, arbiter)
    sheets = _sheets(t)
    assert "Сетка" in sheets and "Матч 1" in sheets


# -- Results typed into the match sheets come back through the import ---------------------------


def _typed(data: bytes, cells: dict[tuple[str, str], object]) -> bytes:
    wb = load_workbook(io.BytesIO(data))
    for (sheet, ref), value in cells.items():
        wb[sheet][ref] = value
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def test_results_typed_into_a_match_sheet_are_imported(db: None, en: str, arbiter: User) -> None:
    t = new_cup(arbiter, 4, games=2)
    pair(t, arbiter)
    data = _typed(workbook(t), {("Match 1", "F9"): "1-0", ("Match 2", "F9"): "0-1"})
    plan = services.read_workbook(data, tournament=t)
    assert plan.errors == []
    assert sorted((r.board, r.new) for r in plan.results) == [(1, "1-0"), (2, "0-1")]
    assert [g.result for g in games_of(t, 1)] == [""]  # the preview writes nothing
    services.import_workbook(data, tournament=t, user=arbiter)
    assert [g.result for g in games_of(t, 1)] == ["1-0", ""]  # game 2 follows at once
    assert [g.result for g in games_of(t, 2)] == ["0-1", ""]
    records = ResultRecord.objects.filter(tournament=t, source=ResultSource.IMPORT)
    assert records.count() == 2
    assert "Match 1!F9" in " ".join(r.note_text for r in records)
    # The next download has the games added; typing their results finishes the round's matches.
    data = _typed(workbook(t), {("Match 1", "F10"): "0-1", ("Match 2", "F10"): "1-0"})
    services.import_workbook(data, tournament=t, user=arbiter)
    assert view(t).matches[1].status.decided and view(t).matches[2].status.decided
    # The same workbook again changes nothing.
    again = services.read_workbook(data, tournament=t)
    assert again.errors == [] and again.results == []


def test_a_board_on_both_the_round_and_the_match_sheet(db: None, en: str, arbiter: User) -> None:
    t = new_cup(arbiter, 2, games=2)
    pair(t, arbiter)
    same = _typed(workbook(t), {("Match 1", "F9"): "1-0", ("Round 1", "C4"): "1-0"})
    plan = services.read_workbook(same, tournament=t)
    assert plan.errors == [] and [r.new for r in plan.results] == ["1-0"]
    other = _typed(workbook(t), {("Match 1", "F9"): "1-0", ("Round 1", "C4"): "0-1"})
    plan = services.read_workbook(other, tournament=t)
    assert [(e.sheet, e.cell) for e in plan.errors] == [("Match 1", "F9")]
    assert "Round 1!C4" in plan.errors[0].message


@pytest.mark.parametrize(
    ("cell", "value", "message"),
    [
        ("F9", "2-0", "2-0"),
        ("D9", 7, "no board 7"),
        ("C9", 3, "not paired"),
        ("E9", "Nobody", "Unknown player"),
    ],
)
def test_bad_cells_of_a_match_sheet_are_named(
    db: None, en: str, arbiter: User, cell: str, value: object, message: str
) -> None:
    t = new_cup(arbiter, 4, games=2)
    pair(t, arbiter)
    data = _typed(workbook(t), {("Match 1", cell): value, ("Match 2", "F9"): "1-0"})
    plan = services.read_workbook(data, tournament=t)
    assert [(e.sheet, e.cell) for e in plan.errors] == [("Match 1", cell)]
    assert message in plan.errors[0].message
    with pytest.raises(ImportRefused):
        services.import_workbook(data, tournament=t, user=arbiter)
    assert [g.result for g in games_of(t, 2)] == [""]  # nothing half-written


def test_a_game_of_another_match_is_refused(db: None, en: str, arbiter: User) -> None:
    t = new_cup(arbiter, 4)
    pair(t, arbiter)
    data = _typed(workbook(t), {("Match 1", "D9"): 2, ("Match 1", "E9"): "P02"})
    data = _typed(data, {("Match 1", "G9"): "P03", ("Match 1", "F9"): "1-0"})
    plan = services.read_workbook(data, tournament=t)
    assert [e.cell for e in plan.errors] == ["D9"]
    assert "not a game of match 1" in plan.errors[0].message


def test_an_import_refused_by_the_cup_writes_nothing(db: None, en: str, arbiter: User) -> None:
    """A correction that a later match's result blocks refuses the whole import: the other
    result typed in the same workbook is not kept either."""
    t = new_cup(arbiter, 4, third_place=True)
    pair(t, arbiter)
    play(t, arbiter, 1, "1-0")
    play(t, arbiter, 2, "1-0")
    finish(t, arbiter)
    pair(t, arbiter)
    play(t, arbiter, 4, "1-0")  # the final has its result
    data = _typed(workbook(t), {("Match 1", "F9"): "0-1", ("Match 3", "F9"): "1-0"})
    plan = services.read_workbook(data, tournament=t)
    assert plan.errors == [] and len(plan.results) == 2
    with translation.override("en"), pytest.raises(ImportRefused) as err:
        services.import_workbook(data, tournament=t, user=arbiter)
    assert "match 4" in str(err.value)
    assert [g.result for g in games_of(t, 1)] == ["1-0"]
    assert [g.result for g in games_of(t, 3)] == [""]


def test_a_knockout_says_it_has_no_trf(db: None, en: str, arbiter: User, client) -> None:
    t = new_cup(arbiter, 4)
    pair(t, arbiter)
    page = client.get(reverse("tournaments:detail", args=[t.pk]), HTTP_ACCEPT_LANGUAGE="en")
    page = page.content.decode()
    assert "Knockouts have no TRF type" in page
    with pytest.raises(CommandError, match="Knockouts have no TRF type"):
        call_command("export_trf", str(t.pk), stdout=io.StringIO())
