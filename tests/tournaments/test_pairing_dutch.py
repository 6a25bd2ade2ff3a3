"""The site's Swiss is the Dutch system, with its histories read from the database."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from tests.tournaments.helpers import boards, names, new_tournament, pair, play_round, seed_players
from tournaments.models import Result

pytestmark = pytest.mark.django_db


def test_round_two_is_the_dutch_pairing_with_its_reasons(arbiter: User) -> None:
    t = new_tournament(arbiter, rounds=3)
    seed_players(t, arbiter, 4)
    play_round(t, arbiter, "1-0")  # P01 and P04 (first movers) win
    rnd = pair(t, arbiter)
    # Winners P01 and P04 both want the second move: the higher-ranked P01 gets it (E.4).
    assert [row[:2] for row in names(rnd)] == [("P04", "P01"), ("P02", "P03")]
    first = boards(rnd)[0]
    assert [r["code"] for r in first.reasons] == ["dutch_pair", "dutch_e4"]


def test_a_forfeit_stored_on_the_site_is_no_meeting(arbiter: User) -> None:
    t = new_tournament(arbiter, rounds=3)
    seed_players(t, arbiter, 2)
    one = play_round(t, arbiter, Result.FORFEIT_WIN)
    assert boards(one)[0].result == Result.FORFEIT_WIN
    rnd = pair(t, arbiter)  # the two may meet again: the game was not played
    assert len(boards(rnd)) == 1 and boards(rnd)[0].second is not None
