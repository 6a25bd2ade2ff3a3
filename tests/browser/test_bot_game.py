"""A whole game against a bot (docs/api.md, "Bots"): a person plays SOS on a 3×3 grid in the
browser; the documented minimal bot (tests/api/minibot.py), in a thread, plays every one of the
bot's moves through the API against the live server, with a play token."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from playwright.sync_api import expect

from api import bots
from api.models import ApiToken, BotAccount, Scope
from games import services
from games.models import Game, GameStatus, Move
from tests.api import minibot
from tests.browser.conftest import PageFactory, make_user_player
from tests.browser.helpers import assert_not_reloaded, mark_page, panel, wait_for_ply, wait_past_ply

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The bot's move reaches the page after its long poll's check and the page's own poll.
BOT_MOVE_MS = 20_000


def test_a_person_plays_a_whole_game_against_the_minimal_bot(
    open_page: PageFactory, live_server: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bots, "CHECK_EVERY", 0.2)
    alice_user, alice = make_user_player("Alice", "alice")
    bot_user, bot = make_user_player("Robo", "robo")
    BotAccount.objects.create(user=bot_user)
    _token, key = ApiToken.issue(owner=bot_user, name="minibot", scope=Scope.PLAY)
    game = services.create_game(kind="sos", options={"rows": 3}, players=[alice, bot])

    done = threading.Event()
    failures: list[BaseException] = []

    def run_bot() -> None:
        try:
            minibot.play(live_server.url, key, wait=2, stop=done.is_set)
        except BaseException as error:  # the test fails with it below
            failures.append(error)

    thread = threading.Thread(target=run_bot, daemon=True)
    thread.start()
    try:
        page = open_page(game.get_absolute_url(), alice_user)
        mark_page(page)
        expect(page.locator("table.seats tr.seat-2 .player-tag")).to_have_text("bot")
        expect(page.locator("table.seats tr.seat-1 .player-tag")).to_have_count(0)
        ours = 0
        for _ in range(20):  # at most 9 moves on the grid; each pass waits for one change
            mine_or_over = page.locator("button.cell.allowed, .result").first
            expect(mine_or_over).to_be_visible(timeout=BOT_MOVE_MS)
            if page.locator(".result").count():
                break
            ply = int(panel(page).get_attribute("data-ply") or 0)
            page.check('input[name="letter"][value="S"]')
            page.locator("button.cell.allowed").first.click()
            wait_past_ply(page, ply)  # our move; the bot's answer may already follow it
            ours += 1
        else:
            pytest.fail("the game did not end")
    finally:
        done.set()
        thread.join(timeout=30)
    assert not failures, failures

    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    moves = list(Move.objects.filter(game=game).order_by("ply").values_list("seat", "notation"))
    assert len(moves) == game.ply == 9  # the grid is full: SOS ends when no cell is left
    assert [seat for seat, _ in moves].count(0) == ours
    bots_moves = [m for m in moves if m[0] == 1]
    assert bots_moves and all(
        submitted == bot_user.pk
        for submitted in Move.objects.filter(game=game, seat=1).values_list(
            "submitted_by", flat=True
        )
    )
    # The page showed every move (the bot's came by its poll) and the result, without a reload.
    wait_for_ply(page, 9)
    expect(page.locator("table.moves .notation")).to_have_text([n for _, n in moves])
    winners = {(0,): "Winner: Alice", (1,): "Winner: Robo"}
    expect(page.locator(".result")).to_have_text(winners.get(tuple(game.winners or ()), "Draw"))
    assert_not_reloaded(page)
    assert Game.objects.count() == 1
