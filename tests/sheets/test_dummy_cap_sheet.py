"""The dummy cap (tournament option, FIDE C.07 of 2026 art. 16.4) on the workbook's players sheet:
stated like "Accelerated pairings:", in either language, and read back."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import translation
from openpyxl import load_workbook

from sheets import services
from sheets.workbooks.tables import classify, read_table
from sheets.xlsx.reader import load_sheets
from tests.tournaments.helpers import new_tournament, seed_players
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def players_table(data: bytes) -> Any:
    [table] = [read_table(s, "players") for s in load_sheets(data) if classify(s) == "players"]
    return table


def exported(t: Tournament, language: str) -> bytes:
    with translation.override(language):
        return services.export_tournament(t)


@pytest.mark.parametrize("format", ["swiss", "round_robin"])
@pytest.mark.parametrize("capped", [True, False])
def test_the_players_sheet_states_the_option_and_reads_it_back(
    arbiter: User, format: str, capped: bool
) -> None:
    t = new_tournament(arbiter, format=format, dummy_cap=capped)
    seed_players(t, arbiter, 4)
    en = exported(t, "en")
    sheet = load_workbook(io.BytesIO(en))["Players"]
    assert sheet["D4"].value == "Dummy opponent's score:"
    want = "own score, capped (FIDE 2026)" if capped else "own score (FIDE 2023)"
    assert sheet["E4"].value == want
    # Beside "Accelerated pairings:" in a Swiss; the players' header stays on row 5.
    assert sheet["A4"].value == ("Accelerated pairings:" if format == "swiss" else None)
    assert sheet["B5"].value == "Name"
    ru = exported(t, "ru")
    sheet_ru = load_workbook(io.BytesIO(ru))["Игроки"]
    assert sheet_ru["D4"].value == "Очки фиктивного соперника:"
    assert sheet_ru["E4"].value == (
        "свои очки, с ограничением (ФИДЕ, 2026)" if capped else "свои очки (ФИДЕ, 2023)"
    )
    # Read back as the option's value, whatever the language the reader runs in.
    for data in (en, ru):
        for language in ("en", "ru"):
            with translation.override(language):
                table = players_table(data)
            assert table.errors == []
            assert table.details["dummy_cap"] == (capped, "E4")
        # And the workbook imports with nothing to change.
        plan = services.read_workbook(data, tournament=t)
        assert plan.errors == [] and plan.empty


def test_an_unreadable_value_is_an_error_naming_its_cell(arbiter: User) -> None:
    t = new_tournament(arbiter, dummy_cap=True)
    seed_players(t, arbiter, 4)
    book = load_workbook(io.BytesIO(exported(t, "en")))
    book["Players"]["E4"] = "sometimes"
    out = io.BytesIO()
    book.save(out)
    with translation.override("en"):
        plan = services.read_workbook(out.getvalue(), tournament=t)
    assert [(e.sheet, e.cell) for e in plan.errors] == [("Players", "E4")]
    assert plan.errors[0].message == (
        "Write “own score, capped (FIDE 2026)” or “own score (FIDE 2023)” here."
    )
    assert Tournament.objects.get(pk=t.pk).dummy_cap
