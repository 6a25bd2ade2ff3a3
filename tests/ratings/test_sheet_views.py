"""The ratings' spreadsheet pages: the downloads, and the list's import in its two steps (upload
and preview, then apply) for the people who manage lists only, with CSRF."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from games.authority import ARBITER_PERMISSION
from games.models import Player
from ratings import services
from ratings.models import Cause, RatingRecord, StartingRating
from sheets.services import XLSX
from tests import factories
from tests.ratings.helpers import make_list, rated_tournament, start
from tests.ratings.sheet_helpers import plain_sheet, titles
from tests.tournaments.helpers import make_user, new_tournament

pytestmark = pytest.mark.django_db


def client(user: User | None = None, **kwargs: object) -> Client:
    c = Client(HTTP_ACCEPT_LANGUAGE="en", **kwargs)
    if user is not None:
        c.force_login(user)
    return c


def upload(data: bytes) -> SimpleUploadedFile:
    return SimpleUploadedFile("list.xlsx", data, content_type=XLSX)


@pytest.fixture
def manager(db: None) -> User:
    return factories.with_permission(make_user("keeper"), ARBITER_PERMISSION)


def test_downloads(arbiter: User) -> None:
    rating_list = make_list(name="Club Elo")
    start(rating_list, factories.make_player("Ann"), 1500)
    services.rebuild(rating_list)
    got = client().get(f"/ratings/{rating_list.pk}/list.xlsx")
    assert got.status_code == 200 and got["Content-Type"] == XLSX
    assert "club-elo.xlsx" in got["Content-Disposition"]
    assert titles(got.content) == ["Rating list"]
    rated = rated_tournament(arbiter, rating_list, [factories.make_player("Ben")], None, rounds=1)
    got = client().get(f"/ratings/tournaments/{rated.pk}/report.xlsx")
    assert got.status_code == 200 and titles(got.content) == ["Rating report"]
    unrated = new_tournament(arbiter, name="Friendly")
    assert client().get(f"/ratings/tournaments/{unrated.pk}/report.xlsx").status_code == 404
    assert client().get("/ratings/999/list.xlsx").status_code == 404
    assert client().post(f"/ratings/{rating_list.pk}/list.xlsx").status_code == 405


def test_only_managers_may_import(arbiter: User, manager: User) -> None:
    """Whoever may change the list: staff and the arbiter who made it; another of the site's
    arbiters, a tournament's arbiter without the arbiters' permission and a player are refused
    (403), an anonymous visitor is sent to log in."""
    rating_list = make_list(created_by=manager)
    other = factories.with_permission(make_user("other-keeper"), ARBITER_PERMISSION)
    page = f"/ratings/{rating_list.pk}/import/"
    data = plain_sheet([["Name", "Rating"], ["Ann", 1500]])
    assert client().get(page).status_code == 302
    for user in (arbiter, other, make_user("player")):
        assert client(user).get(page).status_code == 403
        assert client(user).post(page, {"file": upload(data)}).status_code == 403
        assert client(user).post(page + "apply/", {"token": "x", "digest": "y"}).status_code == 403
    assert not Player.objects.filter(name="Ann").exists()
    assert client(manager).get(page).status_code == 200
    staff = make_user("staff", is_staff=True)
    assert client(staff).get(page).status_code == 200


def test_upload_preview_apply(manager: User) -> None:
    rating_list = make_list(name="Club Elo", created_by=manager)
    old = factories.make_player("Old")
    start(rating_list, old, 1300)
    page = f"/ratings/{rating_list.pk}/import/"
    data = plain_sheet([["Name", "Rating", "Games"], ["Ann", 1500, 10], ["Ben", 1400, 0]])
    c = client(manager)
    preview = c.post(page, {"file": upload(data)})
    assert preview.status_code == 200
    html = preview.content.decode()
    assert (
        "Ann" in html and "new on the site" in html and "Removed from the starting ratings" in html
    )
    assert not Player.objects.filter(name="Ann").exists()  # the preview writes nothing
    form = preview.context["apply_form"]
    token, digest = form.initial["token"], form.initial["digest"]
    wrong = c.post(page + "apply/", {"token": token, "digest": "0" * 32})
    assert wrong.status_code == 200 and not Player.objects.filter(name="Ann").exists()
    done = c.post(page + "apply/", {"token": token, "digest": digest})
    assert done.status_code == 302 and done["Location"] == page
    assert sorted(StartingRating.objects.values_list("player__name", "rating", "games")) == [
        ("Ann", 1500, 10),
        ("Ben", 1400, 0),
    ]
    record = RatingRecord.objects.get(list=rating_list)
    assert (record.cause, record.by) == (Cause.IMPORT, manager)
    again = c.post(page + "apply/", {"token": token, "digest": digest})
    assert again.status_code == 302  # the kept upload is gone: upload again
    assert RatingRecord.objects.filter(list=rating_list).count() == 1


def test_problems_are_listed_and_nothing_is_offered(manager: User) -> None:
    rating_list = make_list(created_by=manager)
    data = plain_sheet([["Name", "Rating", "Games"], ["Ann", "strong", -1]])
    page = client(manager).post(f"/ratings/{rating_list.pk}/import/", {"file": upload(data)})
    html = page.content.decode()
    assert page.status_code == 200 and page.context["apply_form"] is None
    assert "Sheet1!B2" in html and "Sheet1!C2" in html and "is not a number" in html
    refused = client(manager).post(
        f"/ratings/{rating_list.pk}/import/", {"file": upload(b"not a workbook")}
    )
    assert refused.status_code == 200 and refused.context["refused"]


def test_csrf_is_enforced(manager: User) -> None:
    rating_list = make_list(created_by=manager)
    c = client(manager, enforce_csrf_checks=True)
    data = plain_sheet([["Name", "Rating"], ["Ann", 1500]])
    assert c.post(f"/ratings/{rating_list.pk}/import/", {"file": upload(data)}).status_code == 403
    assert c.post(f"/ratings/{rating_list.pk}/import/apply/", {}).status_code == 403
    assert not Player.objects.filter(name="Ann").exists()


def test_the_tournament_page_offers_the_report_when_rated(arbiter: User) -> None:
    rating_list = make_list()
    rated = rated_tournament(arbiter, rating_list, [factories.make_player("Ann")], None, rounds=1)
    unrated = new_tournament(arbiter, name="Friendly")
    link = f'href="/ratings/tournaments/{rated.pk}/report.xlsx"'
    assert link in client().get(rated.get_absolute_url()).content.decode()
    other = f"/ratings/tournaments/{unrated.pk}/report.xlsx"
    assert other not in client().get(unrated.get_absolute_url()).content.decode()
