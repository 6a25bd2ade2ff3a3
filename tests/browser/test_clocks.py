"""In a real browser: both pages of a game with a clock count down, and when one side's time runs
out, both show the loss on time without reloading."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from games import services, timekeeping
from games.clock import FISCHER, TimeControl
from games.models import Game, GameStatus
from tests.browser.conftest import PageFactory, make_user_player
from tests.browser.helpers import assert_not_reloaded, cell_button, mark_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Short enough for the test to wait for the flag; the first mover gets two minutes more (an
# arbiter's addition), room for two page loads and a move on a busy machine.
BASE_SECONDS = 6


def test_one_side_runs_out_of_time_and_both_pages_show_it(open_page: PageFactory) -> None:
    alice_user, alice = make_user_player("Alice", "alice")
    boris_user, boris = make_user_player("Boris", "boris")
    game = services.create_game(
        kind="uttt",
        options={},
        players=[alice, boris],
        time_control=TimeControl(FISCHER, base=BASE_SECONDS, step=0),
    )
    timekeeping.add_time(game=game, seat=0, seconds=120)
    url = game.get_absolute_url()
    x_page = open_page(url, alice_user)
    o_page = open_page(url, boris_user)
    pages = (x_page, o_page)
    for page in pages:
        expect(page.locator(".clock")).to_have_count(2)
        expect(page.locator(".clock.clock--running .clock__name")).to_have_text("Alice")
    cell_button(x_page, "E5").click()
    for page in pages:
        mark_page(page)
        # Alice's clock stopped at about two minutes; Boris's runs, counted down in the browser.
        expect(page.locator(".clock.clock--running .clock__name")).to_have_text("Boris")
        expect(page.locator(".clock.seat-0 .clock__time")).to_have_text(re.compile(r"^[12]:\d\d$"))
        expect(page.locator(".clock.seat-1 .clock__time")).to_have_text(re.compile(r"^0:0[0-5]$"))
    expect(o_page.locator(".clock.seat-1")).to_have_class(re.compile("clock--low"))
    expect(o_page.locator(".clocks__warning")).to_contain_text("Boris")
    for page in pages:
        expect(page.locator("#status .result")).to_have_text("Winner: Alice", timeout=15_000)
        expect(page.locator("#status .badge")).to_have_text("on time")
        expect(page.locator(".clock.clock--running")).to_have_count(0)
        assert_not_reloaded(page)
    game = Game.objects.get(pk=game.pk)
    assert game.status == GameStatus.FINISHED and game.winners == [0] and game.ply == 1
