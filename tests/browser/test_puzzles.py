"""A puzzle on a 390×844 touch phone: solved by tapping, failed by tapping (the solution shown),
and axe finds nothing serious on its page before or after the answer, on the list and on the home
page's puzzle of the day."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, BrowserContext, Page, expect

from games.puzzles.making import puzzles_from_game
from games.puzzles.models import Puzzle, PuzzleAttempt
from tests.browser.club import PHONE, open_in, save_shot
from tests.browser.test_a11y import axe_source, axe_violations  # noqa: F401 (a fixture)
from tests.engine.site_helpers import over_the_board_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# 3×3 SOS "first": X missed B1=O, the only winning move (tests/games/test_puzzles.py).
MISSED = ["A1=S", "C1=S", "C3=S", "B1=O"]


@pytest.fixture
def puzzle() -> Puzzle:
    arbiter = User.objects.create_superuser(username="root", password=None)
    game = over_the_board_game(arbiter, "sos", {"rows": 3, "cols": 3, "mode": "first"}, MISSED)
    (made,) = puzzles_from_game(game)
    return made


def open_puzzle(browser: Browser, url: str, contexts: list[BrowserContext]) -> Page:
    page = open_in(browser, url, contexts=contexts)
    expect(page.locator(".puzzle-task")).to_have_text("Find the move that wins in 1 move.")
    board = page.locator(".board").bounding_box()
    assert board is not None and board["x"] >= 0 and board["x"] + board["width"] <= PHONE["width"]
    return page


def tap(page: Page, letter: str, cell: str) -> None:
    page.get_by_label(letter, exact=True).tap()
    page.locator(f'button.cell[value="{cell}"]').tap()


def test_a_puzzle_solved_by_tapping(
    browser: Browser, live_server, puzzle: Puzzle, contexts: list[BrowserContext]
) -> None:
    page = open_puzzle(browser, live_server.url + puzzle.get_absolute_url(), contexts)
    tap(page, "O", "B1")
    expect(page.locator(".puzzle-answer")).to_contain_text("Right!")
    expect(page.locator('.board .cell.last[data-cell="B1"]')).to_have_text("O")
    save_shot(page, "phone puzzle solved")
    assert list(PuzzleAttempt.objects.values_list("solved", flat=True)) == [True]


def test_a_puzzle_failed_by_tapping(
    browser: Browser, live_server, puzzle: Puzzle, contexts: list[BrowserContext]
) -> None:
    page = open_puzzle(browser, live_server.url + puzzle.get_absolute_url(), contexts)
    tap(page, "S", "C3")
    answer = page.locator(".puzzle-answer")
    expect(answer).to_contain_text("Not this one.")
    expect(answer).to_contain_text("the solution is B1=O")
    save_shot(page, "phone puzzle failed")
    assert list(PuzzleAttempt.objects.values_list("solved", flat=True)) == [False]


def test_the_puzzle_page_is_axe_clean(
    browser: Browser,
    live_server,
    puzzle: Puzzle,
    contexts: list[BrowserContext],
    axe_source: str,  # noqa: F811
) -> None:
    page = open_puzzle(browser, live_server.url + puzzle.get_absolute_url(), contexts)
    assert axe_violations(page, axe_source) == []
    tap(page, "S", "C3")
    expect(page.locator(".puzzle-answer")).to_be_visible()
    assert axe_violations(page, axe_source) == []
    page.goto(live_server.url + "/puzzles/")
    assert axe_violations(page, axe_source) == []
    page.goto(live_server.url + "/")  # the puzzle of the day
    expect(page.locator(".daily-puzzle .board")).to_be_visible()
    save_shot(page, "phone home daily puzzle")
    assert axe_violations(page, axe_source) == []
