"""A Persian page reads a result in its own order: a game won by the second player shows "0-1"
with the 0 on the left, on the game's page and in a player's list of games, though the sentence
around it runs right to left."""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator

from games import endings, services
from games.models import Game
from tests.browser.conftest import PageFactory, make_user_player

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The x position (on the screen) of each character of the element's text, in text order.
CHARACTER_X = """el => {
  const out = [];
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let i = 0; i < node.data.length; i++) {
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const box = range.getBoundingClientRect();
      if (box.width > 0) out.push([node.data[i], box.x]);
    }
  }
  return out;
}"""


def visual_text(element: Locator) -> str:
    """The element's characters as the eye reads them, from the left."""
    placed = element.evaluate(CHARACTER_X)
    return "".join(char for char, _x in sorted(placed, key=lambda item: item[1]))


def lost_by_the_first() -> Game:
    _, reza = make_user_player("رضا", "reza")
    _, ali = make_user_player("علی", "ali")
    game = services.create_game(kind="sos", options={}, players=[reza, ali])
    return services.set_outcome(game=game, winners=[1], reason=endings.ADJUDICATED)


def test_a_persian_game_page_reads_zero_one_from_the_left(open_page: PageFactory) -> None:
    game = lost_by_the_first()
    assert game.result_text == "0-1"
    page = open_page(game.get_absolute_url(), locale="fa-IR")
    assert page.locator("html").get_attribute("dir") == "rtl"
    status = page.locator(".status").first
    assert "0-1" in status.inner_text()
    # The whole status line as drawn: the result, read from the left, is still "0-1".
    assert "0-1" in visual_text(status)
    assert visual_text(page.locator(".result-text")) == "0-1"

    # The winner's page lists the game (games/_game_row.html).
    winner = game.seats.get(number=1).player
    listing = open_page(winner.get_absolute_url(), locale="fa-IR")
    row = listing.locator(f'tr:has(a[href="{game.get_absolute_url()}"])')
    assert "0-1" in visual_text(row)
