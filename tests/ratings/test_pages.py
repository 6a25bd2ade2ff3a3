"""The ratings pages for each visitor: anonymous, a player, an arbiter, staff — what each may
see and do (403 where refused, CSRF on the POSTs), bad input answered with a message, and the
list's sorting, filter and search."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from ratings.models import Cause, RatedTournament, RatingList, RatingRecord
from tests.ratings.pages import Club, make_club
from tests.tournaments.helpers import make_player, make_user, new_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def club(arbiter: User) -> Club:
    return make_club(arbiter)


def client(user: User | None = None, **kwargs: object) -> Client:
    c = Client(HTTP_ACCEPT_LANGUAGE="en", **kwargs)
    if user is not None:
        c.force_login(user)
    return c


def names(html: str) -> list[str]:
    """The players' names in the list's table, in order."""
    table = html.split('id="rating-list"', 1)[1].split("</table>", 1)[0]
    return re.findall(r"<bdi>(\w+)</bdi></a></td>", table)


def test_everyone_reads_the_lists(club: Club) -> None:
    for user in (None, club.player, club.arbiter, club.staff):
        c = client(user)
        assert c.get("/ratings/").status_code == 200
        html = c.get(f"/ratings/{club.rating_list.pk}/").content.decode()
        assert names(html) == ["Cyd", "Ann", "Ben"]
        assert "Recalculations" in html


def test_who_may_create_a_list(club: Club) -> None:
    assert client().get("/ratings/new/").status_code == 302  # to the log-in
    assert client(club.player).get("/ratings/new/").status_code == 403
    assert client(club.player).post("/ratings/new/", {"name": "Mine"}).status_code == 403
    for user in (club.other_arbiter, club.staff):
        assert client(user).get("/ratings/new/").status_code == 200
    data = {
        "name": "UTTT Glicko",
        "kind": "uttt",
        "preset": "",
        "method": "glicko2",
        "period": "month",
        "floor": 1400,
        "tau": 0.5,
        "initial_rating": 1500,
        "initial_deviation": 350,
        "initial_volatility": 0.06,
        "active": "on",
    }
    response = client(club.other_arbiter).post("/ratings/new/", data)
    made = RatingList.objects.get(name="UTTT Glicko")
    assert response.status_code == 302 and response["Location"] == f"/ratings/{made.pk}/"
    assert made.created_by == club.other_arbiter and made.method == "glicko2"


def test_bad_settings_are_explained(club: Club) -> None:
    data = {"name": " ", "kind": "sos", "method": "elo", "period": "tournament", "floor": 1400}
    data |= {"tau": 9, "initial_rating": 1500, "initial_deviation": 350}
    data |= {"initial_volatility": 0.06, "preset": "9x9"}
    html = client(club.staff).post("/ratings/new/", data).content.decode()
    assert "This field is required." in html
    assert "Ensure this value is less than or equal to 2.0." in html
    data["name"] = "Named"
    data["tau"] = 0.5
    html = client(club.staff).post("/ratings/new/", data).content.decode()
    assert "Only ultimate tic-tac-toe has presets." in html
    ru = Client(HTTP_ACCEPT_LANGUAGE="ru")
    ru.force_login(club.staff)
    html = ru.post("/ratings/new/", data | {"name": ""}).content.decode()
    assert "This field is required." not in html and "errorlist" in html
    assert not RatingList.objects.filter(name="Named").exists()


def test_who_may_change_a_list(club: Club) -> None:
    url = f"/ratings/{club.rating_list.pk}/edit/"
    assert client(club.player).get(url).status_code == 403
    assert client(club.other_arbiter).get(url).status_code == 403  # not their list
    assert client(club.arbiter).get(url).status_code == 200  # its creator
    assert client(club.staff).get(url).status_code == 200


def test_changing_a_setting_recalculates(club: Club) -> None:
    url = f"/ratings/{club.rating_list.pk}/edit/"
    data = {
        "name": "Club Elo 2",
        "kind": "sos",
        "preset": "",
        "method": "glicko2",
        "period": "tournament",
        "floor": 1400,
        "tau": 0.5,
        "initial_rating": 1500,
        "initial_deviation": 350,
        "initial_volatility": 0.06,
        "active": "on",
    }
    assert client(club.arbiter).post(url, data).status_code == 302
    record = RatingRecord.objects.filter(list=club.rating_list).first()
    assert record.cause == Cause.SETTINGS and record.note == "method"
    html = client().get(f"/ratings/{club.rating_list.pk}/").content.decode()
    assert "Deviation" in html and "Club Elo 2" in html
    # The game of a list that rates tournaments cannot change.
    html = client(club.arbiter).post(url, data | {"kind": "uttt"}).content.decode()
    assert "its game and preset cannot change" in html


def test_rebuild_now_is_for_staff_and_needs_the_token(club: Club) -> None:
    url = f"/ratings/{club.rating_list.pk}/rebuild/"
    assert client(club.arbiter).post(url).status_code == 403
    assert client(club.player).post(url).status_code == 403
    assert client(club.staff).get(url).status_code == 405
    assert client(club.staff, enforce_csrf_checks=True).post(url).status_code == 403
    before = RatingRecord.objects.count()
    response = client(club.staff).post(url, follow=True)
    assert RatingRecord.objects.count() == before + 1
    assert RatingRecord.objects.first().cause == Cause.REBUILD
    assert "recalculated from scratch" in response.content.decode()
    assert (
        "rebuild-list"
        in client(club.staff).get(f"/ratings/{club.rating_list.pk}/").content.decode()
    )
    assert (
        "rebuild-list"
        not in client(club.arbiter).get(f"/ratings/{club.rating_list.pk}/").content.decode()
    )


def test_rating_a_tournament_from_its_arbiter_panel(club: Club) -> None:
    t = new_tournament(club.arbiter, name="Spring")
    url = f"/ratings/tournaments/{t.pk}/"
    panel = client(club.arbiter).get(t.get_absolute_url()).content.decode()
    assert url in panel
    assert url not in client(club.player).get(t.get_absolute_url()).content.decode()
    assert client(club.player).get(url).status_code == 403
    assert (
        client(club.other_arbiter).post(url, {"rating_list": club.rating_list.pk}).status_code
        == 403
    )
    assert client(club.arbiter, enforce_csrf_checks=True).post(url, {}).status_code == 403
    html = client(club.arbiter).post(url, {"rating_list": "abc"}).content.decode()
    assert "Choose one of the rating lists for this game." in html
    ok = client(club.arbiter).post(
        url, {"rating_list": club.rating_list.pk, "seed_from_list": "on"}
    )
    assert ok.status_code == 302
    rated = RatedTournament.objects.get(tournament=t)
    assert rated.list == club.rating_list and rated.seed_from_list
    assert RatingRecord.objects.filter(tournament=t, cause=Cause.RATED).exists()
    assert client(club.staff).post(url, {"action": "unrate"}).status_code == 302
    assert not RatedTournament.objects.filter(tournament=t).exists()


def test_a_list_of_another_game_is_not_offered(club: Club) -> None:
    t = new_tournament(club.arbiter, name="Ultimate", kind="uttt")
    html = (
        client(club.arbiter)
        .post(f"/ratings/tournaments/{t.pk}/", {"rating_list": club.rating_list.pk})
        .content.decode()
    )
    assert "Choose one of the rating lists for this game." in html
    assert not RatedTournament.objects.filter(tournament=t).exists()


def test_sorting_by_each_column(club: Club) -> None:
    url = f"/ratings/{club.rating_list.pk}/"
    c = client()
    assert names(c.get(url, {"sort": "name"}).content.decode()) == ["Ann", "Ben", "Cyd"]
    assert names(c.get(url, {"sort": "-name"}).content.decode()) == ["Cyd", "Ben", "Ann"]
    assert names(c.get(url, {"sort": "rating"}).content.decode()) == ["Ben", "Ann", "Cyd"]
    assert names(c.get(url, {"sort": "-change"}).content.decode()) == ["Ann", "Cyd", "Ben"]
    assert names(c.get(url, {"sort": "-games"}).content.decode())[0] == "Ann"
    html = c.get(url, {"sort": "name"}).content.decode()
    assert 'aria-sort="ascending"' in html and "sort=-name" in html


def test_bad_filters_get_a_message_and_the_default(club: Club) -> None:
    url = f"/ratings/{club.rating_list.pk}/"
    response = client().get(url, {"sort": "drop table", "active": "99", "q": "x" * 500})
    html = response.content.decode()
    assert response.status_code == 200
    assert "The list cannot be sorted that way." in html
    assert "Choose one of the periods offered." in html
    assert "Ensure this value has at most 100 characters" in html
    assert names(html) == ["Cyd", "Ann", "Ben"]


def test_search_and_active_filter(club: Club) -> None:
    url = f"/ratings/{club.rating_list.pk}/"
    assert names(client().get(url, {"q": "BE"}).content.decode()) == ["Ben"]
    assert "No players found." in client().get(url, {"q": "zed"}).content.decode()
    # The tournament was in March 2026: active within 24 months of today, not of 3 (the test
    # reads the site's today; it only needs the tournament to be long enough ago).
    idle = make_player("Idle")
    from tests.ratings.helpers import start

    start(club.rating_list, idle, 1450)
    from ratings import services

    services.rebuild(club.rating_list)
    everyone = names(client().get(url).content.decode())
    assert "Idle" in everyone
    assert "Idle" not in names(client().get(url, {"active": "24"}).content.decode())


def test_pages_of_the_list(club: Club) -> None:
    from ratings import services
    from tests.ratings.helpers import start

    for n in range(60):
        start(club.rating_list, make_player(f"P{n:02d}"), 1000 + n)
    services.rebuild(club.rating_list)
    url = f"/ratings/{club.rating_list.pk}/"
    first = client().get(url, {"sort": "name"}).content.decode()
    assert "Page 1 of 2" in first and "sort=name&amp;page=2" in first.replace("&", "&amp;").replace(
        "&amp;amp;", "&amp;"
    )
    second = client().get(url, {"sort": "name", "page": 2}).content.decode()
    assert names(second)[-1] == "P59"
    assert make_user("nobody")


# Every GET page of the ratings app: the answer each visitor gets (302: to the log-in).
MATRIX = {
    "/ratings/": {"anonymous": 200, "player": 200, "arbiter": 200, "staff": 200},
    "/ratings/{list}/": {"anonymous": 200, "player": 200, "arbiter": 200, "staff": 200},
    "/ratings/new/": {"anonymous": 302, "player": 403, "arbiter": 200, "staff": 200},
    "/ratings/{list}/edit/": {"anonymous": 302, "player": 403, "arbiter": 200, "staff": 200},
    "/ratings/tournaments/{t}/": {"anonymous": 302, "player": 403, "arbiter": 200, "staff": 200},
    "/ratings/tournaments/{t}/report/": {
        "anonymous": 200,
        "player": 200,
        "arbiter": 200,
        "staff": 200,
    },
    "/players/{ann}/": {"anonymous": 200, "player": 200, "arbiter": 200, "staff": 200},
}


@pytest.mark.parametrize("url", list(MATRIX))
def test_each_page_for_each_visitor(club: Club, url: str) -> None:
    users = {"anonymous": None, "player": club.player, "arbiter": club.arbiter}
    users["staff"] = club.staff
    path = url.format(list=club.rating_list.pk, t=club.tournament.pk, ann=club.ann.pk)
    got = {role: client(user).get(path).status_code for role, user in users.items()}
    assert got == MATRIX[url]


POSTS = ["/ratings/new/", "/ratings/{list}/edit/", "/ratings/tournaments/{t}/"]


@pytest.mark.parametrize("url", POSTS)
def test_each_form_needs_the_csrf_token(club: Club, url: str) -> None:
    path = url.format(list=club.rating_list.pk, t=club.tournament.pk)
    strict = client(club.staff, enforce_csrf_checks=True)
    assert strict.post(path, {"name": "X"}).status_code == 403
    assert RatingList.objects.count() == 1
