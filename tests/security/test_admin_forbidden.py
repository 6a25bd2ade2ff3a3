"""The admin answers a logged-in user who may not use it with the site's 403 page, translated,
not with its log-in form; a visitor who is not logged in is still sent to the log-in form, and
staff still get the admin."""

from __future__ import annotations

import pytest
from django.test import Client

from tests import factories

pytestmark = pytest.mark.django_db

PAGES = [
    "/admin/",
    "/admin/tournaments/tournament/",
    "/admin/games/game/",
    "/admin/games/player/",
    "/admin/auth/user/",
    "/admin/password_change/",
]


def logged_in(username: str, **fields: object) -> Client:
    client = Client()
    client.force_login(factories.make_user(username, **fields))
    return client


@pytest.mark.parametrize("page", PAGES)
def test_a_logged_in_player_gets_a_403_page(page: str) -> None:
    response = logged_in("player").get(page, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 403
    assert "403.html" in [t.name for t in response.templates]
    assert "Not allowed" in response.content.decode()


def test_the_403_page_is_in_the_users_language() -> None:
    client = logged_in("игрок")
    english = client.get("/admin/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    russian = client.get("/admin/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert english != russian
    assert 'lang="ru"' in russian


@pytest.mark.parametrize("page", PAGES)
def test_a_visitor_is_sent_to_the_log_in_form(page: str) -> None:
    response = Client().get(page)
    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/?next=")


def test_staff_get_the_admin() -> None:
    client = logged_in("staff", is_staff=True)
    assert client.get("/admin/").status_code == 200
    # A page his permissions do not open is Django's own refusal: a 403 too.
    assert client.get("/admin/auth/user/").status_code == 403


def test_the_log_in_form_still_greets_a_logged_in_player() -> None:
    # The form itself stays reachable (to change accounts), as Django's admin has it.
    response = logged_in("player").get("/admin/login/")
    assert response.status_code == 200
