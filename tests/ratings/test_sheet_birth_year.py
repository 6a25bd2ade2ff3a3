"""A club's list with a year of birth and "Reached 2400" (FIDE 8.3.3: K = 40 for a junior under
2300, K = 10 once a rating of 2400 was published): read from the sheet, kept in the starting
ratings, fed to the K, shown in the preview, and written by the export so that an export →
import round trip loses nothing."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.template.loader import render_to_string
from django.utils import timezone, translation

from ratings import services
from ratings.models import Rating, StartingRating
from ratings.sheet_export import export_list
from ratings.sheet_import import apply_list_plan, read_list
from tests.factories import make_player
from tests.ratings.helpers import make_list, ratings, start
from tests.ratings.sheet_helpers import plain_sheet, starts

pytestmark = pytest.mark.django_db


def _fields(rating_list) -> dict[str, tuple]:
    return {
        s.player.name: (s.rating, s.games, s.birth_year, s.reached_2400)
        for s in StartingRating.objects.filter(list=rating_list).select_related("player")
    }


def _ks(rating_list) -> dict[str, int | None]:
    return {r.player.name: r.k for r in Rating.objects.filter(list=rating_list)}


@pytest.mark.parametrize("language", ["en", "ru", "fa"])
def test_round_trip_keeps_the_year_of_birth_and_2400(language: str) -> None:
    junior = timezone.localdate().year - 12
    source = make_list(name="Old")
    ann, ben, cyd = make_player("Ann"), make_player("Ben"), make_player("Cyd")
    start(source, ann, 1612, games=41, birth_year=junior)
    start(source, ben, 2350, games=50, reached_2400=True)
    start(source, cyd, 1800, games=60, birth_year=1970)
    services.rebuild(source)
    assert _ks(source) == {"Ann": 40, "Ben": 10, "Cyd": 20}
    data = export_list(source, language=language)
    target = make_list(name="New")
    plan = read_list(data, rating_list=target)
    assert plan.errors == []
    apply_list_plan(plan, rating_list=target, user=None)
    assert _fields(target) == {
        "Ann": (1612, 41, junior, False),
        "Ben": (2350, 50, None, True),
        "Cyd": (1800, 60, 1970, False),
    }
    assert {n: v[2] for n, v in starts(target).items()} == {
        n: v[2] for n, v in starts(source).items()
    }  # the core's states
    assert ratings(target) == ratings(source) and _ks(target) == _ks(source)
    again = read_list(data, rating_list=target)
    assert again.ok and again.empty


@pytest.mark.parametrize(
    ("head", "yes"),
    [
        (["Name", "Rating", "Games", "Year of birth", "Reached 2400"], "yes"),
        (["Имя", "Рейтинг", "Партии", "Год рождения", "Достигал 2400"], "Да"),
        (["Name", "Rating", "Games", "Born", "Reached 2400"], "x"),
    ],
)
def test_a_plain_sheet_with_the_columns(head: list[str], yes: str) -> None:
    rating_list = make_list()
    data = plain_sheet(
        [
            head,
            ["Ann", 2300, 40, 1980, yes],
            ["Ben", 1500, 40, None, None],
            ["Cyd", 1500, 40, 1991, 0],
        ]
    )
    plan = read_list(data, rating_list=rating_list)
    assert plan.errors == []
    assert [(r.name, r.birth_year, r.reached_2400) for r in plan.rows] == [
        ("Ann", 1980, True),
        ("Ben", None, False),
        ("Cyd", 1991, False),
    ]
    with translation.override("fa"):
        html = render_to_string("ratings/_list_changes.html", {"plan": plan})
    assert "1980" in html and "1991" in html
    apply_list_plan(plan, rating_list=rating_list, user=None)
    assert _ks(rating_list) == {"Ann": 10, "Ben": 20, "Cyd": 20}


def test_bad_cells_are_named() -> None:
    rating_list = make_list()
    data = plain_sheet(
        [
            ["Name", "Rating", "Year of birth", "Reached 2400"],
            ["Ann", 1600, "long ago", "maybe"],
            ["Ben", 1600, 1850.0, "no"],
            ["Cyd", 1600, 1990.5, None],
        ]
    )
    with translation.override("en"):
        plan = read_list(data, rating_list=rating_list)
    assert [(e.cell, e.message.split(" ")[0]) for e in plan.errors] == [
        ("C2", "“long"),
        ("D2", "Write"),
        ("C3", "“1850”"),
        ("C4", "“1990.5”"),
    ]


def test_a_sheet_without_the_columns_keeps_the_lists(arbiter: User) -> None:
    """A plain "Name | Rating | Games" sheet changes neither the years of birth nor the 2400s
    the list has."""
    rating_list = make_list()
    ann = make_player("Ann")
    start(rating_list, ann, 2300, games=40, birth_year=1980, reached_2400=True)
    plan = read_list(
        plain_sheet([["Name", "Rating", "Games"], ["Ann", 2310, 40]]), rating_list=rating_list
    )
    assert plan.errors == [] and not plan.empty
    apply_list_plan(plan, rating_list=rating_list, user=None)
    assert _fields(rating_list) == {"Ann": (2310, 40, 1980, True)}
