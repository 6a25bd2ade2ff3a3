"""In a real browser: the arbiter takes back a move and declares a forfeit on the arbiter's page;
the player then sees both decisions and the result on the game page.

The browser steps run in the browser's own thread (see conftest.py): each step function gets
``open_page(base_url, path, session)`` and returns what the test checks afterwards.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.models import GameStatus
from tests.adjudication.helpers import build_world, game_arbiter_url, play, reload, session_of
from tournaments.models import Act, Result, ResultRecord

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def take_back_one_move(open_page: Any, base: str, path: str, session: str, back: str) -> str:
    page = open_page(base, path, session)
    form = page.locator("#act-take-back")
    form.locator('input[name="count"]').fill("1")
    form.locator('select[name="reason"]').select_option("illegal_conduct")
    form.locator('textarea[name="note"]').fill("C1 was written by a spectator")
    form.get_by_role("button", name="Take back").click()
    # The second look: a page that says what will happen, without JavaScript.
    confirm = page.locator("form.confirm-form")
    assert "The last move is taken back: C1=S." in page.locator(".confirm").inner_text()
    confirm.get_by_role("button", name="Yes, take back").click()
    page.wait_for_url(f"**{back}")
    return page.locator("ul.messages").inner_text()


def declare_a_forfeit(open_page: Any, base: str, path: str, session: str, back: str) -> str:
    page = open_page(base, path, session)
    form = page.locator("#act-decide")
    form.locator('select[name="result"]').select_option(Result.FORFEIT_WIN)
    form.locator('select[name="reason"]').select_option("no_show")
    form.locator('textarea[name="note"]').fill("Carol did not come back")
    form.get_by_role("button", name="Decide").click()
    page.wait_for_url(f"**{back}")
    return page.locator("ul.messages").inner_text()


def look_at_the_game(open_page: Any, base: str, path: str, session: str) -> dict[str, Any]:
    page = open_page(base, path, session)
    panel = page.locator("#game > .panel")
    return {
        "status": panel.get_attribute("data-status"),
        "ply": panel.get_attribute("data-ply"),
        "records": page.locator("section.adjudications").inner_text(),
        "moves": page.locator("table.moves .notation").count(),
        "board buttons": page.locator('button[name="cell"]').count(),
        "claim form": page.locator("form.claim-form").count(),
    }


def test_an_arbiter_takes_back_a_move_and_declares_a_forfeit(browser_thread, live_server) -> None:
    world = build_world()
    game = play(world.game, "A1=S", "B1=O", "C1=S")  # Alice scores A1-B1-C1, moves again
    base, arbiter = live_server.url, session_of(world.arbiter)
    page, back = game_arbiter_url(game), game.get_absolute_url()

    said = browser_thread.run(take_back_one_move, base, page, arbiter, back)

    assert "The decision is recorded." in said
    game = reload(game)
    assert (game.ply, game.moves_list, game.status) == (2, ["A1=S", "B1=O"], "in_progress")

    said = browser_thread.run(declare_a_forfeit, base, page, arbiter, back)

    assert "The decision is recorded." in said
    game = reload(game)
    assert (game.status, game.winners, game.ply) == (GameStatus.ADJUDICATED, [0], 2)
    assert reload(world.board1).result == Result.FORFEIT_WIN
    assert [r.act for r in ResultRecord.objects.order_by("pk")] == [Act.TAKE_BACK, Act.FORFEIT]

    seen = browser_thread.run(look_at_the_game, base, back, session_of(world.seated))

    assert (seen["status"], seen["ply"], seen["moves"]) == ("adjudicated", "2", 2)
    records = seen["records"]
    for words in (
        "Moves taken back",
        "Illegal conduct",
        "moves removed: C1=S",
        "C1 was written by a spectator",
        "Forfeit",
        "No-show",
        "result: +/-",
        "Carol did not come back",
    ):
        assert words in records, records
    assert seen["board buttons"] == 0 and seen["claim form"] == 0  # the game is over
