"""The workbook's standings sheet carries every tie-break of the tournament's order."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.utils import translation

from sheets.workbooks.write import TournamentData, standings_sheet
from tests.tournaments.test_standings import (
    NEW_EXPECTED,
    RATING_EXPECTED,
    with_new_tiebreaks,
    with_rating_tiebreaks,
)

pytestmark = pytest.mark.django_db


def test_the_new_c07_tie_breaks_on_the_standings_sheet(arbiter: User) -> None:
    t = with_new_tiebreaks(arbiter)
    with translation.override("en"):
        rows = {
            n: [cell.value for _c, cell in cells]
            for n, cells in standings_sheet(TournamentData.load(t)).rows
        }
    assert rows[3][4:] == [
        "Fore Buchholz",
        "Average of opponents' Buchholz",
        "Sonneborn–Berger cut 1",
        "Rounds won, played or not",
        "Games won with the second move",
        "Rounds elected to play",
    ]
    got = [(r[0], r[2], r[3], tuple(r[4:])) for n, r in sorted(rows.items()) if n > 3]
    assert got == [
        (place, name, pts, pytest.approx(values)) for place, name, pts, values in NEW_EXPECTED
    ]


def test_the_rating_tie_breaks_on_the_standings_sheet(arbiter: User) -> None:
    t = with_rating_tiebreaks(arbiter)
    with translation.override("en"):
        rows = {
            n: [cell.value for _c, cell in cells]
            for n, cells in standings_sheet(TournamentData.load(t)).rows
        }
    assert rows[3][4:] == [
        "Average rating of opponents",
        "Average rating of opponents cut 1",
        "Tournament performance rating",
        "Perfect tournament performance",
        "Average performance rating of opponents",
        "Average perfect performance of opponents",
    ]
    got = [(r[0], r[2], r[3], tuple(r[4:])) for n, r in sorted(rows.items()) if n > 3]
    assert got == RATING_EXPECTED
    assert all(float(v).is_integer() for _p, _n, _pts, values in got for v in values)
