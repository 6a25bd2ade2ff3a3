"""A whole game of ultimate tic-tac-toe (tactical preset) clicked through to a win for X."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from games import services
from games.models import GameStatus, Move
from games.rules import get_rules
from tests.browser.conftest import PageFactory, make_user_player
from tests.browser.helpers import (
    allowed_cells,
    assert_not_reloaded,
    cell,
    mark_page,
    score,
    wait_for_ply,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots")

# X wins the small boards D1-F3 (move 17), D7-F9 (move 21) and D4-F6 (move 23): the middle
# column of the big board. Move 19 (B7) sends O to D1-F3, already won by X but not full: under
# the tactical preset O must still play there (E3).
# fmt: off
MOVES = [
    "B6", "E7", "F1", "H2", "F4", "H3", "F8", "H4",
    "E2", "F6", "I9", "H8", "D4", "B3", "D8", "B4",
    "D3", "A9", "B7", "E3", "E8", "E5", "E4",
]
# fmt: on


def replay_with_the_rules_engine() -> list:
    """The states after 0, 1, … moves; checks that X wins with the last move."""
    rules = get_rules("uttt")
    states = [rules.start()]
    for move in MOVES:
        states.append(rules.play(states[-1], move))
    for state in states[:-1]:
        assert rules.outcome(state) is None
    outcome = rules.outcome(states[-1])
    assert outcome is not None
    assert outcome.winners == (0,)
    assert outcome.reason == "line"
    assert states[-1].board_status == (
        "open",
        "x",
        "open",
        "open",
        "x",
        "open",
        "open",
        "x",
        "open",
    )
    return states


def board_of(name: str) -> int:
    col = ord(name[0]) - ord("A")
    row = int(name[1:]) - 1
    return col // 3 + 3 * (row // 3)


def test_whole_uttt_game_by_clicking(open_page: PageFactory) -> None:
    states = replay_with_the_rules_engine()
    rules = get_rules("uttt")
    alice_user, alice = make_user_player("Alice", "alice")
    boris_user, boris = make_user_player("Boris", "boris")
    game = services.create_game(kind="uttt", options={}, players=[alice, boris])
    url = game.get_absolute_url()
    pages = [open_page(url, alice_user), open_page(url, boris_user)]
    names = ["Alice (X)", "Boris (O)"]
    for page in pages:
        mark_page(page)
        expect(page.locator("table.seats tr.seat-1 td.mark")).to_have_text("X")
        expect(page.locator("table.seats tr.seat-2 td.mark")).to_have_text("O")

    for ply, move in enumerate(MOVES, start=1):
        state = states[ply - 1]
        seat = rules.to_move(state)
        assert seat == (ply - 1) % 2
        mover, other = pages[seat], pages[1 - seat]
        legal = rules.legal_moves(state)
        zone = rules.allowed_boards(state)
        for page in pages:
            expect(page.locator(".turn")).to_have_text(f"To move: {names[seat]}")
            # The boards the mover may play in are shown to both players and to spectators.
            expect(page.locator(".small-board.zone")).to_have_count(len(zone))
        # The clickable cells: exactly the legal moves, all in the board the mover was sent to.
        expect(mover.locator("button.cell.allowed")).to_have_count(len(legal))
        expect(mover.locator("button.cell")).to_have_count(len(legal))
        shown = allowed_cells(mover)
        assert sorted(shown) == sorted(legal), f"move {ply}"
        assert {board_of(name) for name in shown} == set(zone), f"move {ply}"
        if ply > 1:
            assert len(zone) == 1, "every move of this game sends to one small board"
        expect(other.locator("button.cell")).to_have_count(0)

        mover.locator(f'button.cell.allowed[value="{move}"]').click()

        after = states[ply]
        won = after.board_status.count("x")
        for page in pages:
            wait_for_ply(page, ply)
            expect(cell(page, move)).to_have_text("XO"[seat])
            status = after.board_status[board_of(move)]
            expect(cell(page, move)).to_have_class(re.compile(rf"\bb-{status}\b"))
            expect(page.locator(".small-board.b-x")).to_have_count(won)
            expect(page.locator(".small-board.b-o")).to_have_count(0)
            expect(score(page, 1)).to_have_text(str(won))
            expect(score(page, 2)).to_have_text("0")
        if ply == 17:
            # The first decided board: D1-F3 is marked won by X on the big board's overview.
            for page in pages:
                expect(page.locator(".small-board").nth(1)).to_have_class(re.compile(r"\bb-x\b"))
                expect(page.locator(".small-board").nth(1)).to_have_text("X")
                expect(page.locator(".small-board").nth(1)).to_have_attribute("title", "won by X")
        if ply == 19:
            SHOTS.mkdir(parents=True, exist_ok=True)
            # O (to move) is sent to D1-F3, won by X: its free cells are the clickable ones.
            other.screenshot(path=str(SHOTS / "uttt-sent-to-won-board.png"), full_page=True)

    final = pages[0]
    for page in pages:
        expect(page.locator(".result")).to_have_text("Winner: Alice")
        expect(page.locator(".turn")).to_have_count(0)
        expect(page.locator("button.cell")).to_have_count(0)
        expect(page.locator(".small-board.zone")).to_have_count(0)
        expect(page.locator(".small-board.b-x")).to_have_count(3)
        expect(page.locator("table.seats tr.seat-1")).to_have_class("seat-1 winner")
        expect(page.locator("table.moves .notation")).to_have_text(MOVES)
        assert_not_reloaded(page)
    final.screenshot(path=str(SHOTS / "uttt-final.png"), full_page=True)

    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert game.winners == [0]
    assert game.end_reason == "line"
    assert list(Move.objects.filter(game=game).values_list("notation", flat=True)) == MOVES


BOARD_INDEX = {"A7–C9": 6, "D1–F3": 1}


def backgrounds(page: Page, selector: str) -> set[str]:
    """The computed background colours of the elements matching ``selector``."""
    return set(
        page.locator(selector).evaluate_all(
            "els => els.map(e => getComputedStyle(e).backgroundColor)"
        )
    )


@pytest.mark.parametrize(
    ("played", "board"),
    [
        pytest.param(18, "A7–C9", id="sent-to-an-open-board"),
        pytest.param(19, "D1–F3", id="sent-to-a-board-won-by-X"),
    ],
)
def test_playable_cells_stand_out(open_page: PageFactory, played: int, board: str) -> None:
    """The clickable cells look different from the other cells of their small board."""
    states = replay_with_the_rules_engine()
    rules = get_rules("uttt")
    users = {}
    users[0], alice = make_user_player("Alice", "alice")
    users[1], boris = make_user_player("Boris", "boris")
    game = services.create_game(kind="uttt", options={}, players=[alice, boris])
    for ply, move in enumerate(MOVES[:played]):
        services.submit_move(game=game, user=users[ply % 2], notation=move)
    seat = rules.to_move(states[played])
    page = open_page(game.get_absolute_url(), users[seat])
    legal = rules.legal_moves(states[played])
    assert {board_of(name) for name in legal} == {BOARD_INDEX[board]}
    expect(page.locator("button.cell.allowed")).to_have_count(len(legal))
    expect(page.locator("span.cell.zone")).to_have_count(9 - len(legal))

    # One look for every playable cell, and not the look of the taken cells around them.
    playable = backgrounds(page, "button.cell.allowed")
    taken = backgrounds(page, "span.cell.zone")
    assert len(playable) == 1, playable
    assert playable.isdisjoint(taken), (
        f"in the small board {board}, the cells to play have the background of the taken "
        f"ones: {playable}"
    )
