"""Games on one device on a 390×844 phone: three friends play a 3×3 SOS game to the end by
tapping, the board turned towards each in turn; a visitor without an account plays, signs up
(the mail caught by the test mail backend; its link logs him in) and finds the game in *My
games*."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from playwright.sync_api import Browser, BrowserContext, Page, expect

from games.device_models import DeviceGame
from games.models import Game, GameStatus
from tests.browser.club import PHONE
from tests.browser.conftest import TIMEOUT_MS
from tests.browser.helpers import cell_button, wait_for_ply

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NEW_PASSWORD = "a-pass-and-play-pass-42"


def _phone(browser: Browser, contexts: list[BrowserContext]) -> Page:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="en-US")
    context.set_default_timeout(TIMEOUT_MS)
    context.set_default_navigation_timeout(4 * TIMEOUT_MS)
    contexts.append(context)
    return context.new_page()


def _start(page: Page, url: str, seats: int, names: list[str], turn: bool) -> Game:
    page.goto(url + "/")
    toggle = page.locator(".menu-toggle")
    if toggle.is_visible():
        toggle.tap()
    page.get_by_role("link", name="Play on this device").first.tap()
    expect(page.locator("h1")).to_have_text("Play on this device")
    page.locator('input[name="kind"][value="sos"]').check()
    page.get_by_label("Players", exact=True).fill(str(seats))
    for n, name in enumerate(names):
        page.locator(f"#id_name_{n}").fill(name)
    if turn:
        page.get_by_label("Turn the board towards the player to move").check()
    page.get_by_role("button", name="Start the game").tap()
    expect(page.locator(".pass-turn")).to_be_visible()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width
    return Game.objects.latest("pk")


def _tap_move(page: Page, game: Game) -> None:
    game.refresh_from_db()
    state = game.current_state()
    move = game.rules.legal_moves(state)[0]
    name, letter = move.split("=")
    page.locator(f'input[name="letter"][value="{letter}"]').check()
    cell_button(page, name).tap()
    wait_for_ply(page, state.ply + 1)


def test_three_friends_play_sos_to_the_end_on_one_phone(
    browser: Browser, live_server, contexts: list[BrowserContext]
) -> None:
    page = _phone(browser, contexts)
    game = _start(page, live_server.url, 3, ["Ann", "", "Зоя"], turn=True)
    names = ["Ann", "Player 2", "Зоя"]
    expect(page.locator(".pass-turn")).to_contain_text("Ann to move")
    while True:
        game.refresh_from_db()
        if not game.is_active:
            break
        seat = game.rules.to_move(game.current_state())
        expect(page.locator(".pass-turn")).to_contain_text(f"{names[seat]} to move")
        turned = page.locator(".board-col").get_attribute("class") or ""
        assert (f"turn-{seat * 120}" in turned) == bool(seat), turned
        _tap_move(page, game)
    assert game.status == GameStatus.FINISHED
    expect(page.locator(".pass-turn")).to_have_count(0)
    expect(page.locator(".status .result")).to_be_visible()


def test_a_visitor_plays_signs_up_and_finds_the_game_in_my_games(
    browser: Browser, live_server, contexts: list[BrowserContext]
) -> None:
    page = _phone(browser, contexts)
    game = _start(page, live_server.url, 2, ["Me", "My friend"], turn=False)
    for _n in range(3):
        _tap_move(page, game)
    assert DeviceGame.objects.get(game=game).owner is None

    page.goto(live_server.url + "/accounts/signup/")
    page.get_by_label("Username").fill("zara")
    page.get_by_label("Email").fill("zara@example.org")
    page.get_by_label("Password", exact=True).fill(NEW_PASSWORD)
    page.get_by_label("Password (again)").fill(NEW_PASSWORD)
    page.get_by_label("I am new here: make my player").check()
    page.get_by_label("Name", exact=True).fill("Zara")
    page.get_by_role("button", name="Sign up").tap()
    expect(page.locator("h1")).to_have_text("Verify your e-mail address")
    link = re.search(r"https?://\S+", mail.outbox[-1].body)
    assert link is not None
    page.goto(link.group(0))

    page.goto(live_server.url + "/accounts/games/")
    devices = page.locator(".my-device-games")
    expect(devices).to_contain_text("My friend")
    devices.get_by_role("link", name=f"Game {game.pk}").tap()
    expect(page).to_have_url(live_server.url + game.get_absolute_url())
    expect(page.locator(".pass-turn")).to_contain_text("My friend to move")
    _tap_move(page, game)
    assert DeviceGame.objects.get(game=game).owner.username == "zara"
