"""In a real browser: the clocks of a tournament's round wait until its arbiter starts the round;
then both players' pages count down, and when one side's time runs out both pages show the loss
on time without reloading; on another board, the player who never comes loses by forfeit."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from games import timekeeping
from games.models import Game, GameStatus
from tests.adjudication.helpers import build_world, reload
from tests.browser.conftest import PageFactory
from tests.browser.helpers import (
    allowed_cells,
    assert_not_reloaded,
    cell_button,
    mark_page,
    wait_for_ply,
)
from tournaments.acts import clocks

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Short enough for the test to wait for the flags: a side's first move must come within its
# 10 seconds (the default time is the lesser of the tournament's and the clock's). The first
# movers get two minutes more (an arbiter's addition), room for page loads and their moves on a
# busy machine.
CONTROL = "fischer/10/0"


def test_the_round_starts_a_flag_falls_on_both_pages_and_a_no_show_forfeits(
    open_page: PageFactory,
) -> None:
    world = build_world(kind="uttt", options={}, time_control=CONTROL)
    board1, board2 = world.board1, world.board2
    game, other = board1.game, board2.game
    for first_mover in (game, other):
        timekeeping.add_time(game=first_mover, seat=0, seconds=120)
    alice, carol = world.seated, world.opponent
    dmitri = world.another_player
    url = game.get_absolute_url()
    a_page = open_page(url, alice)
    c_page = open_page(url, carol)
    d_page = open_page(other.get_absolute_url(), dmitri)
    pages = (a_page, c_page)
    # Before the start: no clock runs, nobody can move, the page says why.
    for page in (*pages, d_page):
        mark_page(page)
        expect(page.locator(".clocks__waiting")).to_contain_text("arbiter starts play")
        expect(page.locator(".clock.clock--running")).to_have_count(0)
        expect(page.locator('button[name="cell"]')).to_have_count(0)

    clocks.start_round(user=world.arbiter, rnd=world.round1)

    # The pages see the start by their poll: the first movers' clocks run, their boards open.
    for page in pages:
        expect(page.locator(".clocks__waiting")).to_have_count(0)
        expect(page.locator(".clock.clock--running .clock__name")).to_have_text("Alice")
    cell_button(a_page, "E5").click()
    wait_for_ply(c_page, 1)
    cell_button(c_page, allowed_cells(c_page)[0]).click()
    wait_for_ply(a_page, 2)
    cell_button(a_page, allowed_cells(a_page)[0]).click()
    for page in pages:
        wait_for_ply(page, 3)
        # Carol has played: her clock runs from her few seconds left, counted down in the page.
        expect(page.locator(".clock.clock--running .clock__name")).to_have_text("Carol")
        expect(page.locator(".clock.seat-0 .clock__time")).to_have_text(re.compile(r"^[12]:\d\d$"))
    for page in pages:
        expect(page.locator("#status .result")).to_have_text("Winner: Alice", timeout=20_000)
        expect(page.locator("#status .badge")).to_have_text("on time")
        expect(page.locator(".clock.clock--running")).to_have_count(0)
        assert_not_reloaded(page)
    game = Game.objects.get(pk=game.pk)
    assert game.status == GameStatus.FINISHED and game.winners == [0] and game.ply == 3
    assert reload(board1).result == "1-0"

    # Board 2: Dmitri moves, Борис never comes: a forfeit, not a loss on time.
    cell_button(d_page, "E5").click()
    wait_for_ply(d_page, 1)
    expect(d_page.locator("#status .result")).to_have_text("Winner: Dmitri", timeout=20_000)
    expect(d_page.locator("#status .badge")).to_have_text("by forfeit")
    assert_not_reloaded(d_page)
    assert reload(board2).result == "+/-"
