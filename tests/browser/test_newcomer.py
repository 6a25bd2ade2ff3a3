"""What a newcomer meets on a phone (390 px) and a desktop: the "your move" badge in sight
without opening the menu, players' names on a round's boards wrapped rather than cut, and
e-mail and date inputs styled as the text inputs are."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from tests.browser.club import PHONE, Club, make_club, open_in, save_shot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def club() -> Club:
    return make_club()


def test_the_your_move_badge_shows_on_a_phone_without_the_menu(
    browser: Browser, live_server, club: Club, contexts: list[BrowserContext]
) -> None:
    # Alice moves first in the 3×3 SOS game: one game waits for her move.
    page = open_in(browser, live_server.url + "/", user=club.player_user, contexts=contexts)
    save_shot(page, "phone header badge")
    expect(page.locator(".site-menu")).to_be_hidden()
    badge = page.locator(".header-badges .badge").first
    expect(badge).to_be_visible()
    box = badge.bounding_box()
    assert box is not None and box["x"] + box["width"] <= PHONE["width"]
    header = page.locator(".site-header").bounding_box()
    assert header is not None and box["y"] + box["height"] <= header["y"] + header["height"]
    page.locator(".header-badges").click()
    expect(page).to_have_url(live_server.url + "/accounts/games/")


def test_on_a_desktop_the_badge_stays_in_the_menu_only(
    browser: Browser, live_server, club: Club, contexts: list[BrowserContext]
) -> None:
    page = open_in(
        browser, live_server.url + "/", user=club.player_user, phone=False, contexts=contexts
    )
    expect(page.locator(".my-games-link .badge").first).to_be_visible()
    expect(page.locator(".header-badges")).to_be_hidden()


@pytest.mark.parametrize("who", ["visitor", "arbiter"])
def test_names_on_a_rounds_boards_wrap_and_are_not_cut_on_a_phone(
    browser: Browser, live_server, club: Club, contexts: list[BrowserContext], who: str
) -> None:
    user = club.arbiter if who == "arbiter" else None
    page = open_in(browser, live_server.url + club.pages["round"], user=user, contexts=contexts)
    save_shot(page, f"phone round {who}")
    table = page.locator("table.pairings")
    # Nothing of the boards is off to the side: the table does not scroll sideways.
    inner, outer = table.evaluate("t => [t.scrollWidth, t.clientWidth]")
    assert inner <= outer, (inner, outer)
    edge = table.bounding_box()
    assert edge is not None and edge["x"] + edge["width"] <= PHONE["width"]
    names = page.locator("table.pairings td bdi")
    assert names.count() >= 6
    for n in range(names.count()):
        cell = names.nth(n).locator("xpath=ancestor::td[1]")
        style = cell.evaluate(
            "td => { const s = getComputedStyle(td);"
            " return [s.textOverflow, s.overflowX, s.whiteSpace, td.scrollWidth, td.clientWidth] }"
        )
        text_overflow, overflow, white_space, inner, outer = style
        assert text_overflow != "ellipsis" and overflow != "hidden", style
        assert white_space not in ("nowrap", "pre"), style
        assert inner <= outer, (names.nth(n).inner_text(), style)
        # The whole name is on the screen.
        box = names.nth(n).bounding_box()
        assert box is not None and edge["x"] <= box["x"]
        assert box["x"] + box["width"] <= edge["x"] + edge["width"], names.nth(n).inner_text()


def _style(page, selector: str) -> dict[str, str]:  # type: ignore[no-untyped-def]
    return page.locator(selector).evaluate(
        """el => { const s = getComputedStyle(el); return {
             font: s.fontFamily + ' ' + s.fontSize + ' ' + s.lineHeight, padding: s.padding,
             border: s.border, radius: s.borderRadius, colour: s.color } }"""
    )


@pytest.mark.parametrize("phone", [True, False], ids=["phone", "desktop"])
@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_the_sign_up_form_shows_one_player_field_at_a_time(
    browser: Browser, live_server, contexts: list[BrowserContext], phone: bool, javascript: bool
) -> None:
    context = browser.new_context(
        viewport=PHONE if phone else {"width": 1200, "height": 900},
        java_script_enabled=javascript,
        locale="en-US",
    )
    contexts.append(context)
    page = context.new_page()
    page.goto(live_server.url + "/accounts/signup/")
    name, player = page.locator("#id_name"), page.locator("#id_player")
    expect(name).to_be_visible()
    expect(player).to_be_hidden()
    save_shot(page, f"sign-up {'phone' if phone else 'desktop'}")
    page.get_by_label("I am on the list already: claim my player").check()
    expect(player).to_be_visible()
    expect(name).to_be_hidden()
    page.get_by_label("I am new here: make my player").check()
    expect(name).to_be_visible()


@pytest.mark.parametrize("phone", [True, False], ids=["phone", "desktop"])
def test_the_tournament_form_shows_only_the_chosen_games_options(
    browser: Browser, live_server, club: Club, contexts: list[BrowserContext], phone: bool
) -> None:
    page = open_in(
        browser,
        live_server.url + club.pages["tournament form"],
        user=club.arbiter,
        phone=phone,
        contexts=contexts,
    )
    sos, uttt = (
        page.locator('fieldset[data-kind="sos"]'),
        page.locator('fieldset[data-kind="uttt"]'),
    )
    expect(page.locator('input[name="kind"][value="uttt"]')).to_be_checked()
    expect(uttt).to_be_visible()
    expect(sos).to_be_hidden()
    save_shot(page, f"tournament form {'phone' if phone else 'desktop'}")
    page.locator('input[name="kind"][value="sos"]').check()
    expect(sos).to_be_visible()
    expect(uttt).to_be_hidden()


@pytest.mark.parametrize("phone", [True, False], ids=["phone", "desktop"])
def test_email_and_date_inputs_look_like_the_text_inputs(
    browser: Browser, live_server, club: Club, contexts: list[BrowserContext], phone: bool
) -> None:
    page = open_in(browser, live_server.url + "/accounts/signup/", phone=phone, contexts=contexts)
    assert _style(page, "#id_email") == _style(page, "#id_username")
    page = open_in(
        browser,
        live_server.url + club.pages["tournament form"],
        user=club.arbiter,
        phone=phone,
        contexts=contexts,
    )
    assert _style(page, "#id_start_date") == _style(page, "#id_name")
