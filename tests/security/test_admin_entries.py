"""Entries in the admin are corrected through the service (``services.update_entry``) and checked
by its validation: requested half-point byes are round numbers (not any JSON, which broke the next
pairing), a paired round's bye stays as it was, the player changes only before round 1 is paired
and never to one registered already (a clear message, not a 500). The tournament page's entry
rows are read-only: nothing is written around the service there.
"""

from __future__ import annotations

from typing import Any
from unittest import mock

import pytest
from django.test import Client

from tests import factories
from tests.security import test_admin_authority as base
from tests.security.test_admin_authority import Side, client, form_of
from tournaments import pairings
from tournaments.acts import services
from tournaments.errors import TournamentError
from tournaments.models import Entry, Result, Tournament

pytestmark = pytest.mark.django_db

side_a, side_b = base.side_a, base.side_b


def entry_url(entry: Entry) -> str:
    return f"/admin/tournaments/entry/{entry.pk}/change/"


def post_entry(c: Client, entry: Entry, **changes: str) -> Any:
    data = form_of(c.get(entry_url(entry)))
    data.update(changes)
    return c.post(entry_url(entry), data)


def stored(entry: Entry) -> dict[str, Any]:
    return Entry.objects.filter(pk=entry.pk).values().get()


@pytest.fixture
def unpaired(side_b: Side) -> Tournament:
    t = services.create_tournament(
        name="Spring B", kind="sos", rounds=3, online=False, created_by=side_b.arbiter
    )
    for name in ("Ann", "Bob", "Cid"):
        services.register(tournament=t, player=factories.make_player(name), user=side_b.arbiter)
    return t


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("abc", "Write round numbers separated by commas."),
        ('"abc"', "Write round numbers separated by commas."),
        ("[2, 3]", "Write round numbers separated by commas."),
        ("0", "Round numbers start at 1."),
        ("1", "Round 1 is already paired: its half-point bye can no longer change."),
    ],
)
def test_bad_half_byes_are_refused_with_the_sites_message(
    side_b: Side, text: str, message: str
) -> None:
    before = stored(side_b.entry)
    response = post_entry(client(side_b.arbiter), side_b.entry, half_byes=text)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert stored(side_b.entry) == before


def test_half_byes_are_written_as_on_the_site_and_the_next_pairing_takes_them(
    side_b: Side, unpaired: Tournament
) -> None:
    arbiter = side_b.arbiter
    rnd = pairings.pair_round(tournament=unpaired, user=arbiter)
    for p in rnd.pairings.filter(second__isnull=False):
        services.record_result(pairing=p, result=Result.WIN, user=arbiter)
    services.finish_round(round=rnd, user=arbiter)
    entry = unpaired.entries.order_by("pk").first()
    c = client(arbiter)
    with mock.patch.object(services, "update_entry", wraps=services.update_entry) as spy:
        response = post_entry(c, entry, half_byes=" 3; 2, 2 ")
    assert response.status_code == 302
    assert spy.call_count == 1
    assert Entry.objects.get(pk=entry.pk).half_byes == [2, 3]
    assert form_of(c.get(entry_url(entry)))["half_byes"] == "2, 3"
    # The round of the bye pairs with it (a malformed value used to fail there with a 500).
    round2 = pairings.pair_round(tournament=unpaired, user=arbiter)
    assert round2.pairings.filter(first=entry, second__isnull=True, result=Result.HALF_BYE).exists()


def test_the_player_cannot_change_once_round_1_is_paired(side_b: Side) -> None:
    c = client(side_b.arbiter)
    page = c.get(entry_url(side_b.entry)).content.decode()
    assert 'name="player"' not in page
    other = factories.make_player("Someone else")
    post_entry(c, side_b.entry, player=str(other.pk))
    assert Entry.objects.get(pk=side_b.entry.pk).player_id == side_b.entry.player_id
    with pytest.raises(TournamentError) as err:
        services.update_entry(entry=side_b.entry, user=side_b.arbiter, changes={"player": other})
    assert err.value.code == "player"


def test_a_player_registered_already_is_refused_not_a_500(
    side_b: Side, unpaired: Tournament
) -> None:
    first, second = unpaired.entries.order_by("pk")[:2]
    response = post_entry(client(side_b.arbiter), first, player=str(second.player_id))
    assert response.status_code == 200
    assert "is already registered." in response.content.decode()
    assert Entry.objects.get(pk=first.pk).player_id == first.player_id


def test_before_round_1_the_player_may_be_corrected(side_b: Side, unpaired: Tournament) -> None:
    entry = unpaired.entries.order_by("pk").first()
    right = factories.make_player("Ann Right")
    response = post_entry(client(side_b.arbiter), entry, player=str(right.pk))
    assert response.status_code == 302
    assert Entry.objects.get(pk=entry.pk).player == right


def test_the_tournament_pages_entry_rows_write_nothing(side_b: Side) -> None:
    c = client(side_b.arbiter)
    url = f"/admin/tournaments/tournament/{side_b.tournament.pk}/change/"
    data = form_of(c.get(url))
    assert not [
        key
        for key in data
        if key.startswith("entries-0-") and key not in ("entries-0-id", "entries-0-tournament")
    ]
    before = list(side_b.tournament.entries.values().order_by("pk"))
    data.update({"entries-0-half_byes": '"abc"', "entries-0-rank": "99"})
    assert c.post(url, data).status_code == 302
    assert list(side_b.tournament.entries.values().order_by("pk")) == before


def test_only_the_tournaments_arbiters_correct_its_entries(side_a: Side, side_b: Side) -> None:
    with pytest.raises(TournamentError) as err:
        services.update_entry(entry=side_b.entry, user=side_a.arbiter, changes={"rating": 1})
    assert err.value.code == "not_allowed"
    services.update_entry(entry=side_b.entry, user=side_b.arbiter, changes={"rating": 1})
    assert Entry.objects.get(pk=side_b.entry.pk).rating == 1
