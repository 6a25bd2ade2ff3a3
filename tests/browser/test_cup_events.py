"""An 8-player single-elimination cup run by its arbiter on a 390 px phone (issue 29): seeding,
each round paired, the results entered through the tournament page's forms — one match drawn
and decided by an armageddon game —, each round finished, then the drawn bracket: its
champion, its match boxes, its rounds scrolling sideways inside their own box, its live update.

The expected winners come from the results the test chose, never from the app: seeds by rating
(P01 the highest), round 1 is P01–P08, P04–P05, P03–P06, P02–P07; the upper slot moves first in
a match's game 1 and the first move alternates, so the armageddon (game 2 of match 1) has P08
moving first, and its draw sends the second player, P01, on.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from playwright.sync_api import Browser, Page, expect

from games.bidi import ltr_text
from tests.adjudication.helpers import arbiter_group
from tests.browser.conftest import TIMEOUT_MS, session_cookie
from tests.browser.test_a11y import axe_source, axe_violations, report
from tests.tournaments import helpers as h
from tests.tournaments.knockout_helpers import finish, new_cup, pair, play
from tournaments.models import Tournament, TournamentStatus

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
POLL_MS = 15_000  # static/js/bracket.js
assert axe_source  # the fixture (tests/browser/test_a11y.py): axe-core's source


def phone(browser: Browser, live_server, user: User | None) -> Page:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="en-US")
    context.set_default_timeout(TIMEOUT_MS)
    if user is not None:
        context.add_cookies(
            [{"name": "sessionid", "value": session_cookie(user), "url": live_server.url}]
        )
    return context.new_page()


def enter(page: Page, first: str, second: str, result: str) -> None:
    """The result of the open game of ``first`` (moving first) against ``second``."""
    row = (
        page.locator("table.pairings tbody tr[id^='board-']")
        .filter(has=page.locator("td:nth-child(3)", has_text=first))
        .filter(has=page.locator("td:nth-child(5)", has_text=second))
        .filter(has=page.locator("select[name='result']"))
        .filter(has_text="…")
    )
    expect(row).to_have_count(1)
    row.locator("select[name='result']").select_option(label=ltr_text(result))
    row.get_by_role("button", name="Save").click()
    expect(page.locator(".message")).to_be_visible()


def click(page: Page, selector: str) -> None:
    page.locator(selector).click()
    expect(page.locator(".message")).to_be_visible()


def finish_round(page: Page, url: str) -> None:
    """Finish the current round (its page asks first), then back to the tournament's page."""
    page.locator("#finish-round").click()
    page.get_by_role("button", name="Yes, finish the round").click()
    expect(page.locator(".message")).to_be_visible()
    page.goto(url)


def no_sideways_scroll(page: Page) -> None:
    width = page.evaluate(
        "Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
    )
    assert width <= PHONE["width"], width


def test_an_eight_player_cup_from_seeding_to_champion_on_a_phone(
    browser: Browser, live_server
) -> None:
    arbiter = User.objects.create_user(username="cup-arbiter")
    arbiter.groups.add(arbiter_group())
    t = h.new_tournament(
        arbiter,
        name="Club Cup",
        format="knockout",
        format_options={"games": 1, "decider": "armageddon"},
    )
    h.seed_players(t, arbiter, 8)
    page = phone(browser, live_server, arbiter)
    home = live_server.url + t.get_absolute_url()
    page.goto(home)
    no_sideways_scroll(page)

    click(page, "#cup-seed")
    expect(page.locator(".cup-seeding li")).to_have_count(8)
    click(page, "#pair-next")
    # Round 1. Match 1 is drawn: its armageddon game comes (P08 moves first), drawn too.
    enter(page, "P01", "P08", "½-½")
    expect(page.locator("#match-1")).to_contain_text("Decider: game 2 to play")
    enter(page, "P08", "P01", "½-½")
    expect(page.locator("#match-1")).to_contain_text("P01 wins by armageddon")
    enter(page, "P04", "P05", "1-0")
    enter(page, "P03", "P06", "0-1")
    enter(page, "P02", "P07", "1-0")
    finish_round(page, home)
    # Round 2: the winners of matches 1 and 2, of 3 and 4 (the upper slot first).
    click(page, "#pair-next")
    expect(page.locator("#match-5")).to_contain_text("winner of match 1")
    enter(page, "P01", "P04", "1-0")
    enter(page, "P06", "P02", "1-0")
    finish_round(page, home)
    click(page, "#pair-next")

    # A visitor follows the bracket on his phone: the final is paired, not played.
    visitor = phone(browser, live_server, None)
    visitor.clock.install()
    visitor.goto(live_server.url + t.get_absolute_url())
    visitor.locator("#bracket-link").click()
    expect(visitor.locator("h1")).to_have_text("Bracket")
    expect(visitor.locator("#bracket-champion")).to_have_count(0)
    final = visitor.locator("#bracket-match-7")
    expect(final.locator(".bracket-slot__name")).to_have_text(
        [re.compile("P01.*winner of match 5", re.S), re.compile("P06.*winner of match 6", re.S)]
    )

    enter(page, "P01", "P06", "0-1")
    finish_round(page, home)
    assert Tournament.objects.get(pk=t.pk).status == TournamentStatus.FINISHED

    # The visitor's page swaps its bracket at its next poll: the champion without a reload.
    visitor.clock.run_for(POLL_MS + 1_000)
    expect(visitor.locator("#bracket-champion")).to_contain_text("Champion: P06")
    first = visitor.locator("#bracket-match-1")
    expect(first).to_contain_text("P01 wins by armageddon")
    expect(first.locator(".bracket-slot--winner")).to_contain_text("P01")
    expect(first.locator(".bracket-slot--winner")).to_contain_text("(winner)")
    expect(first.locator(".bracket-match__games a")).to_have_count(2)
    expect(visitor.locator("#bracket-match-3 .bracket-slot--winner")).to_contain_text("P06")
    # The page does not scroll sideways; the rounds do, inside their own box.
    no_sideways_scroll(visitor)
    inner, outer = visitor.locator(".bracket-scroll").first.evaluate(
        "box => [box.scrollWidth, box.clientWidth]"
    )
    assert inner > outer and outer <= PHONE["width"]

    # Each match opens its match on its round's page.
    visitor.locator("#bracket-match-1 .bracket-match__head a").click()
    expect(visitor.locator("#match-1")).to_contain_text("P01 wins by armageddon")


@pytest.mark.parametrize("locale", ["en-US", "fa-IR"])
def test_the_bracket_has_no_serious_accessibility_violation(
    browser: Browser, live_server, axe_source: str, locale: str
) -> None:
    arbiter = User.objects.create_user(username="cup-arbiter")
    arbiter.groups.add(arbiter_group())
    t = new_cup(arbiter, 6, games=1, decider="armageddon", third_place=True)
    pair(t, arbiter)
    play(t, arbiter, 2, "1/2", "1/2")  # P04–P05 drawn, the armageddon drawn: P04 goes on
    play(t, arbiter, 3, "1-0")
    finish(t, arbiter)
    pair(t, arbiter)
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale=locale)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    page.goto(live_server.url + reverse("tournaments:bracket", args=[t.pk]))
    expect(page.locator(".bracket-match")).to_have_count(8)  # 4 (2 byes), 2, final, 3rd
    if locale.startswith("fa"):
        expect(page.locator("html")).to_have_attribute("dir", "rtl")
    no_sideways_scroll(page)
    violations = axe_violations(page, axe_source)
    assert not violations, report(violations)
    context.close()
