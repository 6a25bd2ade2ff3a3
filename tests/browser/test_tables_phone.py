"""A player's own table in an SOS event at tables on a 390 px phone (issue 30), in en, ru and
fa: the tournament page says which table and seat, lists the table's players in seat order, fits
the screen without sideways scrolling and has no serious axe violation; the round's score slips
page too."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import TIMEOUT_MS, session_cookie
from tests.browser.test_a11y import axe_source, axe_violations, report
from tests.tournaments import helpers as h
from tournaments import pairings
from tournaments.models import TableSeat

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
assert axe_source  # the fixture (tests/browser/test_a11y.py): axe-core's source
SEAT_TEXT = {"en": "seat 2", "ru": "место 2", "fa": "جایگاه 2"}


def phone(browser: Browser, live_server, user: User | None, locale: str) -> Page:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale=locale)
    context.set_default_timeout(TIMEOUT_MS)
    if user is not None:
        context.add_cookies(
            [{"name": "sessionid", "value": session_cookie(user), "url": live_server.url}]
        )
    return context.new_page()


def fits(page: Page) -> None:
    width = page.evaluate(
        "Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
    )
    assert width <= PHONE["width"], width


@pytest.mark.parametrize("language", ["en", "ru", "fa"])
def test_my_table_on_a_phone(browser: Browser, live_server, axe_source: str, language: str) -> None:
    arbiter = h.make_creator("tables-arbiter")
    t = h.new_tournament(
        arbiter, name="Table Night", format="sos_tables", format_options={"size": 4}
    )
    h.seed_players(t, arbiter, 8, account=True)
    pairings.pair_round(tournament=t, user=arbiter)
    seat = TableSeat.objects.filter(table__round__tournament=t, seat=1).first()
    page = phone(browser, live_server, seat.entry.player.user, language)
    page.set_extra_http_headers({"Accept-Language": language})
    page.goto(live_server.url + t.get_absolute_url())
    mine = page.locator(".my-table")
    expect(mine).to_have_count(1)
    expect(mine.locator(".my-table-seat")).to_contain_text(SEAT_TEXT[language])
    expect(mine.locator(".my-table-seats li")).to_have_count(4)
    expect(mine.locator(".my-table-seats li.me")).to_contain_text(seat.entry.player.name)
    fits(page)
    violations = axe_violations(page, axe_source)
    assert not violations, report(violations)
    page.goto(live_server.url + reverse("tournaments:table_slips", args=[t.pk, 1]))
    expect(page.locator(".table-slip")).to_have_count(2)
    fits(page)
    violations = axe_violations(page, axe_source)
    assert not violations, report(violations)
