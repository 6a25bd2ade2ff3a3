"""The rating list and a tournament's rating report as spreadsheets: every cell to the value,
in English and in Russian; the report in the tournament workbook of a rated tournament only,
and the workbook's import leaves it alone."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User
from django.utils import translation

from ratings import services
from ratings.sheet_export import EPOCH, export_list, export_report
from sheets import services as sheets
from tests.factories import make_player
from tests.ratings.helpers import make_list, play, rated_tournament, start
from tests.ratings.sheet_helpers import cells, titles
from tests.tournaments.helpers import new_tournament, register_all

pytestmark = pytest.mark.django_db

MARCH = dt.date(2026, 3, 1)
DAY = dt.date(2026, 12, 3)


def serial(day: dt.date) -> int:
    return (day - EPOCH).days


def test_an_elo_list_to_the_cell() -> None:
    """Ann 1600 (40 games: K 20; born 1990), Ben 1500 (12 games: K 40, new to the list until 30,
    though a rating of 2400 was reached once): ranked by rating, with the header of the list's
    name, game, method and date; the year of birth and "Reached 2400" last."""
    rating_list = make_list(name="Club Elo")
    ann, ben = make_player("Ann"), make_player("Ben", club="Chess & Co")
    start(rating_list, ben, 1500, games=12, reached_2400=True)
    start(rating_list, ann, 1600, games=40, birth_year=1990)
    services.rebuild(rating_list)
    got = cells(export_list(rating_list, day=DAY, language="en"))
    assert got == {
        "A1": "Rating list:",
        "B1": "Club Elo",
        "A2": "Game kind:",
        "B2": "SOS",
        "A3": "Rating method:",
        "B3": "FIDE-style Elo",
        "A4": "As of:",
        "B4": dt.datetime(2026, 12, 3),
        **dict(
            zip(
                ("A6", "B6", "C6", "D6", "E6", "F6", "G6", "H6", "I6"),
                [
                    "No.",
                    "Name",
                    "Club",
                    "Rating",
                    "K-factor",
                    "Games",
                    "Last played",
                    "Year of birth",
                    "Reached 2400",
                ],
                strict=True,
            )
        ),
        "A7": 1,
        "B7": "Ann",
        "D7": 1600,
        "E7": 20,
        "F7": 40,
        "H7": 1990,
        "A8": 2,
        "B8": "Ben",
        "C8": "Chess & Co",
        "D8": 1500,
        "E8": 40,
        "F8": 12,
        "I8": "yes",
    }


def test_a_glicko_list_in_russian_after_a_tournament(arbiter: User) -> None:
    """A Glicko-2 list keeps the full figures (a rating shown whole, kept to the last bit), the
    deviation and the volatility, and the day each player last played."""
    rating_list = make_list(name="Клуб", method="glicko2")
    ann, ben, cid = make_player("Аня"), make_player("Бен"), make_player("Сид")
    start(rating_list, ann, 1700, deviation=80)
    start(rating_list, cid, 1400, deviation=120)
    tournament = rated_tournament(arbiter, rating_list, [ann, ben], MARCH, rounds=1)
    play(tournament, arbiter, [(ann, ben, "1-0")])
    got = cells(export_list(rating_list, day=DAY, language="ru"))
    heads = [got[f"{c}6"] for c in "ABCDEFGH"]
    assert heads == [
        "№", "Имя", "Клуб", "Рейтинг", "Отклонение", "Волатильность", "Партии", "Последняя игра",
    ]  # fmt: skip
    assert (got["A1"], got["A3"], got["B3"], got["A4"]) == (
        "Рейтинг-лист:", "Метод расчёта:", "Glicko-2", "На дату:",
    )  # fmt: skip
    from ratings.models import Rating

    by_name = {r.player.name: r for r in Rating.objects.filter(list=rating_list)}
    assert [got["B7"], got["B8"], got["B9"]] == ["Аня", "Бен", "Сид"]  # 1700+, 1400 vs Бен's
    assert by_name["Бен"].rating > 1400
    assert got["D7"] == by_name["Аня"].rating and got["E7"] == by_name["Аня"].deviation
    assert got["F7"] == by_name["Аня"].volatility and got["G7"] == 1
    assert got["H7"] == dt.datetime(2026, 3, 1) and "H9" not in got  # Сид has not played
    assert got["D9"] == 1400 and got["E9"] > 120  # an idle period: the deviation grows


@pytest.fixture
def rated(arbiter: User):
    """Ann 1600 (40 games), Ben 1500 (40), Cid unrated, Dan 1400 (40) in a two-round rated
    Swiss: round 1 Ann–Ben 1-0, Cid–Dan ½-½; round 2 Ann–Dan ½-½, Ben–Cid 1-0."""
    rating_list = make_list()
    ann, ben, cid, dan = (make_player(n) for n in ("Ann", "Ben", "Cid", "Dan"))
    start(rating_list, ann, 1600, games=40)
    start(rating_list, ben, 1500, games=40)
    start(rating_list, dan, 1400, games=40)
    tournament = rated_tournament(arbiter, rating_list, [ann, ben, cid, dan], MARCH, rounds=2)
    play(tournament, arbiter, [(ann, ben, "1-0"), (cid, dan, "½-½")])
    play(tournament, arbiter, [(ann, dan, "½-½"), (ben, cid, "1-0")])
    return tournament


def test_the_rating_report_to_the_cell(rated) -> None:
    """One period (the tournament), every game rated from the states it began with.
    Ann (1600, K 20): vs Ben (+100: PD 0.64) 1, vs Dan (+200: PD 0.76) ½; expected 1.40,
    score 1.5, change 20 × 0.10 = +2 → 1602; average (1500 + 1400) / 2 = 1450; TPR: p = 0.75,
    dp 193, 1450 + 193 = 1643.
    Ben (1500): vs Ann (−100: 0.36) 0; vs Cid, unrated: not counted. Expected 0.36, change
    20 × −0.36 = −7.2 → −7, 1493; average 1600; p = 0, dp −800: TPR 800.
    Cid (unrated): no expectation, no change; Dan's 1400 and Ben's 1500 shown.
    Dan (1400): vs Cid not counted; vs Ann (−200: 0.24) ½: +0.26 × 20 = 5.2 → +5, 1405;
    TPR 1600 + 0 = 1600."""
    data = export_report(rated, language="en")
    got = cells(data)
    assert (got["A1"], got["A2"], got["B2"], got["A3"], got["B3"]) == (
        "Rating report", "Tournament:", rated.name, "Rating list:", "Club Elo",
    )  # fmt: skip
    head = [got[f"{c}6"] for c in "ABCDEFGHIJKL"]
    assert head == [
        "No.", "Player", "Rating before", "Games", "Opp. R1", "Opp. R2", "Average opponent",
        "Score", "Expected score", "Rating change", "Rating after", "Performance",
    ]  # fmt: skip
    rows = {got[f"B{r}"]: [got.get(f"{c}{r}") for c in "CDEFGHIJKL"] for r in range(7, 11)}
    assert rows["Ann"] == [1600, 2, 1500, 1400, 1450, 1.5, 1.4, 2, 1602, 1643]
    assert rows["Ben"] == [1500, 2, 1600, None, 1600, 1, 0.36, -7, 1493, 800]
    assert rows["Cid"] == [None, 2, 1400, 1500, None, 0.5, None, None, None, None]
    assert rows["Dan"] == [1400, 2, None, 1600, 1600, 1, 0.24, 5, 1405, 1600]


def test_the_workbook_has_the_report_of_a_rated_tournament_only(arbiter: User, rated) -> None:
    with translation.override("ru"):
        data = sheets.export_tournament(rated)
    assert "Рейтинговый отчёт" in titles(data)
    assert (
        cells(data, "Рейтинговый отчёт")["B7"] == cells(export_report(rated, language="ru"))["B7"]
    )
    # The workbook, imported again, changes nothing: the report is left alone.
    plan = sheets.read_workbook(data, tournament=rated)
    assert plan.errors == [] and plan.empty
    unrated = new_tournament(arbiter, name="Friendly")
    register_all(unrated, arbiter, [("Eve", None), ("Fay", None)])
    names = titles(sheets.export_tournament(unrated, language="en"))
    assert "Rating report" not in names and "Standings" in names
    assert export_report(unrated) is None
