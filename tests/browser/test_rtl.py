"""Persian pages are laid out right to left; the board, its letters and numbers, the move
notation and the scores stay left to right."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, BrowserContext

from tests.browser.club import Club, make_club, open_in, save_shot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def club() -> Club:
    return make_club()


def test_the_persian_standings_read_from_the_right(
    browser: Browser, live_server, club: Club, contexts: list[BrowserContext]
) -> None:
    page = open_in(
        browser,
        live_server.url + club.pages["standings"],
        locale="fa-IR",
        phone=False,
        contexts=contexts,
    )
    assert page.locator("html").get_attribute("dir") == "rtl"
    assert page.locator("html").get_attribute("lang") == "fa"
    assert page.locator("h1").inner_text() == "رده‌بندی"
    heads = page.locator("table.standings thead th")
    place, player = (heads.nth(n).bounding_box() for n in (0, 1))
    assert place is not None and player is not None
    # The first column (the place) is on the right, the player's name to its left.
    assert place["x"] > player["x"]
    table = page.locator("table.standings").bounding_box()
    assert table is not None
    assert abs((place["x"] + place["width"]) - (table["x"] + table["width"])) < 2
    # The header's site name starts at the right edge too.
    name = page.locator(".site-name").bounding_box()
    menu = page.locator(".site-nav").bounding_box()
    assert name is not None and menu is not None and name["x"] > menu["x"]
    # Scores are written left to right ("1½", not "½1").
    points = page.locator("table.standings tbody td.points").first
    assert points.evaluate("el => getComputedStyle(el).direction") == "ltr"
    save_shot(page, "rtl standings")


def test_the_persian_board_keeps_its_letters_left_to_right(
    browser: Browser, live_server, club: Club, contexts: list[BrowserContext]
) -> None:
    page = open_in(
        browser,
        live_server.url + club.pages["game UTTT"],
        locale="fa-IR",
        phone=False,
        contexts=contexts,
    )
    assert page.locator("html").get_attribute("dir") == "rtl"
    board = page.locator(".board")
    assert board.evaluate("el => getComputedStyle(el).direction") == "ltr"
    heads = page.locator(".board .col-head")
    first, second = heads.nth(0), heads.nth(1)
    assert first.inner_text().strip() == "A" and second.inner_text().strip() == "B"
    a, b = first.bounding_box(), second.bounding_box()
    assert a is not None and b is not None and a["x"] < b["x"]  # A on the left, as on paper
    # The small boards, left to right too, sit under the board on the right (the line's start).
    small = page.locator(".small-boards")
    assert small.evaluate("el => getComputedStyle(el).direction") == "ltr"
    box, grid = small.bounding_box(), board.bounding_box()
    assert box is not None and grid is not None
    assert abs((box["x"] + box["width"]) - (grid["x"] + grid["width"])) < 2
    notation = page.locator("table.moves .notation").first
    assert notation.evaluate("el => getComputedStyle(el).direction") == "ltr"
    save_shot(page, "rtl game")
