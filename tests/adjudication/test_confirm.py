"""Annul, Take back and Finish round ask for a second look that works without JavaScript: the
first post shows what will happen and changes nothing; the second (``confirm``) applies it."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from games.models import GameStatus
from games.templatetags.games_tags import points
from tests.adjudication.helpers import (
    SOS_DRAW,
    SOS_FIRST_WINS,
    World,
    game_arbiter_url,
    page_text,
    page_version,
    play,
    reload,
)
from tests.views.helpers import parse
from tournaments.models import ResultRecord, RoundStatus

pytestmark = pytest.mark.django_db


def hidden(response) -> dict[str, str]:
    form = parse(response).find("form", cls="confirm-form")
    return {i.attrs["name"]: i.attrs.get("value", "") for i in form.find_all("input")}


def test_take_back_shows_the_moves_then_applies_on_confirm(world: World, client_for) -> None:
    game = play(world.game, "A1=S", "B1=O", "C1=S")
    client = client_for(world.arbiter)
    url = game_arbiter_url(game)
    data = {
        "act": "take_back",
        "count": "2",
        "reason": "correction",
        "note": "",
        "version": page_version(client, url),
    }
    first = client.post(url, data)
    assert first.status_code == 200
    text = page_text(first)
    assert "The last 2 moves are taken back: B1=O, C1=S." in text
    assert "Reason: Correction of a mistake." in text
    assert reload(game).ply == 3 and not ResultRecord.objects.exists()
    fields = hidden(first)
    assert fields["confirm"] == "1" and fields["version"] == data["version"]
    assert fields["act"] == "take_back" and fields["count"] == "2"
    assert client.post(url, fields).status_code == 302
    assert reload(game).ply == 1
    # The same confirmation sent again is refused by the version it carries.
    client.post(url, fields)
    assert reload(game).ply == 1 and ResultRecord.objects.count() == 1


def test_annul_asks_first(world: World, client_for) -> None:
    game = play(world.game, "A1=S")
    client = client_for(world.arbiter)
    url = game_arbiter_url(game)
    data = {
        "act": "annul",
        "replay": "on",
        "reason": "correction",
        "note": "",
        "version": page_version(client, url),
    }
    first = client.post(url, data)
    assert "Its board gets a new game between the same players." in page_text(first)
    assert reload(game).status == GameStatus.IN_PROGRESS
    assert client.post(url, hidden(first)).status_code == 302
    assert reload(game).status == GameStatus.ANNULLED


def test_the_reason_has_no_default(world: World, client_for) -> None:
    game = play(world.game, "A1=S")
    client = client_for(world.arbiter)
    url = game_arbiter_url(game)
    page = parse(client.get(url))
    for form_id in ("act-decide", "act-take-back", "act-annul"):
        select = page.find("form", id=form_id).find("select", name="reason")
        options = select.find_all("option")
        assert options[0].attrs["value"] == ""
        assert [o.attrs["value"] for o in options if "selected" in o.attrs] in ([], [""])
    data = {"act": "annul", "replay": "on", "note": "", "version": page_version(client, url)}
    response = client.post(url, data)
    assert "Choose the reason." in page_text(response, 'id="act-annul"', "</form>")
    assert reload(game).status == GameStatus.IN_PROGRESS


def test_finish_round_asks_first(world: World, client_for) -> None:
    play(world.board1.game, *SOS_FIRST_WINS)
    play(world.board2.game, *SOS_DRAW)
    client = client_for(world.arbiter)
    finish = reverse("tournaments:finish_round", args=[world.tournament.pk, 1])
    first = client.post(finish)
    assert first.status_code == 200
    assert "Round 1 is closed: its results count in the standings." in page_text(first)
    assert reload(world.round1).status == RoundStatus.PAIRED
    assert client.post(finish, hidden(first)).status_code == 302
    assert reload(world.round1).status == RoundStatus.FINISHED


def test_only_the_arbiter_sees_the_confirmation(world: World, client_for) -> None:
    finish = reverse("tournaments:finish_round", args=[world.tournament.pk, 1])
    assert client_for(world.seated).post(finish).status_code == 403


def test_a_boards_result_control_starts_empty(world: World, client_for) -> None:
    page = parse(client_for(world.arbiter).get(world.round1.get_absolute_url()))
    for form in page.find_all("form", cls="result-form"):
        options = form.find("select", name="result").find_all("option")
        assert options[0].attrs["value"] == ""
        assert [o.attrs["value"] for o in options if "selected" in o.attrs] in ([], [""])


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (0, "0"),
        (0.5, "½"),
        (1.0, "1"),
        (1.5, "1½"),
        (2, "2"),
        (-0.5, "-½"),
        (2.25, "2.25"),
        (None, ""),
        ("x", "x"),
    ],
)
def test_one_number_style(value, text) -> None:
    with translation.override("en"):
        assert points(value) == text


def test_standings_use_the_number_style(world: World, client_for) -> None:
    play(world.board1.game, *SOS_FIRST_WINS)
    play(world.board2.game, *SOS_DRAW)
    t = world.tournament
    text = page_text(client_for(None).get(reverse("tournaments:standings", args=[t.pk])))
    assert "½" in text and "0.5" not in text and "1.0" not in text
