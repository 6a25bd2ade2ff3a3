"""A rated tournament's results make the list's ratings; results corrected or annulled through
the results service recalculate exactly the periods from the one they touch, with a record."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User

from ratings import services
from ratings.core.elo import expected
from ratings.models import Cause, Rating, RatingChange, RatingRecord
from tests import factories
from tests.ratings.helpers import changes, make_list, play, rated_tournament, ratings, start
from tests.tournaments.helpers import boards, make_player
from tournaments.acts import decisions
from tournaments.acts import services as entries

pytestmark = pytest.mark.django_db

MARCH, APRIL, MAY = dt.date(2026, 3, 1), dt.date(2026, 4, 1), dt.date(2026, 5, 1)


def test_a_rated_tournament_moves_the_ratings_from_the_starting_list(arbiter: User) -> None:
    """Ann (1600, 40 games: K 20) beats Ben (1500, 40 games: K 20) in a rated one-round event.
    The difference is 100: PD = 0.64 for Ann, 0.36 for Ben (table 8.1.2). Ann: 20 × (1 − 0.64)
    = 7.2 → +7, 1607; Ben: 20 × (0 − 0.36) = −7.2 → −7, 1493 (8.3.4: to the nearest whole
    number). Each gets one change row: one game, expected 0.64 / 0.36, the opponent's rating."""
    rating_list = make_list()
    ann, ben = make_player("Ann"), make_player("Ben")
    start(rating_list, ann, 1600, games=40)
    start(rating_list, ben, 1500, games=40)
    tournament = rated_tournament(arbiter, rating_list, [ann, ben], MARCH, rounds=1)
    play(tournament, arbiter, [(ann, ben, "1-0")])
    assert ratings(rating_list) == {"Ann": 1607, "Ben": 1493}
    rows = {c.player.name: c for c in RatingChange.objects.filter(list=rating_list)}
    assert (rows["Ann"].expected, rows["Ann"].opponents_average, rows["Ann"].k) == (0.64, 1500, 20)
    assert (rows["Ben"].score, rows["Ben"].games, rows["Ben"].tournament_id) == (
        0,
        1,
        tournament.pk,
    )
    assert rows["Ann"].period_end == MARCH
    record = RatingRecord.objects.filter(list=rating_list).first()
    assert record is not None and record.cause == Cause.RESULT
    assert record.result_record is not None and record.result_record.pairing is not None


def _two_events(arbiter: User, method: str = "elo") -> tuple[object, list, list]:
    rating_list = make_list(method=method)
    ann, ben, cid = make_player("Ann"), make_player("Ben"), make_player("Cid")
    for player, rating in ((ann, 1600), (ben, 1500), (cid, 1550)):
        start(rating_list, player, rating, games=40)
    first = rated_tournament(arbiter, rating_list, [ann, ben], MARCH, rounds=1)
    play(first, arbiter, [(ann, ben, "1-0")])
    second = rated_tournament(arbiter, rating_list, [ann, ben, cid], APRIL, rounds=1)
    rnd = play(second, arbiter, [(ann, ben, "1-0"), (cid, None, "")])
    return rating_list, [first, second], boards(rnd)


@pytest.mark.parametrize("method", ["elo", "glicko2"])
def test_a_corrected_result_rewrites_its_period_on_only(arbiter: User, method: str) -> None:
    rating_list, (first, _second), played = _two_events(arbiter, method)
    before_first = set(
        RatingChange.objects.filter(list=rating_list, tournament=first).values_list(
            "pk", "rating_after"
        )
    )
    before = changes(rating_list)
    board = next(b for b in played if b.second_id is not None)
    cid = Rating.objects.get(list=rating_list, player__name="Cid").pk
    with factories.committed():
        entries.record_result(pairing=board, result="0-1", user=arbiter)
    after = changes(rating_list)
    # Cid had a bye in April: his rating row is the same row (not rewritten); April's two change
    # rows and Ann's and Ben's rating rows are the four rewritten.
    assert Rating.objects.get(list=rating_list, player__name="Cid").pk == cid
    assert after[:2] == before[:2]  # March: the same rows, untouched
    assert (
        set(
            RatingChange.objects.filter(list=rating_list, tournament=first).values_list(
                "pk", "rating_after"
            )
        )
        == before_first
    )
    assert after[2:] != before[2:]
    record = RatingRecord.objects.filter(list=rating_list).first()
    assert record is not None and record.cause == Cause.RESULT
    assert record.from_period.startswith("2026-04-01#") and record.periods == 1
    assert record.rows == 4
    assert record.result_record is not None and record.result_record.act == "correct_result"
    assert services.differences(rating_list) == []  # the update is the run from scratch


def test_an_elo_correction_by_hand(arbiter: User) -> None:
    """After March Ann is 1607, Ben 1493 (the first test). April, corrected to Ben's win:
    difference 114 → PD(Ann) = expected(1607, 1493); Ann 20 × (0 − PD), Ben 20 × (1 − (1 − PD))."""
    rating_list, _events, played = _two_events(arbiter)
    board = next(b for b in played if b.second_id is not None)
    with factories.committed():
        entries.record_result(pairing=board, result="0-1", user=arbiter)
    pd = expected(1607, 1493)
    assert pd == 0.66
    # Ann: 20 × −0.66 = −13.2 → −13; Ben: 20 × +0.66 = +13.2 → +13.
    assert ratings(rating_list) == {"Ann": 1594, "Ben": 1506, "Cid": 1550}


def test_an_annulled_game_is_no_longer_rated(arbiter: User) -> None:
    rating_list = make_list()
    ann, ben = make_player("Ann", account=True), make_player("Ben", account=True)
    start(rating_list, ann, 1600, games=40)
    start(rating_list, ben, 1500, games=40)
    tournament = rated_tournament(arbiter, rating_list, [ann, ben], MARCH, rounds=1, online=True)
    rnd = play(tournament, arbiter, [(ann, ben, "1-0")])
    assert ratings(rating_list) == {"Ann": 1607, "Ben": 1493}
    board = boards(rnd)[0]
    with factories.committed():
        decisions.annul(user=arbiter, game=board.game, reason="correction", replay=False)
    assert ratings(rating_list) == {"Ann": 1600, "Ben": 1500}
    assert RatingChange.objects.filter(list=rating_list).count() == 0
    record = RatingRecord.objects.filter(list=rating_list).first()
    assert record is not None and record.result_record is not None
    assert record.result_record.act == "annul"
