"""The ratings pages in a real browser on a 390 px phone: the player's history chart (visible,
inside the screen, its time axis right to left in Persian) and the rating list (its table
scrolls in its own box, never the page); axe-core finds nothing serious on either."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from tests.browser.club import PHONE, open_in, save_shot
from tests.browser.test_a11y import axe_source, axe_violations, report  # noqa: F401 - fixture
from tests.browser.test_phone import assert_no_sideways_scroll
from tests.ratings.pages import make_history
from tests.tournaments.helpers import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("locale", ["en-US", "fa-IR"])
def test_the_history_chart_on_a_phone(
    browser: Browser,
    live_server,
    contexts: list[BrowserContext],
    axe_source: str,  # noqa: F811
    locale: str,
) -> None:
    _list, ann = make_history(make_user("arbiter"))
    page = open_in(
        browser, live_server.url + ann.get_absolute_url(), locale=locale, contexts=contexts
    )
    chart = page.locator("svg.rating-chart")
    expect(chart).to_be_visible()
    save_shot(page, f"rating chart {locale}")
    box = chart.bounding_box()
    assert box is not None and 300 <= box["width"] <= PHONE["width"]
    assert_no_sideways_scroll(page)
    # The points: three, the earliest at the left in English and at the right in Persian.
    xs = page.eval_on_selector_all(
        "svg.rating-chart circle.chart-point",
        "els => els.map(e => e.getBoundingClientRect().x)",
    )
    assert len(xs) == 3
    assert xs == (sorted(xs, reverse=True) if locale == "fa-IR" else sorted(xs))
    # The axis labels are big enough to read (the 12-unit text scaled to the phone).
    size = page.eval_on_selector(
        "svg.rating-chart text.chart-label", "e => e.getBoundingClientRect().height"
    )
    assert size >= 9
    violations = axe_violations(page, axe_source)
    assert not violations, report(violations)


def test_the_rating_list_on_a_phone(
    browser: Browser,
    live_server,
    contexts: list[BrowserContext],
    axe_source: str,  # noqa: F811
) -> None:
    rating_list, _ann = make_history(make_user("arbiter"))
    page = open_in(browser, f"{live_server.url}/ratings/{rating_list.pk}/", contexts=contexts)
    expect(page.locator("#rating-list")).to_be_visible()
    save_shot(page, "rating list")
    assert_no_sideways_scroll(page)
    # Sorting is a plain link: by name (Ann first), then again, backwards (Ben first).
    page.get_by_role("link", name="Player").click()
    expect(page).to_have_url(f"{live_server.url}/ratings/{rating_list.pk}/?sort=name")
    expect(page.locator("#rating-list tbody tr").first).to_contain_text("Ann")
    page.get_by_role("link", name="Player").click()
    expect(page.locator("#rating-list tbody tr").first).to_contain_text("Ben")
    violations = axe_violations(page, axe_source)
    assert not violations, report(violations)
