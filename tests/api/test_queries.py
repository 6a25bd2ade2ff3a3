"""The polled reads run a fixed number of queries, whatever the number of players (bench/api.py
times them at 100 and 1,000 players; here the count alone, at two small sizes)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.tournaments import helpers as h
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

READS = ["standings", "rounds", "rounds/2", "entries", "crosstable"]


def played_swiss(players: int, name: str) -> Tournament:
    arbiter = h.make_creator(f"arbiter{players}")
    t = h.new_tournament(arbiter, name=name, rounds=3)
    h.seed_players(t, arbiter, players)
    h.play_round(t, arbiter, "1-0")
    h.play_round(t, arbiter, "0-1")
    return h.reload(t)


def queries_of(api: Client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = api.get(url)
    assert response.status_code in (200, 404), url  # a Swiss has no crosstable
    return len(captured)


def test_the_polled_reads_run_as_many_queries_for_4_players_as_for_14(api: Client) -> None:
    small, big = played_swiss(4, "Small Swiss"), played_swiss(14, "Big Swiss")
    for read in READS:
        counts = [queries_of(api, f"/api/v1/tournaments/{t.pk}/{read}") for t in (small, big)]
        assert counts[0] == counts[1], (read, counts)
    etag = api.get(f"/api/v1/tournaments/{big.pk}/standings")["ETag"]
    with CaptureQueriesContext(connection) as captured:
        again = api.get(f"/api/v1/tournaments/{big.pk}/standings", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and len(captured) <= 6
