"""Names are text: a player or tournament called ``<script>…`` is shown escaped on every page."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.test import Client
from django.urls import reverse

from tests.tournaments.helpers import (
    boards,
    make_player,
    new_tournament,
    pair,
    play_round,
    register_all,
    seed_players,
    set_boards,
)
from tests.views.helpers import messages_text, parse
from tournaments.acts import services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

ClientFor = Callable[..., Client]

EVIL = "<script>alert('x')</script>"
EVIL_PLAYER = f"Mallory {EVIL}"
EVIL_TOURNAMENT = f"Open {EVIL}"


def assert_escaped(response: HttpResponse) -> None:
    assert response.status_code == 200
    text = response.content.decode()
    assert "<script>alert" not in text
    assert "&lt;script&gt;alert(" in text


@pytest.fixture
def evil(arbiter: User) -> Tournament:
    """A round robin of four, Mallory the top seed, round 1 finished and round 2 paired."""
    t = new_tournament(arbiter, name=EVIL_TOURNAMENT, format="round_robin")
    register_all(t, arbiter, [make_player(EVIL_PLAYER, rating=2100)])
    seed_players(t, arbiter, 3)
    play_round(t, arbiter)
    pair(t, arbiter)
    return t


@pytest.mark.parametrize(
    ("page", "args"),
    [
        ("list", lambda t: ()),
        ("detail", lambda t: (t.pk,)),
        ("round", lambda t: (t.pk, 1)),
        ("standings", lambda t: (t.pk,)),
        ("crosstable", lambda t: (t.pk,)),
    ],
)
def test_public_pages_escape_names(
    page: str, args: Callable, evil: Tournament, client_for: ClientFor
) -> None:
    response = client_for(None).get(reverse(f"tournaments:{page}", args=args(evil)))
    assert_escaped(response)
    shown = EVIL_TOURNAMENT if page == "list" else EVIL_PLAYER
    assert shown in parse(response).text()


def test_the_explanation_escapes_names(evil: Tournament, client_for: ClientFor) -> None:
    mallory = evil.entries.get(player__name=EVIL_PLAYER)
    opponent = evil.entries.exclude(pk=mallory.pk).first()
    for explain in (mallory.pk, opponent.pk):
        response = client_for(None).get(
            reverse("tournaments:standings", args=[evil.pk]), {"explain": explain}
        )
        assert_escaped(response)
        assert parse(response).has("section", id="explain")


@pytest.mark.parametrize(
    ("page", "args"),
    [
        ("detail", lambda t: (t.pk,)),
        ("round", lambda t: (t.pk, 2)),
        ("override", lambda t: (t.pk, 2)),
    ],
)
def test_arbiter_pages_escape_names(
    page: str, args: Callable, evil: Tournament, arbiter: User, client_for: ClientFor
) -> None:
    response = client_for(arbiter).get(reverse(f"tournaments:{page}", args=args(evil)))
    assert_escaped(response)


def test_the_withdrawal_page_and_the_log_escape_names(
    evil: Tournament, arbiter: User, client_for: ClientFor
) -> None:
    mallory = evil.entries.get(player__name=EVIL_PLAYER)
    page = reverse("tournaments:withdrawal", args=[evil.pk, mallory.pk])
    client = client_for(arbiter)
    assert_escaped(client.get(page))
    response = client.post(page, {"reason": "no_show", "note": EVIL, "version": "0"}, follow=True)
    assert_escaped(response)  # the tournament page, with its message
    log = client_for(None).get(reverse("tournaments:log", args=[evil.pk]))
    assert_escaped(log)
    assert EVIL_PLAYER in parse(log).find("table", cls="log").text()


def test_a_refusal_message_escapes_the_name(arbiter: User, client_for: ClientFor) -> None:
    t = new_tournament(arbiter, name="Swiss")
    player = make_player(EVIL_PLAYER)
    services.register(tournament=t, player=player, user=arbiter)
    response = client_for(arbiter).post(
        reverse("tournaments:entry_add", args=[t.pk]), {"player": player.pk}, follow=True
    )
    assert_escaped(response)
    assert f"\u2068{EVIL_PLAYER}\u2069 is already registered." in messages_text(parse(response))


def test_pairing_warnings_escape_names(arbiter: User, client_for: ClientFor) -> None:
    t = new_tournament(arbiter, name="Swiss", rounds=3)
    (mallory,) = register_all(t, arbiter, [make_player(EVIL_PLAYER, rating=2100)])
    others = seed_players(t, arbiter, 3)
    first = play_round(t, arbiter)
    met = next(p for p in boards(first) if mallory.pk in (p.first_id, p.second_id))
    rest = [e for e in others if e not in (met.first, met.second)]
    rnd = pair(t, arbiter)
    found = set_boards(rnd, arbiter, [(met.first, met.second), (rest[0], rest[1])])
    assert "rematch" in [w.code for w in found]
    response = client_for(arbiter).get(reverse("tournaments:round", args=[t.pk, 2]))
    assert_escaped(response)
    warnings = " ".join(w.text() for w in parse(response).find_all(cls="warning"))
    assert EVIL_PLAYER in warnings
