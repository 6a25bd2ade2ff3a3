"""A whole SOS game on a 3×3 grid, played by two people clicking in two browsers."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from games import services
from games.models import Game, GameStatus, Move
from games.rules import get_rules
from tests.browser.conftest import PageFactory, make_user_player
from tests.browser.helpers import (
    assert_not_reloaded,
    cell,
    cell_button,
    mark_page,
    score,
    wait_for_ply,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots")

# (seat, move, points): Alice (seat 0) scores the diagonal A1-B2-C3 with B2=O and moves again;
# Борис (seat 1) then scores three times in a row (C1, A2, C2) and wins 3-2 on a full grid.
SEQUENCE = [
    (0, "A1=S", 0),
    (1, "C3=S", 0),
    (0, "B2=O", 1),
    (0, "A3=S", 0),
    (1, "C1=S", 1),
    (1, "A2=O", 1),
    (1, "C2=O", 1),
    (1, "B1=S", 0),
    (0, "B3=S", 1),
]
FINAL_SCORES = (2, 3)


def check_sequence_with_the_rules_engine() -> None:
    """The move list above is what the rules engine says it is (extra turns, points, result)."""
    rules = get_rules("sos", rows=3)
    state = rules.start()
    for seat, move, points in SEQUENCE:
        assert rules.to_move(state) == seat, move
        state = rules.play(state, move)
        assert state.points[-1] == points, move
        assert state.extra_turn == bool(points and rules.outcome(state) is None), move
    outcome = rules.outcome(state)
    assert outcome is not None
    assert outcome.scores == FINAL_SCORES
    assert outcome.winners == (1,)


def test_whole_sos_game_by_clicking(open_page: PageFactory) -> None:
    check_sequence_with_the_rules_engine()
    alice_user, alice = make_user_player("Alice", "alice")
    boris_user, boris = make_user_player("Борис", "boris")
    game = services.create_game(kind="sos", options={"rows": 3}, players=[alice, boris])
    url = game.get_absolute_url()
    pages = [open_page(url, alice_user), open_page(url, boris_user)]
    names = ["Alice", "Борис"]
    for page in pages:
        mark_page(page)
        expect(page.locator("html")).to_have_attribute("lang", "en")
        expect(page.locator(".turn")).to_have_text("To move: Alice")
        expect(page.locator(".extra-turn")).to_have_count(0)

    scores = [0, 0]
    for ply, (seat, move, points) in enumerate(SEQUENCE, start=1):
        mover, other = pages[seat], pages[1 - seat]
        # Only the player to move gets the clickable board and the S/O choice.
        expect(mover.locator(".turn")).to_have_text(f"To move: {names[seat]}")
        expect(other.locator(".turn")).to_have_text(f"To move: {names[seat]}")
        expect(other.locator("button.cell")).to_have_count(0)
        expect(other.locator('input[name="letter"]')).to_have_count(0)
        expect(mover.locator("button.cell.allowed")).to_have_count(10 - ply)

        name, letter = move.split("=")
        mover.check(f'input[name="letter"][value="{letter}"]')
        cell_button(mover, name).click()

        scores[seat] += points
        for page in pages:
            wait_for_ply(page, ply)
            expect(cell(page, name)).to_have_text(letter)
            expect(page.locator("svg.sos-lines line")).to_have_count(sum(scores))
            expect(score(page, 1)).to_have_text(str(scores[0]))
            expect(score(page, 2)).to_have_text(str(scores[1]))
            expect(page.locator(".move-error")).to_have_text("")
            if ply == len(SEQUENCE):
                continue
            if points:
                # A scoring move: the same player moves again, and the page says why.
                expect(page.locator(".extra-turn")).to_have_text(
                    "Extra turn: the last move scored."
                )
                expect(page.locator(".turn")).to_have_text(f"To move: {names[seat]}")
            else:
                expect(page.locator(".extra-turn")).to_have_count(0)
                expect(page.locator(".turn")).to_have_text(f"To move: {names[1 - seat]}")
        if ply == 3:
            SHOTS.mkdir(parents=True, exist_ok=True)
            mover.screenshot(path=str(SHOTS / "sos-extra-turn.png"), full_page=True)

    for page in pages:
        expect(page.locator(".result")).to_have_text("Winner: Борис")
        expect(page.locator(".turn")).to_have_count(0)
        expect(page.locator(".extra-turn")).to_have_count(0)
        expect(page.locator("button.cell")).to_have_count(0)
        expect(page.locator("table.seats tr.winner")).to_have_count(1)
        expect(page.locator("table.seats tr.seat-2")).to_have_class("seat-2 winner")
        expect(page.locator("svg.sos-lines line")).to_have_count(5)
        expect(page.locator("table.moves .notation")).to_have_text([m for _, m, _ in SEQUENCE])
        # The whole game was played without a single page load.
        assert_not_reloaded(page)
    pages[0].screenshot(path=str(SHOTS / "sos-final.png"), full_page=True)

    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert game.winners == [1]
    assert game.scores == list(FINAL_SCORES)
    stored = list(Move.objects.filter(game=game).values_list("seat", "notation", "points"))
    assert stored == SEQUENCE
    assert Game.objects.count() == 1


def test_sos_game_in_russian(open_page: PageFactory) -> None:
    """The end of the game above on a Russian page: turn, extra turn and result in Russian."""
    users = {}
    users[0], alice = make_user_player("Alice", "alice")
    users[1], boris = make_user_player("Борис", "boris")
    game = services.create_game(kind="sos", options={"rows": 3}, players=[alice, boris])
    for seat, move, _ in SEQUENCE[:7]:
        services.submit_move(game=game, user=users[seat], notation=move)
    page = open_page(game.get_absolute_url(), users[1], locale="ru-RU")
    mark_page(page)
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    expect(page.locator(".site-name")).to_have_text("Клуб SOS и тактических крестиков-ноликов")
    # Борис has just scored with C2=O: he moves again.
    expect(page.locator(".turn")).to_have_text("Ходит: Борис")
    expect(page.locator(".extra-turn")).to_have_text(
        "Дополнительный ход: предыдущий ход принёс очко."
    )

    assert SEQUENCE[7] == (1, "B1=S", 0)
    page.check('input[name="letter"][value="S"]')
    cell_button(page, "B1").click()
    wait_for_ply(page, 8)
    expect(page.locator(".turn")).to_have_text("Ходит: Alice")
    expect(page.locator(".extra-turn")).to_have_count(0)

    # Alice's last move, made elsewhere, reaches the Russian page by itself.
    seat, move, _ = SEQUENCE[8]
    services.submit_move(game=game, user=users[seat], notation=move)
    wait_for_ply(page, 9)
    expect(score(page, 1)).to_have_text("2")
    expect(score(page, 2)).to_have_text("3")
    expect(page.locator(".result")).to_have_text("Победитель: Борис")
    assert_not_reloaded(page)
