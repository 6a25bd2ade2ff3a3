"""What a list rates and what it starts from: forfeits and byes are not rated, starting ratings
are the run's first states, a tournament rated or unrated after the fact recalculates, and
``ratings_rebuild --check`` finds a stored row that is not the run's."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command

from ratings import acts, sources
from ratings.errors import RatingError
from ratings.models import Cause, Rating, RatingChange, RatingRecord
from tests.ratings.helpers import make_list, play, rated_tournament, ratings, start
from tests.tournaments.helpers import make_player, make_user, new_tournament

pytestmark = pytest.mark.django_db

MARCH = dt.date(2026, 3, 1)


def test_forfeits_and_byes_are_not_rated(arbiter: User) -> None:
    rating_list = make_list()
    ann, ben, cid, dan, eve = (make_player(n) for n in ("Ann", "Ben", "Cid", "Dan", "Eve"))
    for player in (ann, ben, cid, dan, eve):
        start(rating_list, player, 1500, games=40)
    tournament = rated_tournament(arbiter, rating_list, [ann, ben, cid, dan, eve], MARCH, rounds=1)
    play(tournament, arbiter, [(ann, ben, "+/-"), (cid, dan, "-/-"), (eve, None, "")])
    assert sources.rated_games(rating_list).games == []
    assert RatingChange.objects.filter(list=rating_list).count() == 0
    assert set(ratings(rating_list).values()) == {1500}


def test_a_played_game_beside_a_forfeit_is_rated(arbiter: User) -> None:
    rating_list = make_list()
    ann, ben, cid, dan = (make_player(n) for n in ("Ann", "Ben", "Cid", "Dan"))
    for player in (ann, ben, cid, dan):
        start(rating_list, player, 1500, games=40)
    tournament = rated_tournament(arbiter, rating_list, [ann, ben, cid, dan], MARCH, rounds=1)
    play(tournament, arbiter, [(ann, ben, "+/-"), (cid, dan, "1/2")])
    games = sources.rated_games(rating_list).games
    assert [(g.first, g.second, g.score) for g in games] == [(cid.pk, dan.pk, 0.5)]
    assert set(
        RatingChange.objects.filter(list=rating_list).values_list("player__name", flat=True)
    ) == {"Cid", "Dan"}


def test_players_without_a_starting_rating_are_unrated_until_five_games(arbiter: User) -> None:
    """Elo: a newcomer is rated from five games against rated opponents (FIDE 8.2)."""
    rating_list = make_list()
    ann, new = make_player("Ann"), make_player("New")
    start(rating_list, ann, 1600, games=40)
    tournament = rated_tournament(arbiter, rating_list, [ann, new], MARCH, rounds=1)
    play(tournament, arbiter, [(new, ann, "1-0")])
    assert ratings(rating_list) == {"Ann": 1600, "New": None}  # Ann's game: unrated opponent
    row = RatingChange.objects.get(list=rating_list, player=new)
    assert (
        row.rating_before is None and row.rating_after is None and row.state["pool"] == [[1600, 2]]
    )


def test_rating_and_unrating_after_the_fact_recalculate(arbiter: User) -> None:
    rating_list = make_list()
    other = make_list(name="Other Elo")
    ann, ben = make_player("Ann"), make_player("Ben")
    start(rating_list, ann, 1600, games=40)
    start(rating_list, ben, 1500, games=40)
    tournament = rated_tournament(arbiter, rating_list, [ann, ben], MARCH, rounds=1)
    play(tournament, arbiter, [(ann, ben, "1-0")])
    acts.unmark_rated(tournament=tournament, user=arbiter)
    assert ratings(rating_list) == {"Ann": 1600, "Ben": 1500}
    acts.mark_rated(tournament=tournament, rating_list=other, user=arbiter)
    assert ratings(other) == {"Ann": None, "Ben": None}  # not on the other list: unrated there
    acts.mark_rated(tournament=tournament, rating_list=rating_list, user=arbiter)
    assert ratings(rating_list) == {"Ann": 1607, "Ben": 1493}
    assert not RatingChange.objects.filter(list=other).exists()
    assert RatingRecord.objects.filter(list=rating_list, cause=Cause.RATED).count() == 3


def test_a_tournament_of_another_game_is_refused(arbiter: User) -> None:
    rating_list = make_list()
    tournament = new_tournament(arbiter, kind="uttt", options={"preset": "classic"})
    with pytest.raises(RatingError) as err:
        acts.mark_rated(tournament=tournament, rating_list=rating_list, user=arbiter)
    assert err.value.code == "kind"


def test_someone_else_may_not_rate_a_tournament(arbiter: User) -> None:
    rating_list = make_list()
    tournament = new_tournament(arbiter)
    with pytest.raises(RatingError):
        acts.mark_rated(tournament=tournament, rating_list=rating_list, user=make_user("nobody"))


def test_the_check_finds_a_tampered_row(arbiter: User, capsys: pytest.CaptureFixture[str]) -> None:
    rating_list = make_list()
    ann, ben = make_player("Ann"), make_player("Ben")
    start(rating_list, ann, 1600, games=40)
    start(rating_list, ben, 1500, games=40)
    tournament = rated_tournament(arbiter, rating_list, [ann, ben], MARCH, rounds=1)
    play(tournament, arbiter, [(ann, ben, "1-0")])
    call_command("ratings_rebuild", "--check", "--language", "en")
    assert "fresh run" in capsys.readouterr().out
    RatingChange.objects.filter(list=rating_list, player=ann).update(rating_after=1700)
    with pytest.raises(CommandError) as err:
        call_command("ratings_rebuild", "--check", "--language", "en")
    assert err.value.returncode == 1
    assert "rating_after 1700.0 ≠ 1607" in capsys.readouterr().out
    Rating.objects.filter(list=rating_list, player=ben).delete()
    call_command("ratings_rebuild", "--list", str(rating_list.pk), "--language", "en")
    call_command("ratings_rebuild", "--check", "--language", "en")
    assert ratings(rating_list) == {"Ann": 1607, "Ben": 1493}


def test_an_unknown_list_is_refused() -> None:
    with pytest.raises(CommandError, match="no rating list 404"):
        call_command("ratings_rebuild", "--list", "404", "--language", "en")
