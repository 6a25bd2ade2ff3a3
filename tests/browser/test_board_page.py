"""The game page as a place to play (issue 33): the board in the centre on a desktop and a phone,
the score sheet of move pairs, the dark theme, and keyboard play with its announcements."""

from __future__ import annotations

import pytest
from django.conf import settings
from playwright.sync_api import Browser, BrowserContext, Page, expect

from games import services
from games.models import Game
from tests.browser.club import save_shot
from tests.browser.conftest import TIMEOUT_MS, make_user_player, session_cookie
from tests.browser.helpers import cell, cell_button, wait_for_ply
from tests.browser.test_a11y import axe_source, axe_violations, report

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

__all__ = ["axe_source"]  # the fixture, shared with test_a11y

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def players() -> tuple[list, list]:
    alice_user, alice = make_user_player("Alice", "alice")
    boris_user, boris = make_user_player("Boris", "boris")
    return [alice_user, boris_user], [alice, boris]


def play(game: Game, users: list, *moves: str) -> Game:
    for n, move in enumerate(moves):
        game = Game.objects.get(pk=game.pk)
        seat = game.rules.to_move(game.current_state())
        assert seat is not None, n
        services.submit_move(game=game, user=users[seat], notation=move)
    return Game.objects.get(pk=game.pk)


def open_game(
    browser: Browser,
    live_server,
    game: Game,
    user,
    contexts: list[BrowserContext],
    *,
    viewport: dict,
    scheme: str = "light",
) -> Page:
    phone = viewport["width"] < 600
    context = browser.new_context(
        locale="en-US",
        viewport=viewport,
        color_scheme=scheme,
        is_mobile=phone,
        has_touch=phone,
        device_scale_factor=1,
    )
    context.set_default_timeout(TIMEOUT_MS)
    contexts.append(context)
    if user is not None:
        cookie = {
            "name": settings.SESSION_COOKIE_NAME,
            "value": session_cookie(user),
            "url": live_server.url,
        }
        context.add_cookies([cookie])
    page = context.new_page()
    response = page.goto(live_server.url + game.get_absolute_url())
    assert response is not None and response.ok
    return page


def content_width(page: Page) -> float:
    """The width of the main column's content box (without its padding)."""
    return page.evaluate(
        """() => { const m = document.querySelector('.site-main');
                   const s = getComputedStyle(m);
                   return m.clientWidth - parseFloat(s.paddingLeft)
                          - parseFloat(s.paddingRight); }"""
    )


GAMES = {
    "SOS 3×3": ("sos", {"rows": 3}, ["A1=S"]),
    "SOS 8×8": ("sos", {"rows": 8}, ["D4=S", "E5=O"]),
    "SOS 15×15, 3 players": ("sos", {"rows": 15, "players": 3}, ["H8=S"]),
    "UTTT": ("uttt", {}, ["E5"]),
}


@pytest.mark.parametrize("name", list(GAMES))
def test_on_a_desktop_the_board_is_the_centre(
    browser: Browser, live_server, contexts: list[BrowserContext], name: str
) -> None:
    kind, options, moves = GAMES[name]
    users, seated = players()
    if options.get("players") == 3:
        third_user, third = make_user_player("Carla", "carla")
        users.append(third_user)
        seated.append(third)
    game = play(services.create_game(kind=kind, options=options, players=seated), users, *moves)
    mover = game.rules.to_move(game.current_state())
    page = open_game(browser, live_server, game, users[mover], contexts, viewport=DESKTOP)
    board = page.locator(".board").bounding_box()
    assert board is not None
    width = content_width(page)
    assert board["width"] >= 0.6 * width, (board, width)
    assert board["height"] <= DESKTOP["height"]
    save_shot(page, f"board desktop {name}")
    # The players, the clocks and the score sheet beside it, not under it.
    side = page.locator(".game-side").bounding_box()
    assert side is not None and side["x"] >= board["x"] + board["width"]
    assert side["y"] < board["y"] + board["height"]
    # The last move is marked by a shape as well as a colour (its corner flag).
    last = page.locator(".board .cell.last")
    expect(last).to_have_count(1)
    flag = last.evaluate("el => getComputedStyle(el, '::after').content")
    assert flag not in ("none", "normal")
    expect(page.locator(".game-hints")).to_contain_text("Last move:")
    if kind == "uttt":
        expect(page.locator(".game-hints .next-board")).to_have_text("Next: board D4–F6")
        frame = page.locator(".board .zone-frame").bounding_box()
        d4, f6 = cell(page, "D4").bounding_box(), cell(page, "F6").bounding_box()
        assert frame is not None and d4 is not None and f6 is not None
        assert frame["x"] <= d4["x"] and frame["x"] + frame["width"] >= f6["x"] + f6["width"]


@pytest.mark.parametrize("name", ["SOS 3×3", "SOS 15×15, 3 players", "UTTT"])
def test_on_a_phone_the_board_takes_the_full_width(
    browser: Browser, live_server, contexts: list[BrowserContext], name: str
) -> None:
    kind, options, moves = GAMES[name]
    users, seated = players()
    if options.get("players") == 3:
        seated.append(make_user_player("Carla", "carla")[1])
    game = play(services.create_game(kind=kind, options=options, players=seated), users, *moves)
    page = open_game(browser, live_server, game, users[1], contexts, viewport=PHONE)
    board = page.locator(".board").bounding_box()
    assert board is not None
    width = content_width(page)
    assert board["width"] >= width - 2, (board, width)
    assert board["x"] >= 0 and board["x"] + board["width"] <= PHONE["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    save_shot(page, f"board phone {name}")
    side = page.locator(".game-side").bounding_box()
    assert side is not None and side["y"] >= board["y"] + board["height"]


def test_the_dark_scheme_follows_the_system_and_stays_accessible(
    browser: Browser, live_server, contexts: list[BrowserContext], axe_source: str
) -> None:
    users, seated = players()
    game = play(services.create_game(kind="uttt", options={}, players=seated), users, "E5", "D4")
    backgrounds = {}
    for scheme in ("light", "dark"):
        page = open_game(
            browser, live_server, game, users[0], contexts, viewport=DESKTOP, scheme=scheme
        )
        backgrounds[scheme] = page.evaluate("getComputedStyle(document.documentElement).background")
        save_shot(page, f"board {scheme}")
        violations = axe_violations(page, axe_source)
        assert not violations, report(violations)
    assert backgrounds["light"] != backgrounds["dark"]
    assert "13, 17, 23" in backgrounds["dark"]  # --paper of the dark theme


def test_keyboard_play_with_announcements_and_a_sheet_of_move_pairs(
    browser: Browser, live_server, contexts: list[BrowserContext]
) -> None:
    users, seated = players()
    game = play(services.create_game(kind="sos", options={"rows": 3}, players=seated), users)
    game = play(game, users, "A1=S", "B1=O")
    alice = open_game(browser, live_server, game, users[0], contexts, viewport=DESKTOP)
    boris = open_game(browser, live_server, game, users[1], contexts, viewport=DESKTOP)
    # One tab stop on the board: the first playable cell.
    stops = alice.locator(".board button.cell[tabindex='0']")
    expect(stops).to_have_count(1)
    expect(stops).to_have_attribute("value", "C1")
    stops.focus()
    alice.keyboard.press("Enter")  # C1=S makes S-O-S: Alice scores and moves again
    wait_for_ply(alice, 3)
    announcer = alice.locator("#move-announcer")
    expect(announcer).to_contain_text("Alice: C1=S, 1 SOS")
    # The focus stayed on the board, on the playable cell nearest to C1.
    focused = "document.activeElement.closest('.board') && document.activeElement.value"
    alice.wait_for_function(f"() => !!({focused})")
    assert alice.evaluate(f"() => {focused}") == "C2"
    alice.keyboard.press("ArrowLeft")  # B2
    alice.keyboard.press("ArrowLeft")  # A2
    alice.keyboard.press("ArrowDown")  # A3
    alice.keyboard.press("ArrowUp")  # A2
    alice.keyboard.press("ArrowUp")  # A1 is taken and nothing above it: the focus stays on A2
    assert alice.evaluate(f"() => {focused}") == "A2"
    alice.keyboard.press("o")  # the letter O, chosen from the board
    expect(alice.locator('input[name="letter"][value="O"]')).to_be_checked()
    alice.keyboard.press(" ")
    wait_for_ply(alice, 4)
    expect(announcer).to_contain_text("Alice: A2=O")
    # Boris heard both moves through the poll, and answers with a click.
    expect(boris.locator("#move-announcer")).to_contain_text("Alice: C1=S, 1 SOS")
    expect(boris.locator("#move-announcer")).to_contain_text("Alice: A2=O")
    boris.locator('input[name="letter"][value="O"]').check()
    cell_button(boris, "C3").click()
    wait_for_ply(alice, 5)
    expect(announcer).to_contain_text("Boris: C3=O")
    # Alice's focus comes back to a playable cell once it is her turn again.
    alice.wait_for_function(f"() => !!({focused})")
    # The score sheet: a move pair a row; Alice's extra turn shares her cell.
    sheet = alice.locator("table.moves--pairs")
    expect(sheet.locator("thead th")).to_have_text(["№", "Alice", "Boris"])
    rows = sheet.locator("tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0).locator("td")).to_have_text(["1", "A1=S", "B1=O"])
    expect(rows.nth(1).locator("td")).to_have_text(["2", "C1=S+1 A2=O", "C3=O"])
    expect(alice.locator("table.moves .notation")).to_have_text(
        ["A1=S", "B1=O", "C1=S", "A2=O", "C3=O"]
    )


def test_move_sounds_are_off_until_switched_on_and_remembered(
    browser: Browser, live_server, contexts: list[BrowserContext]
) -> None:
    users, seated = players()
    game = services.create_game(kind="uttt", options={}, players=seated)
    page = open_game(browser, live_server, game, users[0], contexts, viewport=DESKTOP)
    toggle = page.locator(".sound-toggle")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    page.reload()
    expect(page.locator(".sound-toggle")).to_have_attribute("aria-pressed", "true")
    # A move with sounds on plays without an error (WebAudio, no file to load).
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    cell_button(page, "E5").click()
    wait_for_ply(page, 1)
    assert errors == []
