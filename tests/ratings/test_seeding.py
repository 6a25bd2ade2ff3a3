"""A tournament seeded from its list takes its entries' ratings from the list when round 1 is
paired — the ratings on its start date — and keeps them: later changes of the list do not
reach it (FIDE: the ratings in force at the start)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User

from ratings.models import RatedTournament
from tests import factories
from tests.ratings.helpers import entry, make_list, play, rated_tournament, start
from tests.tournaments.helpers import boards, make_player, pair
from tournaments.acts import given_pairings, services

pytestmark = pytest.mark.django_db

MARCH, APRIL = dt.date(2026, 3, 1), dt.date(2026, 4, 1)


def test_round_one_takes_the_lists_ratings_and_freezes(arbiter: User) -> None:
    rating_list = make_list()
    ann, ben = make_player("Ann", rating=1234), make_player("Ben", rating=1999)
    new = make_player("New", rating=1700)
    start(rating_list, ann, 1600, games=40)
    start(rating_list, ben, 1500, games=40)
    march = rated_tournament(arbiter, rating_list, [ann, ben], MARCH, rounds=1)
    play(march, arbiter, [(ann, ben, "1-0")])  # Ann 1607, Ben 1493 after March
    april = rated_tournament(arbiter, rating_list, [ann, ben, new], APRIL, rounds=2, seed=True)
    assert entry(april, ann).rating == 1234  # typed, until round 1 is paired
    pair(april, arbiter)
    assert (entry(april, ann).rating, entry(april, ben).rating) == (1607, 1493)
    assert entry(april, new).rating is None  # not on the list: unrated
    frozen = RatedTournament.objects.get(tournament=april).frozen_at
    assert frozen is not None
    # March corrected afterwards: the list moves, April's starting ratings do not.
    board = boards(march.round_set.get(number=1))[0]
    with factories.committed():
        services.record_result(pairing=board, result="0-1", user=arbiter)
    assert (entry(april, ann).rating, entry(april, ben).rating) == (1607, 1493)
    assert RatedTournament.objects.get(tournament=april).frozen_at == frozen


def test_ratings_of_the_start_date_only(arbiter: User) -> None:
    """A period that ends on the tournament's start day is not yet in force that day."""
    rating_list = make_list()
    ann, ben = make_player("Ann"), make_player("Ben")
    start(rating_list, ann, 1600, games=40)
    start(rating_list, ben, 1500, games=40)
    march = rated_tournament(arbiter, rating_list, [ann, ben], MARCH, rounds=1)
    play(march, arbiter, [(ann, ben, "1-0")])
    same_day = rated_tournament(
        arbiter, rating_list, [ann, ben], MARCH, rounds=1, seed=True, name="Same day"
    )
    pair(same_day, arbiter)
    assert (entry(same_day, ann).rating, entry(same_day, ben).rating) == (1600, 1500)


def test_without_seeding_the_typed_ratings_stay(arbiter: User) -> None:
    rating_list = make_list()
    ann, ben = make_player("Ann", rating=1234), make_player("Ben", rating=1999)
    start(rating_list, ann, 1600, games=40)
    april = rated_tournament(arbiter, rating_list, [ann, ben], APRIL, rounds=1)
    pair(april, arbiter)
    assert (entry(april, ann).rating, entry(april, ben).rating) == (1234, 1999)
    assert RatedTournament.objects.get(tournament=april).frozen_at is None


def test_round_one_given_as_from_a_trf_file_seeds_too(arbiter: User) -> None:
    """Round 1 added as paired elsewhere (``given_pairings.add_round``, the TRF import's path)
    calls the same hook: the list's ratings are taken and frozen there too."""
    rating_list = make_list()
    ann, ben = make_player("Ann", rating=1234), make_player("Ben", rating=1999)
    start(rating_list, ann, 1600, games=40)
    start(rating_list, ben, 1500, games=40)
    april = rated_tournament(arbiter, rating_list, [ann, ben], APRIL, rounds=2, seed=True)
    given_pairings.add_round(
        tournament=april, boards=[(entry(april, ann).pk, entry(april, ben).pk, "")], user=arbiter
    )
    assert (entry(april, ann).rating, entry(april, ben).rating) == (1600, 1500)
    assert RatedTournament.objects.get(tournament=april).frozen_at is not None
