"""A game that is over, in the browser: its board is inert (no buttons, aria-disabled, greyed)
and the page has no serious accessibility violation."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, BrowserContext

from games import services
from games.models import Game
from tests.browser.club import open_in
from tests.browser.test_a11y import axe_source, axe_violations, report  # noqa: F401
from tests.factories import make_player, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def finished_game() -> Game:
    alice, boris = make_user("alice-over"), make_user("boris-over")
    game = services.create_game(
        kind="sos",
        options={"rows": 3, "cols": 3, "players": 2, "mode": "first"},
        players=[make_player("Alice", alice), make_player("Boris", boris)],
    )
    for user, move in ((alice, "A1=S"), (boris, "B1=O"), (alice, "C1=S")):
        services.submit_move(game=Game.objects.get(pk=game.pk), user=user, notation=move)
    return Game.objects.get(pk=game.pk)


def test_a_finished_games_board_is_inert_and_accessible(
    browser: Browser,
    live_server,
    contexts: list[BrowserContext],
    axe_source: str,  # noqa: F811
) -> None:
    game = finished_game()
    page = open_in(browser, live_server.url + game.get_absolute_url(), contexts=contexts)
    board = page.locator(".board")
    assert board.get_attribute("aria-disabled") == "true"
    assert page.locator(".board button").count() == 0
    assert float(board.evaluate("b => parseFloat(getComputedStyle(b).opacity)")) < 1
    assert "Winner: Alice" in page.locator("#status").inner_text()
    violations = axe_violations(page, axe_source)
    assert not violations, report(violations)
