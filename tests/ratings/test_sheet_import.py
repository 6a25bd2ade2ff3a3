"""Importing a club's rating list: the round trip from the export, a plain sheet in either
language, every bad row's message, the matching of names, a preview that writes nothing and an
apply that writes everything or nothing, with its record."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User
from django.utils import translation

from games.models import Player
from ratings import services
from ratings.models import Cause, Rating, RatingRecord, StartingRating
from ratings.sheet_export import export_list
from ratings.sheet_import import apply_list_plan, read_list
from sheets.errors import ImportRefused, WorkbookRefused
from tests.factories import make_player
from tests.ratings.helpers import make_list, play, rated_tournament, ratings, start
from tests.ratings.sheet_helpers import plain_sheet, starts

pytestmark = pytest.mark.django_db

DAY = dt.date(2026, 1, 1)  # the helpers' starting ratings are as of this day
MARCH = dt.date(2026, 3, 1)


def imported(rating_list, data: bytes, user: User | None = None) -> RatingRecord:
    plan = read_list(data, rating_list=rating_list)
    assert plan.errors == []
    return apply_list_plan(plan, rating_list=rating_list, user=user)


@pytest.mark.parametrize("method", ["elo", "glicko2"])
@pytest.mark.parametrize("language", ["en", "ru"])
def test_round_trip_gives_the_same_starting_ratings(method: str, language: str) -> None:
    """Export a list, import it into a new list of the same method: the same starting ratings
    (the core's states too: Glicko-2's deviation and volatility to the last bit); into the list
    itself: nothing to change."""
    source = make_list(name="Old", method=method)
    ann, ben = make_player("Ann"), make_player("Бен", club="Клуб")
    start(source, ann, 1612.375 if method == "glicko2" else 1612, games=41, deviation=61.25)
    start(source, ben, 1488, games=7, deviation=None, volatility=0.0625)
    services.rebuild(source)
    data = export_list(source, day=DAY, language=language)
    target = make_list(name="New", method=method)
    record = imported(target, data)
    assert starts(target) == starts(source)
    assert record.cause == Cause.IMPORT and record.list == target
    assert ratings(target) == ratings(source)
    again = read_list(data, rating_list=source)
    assert again.ok and again.empty and again.removed == []


def test_round_trip_after_games_starts_from_the_current_ratings(arbiter: User) -> None:
    rating_list = make_list()
    ann, ben = make_player("Ann"), make_player("Ben")
    start(rating_list, ann, 1600, games=40)
    start(rating_list, ben, 1500, games=40)
    play(
        rated_tournament(arbiter, rating_list, [ann, ben], MARCH, rounds=1),
        arbiter,
        [(ann, ben, "1-0")],
    )
    data = export_list(rating_list, day=dt.date(2026, 4, 1), language="en")
    fresh = make_list(name="Fresh")
    imported(fresh, data)
    assert {n: (r, g) for n, (r, g, _s, _d) in starts(fresh).items()} == {
        "Ann": (1607, 41),
        "Ben": (1493, 41),
    }
    assert StartingRating.objects.filter(list=fresh, as_of=dt.date(2026, 4, 1)).count() == 2


@pytest.mark.parametrize(
    ("head", "language"),
    [
        (["Name", "Rating", "Games"], "en"),
        (["Имя", "Рейтинг", "Партии"], "ru"),
        (["ИМЯ", "рейтинг", "Сыграно партий"], "en"),
    ],
)
def test_a_plain_sheet_in_either_language(head: list[str], language: str) -> None:
    """ "Name | Rating | Games" with a header row: names matched to the site's players (letter
    case, spaces and ё aside), a new name a new player; no date: as of today."""
    rating_list = make_list()
    fedor = make_player("Фёдор Петров")
    data = plain_sheet([head, ["  федор   ПЕТРОВ ", 1700, 12], ["Zoe", "1450,5", None]])
    with translation.override(language):
        plan = read_list(data, rating_list=rating_list)
    assert plan.errors == [] and [r.player_id for r in plan.rows] == [fedor.pk, None]
    assert [r.cell for r in plan.rows] == ["Sheet1!A2", "Sheet1!A3"]
    imported(rating_list, data)
    zoe = Player.objects.get(name="Zoe")
    assert (zoe.user, zoe.club) == (None, "")
    assert {
        s.player_id: (s.rating, s.games) for s in StartingRating.objects.filter(list=rating_list)
    } == {
        fedor.pk: (1700, 12),
        zoe.pk: (1450.5, 0),
    }


def test_every_bad_row_is_named_with_its_cell() -> None:
    rating_list = make_list()
    data = plain_sheet(
        [
            ["Name", "Rating", "Games", "Deviation"],
            [None, 1500, 3],
            ["Ann", "abc", 3],
            ["Ben", 1500, -2],
            ["Ann", 1600, 1],
            ["Cid", 5000, 1],
            ["Dan", -5, 1],
            ["Eve", 1500, 2.5],
            ["Fay", 1500, 1, 0],
            ["Gus", 1500, "many"],
        ]
    )
    with translation.override("en"):
        plan = read_list(data, rating_list=rating_list)
    assert [str(e) for e in plan.errors] == [
        "Sheet1!A2: A player needs a name.",
        "Sheet1!B3: “abc” is not a number.",
        "Sheet1!C4: The number of games cannot be negative.",
        "Sheet1!A5: “\u2068Ann\u2069” is listed twice.",
        "Sheet1!B6: A rating must be between 0 and 4000.",
        "Sheet1!B7: A rating must be between 0 and 4000.",
        "Sheet1!C8: “2.5” is not a whole number of games.",
        "Sheet1!D9: A deviation must be between 1 and 500.",
        "Sheet1!C10: “many” is not a whole number of games.",
    ]
    assert not plan.ok
    with pytest.raises(ImportRefused):
        apply_list_plan(plan, rating_list=rating_list, user=None)
    assert not StartingRating.objects.exists() and not Player.objects.filter(name="Cid").exists()


def test_the_messages_in_russian() -> None:
    rating_list = make_list()
    data = plain_sheet([["Имя", "Рейтинг", "Партии"], ["Аня", "много", -1]])
    with translation.override("ru"):
        plan = read_list(data, rating_list=rating_list)
    assert [e.message for e in plan.errors] == [
        "«много» — не число.",
        "Число партий не может быть отрицательным.",
    ]


def test_homonyms_are_an_error_the_club_or_the_list_decides() -> None:
    rating_list = make_list()
    make_player("Ivan", club="North")
    south = make_player("Ivan", club="South")
    data = plain_sheet([["Name", "Rating"], ["Ivan", 1500]])
    with translation.override("en"):
        plan = read_list(data, rating_list=rating_list)
    assert [e.code for e in plan.errors] == ["invalid"] and "Club" in plan.errors[0].message
    with_club = plain_sheet([["Name", "Club", "Rating"], ["Ivan", "south", 1500]])
    assert [r.player_id for r in read_list(with_club, rating_list=rating_list).rows] == [south.pk]
    start(rating_list, south, 1400)
    assert [r.player_id for r in read_list(data, rating_list=rating_list).rows] == [south.pk]


def test_the_preview_writes_nothing(django_assert_max_num_queries) -> None:
    rating_list = make_list()
    ann = make_player("Ann")
    start(rating_list, ann, 1500)
    services.rebuild(rating_list)
    before = (
        Player.objects.count(),
        list(StartingRating.objects.values()),
        RatingRecord.objects.count(),
    )
    data = plain_sheet([["Name", "Rating", "Games"], ["Ben", 1600, 3], ["Cid", 1550, 0]])
    with django_assert_max_num_queries(5) as queries:
        plan = read_list(data, rating_list=rating_list)
    assert not any(
        q["sql"].lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE"))
        for q in queries.captured_queries
    )
    assert [r.name for r in plan.new_players] == ["Ben", "Cid"]
    assert [(r.name, r.rating) for r in plan.removed] == [("Ann", 1500)]
    after = (
        Player.objects.count(),
        list(StartingRating.objects.values()),
        RatingRecord.objects.count(),
    )
    assert after == before


def test_apply_is_all_or_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rebuild fails at the end: no new player, no starting rating, no record is left."""
    rating_list = make_list()
    ann = make_player("Ann")
    start(rating_list, ann, 1500)
    data = plain_sheet([["Name", "Rating"], ["Ben", 1600], ["Ann", 1510]])
    plan = read_list(data, rating_list=rating_list)

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(services, "rebuild", broken)
    with pytest.raises(RuntimeError):
        apply_list_plan(plan, rating_list=rating_list, user=None)
    assert not Player.objects.filter(name="Ben").exists()
    assert list(StartingRating.objects.values_list("player__name", "rating")) == [("Ann", 1500)]
    assert not RatingRecord.objects.exists() and not Rating.objects.exists()


def test_apply_replaces_the_starting_ratings_and_records_it(arbiter: User) -> None:
    rating_list = make_list()
    ann, ben = make_player("Ann"), make_player("Ben")
    start(rating_list, ann, 1500)
    start(rating_list, ben, 1400)
    data = plain_sheet(
        [
            ["Rating list:", "Club Elo"],
            ["As of:", "2026-02-01"],
            [],
            ["Name", "Rating", "Games"],
            ["Ann", 1520, 3],
        ]
    )
    record = imported(rating_list, data, arbiter)
    assert list(StartingRating.objects.values_list("player__name", "rating", "games", "as_of")) == [
        ("Ann", 1520, 3, dt.date(2026, 2, 1))
    ]
    assert (record.cause, record.by, record.from_period) == (Cause.IMPORT, arbiter, "")
    assert "1 starting ratings" in record.note or "1" in record.note
    assert ratings(rating_list) == {"Ann": 1520}


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (b"Name;Rating\nAnn;1500\n", "not_xlsx"),
        (plain_sheet([["Who", "How good"], ["Ann", 1500]]), "unrelated"),
    ],
)
def test_files_that_are_no_list_are_refused(data: bytes, code: str) -> None:
    with pytest.raises(WorkbookRefused) as refused:
        read_list(data, rating_list=make_list())
    assert refused.value.code == code


def test_a_bad_date_and_another_lists_name() -> None:
    rating_list = make_list(name="Club Elo")
    data = plain_sheet(
        [["Rating list:", "Other"], ["As of:", "soon"], ["Name", "Rating"], ["Ann", 1500]]
    )
    with translation.override("en"):
        plan = read_list(data, rating_list=rating_list)
    assert [str(e) for e in plan.errors] == [
        "Sheet1!B2: “soon” is not a date (write it as 2026-12-03)."
    ]
    assert plan.warnings == [
        "This sheet is of the list “\u2068Other\u2069”; it is imported into “\u2068Club Elo\u2069”."
    ]
