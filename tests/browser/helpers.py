"""What the browser tests look at on a game page, in one place (selectors of templates/games)."""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect


def panel(page: Page) -> Locator:
    """The swappable panel: ``data-ply`` is the number of moves it shows."""
    return page.locator("#game > .panel")


def wait_for_ply(page: Page, ply: int) -> None:
    """Wait until the page shows the position after ``ply`` moves (own move or the poll)."""
    expect(panel(page)).to_have_attribute("data-ply", str(ply))


def wait_past_ply(page: Page, ply: int, timeout: float = 5_000) -> None:
    """Wait until the page shows more than ``ply`` moves: an opponent who answers at once (a bot)
    may take the page past ``ply + 1`` before a check for exactly that number could see it."""
    page.wait_for_function(
        "ply => Number(document.querySelector('#game > .panel')?.dataset.ply) > ply",
        arg=ply,
        timeout=timeout,
    )


def cell(page: Page, name: str) -> Locator:
    """A board cell, clickable (``button``) or not (``span``), by its name such as ``B2``."""
    return page.locator(f'.board [data-cell="{name}"], .board button.cell[value="{name}"]')


def cell_button(page: Page, name: str) -> Locator:
    return page.locator(f'button[name="cell"][value="{name}"]')


def score(page: Page, seat_number: int) -> Locator:
    """The score cell of the seats table; ``seat_number`` counts from 1, as on the page."""
    return page.locator(f"table.seats tr.seat-{seat_number} td.score")


def mark_page(page: Page) -> None:
    """Leave a marker in the window: it survives in-place updates, not a navigation."""
    page.evaluate("window.__marker = 1")


def assert_not_reloaded(page: Page) -> None:
    assert page.evaluate("window.__marker") == 1, "the page was reloaded or navigated away"


def allowed_cells(page: Page) -> list[str]:
    """Names of the clickable (allowed) cells shown now."""
    return page.locator("button.cell.allowed").evaluate_all("els => els.map(e => e.value)")
