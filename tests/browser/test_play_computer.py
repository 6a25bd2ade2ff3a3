"""Play against the computer on a 390×844 phone, with the real background thinker (a thread of
the server's process, and in one test its spawned search process): a visitor without an account
plays a 3×3 SOS game to the end, the computer's answers coming by the page's poll, signs up and
finds the game in *My games*; the computer moving first, a take-back and a hint; axe on the form
and on the game page (thinking, and after its move), the pages in Persian; and without
JavaScript, the page reloading by itself until the computer's move is shown.

The computer's thought is held at a gate (:class:`Gate`, around ``games.computer.search``, in
the thinker's thread) until the test has seen the page say that it thinks: then it is let go,
one move at a time, and the page must show the move without being reloaded. Nothing waits on
the clock beyond Playwright's own timeouts.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.core import mail
from playwright.sync_api import Browser, BrowserContext, Page, expect

from games import computer
from games.device_models import DeviceGame
from games.models import Game, GameStatus
from tests.browser.club import PHONE
from tests.browser.conftest import TIMEOUT_MS
from tests.browser.helpers import assert_not_reloaded, cell_button, mark_page, panel, wait_for_ply
from tests.browser.test_a11y import axe_source, axe_violations, report  # noqa: F401 (a fixture)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NEW_PASSWORD = "a-computer-game-pass-42"
# The computer's move: a spawned search process starts, imports the engine, and thinks.
THINK_MS = 6 * TIMEOUT_MS
# A page's state while the computer thinks: data-thinking on the panel.
NOT_THINKING = (
    "p => { const el = document.querySelector('#game > .panel');"
    " return !!el && Number(el.dataset.ply) > p && el.dataset.thinking !== '1'; }"
)
# What sticks out of the viewport (for a failure's message).
WIDE = """w => Array.from(document.querySelectorAll('body *'))
  .filter(e => e.getBoundingClientRect().right > w + 1)
  .slice(0, 8)
  .map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))"""


class Gate:
    """Holds each of the computer's thoughts until the test lets one go (or opens the gate)."""

    def __init__(self) -> None:
        self._permits = threading.Semaphore(0)
        self._open = threading.Event()
        self.waiting = threading.Event()

    def wait(self) -> None:
        self.waiting.set()
        while not self._open.is_set() and not self._permits.acquire(timeout=0.05):
            pass
        self.waiting.clear()

    def one(self) -> None:
        """Let the next thought (or the one waiting) go."""
        self._permits.release()

    def open(self) -> None:
        self._open.set()


@pytest.fixture
def gate(settings: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Gate]:
    """The real background thinker, in the server's process, without a search process; its
    thoughts held at a gate. Its pools stopped after the test."""
    settings.COMPUTER_MOVES = "background"
    settings.COMPUTER_PROCESSES = 0
    held = Gate()
    search: Callable[..., tuple[str, int]] = computer.search

    def gated(*args: Any, **kwargs: Any) -> tuple[str, int]:
        held.wait()
        return search(*args, **kwargs)

    monkeypatch.setattr(computer, "search", gated)
    yield held
    held.open()
    computer.shutdown()


def _phone(
    browser: Browser,
    contexts: list[BrowserContext],
    locale: str = "en-US",
    javascript: bool = True,
) -> Page:
    context = browser.new_context(
        viewport=PHONE,
        is_mobile=True,
        has_touch=True,
        locale=locale,
        java_script_enabled=javascript,
    )
    context.set_default_timeout(TIMEOUT_MS)
    context.set_default_navigation_timeout(4 * TIMEOUT_MS)
    contexts.append(context)
    return context.new_page()


def _no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    if width > PHONE["width"]:
        wide = page.evaluate(WIDE, PHONE["width"])
        raise AssertionError(f"the page scrolls sideways ({width} px): {wide}")


def _start(page: Page, computer_first: bool = False, size: int | None = 3) -> Game:
    """From the form at /play/computer/ (open): a ``size``×``size`` SOS game (the form's own
    size when ``None``), the computer at level 1."""
    page.locator('input[name="kind"][value="sos"]').check()
    if size is not None:
        page.locator("#id_rows").fill(str(size))
        page.locator("#id_cols").fill(str(size))
    page.locator("#id_level").select_option("1")
    expect(page.locator("#id_computer_1")).to_be_checked()  # the second seat, at first
    expect(page.locator("#id_computer_0")).not_to_be_checked()
    if computer_first:
        page.locator("#id_computer_0").check()
        page.locator("#id_computer_1").uncheck()
    page.locator("form.device-game button[type=submit]").tap()
    expect(panel(page)).to_be_visible()
    return Game.objects.latest("pk")


def _play(page: Page, game: Game, javascript: bool = True) -> int:
    """The player's move (the first legal one) by tapping its cell; the ply before it."""
    game.refresh_from_db()
    state = game.current_state()
    name, letter = game.rules.legal_moves(state)[0].split("=")
    page.locator(f'input[name="letter"][value="{letter}"]').check()
    button = cell_button(page, name)
    button.tap() if javascript else button.click()
    return state.ply


def _thinking(page: Page, ply: int) -> None:
    """The page shows the position after ``ply`` moves with the computer thinking over it: no
    hint is offered meanwhile."""
    wait_for_ply(page, ply)
    expect(panel(page)).to_have_attribute("data-thinking", "1")
    expect(page.locator(".computer-thinking")).to_be_visible()
    expect(page.locator(".computer-tools form.hint")).to_have_count(0)


def _let_the_computer_move(page: Page, gate: Gate) -> None:
    """While the page says the computer thinks: let its thought go and wait for its move, shown
    by the page's poll (the page is not reloaded)."""
    while panel(page).get_attribute("data-thinking") == "1":
        ply = int(panel(page).get_attribute("data-ply") or 0)
        gate.one()
        page.wait_for_function(
            "p => Number(document.querySelector('#game > .panel')?.dataset.ply) > p",
            arg=ply,
            timeout=THINK_MS,
        )
        assert_not_reloaded(page)


def test_a_visitor_plays_the_computer_to_the_end_signs_up_and_finds_it(
    browser: Browser, live_server, contexts: list[BrowserContext], gate: Gate, settings: Any
) -> None:
    settings.COMPUTER_PROCESSES = 1  # the spawned search process, really
    page = _phone(browser, contexts)
    page.goto(live_server.url + "/")
    toggle = page.locator(".menu-toggle")
    if toggle.is_visible():
        toggle.tap()
    page.get_by_role("link", name="Play the computer").first.tap()
    expect(page.locator("h1")).to_have_text("Play the computer")
    _no_sideways_scroll(page)
    # The form's own grid, 5×5: long enough for SOS extra turns and the computer's thinking
    # times to crowd a row of the score sheet (which must wrap, not widen the page).
    game = _start(page, size=None)
    _no_sideways_scroll(page)
    mark_page(page)
    seen_thought = False
    while True:
        game.refresh_from_db()
        if not game.is_active:
            break
        assert game.rules.to_move(game.current_state()) == 0, "the computer's turn"
        ply = _play(page, game)
        page.wait_for_function(
            "p => Number(document.querySelector('#game > .panel')?.dataset.ply) > p",
            arg=ply,
        )
        if panel(page).get_attribute("data-thinking") == "1":
            _thinking(page, ply + 1)
            _let_the_computer_move(page, gate)
            expect(page.locator(".computer-thought")).to_be_visible()
            seen_thought = True
        page.wait_for_function(NOT_THINKING, arg=ply, timeout=THINK_MS)
        assert_not_reloaded(page)
        game.refresh_from_db()
        wait_for_ply(page, game.ply)
    assert seen_thought
    assert computer._processes is not None  # the moves were searched in the spawned process
    assert game.status == GameStatus.FINISHED
    expect(page.locator(".status .result")).to_be_visible()
    expect(panel(page)).not_to_have_attribute("data-thinking", "1")
    _no_sideways_scroll(page)
    assert_not_reloaded(page)
    assert DeviceGame.objects.get(game=game).owner is None

    page.goto(live_server.url + "/accounts/signup/")
    page.get_by_label("Username").fill("omid")
    page.get_by_label("Email").fill("omid@example.org")
    page.get_by_label("Password", exact=True).fill(NEW_PASSWORD)
    page.get_by_label("Password (again)").fill(NEW_PASSWORD)
    page.get_by_label("I am new here: make my player").check()
    page.get_by_label("Name", exact=True).fill("Omid")
    page.get_by_role("button", name="Sign up").tap()
    expect(page.locator("h1")).to_have_text("Verify your e-mail address")
    link = re.search(r"https?://\S+", mail.outbox[-1].body)
    assert link is not None
    page.goto(link.group(0))

    page.goto(live_server.url + "/accounts/games/")
    devices = page.locator(".my-device-games")
    expect(devices).to_contain_text("Computer, level 1")
    _no_sideways_scroll(page)
    devices.get_by_role("link", name=f"Game {game.pk}").tap()
    expect(page).to_have_url(live_server.url + game.get_absolute_url())
    expect(page.locator(".status .result")).to_be_visible()
    assert DeviceGame.objects.get(game=game).owner.username == "omid"


def test_the_computer_first_a_take_back_and_a_hint(
    browser: Browser, live_server, contexts: list[BrowserContext], gate: Gate
) -> None:
    page = _phone(browser, contexts)
    page.goto(live_server.url + "/play/computer/")
    game = _start(page, computer_first=True)
    _thinking(page, 0)
    expect(page.locator(".computer-tools form.take-back")).to_have_count(0)
    mark_page(page)
    _let_the_computer_move(page, gate)
    wait_for_ply(page, 1)
    expect(page.locator(".computer-thought")).to_be_visible()
    expect(page.locator(".computer-tools form.hint")).to_be_visible()

    before = _play(page, game)
    assert before == 1
    _thinking(page, 2)
    _let_the_computer_move(page, gate)
    page.wait_for_function(NOT_THINKING, arg=2, timeout=THINK_MS)
    assert_not_reloaded(page)
    game.refresh_from_db()
    kept = list(game.moves_list[:1])
    mine = game.moves_list[1].split("=")[0]
    expect(cell_button(page, mine)).to_have_count(0)

    page.get_by_role("button", name="Take back").tap()
    expect(page.locator(".messages")).to_contain_text("Taken back: ")
    wait_for_ply(page, 1)
    game.refresh_from_db()
    assert game.moves_list == kept
    expect(cell_button(page, mine)).to_be_visible()  # the cell is free again
    expect(panel(page)).not_to_have_attribute("data-thinking", "1")

    gate.open()
    page.get_by_role("button", name="Hint").tap()
    hint = page.locator(".computer-hint")
    expect(hint).to_contain_text("Hint: the engine's best move is ")
    text = hint.inner_text()
    move = text.removeprefix("Hint: the engine's best move is ").rstrip(".").strip()
    game.refresh_from_db()
    assert move in game.rules.legal_moves(game.current_state()), text
    expect(page.locator(".computer-tools form.hint")).to_have_count(0)  # asked already
    cell = move.partition("=")[0]
    expect(page.locator("button.cell.hinted")).to_have_count(1)  # framed on the board too
    expect(page.locator("button.cell.hinted")).to_have_attribute("value", cell)
    _no_sideways_scroll(page)


def test_axe_and_persian_on_the_form_and_the_game_page(
    browser: Browser,
    live_server,
    contexts: list[BrowserContext],
    gate: Gate,
    axe_source: str,  # noqa: F811
) -> None:
    page = _phone(browser, contexts)
    page.goto(live_server.url + "/play/computer/")
    violations = axe_violations(page, axe_source)
    assert not violations, report(violations)
    _start(page, computer_first=True)
    _thinking(page, 0)
    mark_page(page)
    violations = axe_violations(page, axe_source)
    assert not violations, report(violations)
    _let_the_computer_move(page, gate)
    expect(page.locator(".computer-thought")).to_be_visible()
    violations = axe_violations(page, axe_source)
    assert not violations, report(violations)

    gate.open()
    persian = _phone(browser, contexts, locale="fa-IR")
    persian.goto(live_server.url + "/play/computer/")
    expect(persian.locator("html")).to_have_attribute("dir", "rtl")
    expect(persian.locator("html")).to_have_attribute("lang", "fa")
    _no_sideways_scroll(persian)
    _start(persian, computer_first=True)
    persian.wait_for_function(NOT_THINKING, arg=0, timeout=THINK_MS)
    expect(persian.locator(".computer-thought")).to_be_visible()
    expect(persian.locator(".computer-tools form.hint")).to_be_visible()
    _no_sideways_scroll(persian)


def test_without_javascript_the_page_reloads_until_the_computer_moved(
    browser: Browser, live_server, contexts: list[BrowserContext], gate: Gate
) -> None:
    page = _phone(browser, contexts, javascript=False)
    page.goto(live_server.url + "/play/computer/")
    game = _start(page)
    expect(panel(page)).not_to_have_attribute("data-thinking", "1")
    expect(page.locator('head meta[http-equiv="refresh"]')).to_have_count(0)
    ply = _play(page, game, javascript=False)
    _thinking(page, ply + 1)
    expect(page.locator('head noscript meta[http-equiv="refresh"]')).to_have_count(1)
    # Still thinking: the page reloads by itself, and again says so.
    with page.expect_navigation(timeout=THINK_MS):
        pass
    _thinking(page, ply + 1)
    gate.one()
    expect(panel(page)).not_to_have_attribute("data-thinking", "1", timeout=THINK_MS)
    game.refresh_from_db()
    assert game.ply > ply + 1
    wait_for_ply(page, game.ply)
    expect(page.locator(".computer-thought")).to_be_visible()
    expect(page.locator('head meta[http-equiv="refresh"]')).to_have_count(0)
    expect(page.locator(".computer-tools form.hint")).to_be_visible()


def test_the_form_shows_the_seats_the_game_has(
    browser: Browser, live_server, contexts: list[BrowserContext]
) -> None:
    """With its script, the form shows one row a seat (the number under Players); without it,
    every row is there."""
    page = _phone(browser, contexts)
    page.goto(live_server.url + "/play/computer/")
    rows = page.locator(".seat-row")
    expect(rows.nth(1)).to_be_visible()
    expect(rows.nth(2)).to_be_hidden()
    page.locator('input[name="kind"][value="sos"]').check()
    page.get_by_label("Players", exact=True).fill("4")
    expect(rows.nth(3)).to_be_visible()
    expect(rows.nth(4)).to_be_hidden()
    plain = _phone(browser, contexts, javascript=False)
    plain.goto(live_server.url + "/play/")
    expect(plain.locator(".seat-row").nth(5)).to_be_visible()
