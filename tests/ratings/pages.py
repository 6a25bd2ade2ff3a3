"""A small rated club for the ratings pages' tests: three players on an Elo list, one rated
tournament of two rounds, figures checked by hand in ``test_report``."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.contrib.auth.models import User

from games.authority import ARBITER_PERMISSION
from games.models import Player
from ratings.models import RatingList
from tests import factories
from tests.ratings.helpers import make_list, play, rated_tournament, start
from tests.tournaments.helpers import make_player, make_user
from tournaments.models import Tournament

DAY = dt.date(2026, 3, 14)


@dataclass
class Club:
    rating_list: RatingList
    tournament: Tournament
    ann: Player
    ben: Player
    cyd: Player
    arbiter: User
    player: User  # Ann's account
    staff: User
    other_arbiter: User  # an arbiter of the club, not of this tournament


def make_club(arbiter: User) -> Club:
    """Ann 1600, Ben 1500, Cyd 1700 (40 games each: K 20). Round 1: Ann beats Ben, Cyd has a
    bye; round 2: Cyd and Ann draw, Ben has a bye (byes are not rated)."""
    arbiter = factories.with_permission(arbiter, ARBITER_PERMISSION)
    rating_list = make_list(name="Club Elo", created_by=arbiter)
    ann = make_player("Ann", account=True)
    ben, cyd = make_player("Ben"), make_player("Cyd")
    for p, rating in ((ann, 1600), (ben, 1500), (cyd, 1700)):
        start(rating_list, p, rating, games=40)
    tournament = rated_tournament(arbiter, rating_list, [ann, ben, cyd], DAY, rounds=2)
    play(tournament, arbiter, [(ann, ben, "1-0"), (cyd, None, "")])
    play(tournament, arbiter, [(cyd, ann, "½-½"), (ben, None, "")])
    staff = make_user("staffer", is_staff=True)
    other = factories.with_permission(make_user("other"), ARBITER_PERMISSION)
    return Club(rating_list, tournament, ann, ben, cyd, arbiter, ann.user, staff, other)


def make_history(arbiter: User) -> tuple[RatingList, Player]:
    """A Glicko-2 list where Ann beats Ben in three monthly tournaments (three periods)."""
    rating_list = make_list(name="Glicko", method="glicko2")
    ann, ben = make_player("Ann"), make_player("Ben")
    start(rating_list, ben, 1500)
    for month in (3, 4, 5):
        t = rated_tournament(arbiter, rating_list, [ann, ben], dt.date(2026, month, 1), rounds=1)
        play(t, arbiter, [(ann, ben, "1-0")])
    return rating_list, ann
