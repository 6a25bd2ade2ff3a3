"""The home page a visitor lands on: the tournaments being played and coming up (the
tournaments app's answer to the home page's hook), and the ways in — sign up, log in, look
around."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.factories import make_user
from tests.tournaments.helpers import new_tournament, pair, play_round, seed_players
from tournaments.acts import registration

pytestmark = pytest.mark.django_db

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def _section(page: str, css_class: str) -> str:
    start = page.index(f'class="{css_class}"')
    return page[start : page.index("</ul>", start)]


def test_current_and_upcoming_tournaments_are_on_the_home_page(client: Client) -> None:
    arbiter = make_user("arb")
    running = new_tournament(arbiter, name="Winter Swiss", rounds=3)
    seed_players(running, arbiter, 4)
    pair(running, arbiter)
    upcoming = new_tournament(arbiter, name="Spring Open")
    registration.set_registration(tournament=upcoming, user=arbiter, open=True, approval=False)
    finished = new_tournament(arbiter, name="Old Cup", rounds=1)
    seed_players(finished, arbiter, 2)
    play_round(finished, arbiter)

    page = client.get("/", **EN).content.decode()
    current = _section(page, "tournament-list tournament-list--current")
    coming = _section(page, "tournament-list tournament-list--upcoming")
    assert running.get_absolute_url() in current and "Winter Swiss" in current
    assert upcoming.get_absolute_url() in coming and "Spring Open" in coming
    assert f"/tournaments/{upcoming.pk}/join/" in coming  # its registration is open
    assert "Old Cup" not in page
    assert 'href="/tournaments/"' in page  # all of them


def test_without_tournaments_the_home_page_says_so(client: Client) -> None:
    page = client.get("/", **EN).content.decode()
    assert "No tournament is being played or coming up." in page


def test_a_visitor_is_shown_the_ways_in(client: Client) -> None:
    page = client.get("/", **EN).content.decode()
    way_in = page[page.index('class="way-in"') : page.index("</p>", page.index('class="way-in"'))]
    assert 'href="/accounts/signup/"' in way_in and 'href="/accounts/login/"' in way_in
    assert 'href="/games/"' in way_in and 'href="/players/"' in way_in
    client.force_login(make_user("member"))
    assert 'class="way-in"' not in client.get("/", **EN).content.decode()
