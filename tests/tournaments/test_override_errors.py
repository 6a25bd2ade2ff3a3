"""An override that puts a player against himself, or on two boards, is refused — on paper and
online alike (it used to be stored with a warning, or to end in a 500) — and nothing changes."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

from games.models import Game
from tests.tournaments.helpers import (
    boards,
    make_player,
    new_tournament,
    pair,
    reload,
    seed_players,
    set_boards,
)
from tournaments import pairing
from tournaments.acts import given_pairings, services
from tournaments.errors import TournamentError
from tournaments.models import Pairing, Result
from tournaments.pairing.check import ERRORS, check_boards

pytestmark = pytest.mark.django_db


def state(rnd: Any) -> list[tuple[Any, ...]]:
    return list(
        Pairing.objects.filter(round=rnd)
        .order_by("board")
        .values_list("pk", "board", "first_id", "second_id", "game_id", "manual")
    )


@pytest.mark.parametrize("online", [False, True])
@pytest.mark.parametrize(
    ("shape", "message"),
    [
        # The name isolated (FSI…PDI): the message is plain text, shown on the override form.
        ("himself", "\u2068P01\u2069 is paired against himself."),
        ("two boards", "\u2068P01\u2069 is paired 2 times."),
        ("twice on one board and a bye", "\u2068P01\u2069 is paired 2 times."),
    ],
)
def test_a_player_twice_is_refused(arbiter: User, online: bool, shape: str, message: str) -> None:
    t = new_tournament(arbiter, rounds=3, online=online)
    a, b, c, d = seed_players(t, arbiter, 4, account=online)
    rnd = pair(t, arbiter)
    before = state(rnd)
    games = Game.objects.count()
    wanted = {
        "himself": [(a, a), (b, c)],
        "two boards": [(a, b), (a, c)],
        "twice on one board and a bye": [(a, b), (c, d), (a, None)],
    }[shape]
    with translation.override("en"), pytest.raises(TournamentError) as refused:
        set_boards(rnd, arbiter, wanted)
    assert refused.value.code == "bad_boards"
    assert message in refused.value.message
    assert state(rnd) == before
    assert Game.objects.count() == games


def test_a_player_with_a_half_point_bye_cannot_be_put_on_a_board(arbiter: User) -> None:
    t = new_tournament(arbiter, rounds=3)
    players = seed_players(t, arbiter, 4)
    late = services.register(tournament=t, player=make_player("Late"), user=arbiter, half_byes=[1])
    rnd = pair(t, arbiter)
    a, b, c, d = players
    before = state(rnd)
    with pytest.raises(TournamentError) as refused:
        set_boards(rnd, arbiter, [(a, late), (b, c), (d, None)])
    assert refused.value.code == "bad_boards"
    assert state(rnd) == before


def test_the_override_page_shows_the_error_and_keeps_the_boards(
    arbiter: User, client_for: Any
) -> None:
    """Online: the games are not touched; the form comes back with the error (no 500)."""
    t = new_tournament(arbiter, rounds=3, online=True)
    a, b, c, _d = seed_players(t, arbiter, 4, account=True)
    rnd = pair(t, arbiter)
    before = state(rnd)
    client: Client = client_for(arbiter)
    data = {
        "first_0": str(a.pk),
        "second_0": str(a.pk),
        "first_1": str(b.pk),
        "second_1": str(c.pk),
    }
    response = client.post(f"/tournaments/{t.pk}/rounds/1/override/", data)
    assert response.status_code == 200
    assert "\u2068P01\u2069 is paired against himself." in response.content.decode()
    assert state(rnd) == before
    assert all(reload(p).game is not None for p in boards(rnd))


def test_a_clean_override_still_goes_through(arbiter: User) -> None:
    """The control: the same round, a lawful set of boards."""
    t = new_tournament(arbiter, rounds=3, online=True)
    a, b, c, d = seed_players(t, arbiter, 4, account=True)
    rnd = pair(t, arbiter)
    assert set_boards(rnd, arbiter, [(a, d), (b, c)]) == []
    assert [(p.first, p.second) for p in boards(rnd)] == [(a, d), (b, c)]


def test_the_checker_names_what_is_an_error() -> None:
    pairs = [pairing.Pair(1, 1, 1), pairing.Pair(2, 2, 3), pairing.Pair(3, 2, None)]
    found = check_boards(pairs, round_no=4)
    assert [(e.code, e.params) for e in found] == [
        ("self_paired", {"round": 4, "entry": 1, "board": 1}),
        ("paired_twice", {"round": 4, "entry": 2, "count": 2}),
    ]
    assert {e.code for e in found} <= ERRORS
    assert check_boards([pairing.Pair(1, 1, 2), pairing.Pair(2, 3, None)], round_no=1) == []


@pytest.mark.parametrize(
    ("shape", "message"),
    [
        ("himself", "\u2068P01\u2069 is paired against himself."),
        ("two boards", "\u2068P01\u2069 is paired 2 times."),
        ("a board and a bye", "\u2068P01\u2069 is paired 2 times."),
    ],
)
def test_a_round_added_as_paired_elsewhere_refuses_a_player_twice(
    arbiter: User, shape: str, message: str
) -> None:
    """A round brought in from a file (``given_pairings.add_round``, the TRF import's path) is
    checked as an override is: nothing is created."""
    t = new_tournament(arbiter, rounds=3)
    a, b, c, d = (e.pk for e in seed_players(t, arbiter, 4))
    wanted = {
        "himself": [(a, a, ""), (b, c, "")],
        "two boards": [(a, b, ""), (a, c, "")],
        "a board and a bye": [(a, b, ""), (c, d, ""), (a, None, Result.ZERO_BYE)],
    }[shape]
    with translation.override("en"), pytest.raises(TournamentError) as refused:
        given_pairings.add_round(tournament=t, boards=wanted, user=arbiter)
    assert refused.value.code == "bad_boards"
    assert message in refused.value.message
    assert not t.round_set.exists()
    assert not Pairing.objects.filter(round__tournament=t).exists()
    # The control: the same players on lawful boards.
    rnd = given_pairings.add_round(tournament=t, boards=[(a, b, ""), (c, d, "")], user=arbiter)
    assert rnd.pairings.count() == 2
