"""Live updates, typed moves and the board without JavaScript, in a real browser."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from games import services
from games.models import Game, Move
from tests.browser.conftest import PageFactory, make_user_player
from tests.browser.helpers import (
    assert_not_reloaded,
    cell,
    cell_button,
    mark_page,
    panel,
    wait_for_ply,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def uttt_game() -> tuple[Game, list]:
    """A new ultimate tic-tac-toe game: Alice is X, Boris is O; returns it and the two users."""
    alice_user, alice = make_user_player("Alice", "alice")
    boris_user, boris = make_user_player("Boris", "boris")
    game = services.create_game(kind="uttt", options={}, players=[alice, boris])
    return game, [alice_user, boris_user]


def record_navigations(page: Page) -> list[str]:
    """The URLs the page's main frame navigates to from now on."""
    seen: list[str] = []
    page.on(
        "framenavigated", lambda frame: seen.append(frame.url) if frame == page.main_frame else None
    )
    return seen


def type_move(page: Page, text: str) -> None:
    page.fill('input[name="notation"]', text)
    page.press('input[name="notation"]', "Enter")


def test_others_see_a_move_without_reloading(open_page: PageFactory) -> None:
    game, (alice_user, boris_user) = uttt_game()
    url = game.get_absolute_url()
    spectator = open_page(url)  # not logged in
    opponent = open_page(url, boris_user)
    player = open_page(url, alice_user)
    watchers = [spectator, opponent]
    navigations = {}
    for page in watchers:
        mark_page(page)
        navigations[page] = record_navigations(page)
        expect(cell(page, "E5")).to_have_text("")
        expect(page.locator("button.cell")).to_have_count(0)
    expect(spectator.locator("form[data-move]")).to_have_count(0)
    expect(spectator.locator(".turn")).to_have_text("To move: Alice (X)")

    cell_button(player, "E5").click()

    for page in watchers:
        expect(cell(page, "E5")).to_have_text("X", timeout=5_000)
        expect(page.locator(".turn")).to_have_text("To move: Boris (O)")
        expect(page.locator("table.moves .notation")).to_have_text(["E5"])
        assert_not_reloaded(page)
        assert navigations[page] == []
    # The opponent's board became playable in place: the free cells of D4-F6 only.
    expect(opponent.locator("button.cell.allowed")).to_have_count(8)
    expect(spectator.locator("button.cell")).to_have_count(0)

    # The answer reaches the first player and the spectator the same way.
    mark_page(player)
    navigations[player] = record_navigations(player)
    cell_button(opponent, "D4").click()
    for page in (spectator, player):
        expect(cell(page, "D4")).to_have_text("O", timeout=5_000)
        assert_not_reloaded(page)
        assert navigations[page] == []
    expect(player.locator("button.cell.allowed")).to_have_count(9)  # sent to A1-C3
    assert Game.objects.get(pk=game.pk).ply == 2


def test_typed_moves_and_the_engines_errors(open_page: PageFactory) -> None:
    game, (alice_user, boris_user) = uttt_game()
    url = game.get_absolute_url()
    alice = open_page(url, alice_user)

    type_move(alice, "e5")
    wait_for_ply(alice, 1)
    expect(cell(alice, "E5")).to_have_text("X")
    expect(alice.locator("table.moves .notation")).to_have_text(["E5"])
    expect(alice.locator(".move-error")).to_have_text("")
    assert list(Move.objects.values_list("notation", flat=True)) == ["E5"]

    boris = open_page(url, boris_user)
    expect(boris.locator('input[name="notation"]')).to_have_value("")
    type_move(boris, "a1")  # X played E5: O must answer in the small board D4-F6
    expect(boris.locator(".move-error")).to_have_text("This move must go to the small board D4–F6.")
    expect(cell(boris, "A1")).to_have_text("")
    expect(panel(boris)).to_have_attribute("data-ply", "1")
    assert Move.objects.count() == 1
    assert Game.objects.get(pk=game.pk).ply == 1

    # The same refusals in Russian (the engine's messages are translated).
    boris_ru = open_page(url, boris_user, locale="ru-RU")
    expect(boris_ru.locator("html")).to_have_attribute("lang", "ru")
    type_move(boris_ru, "E5")
    expect(boris_ru.locator(".move-error")).to_have_text("Клетка E5 уже занята.")
    type_move(boris_ru, "ж7")
    expect(boris_ru.locator(".move-error")).to_have_text(
        "«ж7» — не ход: укажите клетку, например E5."
    )
    expect(panel(boris_ru)).to_have_attribute("data-ply", "1")
    assert Move.objects.count() == 1

    # A legal typed move still goes through afterwards, and the error line is cleared.
    type_move(boris, " d4 ")
    wait_for_ply(boris, 2)
    expect(cell(boris, "D4")).to_have_text("O")
    expect(boris.locator(".move-error")).to_have_text("")
    wait_for_ply(alice, 2)
    expect(cell(alice, "D4")).to_have_text("O")
    assert list(Move.objects.order_by("ply").values_list("notation", flat=True)) == ["E5", "D4"]


def test_moves_without_javascript(open_page: PageFactory, live_server) -> None:
    alice_user, alice = make_user_player("Alice", "alice")
    boris_user, boris = make_user_player("Борис", "boris")
    game = services.create_game(kind="sos", options={"rows": 3}, players=[alice, boris])
    url = game.get_absolute_url()
    page = open_page(url, alice_user, javascript=False)

    page.check('input[name="letter"][value="O"]')
    with page.expect_navigation():
        cell_button(page, "B2").click()  # a plain form POST, answered with a redirect
    assert page.url == live_server.url + url
    expect(cell(page, "B2")).to_have_text("O")
    expect(page.locator(".turn")).to_have_text("To move: Борис")
    expect(page.locator("button.cell")).to_have_count(0)
    assert list(Move.objects.values_list("seat", "notation")) == [(0, "B2=O")]

    # Борис, also without JavaScript, types his move.
    other = open_page(url, boris_user, javascript=False)
    other.fill('input[name="notation"]', "a1=s")
    with other.expect_navigation():
        other.click("form.typed-move button[type=submit]")
    assert other.url == live_server.url + url
    expect(cell(other, "A1")).to_have_text("S")
    expect(other.locator(".turn")).to_have_text("To move: Alice")

    # A refused move without JavaScript: the error comes back as a message after the redirect.
    page.reload()
    page.fill('input[name="notation"]', "B2=S")
    with page.expect_navigation():
        page.click("form.typed-move button[type=submit]")
    assert page.url == live_server.url + url
    expect(page.locator(".messages .message--error")).to_have_text("B2 is already taken.")
    expect(cell(page, "B2")).to_have_text("O")
    assert Move.objects.count() == 2
