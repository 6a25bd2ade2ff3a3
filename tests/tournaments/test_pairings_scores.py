"""The pairings show each player's points before the round (what the boards were paired on)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tests.tournaments.helpers import boards, new_tournament, pair, play_round, seed_players
from tests.views.helpers import parse
from tournaments.acts import services

pytestmark = pytest.mark.django_db


def scores_on_page(client: Client, url: str) -> dict[str, str]:
    """Name -> the points shown beside it on each board of the pairings table at ``url``."""
    table = parse(client.get(url)).find("table", cls="pairings")
    shown = {}
    for row in table.find("tbody").find_all("tr"):
        if not row.attrs.get("id", "").startswith("board-"):
            continue
        cells = row.find_all("td", id=None)
        cells = [c for c in cells if c.parent is row]
        first_points, first, _result, second, second_points = (c.text() for c in cells[1:6])
        shown[first] = first_points
        if second != "bye":
            shown[second] = second_points
        else:
            assert second_points == ""
    return shown


def test_each_board_shows_the_points_before_the_round(arbiter: User) -> None:
    t = new_tournament(arbiter, name="Autumn Swiss", rounds=3)
    seed_players(t, arbiter, 5)
    round_1 = play_round(t, arbiter, "1-0")  # first movers win; the bye scores 1 too
    expected = {}
    for p in boards(round_1):
        expected[p.first.player.name] = "1"
        if p.second:
            expected[p.second.player.name] = "0"
    round_2 = pair(t, arbiter)
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    url = reverse("tournaments:round", args=[t.pk, round_2.number])
    assert scores_on_page(client, url) == expected
    # A result entered in round 2 does not change what the round was paired on.
    first_board = boards(round_2)[0]
    services.record_result(pairing=first_board, result="1-0", user=arbiter)
    assert scores_on_page(client, url) == expected
    # Round 1 was paired on nothing: every player had 0.
    url_1 = reverse("tournaments:round", args=[t.pk, round_1.number])
    assert set(scores_on_page(client, url_1).values()) == {"0"}
    # The tournament page shows the current round the same way.
    assert scores_on_page(client, t.get_absolute_url()) == expected
