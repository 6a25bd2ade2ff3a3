"""A malformed version (what an act's form says the arbiter saw) is a 400 and changes nothing —
never "no check", and never taken for an ordinary stale form: the paper result, decide and
forfeit, take back, annul, and a withdrawal alike. A well-formed but gone version stays the
ordinary "already done" refusal."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from games.models import Game
from tests.adjudication.helpers import (
    World,
    build_paper_round,
    game_arbiter_url,
    pairing_arbiter_url,
    play,
    reload,
)
from tournaments.models import Entry, Pairing, ResultRecord

pytestmark = pytest.mark.django_db

MALFORMED = ["abc", "1.2.3", "-1.0", "1.x", "٣.٠", "1.0.", ".1"]


def state(world: World) -> tuple[Any, ...]:
    return (
        list(Game.objects.values().order_by("pk")),
        list(Pairing.objects.values().order_by("pk")),
        list(Entry.objects.values("pk", "withdrawn_from_round").order_by("pk")),
        ResultRecord.objects.count(),
    )


def acts(world: World) -> dict[str, tuple[str, dict[str, str]]]:
    paper = build_paper_round(world)
    game = play(world.game, "A1=S")
    entry = world.entry("Alice")
    return {
        "paper result": (
            reverse("tournaments:result", args=[paper.round.tournament_id, paper.pk]),
            {"result": "1-0"},
        ),
        "decide": (
            pairing_arbiter_url(world.board2),
            {"act": "decide", "result": "1-0", "reason": "agreement"},
        ),
        "forfeit": (
            pairing_arbiter_url(world.board2),
            {"act": "decide", "result": "+/-", "reason": "no_show"},
        ),
        "take back": (
            game_arbiter_url(game),
            {"act": "take_back", "count": "1", "reason": "correction", "confirm": "1"},
        ),
        "annul": (
            game_arbiter_url(game),
            {"act": "annul", "replay": "on", "reason": "correction", "confirm": "1"},
        ),
        "withdrawal": (
            reverse("tournaments:withdrawal", args=[world.tournament.pk, entry.pk]),
            {"action": "withdraw", "from_round": "2", "reason": "no_show"},
        ),
    }


@pytest.mark.parametrize("version", MALFORMED)
@pytest.mark.parametrize(
    "act", ["paper result", "decide", "forfeit", "take back", "annul", "withdrawal"]
)
def test_a_malformed_version_is_a_400_and_changes_nothing(
    world: World, client_for, act: str, version: str
) -> None:
    url, data = acts(world)[act]
    before = state(world)
    response = client_for(world.arbiter).post(url, {**data, "version": version})
    assert response.status_code == 400, (act, response.status_code)
    assert state(world) == before


@pytest.mark.parametrize("act", ["paper result", "decide", "take back"])
def test_a_version_without_its_records_count_is_a_400(world: World, client_for, act: str) -> None:
    """``"1"`` is a ply alone: a game act's version is ``"<ply>.<records>"``."""
    url, data = acts(world)[act]
    before = state(world)
    assert client_for(world.arbiter).post(url, {**data, "version": "1"}).status_code == 400
    assert state(world) == before


def test_the_400_page_says_what_to_do(world: World, client_for) -> None:
    url, data = acts(world)["decide"]
    response = client_for(world.arbiter).post(url, {**data, "version": "abc"})
    assert response.status_code == 400
    # The version's own message (common.posted.BadInput, shown by handler400).
    assert "This form is out of date: open the page again." in response.content.decode()


def test_a_gone_version_is_still_the_ordinary_refusal(world: World, client_for) -> None:
    """The control: well formed, but the game moved on — "already done", no 400."""
    url, data = acts(world)["decide"]
    response = client_for(world.arbiter).post(url, {**data, "version": "5.3"}, follow=True)
    assert response.status_code == 200
    assert "Already done" in response.content.decode()
    assert reload(world.board2).result == ""
