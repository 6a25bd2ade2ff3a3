"""A two-stage event run from a phone by its arbiter (issue 29): two groups of four drawn by the
serpentine and played as round robins, then the play-off — semi-finals A1–B2 and B1–A2 and a
final — to a champion. The better-rated player wins every game (the test's choice), so the
groups, the qualifiers, the crossing and the champion are known beforehand."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from playwright.sync_api import Browser, BrowserContext, Page, expect

from games.bidi import ltr_text
from games.models import Player
from tests.adjudication.helpers import arbiter_group
from tests.browser.conftest import TIMEOUT_MS, session_cookie

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
RATINGS = {f"Player {n}": 2000 - 10 * n for n in range(1, 9)}  # Player 1 the best


def phone_page(browser: Browser, live_server, user: User, path: str) -> tuple[BrowserContext, Page]:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="en-US")
    context.set_default_timeout(TIMEOUT_MS)
    context.add_cookies(
        [
            {
                "name": settings.SESSION_COOKIE_NAME,
                "value": session_cookie(user),
                "url": live_server.url,
            }
        ]
    )
    page = context.new_page()
    page.goto(live_server.url + path)
    return context, page


def no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], (page.url, width)


def board_names(page: Page) -> list[list[str]]:
    rows = page.locator('table.pairings tbody tr[id^="board-"]')
    return rows.evaluate_all(
        "rows => rows.map(r => [r.cells[2].innerText.trim(), r.cells[4].innerText.trim()])"
    )


def play_the_round(page: Page) -> None:
    """Every board still open of the round shown: the better-rated player wins."""
    rows = page.locator('table.pairings tbody tr[id^="board-"]')
    for index, (first, second) in enumerate(board_names(page)):
        row = rows.nth(index)
        select = row.locator('select[name="result"]')
        if select.count() == 0 or second not in RATINGS:
            continue
        result = "1-0" if RATINGS[first] > RATINGS[second] else "0-1"
        select.select_option(label=ltr_text(result))
        row.get_by_role("button", name="Save").click()
        expect(page.locator("ul.messages")).to_contain_text("Result saved.")


def finish_round(page: Page, number: int) -> None:
    page.get_by_role("button", name=f"Finish round {number}").click()
    page.get_by_role("button", name="Yes, finish the round").click()
    expect(page.locator("ul.messages")).to_have_text(f"Round {number} is finished.")


def pair(page: Page, number: int) -> None:
    page.get_by_role(
        "button", name="Pair round 1" if number == 1 else "Pair the next round"
    ).click()
    expect(page.locator("ul.messages")).to_have_text("The next round is paired.")


def test_groups_then_a_playoff_on_a_phone(browser: Browser, live_server) -> None:
    for name, rating in RATINGS.items():
        Player.objects.create(name=name, rating=rating)
    arbiter = User.objects.create_user(username="arbiter")
    arbiter.groups.add(arbiter_group())
    context, page = phone_page(browser, live_server, arbiter, "/tournaments/new/")
    try:
        page.get_by_label("Name", exact=True).fill("Winter Event")
        page.get_by_label("SOS", exact=True).check()
        page.get_by_label("Format", exact=True).select_option(label="Groups (round-robin pools)")
        page.get_by_label("Players a group").fill("4")
        page.get_by_label("Games are played on the site").uncheck()
        page.get_by_role("button", name="Create the tournament").click()
        expect(page.locator("h1")).to_have_text("Winter Event")
        groups_url = page.url
        form = page.locator("form.entry-form")
        for name in RATINGS:
            form.get_by_label("Player", exact=True).select_option(label=name)
            form.get_by_role("button", name="Register").click()
            expect(page.locator("ul.messages")).to_have_text(f"{name} is registered.")

        for number in (1, 2, 3):
            pair(page, number)
            names = board_names(page)
            assert len(names) == 4
            play_the_round(page)
            finish_round(page, number)
        no_sideways_scroll(page)
        group_a = page.locator("#group-A table.standings tbody tr")
        expect(group_a).to_have_count(4)
        expect(group_a.first).to_contain_text("Player 1")
        expect(page.locator("#group-B table.standings tbody tr").first).to_contain_text("Player 2")

        page.locator("#start-playoff").click()
        page.get_by_label("Qualifiers").fill("2")
        page.get_by_role("button", name="Start the play-off").click()
        expect(page.locator("h1")).to_have_text("Winter Event: play-off")
        stages = page.locator("nav.stages")
        expect(stages).to_contain_text("Stage 1: Groups (round-robin pools)")
        expect(stages).to_contain_text("Stage 2: Knockout (single elimination)")

        pair(page, 1)
        semi = page.locator("table.matches tbody tr")
        expect(semi).to_have_count(2)
        # A1–B2 and B1–A2: the groups' winners against the other group's runner-up.
        expect(semi.nth(0)).to_contain_text("Player 1")
        expect(semi.nth(0)).to_contain_text("Player 3")
        expect(semi.nth(0)).to_contain_text("A1")
        expect(semi.nth(0)).to_contain_text("B2")
        expect(semi.nth(1)).to_contain_text("Player 2")
        expect(semi.nth(1)).to_contain_text("Player 4")
        play_the_round(page)
        finish_round(page, 1)
        pair(page, 2)
        play_the_round(page)
        finish_round(page, 2)
        expect(page.locator("#podium .winner")).to_contain_text("Player 1")
        no_sideways_scroll(page)

        stages.get_by_role("link", name="Stage 1: Groups (round-robin pools)").click()
        expect(page).to_have_url(groups_url)
        expect(page.locator("nav.stages")).to_contain_text("Stage 2")
        assert re.search(r"/tournaments/\d+/$", page.url)
    finally:
        context.close()
