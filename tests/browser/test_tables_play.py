"""A table of three at an SOS event at tables (issue 30), played online to its end by its three
players clicking in three browser contexts: each sees the others' moves arrive by themselves,
and the table's result (counts, places, points) then stands on the round page."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from games.models import Game, GameStatus, Player
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
from tests.tournaments.helpers import new_tournament, register_all
from tournaments import pairings
from tournaments.acts import clocks
from tournaments.models import TableSeating

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GRID = {"rows": 3, "cols": 3, "mode": "most"}
# (seat, move, points): seat 2 scores C1 and moves again; seat 0 then scores five in a row.
SEQUENCE = [
    (0, "A1=S", 0),
    (1, "B1=O", 0),
    (2, "C1=S", 1),
    (2, "A2=O", 0),
    (0, "A3=S", 1),
    (0, "B2=O", 1),
    (0, "C3=S", 1),
    (0, "C2=O", 1),
    (0, "B3=O", 1),
]
FINAL_SCORES = (5, 0, 1)


def check_sequence_with_the_rules_engine() -> None:
    rules = get_rules("sos", players=3, **GRID)
    state = rules.start()
    for seat, move, points in SEQUENCE:
        assert rules.to_move(state) == seat, move
        state = rules.play(state, move)
        assert state.points[-1] == points, move
    outcome = rules.outcome(state)
    assert outcome is not None and outcome.scores == FINAL_SCORES and outcome.winners == (0,)


def test_three_players_play_their_table_to_the_end(open_page: PageFactory) -> None:
    check_sequence_with_the_rules_engine()
    arbiter = User.objects.create_user(username="arbiter", password="x")
    people = [make_user_player(name, name.lower()) for name in ("Alice", "Bob", "Carol")]
    t = new_tournament(
        arbiter,
        name="Table Night",
        format="sos_tables",
        format_options={"size": 3},
        online=True,
        options=GRID,
        time_control="fischer/600/5",
    )
    register_all(t, arbiter, [player for _user, player in people])
    rnd = pairings.pair_round(tournament=t, user=arbiter)
    clocks.start_round(user=arbiter, rnd=rnd)
    row = TableSeating.objects.get(round=rnd, number=1)
    game = Game.objects.get(pk=row.game_id)
    seated = [Player.objects.get(pk=s.player_id) for s in game.seats.order_by("number")]
    users = {player.pk: user for user, player in people}
    names = [p.name for p in seated]

    # Each player finds the game from the round page, in a browser context of his own.
    pages = []
    for player in seated:
        page = open_page(rnd.get_absolute_url(), users[player.pk])
        page.locator("#table-1 .table-game a").click()
        expect(page.locator("table.seats tbody tr")).to_have_count(3)
        mark_page(page)
        pages.append(page)

    scores = [0, 0, 0]
    for ply, (seat, move, points) in enumerate(SEQUENCE, start=1):
        mover = pages[seat]
        for page in pages:
            expect(page.locator(".turn")).to_have_text(f"To move: {names[seat]}")
        for other, page in enumerate(pages):
            if other != seat:
                expect(page.locator("button.cell")).to_have_count(0)
        name, letter = move.split("=")
        mover.check(f'input[name="letter"][value="{letter}"]')
        cell_button(mover, name).click()
        scores[seat] += points
        for page in pages:  # the move reaches every page by itself
            wait_for_ply(page, ply)
            expect(cell(page, name)).to_have_text(letter)
            for k in range(3):
                expect(score(page, k + 1)).to_have_text(str(scores[k]))

    for page in pages:
        expect(page.locator(".result")).to_contain_text(names[0])
        expect(page.locator("button.cell")).to_have_count(0)
        assert_not_reloaded(page)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED and game.scores == list(FINAL_SCORES)

    # The table's result, from the game: on the round page.
    page = pages[1]
    page.goto(page.url.split("/games/")[0] + rnd.get_absolute_url())
    table = page.locator("#table-1 table.seats tbody tr")
    expect(table).to_have_count(3)
    for k, count in enumerate(FINAL_SCORES):
        cells = table.nth(k).locator("td")
        expect(cells.nth(1)).to_have_text(names[k])
        expect(cells.nth(2)).to_have_text(str(count))
    expect(table.nth(0).locator("td").nth(3)).to_have_text("1")
    expect(table.nth(1).locator("td").nth(3)).to_have_text("3")
    expect(table.nth(2).locator("td").nth(3)).to_have_text("2")
    seats = list(row.seats.order_by("seat").values_list("sos_count", "place"))
    assert seats == [(5, 1.0), (0, 3.0), (1, 2.0)]
