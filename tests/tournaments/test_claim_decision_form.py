"""The arbiter's answer to a claim of a win is read by a form: accept (1) or reject (0), and a
note as every act's. Anything else — nothing posted, another value, a note with a NUL character
(which PostgreSQL refuses) or longer than an act's note — is a 400 and decides nothing."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.adjudication.helpers import World, age_moves, build_world, play
from tournaments.acts import claims
from tournaments.models import Claim, ClaimStatus, ResultRecord, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def claimed() -> tuple[World, Claim]:
    world = build_world()
    Tournament.objects.filter(pk=world.tournament.pk).update(claim_after_minutes=5)
    game = play(world.board1.game, "A1=S")
    age_moves(game, 10)
    return world, claims.claim_win(user=world.seated, game=game)


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"accept": "yes"},
        {"accept": "0", "note": "a\x00b"},
        {"accept": "1", "note": "x" * 2001},
    ],
)
def test_a_malformed_decision_is_a_400(claimed: tuple[World, Claim], data: dict) -> None:
    world, claim = claimed
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(world.arbiter)
    url = reverse("tournaments:claim_decide", args=[world.tournament.pk, claim.pk])
    response = client.post(url, data)
    assert response.status_code == 400
    claim.refresh_from_db()
    assert claim.status == ClaimStatus.PENDING
    assert not ResultRecord.objects.filter(act__startswith="claim").exists()


@pytest.mark.parametrize(
    ("accept", "status"), [("1", ClaimStatus.ACCEPTED), ("0", ClaimStatus.REJECTED)]
)
def test_the_two_buttons_decide(claimed: tuple[World, Claim], accept: str, status: str) -> None:
    world, claim = claimed
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(world.arbiter)
    url = reverse("tournaments:claim_decide", args=[world.tournament.pk, claim.pk])
    response = client.post(url, {"accept": accept, "note": "seen at the board"})
    assert response.status_code == 302
    claim.refresh_from_db()
    assert claim.status == status
    assert claim.record is not None and claim.record.note == "seen at the board"


def test_a_bare_word_as_the_next_page_goes_back_to_the_default(
    claimed: tuple[World, Claim],
) -> None:
    """``redirect("abc")`` would look for a view named abc (a 500): a next page is a path."""
    world, _claim = claimed
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(world.arbiter)
    pairing = world.board2
    url = reverse("tournaments:result", args=[world.tournament.pk, pairing.pk])
    for target in ("abc", "-1", "\U0001f3b2"):
        # A version gone (stale): refused, and back to the tournament's page.
        response = client.post(url, {"result": "1-0", "version": "0.99", "next": target})
        assert response.status_code == 302
        assert response["Location"] == world.tournament.get_absolute_url()
    response = client.post(reverse("tournaments:pair", args=[world.tournament.pk]), {"next": "abc"})
    assert (
        response.status_code == 302 and response["Location"] == world.tournament.get_absolute_url()
    )
