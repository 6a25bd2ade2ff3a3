"""A new player on a 390×844 phone: signs up, verifies his address (the mail caught by the test
mail backend), joins an open tournament, is paired (the arbiter pairs through the service),
plays the whole game by tapping, and reads "my games"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core import mail
from playwright.sync_api import Browser, Page, expect

from games import services as game_services
from games.models import Game, Player
from tests.browser.club import PHONE
from tests.browser.conftest import PASSWORD, TIMEOUT_MS, make_user_player
from tests.browser.helpers import cell_button, wait_for_ply
from tournaments import pairings
from tournaments.acts import registration
from tournaments.acts import services as tournament_services
from tournaments.models import Entry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots")
NEW_PASSWORD = "a-phone-player-pass-42"


def assert_no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], (page.url, width)


def open_menu(page: Page) -> None:
    """On a phone the header's menu folds behind its toggle."""
    toggle = page.locator(".menu-toggle")
    if toggle.is_visible():
        toggle.tap()


def test_sign_up_join_play_and_find_my_games(browser: Browser, live_server) -> None:
    arbiter = User.objects.create_user("arbiter", password=PASSWORD)
    cup = tournament_services.create_tournament(
        name="Phone Cup",
        kind="sos",
        options={"rows": 3, "cols": 3, "mode": "most"},
        rounds=1,
        created_by=arbiter,
    )
    registration.set_registration(tournament=cup, user=arbiter, open=True, approval=False)
    boris_user, boris = make_user_player("Борис", "boris")
    tournament_services.register(tournament=cup, player=boris, user=arbiter)

    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="en-US")
    context.set_default_timeout(TIMEOUT_MS)
    # Page loads on a busy machine (sign-up hashes a password) may take longer than one action.
    context.set_default_navigation_timeout(4 * TIMEOUT_MS)
    try:
        page = context.new_page()
        # The public link, as a visitor: sign up first.
        page.goto(f"{live_server.url}/tournaments/{cup.pk}/join/")
        assert_no_sideways_scroll(page)
        page.get_by_role("link", name="Sign up").first.tap()
        expect(page.locator("h1")).to_have_text("Sign up")
        assert_no_sideways_scroll(page)
        page.get_by_label("Username").fill("nina")
        page.get_by_label("Email").fill("nina@example.org")
        page.get_by_label("Password", exact=True).fill(NEW_PASSWORD)
        page.get_by_label("Password (again)").fill(NEW_PASSWORD)
        page.get_by_label("I am new here: make my player").check()
        page.get_by_label("Name", exact=True).fill("Nina Novak")
        page.get_by_role("button", name="Sign up").tap()
        expect(page.locator("h1")).to_have_text("Verify your e-mail address")

        # The mail, caught in memory; its link verifies and logs in.
        assert [m.to for m in mail.outbox] == [["nina@example.org"]]
        link = re.search(r"https?://\S+", mail.outbox[0].body)
        assert link is not None
        page.goto(link.group(0))
        open_menu(page)
        expect(page.locator(".account__name")).to_have_text("nina")

        # Join the tournament.
        page.goto(f"{live_server.url}/tournaments/{cup.pk}/join/")
        page.get_by_role("button", name="Join as Nina Novak").tap()
        expect(page.locator(".registration-state")).to_have_text("You are registered.")
        assert_no_sideways_scroll(page)
        nina = Player.objects.get(user__username="nina")
        assert Entry.objects.filter(tournament=cup, player=nina).exists()

        # The arbiter pairs round 1.
        rnd = pairings.pair_round(tournament=cup, user=arbiter)
        game = Game.objects.get(pairing__round=rnd)

        # "My games" shows the pairing; the game is one tap away.
        page.goto(live_server.url + "/")
        open_menu(page)
        page.get_by_role("link", name=re.compile("^My games")).tap()
        expect(page.locator(".my-pairings")).to_contain_text("Phone Cup")
        expect(page.locator(".my-pairings")).to_contain_text("against Борис")
        page.locator(".my-pairings").get_by_role("link", name="the game").tap()
        expect(page).to_have_url(live_server.url + game.get_absolute_url())

        # The whole game: Nina taps, Борис plays through the service (the page follows by poll).
        seats = {s.number: s.player for s in game.seats.all()}
        ply = 0
        while True:
            game.refresh_from_db()
            if not game.is_active:
                break
            state = game.current_state()
            seat = game.rules.to_move(state)
            move = game.rules.legal_moves(state)[0]
            if seats[seat] == nina:
                name, letter = move.split("=")
                page.locator(f'input[name="letter"][value="{letter}"]').check()
                cell_button(page, name).tap()
            else:
                game_services.submit_move(game=game, user=boris_user, notation=move)
            ply += 1
            wait_for_ply(page, ply)
        expect(page.locator("button.cell")).to_have_count(0)
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "join-game-over.png"), full_page=True)

        # "My games" again: no move waits, the result is there.
        page.goto(live_server.url + "/accounts/games/")
        expect(page.locator("#to-move + p")).to_have_text("No game waits for your move.")
        results = page.locator(".my-results")
        expect(results).to_contain_text("Nina Novak")
        expect(results).to_contain_text(game.result_text)
        assert_no_sideways_scroll(page)
        page.screenshot(path=str(SHOTS / "join-my-games.png"), full_page=True)
    finally:
        context.close()
