"""Seating a round at tables reads and writes in a number of queries that does not grow with the
field (issue 30: 500 players seated in under 1 s on the site's path, ``bench/tables_site.py``)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.tournaments.helpers import new_tournament, seed_players
from tournaments import pairings, queries
from tournaments.acts import services, tables
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def event_after_two_rounds(arbiter: User, players: int) -> Tournament:
    t = new_tournament(arbiter, name=f"Tables {players}", format="sos_tables", rounds=5)
    seed_players(t, arbiter, players)
    for _ in range(2):
        rnd = pairings.pair_round(tournament=t, user=arbiter)
        for row in rnd.tables.all():
            n = row.seats.count()
            tables.record_table(
                table=row, counts=[(row.number + k) % 5 for k in range(n)], user=arbiter
            )
        services.finish_round(round=rnd, user=arbiter)
    return t


def seating_queries(arbiter: User, players: int) -> int:
    t = event_after_two_rounds(arbiter, players)
    with CaptureQueriesContext(connection) as seen:
        rnd = pairings.pair_round(tournament=t, user=arbiter)
    assert rnd.number == 3 and rnd.tables.count() == players // 4
    return len(seen)


def standings_queries(t: Tournament) -> int:
    with CaptureQueriesContext(connection) as seen:
        queries.standings(t)
    return len(seen)


def test_seating_a_round_takes_the_same_queries_for_12_and_24_players(arbiter: User) -> None:
    assert seating_queries(arbiter, 12) == seating_queries(arbiter, 24)


def test_the_standings_take_the_same_queries_for_12_and_24_players(arbiter: User) -> None:
    small = event_after_two_rounds(arbiter, 12)
    large = event_after_two_rounds(arbiter, 24)
    assert standings_queries(small) == standings_queries(large)
