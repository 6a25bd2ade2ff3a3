"""A rated tournament's standings, crosstable and workbook show each player's rating before the
event, its change, the performance and the opponents' average, as chess-results prints them;
the figures are the rating report's (tests/ratings/test_report.py checks them by hand: Ann 1600
+10 TPR 1793 ARO 1600, Ben 1500 −7 TPR 800 ARO 1600, Cyd 1700 −3 TPR 1600 ARO 1600)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import translation

from ratings import queries
from ratings.models import RatedTournament
from ratings.report import report
from sheets import services as sheets
from tests.ratings.helpers import entry, month_list_event
from tests.ratings.pages import make_club
from tests.ratings.sheet_helpers import cells
from tests.tournaments.helpers import new_tournament, register_all
from tournaments import hooks

pytestmark = pytest.mark.django_db


def _by_name(club, columns) -> dict[str, list[str]]:
    players = {"Ann": club.ann, "Ben": club.ben, "Cyd": club.cyd}
    return {
        name: [c.text(entry(club.tournament, p).pk) for c in columns] for name, p in players.items()
    }


def test_the_columns_are_the_reports_figures(arbiter: User) -> None:
    club = make_club(arbiter)
    with translation.override("en"):
        columns = hooks.standings_columns(club.tournament)
    assert [c.header for c in columns] == ["Rtg", "±", "TPR", "ARO"]
    assert _by_name(club, columns) == {
        "Ann": ["1600", "+10", "1793", "1600"],
        "Ben": ["1500", "\u22127", "800", "1600"],
        "Cyd": ["1700", "\u22123", "1600", "1600"],
    }
    # One computation: the values are the report's, line for line, and the tab's.
    found = report(club.tournament)
    assert found is not None
    for line in found.lines:
        assert line.entry_id is not None
        values = [c.value(line.entry_id) for c in columns]
        assert values == [line.rating, line.change, line.performance, line.average]
    rated = RatedTournament.objects.get(tournament=club.tournament)
    for row in queries.report_rows(rated):
        pk = entry(club.tournament, row.player).pk
        got = [c.value(pk) for c in columns]
        assert got == [row.rating, row.change, row.performance, row.opponents]


def test_an_unrated_tournament_has_no_columns(arbiter: User) -> None:
    t = new_tournament(arbiter, name="Friendly")
    register_all(t, arbiter, [("Eve", 1500), ("Fay", 1400)])
    assert hooks.standings_columns(t) == []
    for name in ("tournaments:standings", "tournaments:crosstable"):
        html = Client(HTTP_ACCEPT_LANGUAGE="en").get(reverse(name, args=[t.pk])).content.decode()
        assert "rating-col" not in html and "TPR" not in html


@pytest.mark.parametrize("language", ["en", "fa", "ru"])
def test_the_standings_and_crosstable_pages_show_them(arbiter: User, language: str) -> None:
    club = make_club(arbiter)
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    for name in ("tournaments:standings", "tournaments:crosstable"):
        response = client.get(reverse(name, args=[club.tournament.pk]))
        assert response.status_code == 200
        html = response.content.decode()
        assert html.count('<th class="rating-col"') == 4
        for figure in ("1793", "+10", "\u22127", "1700", "800"):
            assert figure in html, (name, figure)
        assert 'dir="ltr">+10</td>' in html


def test_the_workbooks_standings_sheet(arbiter: User) -> None:
    club = make_club(arbiter)
    data = sheets.export_tournament(club.tournament, language="en")
    got = cells(data, "Standings")
    head = [got.get(f"{c}3") for c in "ABCDEFGHIJKLMNOP"]
    first = head.index(next(h for h in head if h and h.startswith("Rtg")))
    assert [str(h).split(" — ")[0] for h in head[first : first + 4]] == ["Rtg", "±", "TPR", "ARO"]
    letters = "ABCDEFGHIJKLMNOP"
    rows = {
        got[f"C{r}"]: [got.get(f"{letters[first + i]}{r}") for i in range(4)] for r in range(4, 7)
    }
    assert rows == {
        "Ann": [1600, 10, 1793, 1600],
        "Ben": [1500, -7, 800, 1600],
        "Cyd": [1700, -3, 1600, 1600],
    }
    with translation.override("ru"):
        russian = sheets.export_tournament(club.tournament)
    head_ru = [cells(russian, "Турнирная таблица").get(f"{c}3") for c in letters]
    assert any(h and "Рейтинг" in h for h in head_ru), head_ru
    # Imported again, the workbook changes nothing: the standings sheet is read by no one.
    plan = sheets.read_workbook(data, tournament=club.tournament)
    assert plan.errors == [] and plan.empty


def test_a_month_list_has_no_change_column(arbiter: User) -> None:
    t = month_list_event(arbiter)
    with translation.override("en"):
        headers = [c.header for c in hooks.standings_columns(t)]
    assert headers == ["Rtg", "TPR", "ARO"]
