"""Every page kind on a 390×844 phone: nothing scrolls sideways, the board fits the screen.

The pages are opened as a touch phone would (``is_mobile`` honours the viewport meta), logged in
as a superuser so the arbiter's forms show too. ``BROWSER_SHOTS=<folder>`` keeps a PNG of each.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.club import (
    ANONYMOUS_PAGES,
    BOARD_PAGES,
    PAGE_KINDS,
    PHONE,
    Club,
    make_club,
    open_in,
    save_shot,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTH = PHONE["width"]


@pytest.fixture
def club() -> Club:
    return make_club()


def page_width(page: Page) -> int:
    return page.evaluate(
        "Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
    )


def assert_no_sideways_scroll(page: Page) -> None:
    width = page_width(page)
    wide = page.evaluate(
        """w => [...document.querySelectorAll('body *')]
              .filter(el => el.getBoundingClientRect().right > w + 0.5
                            && !el.closest('.scroll-x, table'))
              .slice(0, 5).map(el => el.tagName + '.' + el.className)""",
        WIDTH,
    )
    assert width <= WIDTH, f"the page is {width}px wide; too wide: {wide}"


@pytest.mark.parametrize("kind", PAGE_KINDS)
def test_no_page_scrolls_sideways_on_a_phone(
    browser: Browser, live_server, club: Club, contexts: list[BrowserContext], kind: str
) -> None:
    page = open_in(
        browser, live_server.url + club.pages[kind], user=club.arbiter, contexts=contexts
    )
    save_shot(page, f"phone {kind}")
    assert_no_sideways_scroll(page)
    # No text smaller than a phone can read (the zoom-out a too-wide page would cause).
    assert page.evaluate("window.visualViewport.scale") == 1


@pytest.mark.parametrize("kind", list(ANONYMOUS_PAGES))
def test_the_anonymous_pages_fit_a_phone(
    browser: Browser, live_server, contexts: list[BrowserContext], kind: str
) -> None:
    page = open_in(browser, live_server.url + ANONYMOUS_PAGES[kind], contexts=contexts)
    save_shot(page, f"phone {kind}")
    assert_no_sideways_scroll(page)


@pytest.mark.parametrize("kind", BOARD_PAGES)
def test_the_board_fits_the_screen_and_comes_first(
    browser: Browser, live_server, club: Club, contexts: list[BrowserContext], kind: str
) -> None:
    page = open_in(
        browser, live_server.url + club.pages[kind], user=club.arbiter, contexts=contexts
    )
    board = page.locator(".board").first
    box = board.bounding_box()
    assert box is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= WIDTH, box
    # Every column letter and every cell is on the screen, none cut off at the right.
    rightmost = page.evaluate(
        """() => Math.max(...[...document.querySelectorAll('.board .col-head, .board .cell')]
                          .map(el => el.getBoundingClientRect().right))"""
    )
    assert rightmost <= WIDTH
    letters = page.locator(".board .col-head")
    last_letter = letters.last.bounding_box()
    assert last_letter is not None and last_letter["x"] + last_letter["width"] <= WIDTH
    # The cells are square and big enough to tap on the smaller grids.
    cell = page.locator(".board .cell").first.bounding_box()
    assert cell is not None and abs(cell["width"] - cell["height"]) < 1.5
    columns = letters.count()
    if columns <= 9:
        assert cell["width"] >= 30, cell
    # On a phone the board comes before the score sheet, not beside it.
    sheet = page.locator(".scoresheet").bounding_box()
    assert sheet is not None and sheet["y"] >= box["y"] + box["height"]


def test_the_header_folds_on_a_phone_and_opens_without_javascript(
    browser: Browser, live_server, club: Club, contexts: list[BrowserContext]
) -> None:
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, java_script_enabled=False, locale="en-US"
    )
    contexts.append(context)
    page = context.new_page()
    page.goto(live_server.url + club.pages["tournament detail"])
    nav = page.get_by_role("navigation", name="Main navigation")
    link = nav.get_by_role("link", name="Tournaments")
    expect(link).to_be_hidden()
    header = page.locator(".site-header").bounding_box()
    assert header is not None and header["height"] <= 80, header
    page.locator(".menu-toggle").click()
    expect(link).to_be_visible()
    expect(page.get_by_role("combobox", name="Language")).to_be_visible()
    assert_no_sideways_scroll(page)
    link.click()
    expect(page).to_have_url(live_server.url + "/tournaments/")


def test_the_header_stays_open_on_a_desktop(
    browser: Browser, live_server, club: Club, contexts: list[BrowserContext]
) -> None:
    page = open_in(browser, live_server.url + "/", phone=False, contexts=contexts)
    nav = page.get_by_role("navigation", name="Main navigation")
    expect(nav.get_by_role("link", name="Tournaments")).to_be_visible()
    expect(page.locator(".menu-toggle")).to_be_hidden()


def test_wide_tables_scroll_inside_their_own_box(
    browser: Browser, live_server, club: Club, contexts: list[BrowserContext]
) -> None:
    page = open_in(
        browser, live_server.url + club.pages["standings"], user=club.arbiter, contexts=contexts
    )
    table = page.locator("table.standings")
    box = table.bounding_box()
    assert box is not None and box["x"] + box["width"] <= WIDTH
    inner, outer = table.evaluate("t => [t.scrollWidth, t.clientWidth]")
    if inner > outer:  # the tie-break columns do not fit: the table itself scrolls
        assert table.evaluate("t => getComputedStyle(t).overflowX") == "auto"


@pytest.mark.parametrize("kind", ["home", "game UTTT", "tournament detail", "standings", "round"])
def test_the_russian_pages_fit_a_phone_too(
    browser: Browser, live_server, club: Club, contexts: list[BrowserContext], kind: str
) -> None:
    """Russian words are longer: the header, the tabs and the tables still fit."""
    page = open_in(
        browser,
        live_server.url + club.pages[kind],
        user=club.arbiter,
        locale="ru-RU",
        contexts=contexts,
    )
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    save_shot(page, f"phone ru {kind}")
    assert_no_sideways_scroll(page)
    header = page.locator(".site-header").bounding_box()
    assert header is not None and header["height"] <= 100, header
    page.locator(".menu-toggle").click()
    expect(page.get_by_role("link", name="Турниры")).to_be_visible()
    assert_no_sideways_scroll(page)
