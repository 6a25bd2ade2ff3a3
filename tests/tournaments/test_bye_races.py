"""A round paired twice at once (a double click, two arbiters) is paired once: one bye, one
record of it; the others are refused. Threads race on the file-based SQLite test database (and
on PostgreSQL with ``make test-postgres``), as the acts' race tests do."""

from __future__ import annotations

import pytest

from tests.adjudication.test_races import race
from tests.tournaments.helpers import (
    make_player,
    make_user,
    new_tournament,
    play_round,
    seed_players,
)
from tournaments import pairings
from tournaments.acts import services
from tournaments.errors import TournamentError
from tournaments.models import Pairing, RecordReason, ResultRecord, Round

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_raced_pair_round_records_the_bye_once() -> None:
    arbiter = make_user("arbiter")
    t = new_tournament(arbiter)
    seed_players(t, arbiter, 5)

    outcomes = race(lambda i: pairings.pair_round(tournament=t, user=arbiter))

    done = [o for o in outcomes if isinstance(o, Round)]
    refused = [o for o in outcomes if isinstance(o, BaseException)]
    assert len(done) == 1, outcomes
    assert all(isinstance(e, TournamentError) and e.code == "round_open" for e in refused)
    assert Round.objects.filter(tournament=t).count() == 1
    [bye] = Pairing.objects.filter(round__tournament=t, second__isnull=True)
    [record] = ResultRecord.objects.filter(pairing__round__tournament=t)
    assert (record.pairing_id, record.reason) == (bye.pk, RecordReason.PAIRING_BYE)


def test_a_raced_late_entry_records_its_byes_once() -> None:
    arbiter = make_user("arbiter")
    t = new_tournament(arbiter, rounds=4)
    seed_players(t, arbiter, 4)
    play_round(t, arbiter)
    late = make_player("Late")

    outcomes = race(lambda i: services.register(tournament=t, player=late, user=arbiter))

    assert sum(not isinstance(o, BaseException) for o in outcomes) == 1, outcomes
    assert all(
        isinstance(o, TournamentError) and o.code == "duplicate"
        for o in outcomes
        if isinstance(o, BaseException)
    )
    [bye] = Pairing.objects.filter(first__player=late)
    assert ResultRecord.objects.filter(pairing=bye).count() == 1
