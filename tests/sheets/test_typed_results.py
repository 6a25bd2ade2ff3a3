"""Results as a spreadsheet program stores what is typed: ``1:0`` typed into a number cell
becomes the time 01:00:00 (``0:1`` 00:01:00), so exports write result cells as text and an
import reads a time that stands for a result as that result; Persian and Arabic-Indic digits are
read as digits."""

from __future__ import annotations

import datetime as dt
import io
from typing import Any

import pytest
from django.contrib.auth.models import User
from openpyxl import load_workbook

from sheets import services
from tests.sheets.helpers import new_tournament, workbook
from tournaments.acts import services as tservices
from tournaments.models import Pairing

# What a spreadsheet program stores for a typed 1:0 / 0:1, in the shapes openpyxl reads back.
WINS: list[tuple[Any, str]] = [
    (dt.time(1, 0), "hh:mm:ss"),
    (dt.timedelta(hours=1), "[h]:mm:ss"),
    (dt.datetime(1899, 12, 30, 1, 0), "dd.mm.yyyy hh:mm"),
    (1 / 24, "0.000000"),  # a day fraction read as a number
]
LOSSES: list[tuple[Any, str]] = [
    (dt.time(0, 1), "hh:mm"),
    (dt.timedelta(minutes=1), "[h]:mm"),
    (1 / 1440, "General"),
]


def _typed(data: bytes, cells: dict[str, tuple[Any, str]], sheet: str = "Round 1") -> bytes:
    """Set cells of ``sheet`` to values with number formats, as a spreadsheet program saves a
    typed ``1:0``."""
    wb = load_workbook(io.BytesIO(data))
    for ref, (value, fmt) in cells.items():
        wb[sheet][ref] = value
        wb[sheet][ref].number_format = fmt
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def _paper(arbiter: User):
    return new_tournament(arbiter, players=4, format="swiss", rounds=3, online=False)


def test_result_cells_are_written_as_text(db: None, en: str, arbiter: User) -> None:
    t = _paper(arbiter)
    p1 = Pairing.objects.get(round__tournament=t, board=1)
    tservices.record_result(pairing=p1, result="1-0", user=arbiter)
    ws = load_workbook(io.BytesIO(workbook(t)))["Round 1"]
    assert ws["C3"].value == "Result"
    assert (ws["C4"].value, ws["C4"].number_format) == ("1-0", "@")
    assert (ws["C5"].value, ws["C5"].number_format) == (None, "@")  # empty, still text


@pytest.mark.parametrize(("win", "loss"), list(zip(WINS, [*LOSSES, LOSSES[0]], strict=True)))
def test_a_time_standing_for_a_result_reads_as_that_result(
    db: None, en: str, arbiter: User, win: tuple[Any, str], loss: tuple[Any, str]
) -> None:
    t = _paper(arbiter)
    data = _typed(workbook(t), {"C4": win, "C5": loss})
    plan = services.read_workbook(data, tournament=t)
    assert plan.errors == []
    assert [(r.board, r.new) for r in plan.results] == [(1, "1-0"), (2, "0-1")]


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ((dt.time(1, 30), "hh:mm"), "01:30:00"),
        ((dt.time(0, 0), "hh:mm"), "00:00:00"),
        ((dt.timedelta(hours=1, minutes=1), "[h]:mm"), "01:01:00"),
    ],
)
def test_any_other_time_is_an_error_naming_its_cell(
    db: None, en: str, arbiter: User, value: tuple[Any, str], shown: str
) -> None:
    t = _paper(arbiter)
    plan = services.read_workbook(_typed(workbook(t), {"C5": value}), tournament=t)
    assert [e.where for e in plan.errors] == ["Round 1!C5"]
    assert f"“{shown}” for a time, not a result" in plan.errors[0].message
    assert "format the cell as text" in plan.errors[0].message
    assert not plan.results


def test_the_time_error_is_translated(db: None, ru: str, arbiter: User) -> None:
    t = _paper(arbiter)
    plan = services.read_workbook(
        _typed(workbook(t), {"C5": (dt.time(2, 0), "hh:mm")}, sheet="Тур 1"), tournament=t
    )
    assert [e.where for e in plan.errors] == ["Тур 1!C5"]
    assert "«02:00:00» за время, а не за результат" in plan.errors[0].message


@pytest.mark.parametrize(
    ("typed", "code"),
    [("۱-۰", "1-0"), ("۰:۱", "0-1"), ("١-٠", "1-0"), ("۱/۲-۱/۲", "1/2"), ("۰٫۵-۰٫۵", "1/2")],
)
def test_persian_and_arabic_indic_digits_are_read(
    db: None, en: str, arbiter: User, typed: str, code: str
) -> None:
    t = _paper(arbiter)
    plan = services.read_workbook(_typed(workbook(t), {"C4": (typed, "@")}), tournament=t)
    assert plan.errors == []
    assert [(r.board, r.new) for r in plan.results] == [(1, code)]


def test_persian_digits_in_numbers_and_sos_scores(db: None, en: str, arbiter: User) -> None:
    t = new_tournament(
        arbiter, kind="sos", players=4, format="swiss", rounds=3, online=False, pair=True
    )
    data = _typed(
        workbook(t),
        {"C4": ("۱-۰ (۵:۳)", "@"), "A5": ("۲", "@"), "C5": ("۰-۱", "@"), "F5": ("۴", "@")},
    )
    plan = services.read_workbook(data, tournament=t)
    assert plan.errors == []
    assert [(r.board, r.new, r.first_score, r.second_score) for r in plan.results] == [
        (1, "1-0", 5, 3),
        (2, "0-1", None, 4),
    ]


def test_names_keep_their_persian_digits(db: None, en: str, arbiter: User) -> None:
    t = new_tournament(arbiter, players=3, format="swiss", rounds=3, pair=False)
    data = _typed(workbook(t), {"B9": ("بازیکن ۱۲", "General")}, sheet="Players")
    plan = services.read_workbook(data, tournament=t)
    assert plan.errors == []
    assert [e.name for e in plan.new_entries] == ["بازیکن ۱۲"]
