"""The admin, until the pages come: a tournament marked rated there is rated through the acts
(its list recalculated, with a record); one of another game is refused with a message, not an
error; the derived rows cannot be changed there."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from ratings.models import Cause, RatedTournament, Rating, RatingRecord
from tests.ratings.helpers import make_list, play, ratings, start
from tests.tournaments.helpers import make_player, new_tournament, register_all

pytestmark = pytest.mark.django_db


def test_marking_a_tournament_rated_in_the_admin_rates_it(
    arbiter: User, superuser: User, client_for: Callable[..., Client]
) -> None:
    rating_list = make_list()
    ann, ben = make_player("Ann"), make_player("Ben")
    start(rating_list, ann, 1600, games=40)
    start(rating_list, ben, 1500, games=40)
    day = dt.date(2026, 3, 1)
    tournament = new_tournament(arbiter, rounds=1, start_date=day, end_date=day)
    register_all(tournament, arbiter, [ann, ben])
    play(tournament, arbiter, [(ann, ben, "1-0")])
    assert not Rating.objects.filter(list=rating_list).exists()
    client = client_for(superuser)
    response = client.post(
        reverse("admin:ratings_ratedtournament_add"),
        {"list": rating_list.pk, "tournament": tournament.pk},
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    assert ratings(rating_list) == {"Ann": 1607, "Ben": 1493}
    assert RatingRecord.objects.filter(list=rating_list, cause=Cause.RATED).count() == 1
    rated = RatedTournament.objects.get(tournament=tournament)
    response = client.post(
        reverse("admin:ratings_ratedtournament_delete", args=[rated.pk]), {"post": "yes"}
    )
    assert response.status_code == 302
    assert ratings(rating_list) == {"Ann": 1600, "Ben": 1500}


def test_a_tournament_of_another_game_gets_a_message(
    arbiter: User, superuser: User, client_for: Callable[..., Client]
) -> None:
    rating_list = make_list()
    tournament = new_tournament(arbiter, kind="uttt", options={"preset": "classic"})
    response = client_for(superuser).post(
        reverse("admin:ratings_ratedtournament_add"),
        {"list": rating_list.pk, "tournament": tournament.pk},
    )
    assert response.status_code == 200
    assert "is for another game" in response.content.decode()
    assert not RatedTournament.objects.exists()


def test_the_derived_rows_are_read_only(superuser: User, client_for: Callable[..., Client]) -> None:
    client = client_for(superuser)
    for model in ("rating", "ratingchange", "ratingrecord"):
        assert client.get(reverse(f"admin:ratings_{model}_add")).status_code == 403
