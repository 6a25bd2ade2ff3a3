"""Events in stages on the site (issue 29): the group stage on the new tournament form, its
standings group by group, the play-off page (the arbiter's only), the stages listed in order
and where each qualifier came from on the play-off's pages."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tests.tournaments.helpers import make_creator
from tests.tournaments.knockout_helpers import pair
from tests.tournaments.stage_helpers import new_groups, play_all
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db
ClientFor = Callable[..., Client]


def test_the_new_tournament_form_makes_a_group_stage(client_for: ClientFor) -> None:
    creator = make_creator()
    data = {
        "name": "Winter Event",
        "kind": "sos",
        "format": "groups",
        "group_size": "3",
        "points_win": "1",
        "points_draw": "0.5",
        "points_loss": "0",
        "points_bye": "1",
        "acceleration": "none",
        "cup_games": "1",
        "cup_tiebreak_games": "0",
        "cup_decider": "armageddon",
    }
    response = client_for(creator).post(reverse("tournaments:new"), data)
    assert response.status_code == 302
    t = Tournament.objects.get(name="Winter Event")
    assert t.format_options == {"group_size": 3}
    data["group_size"] = "1"
    response = client_for(creator).post(reverse("tournaments:new"), data)
    assert response.status_code == 200
    assert "Ensure this value is greater than or equal to 2." in response.content.decode()


def test_group_standings_pages(arbiter: User, client_for: ClientFor) -> None:
    t = new_groups(arbiter)
    play_all(t, arbiter)
    page = client_for(None).get(reverse("tournaments:standings", args=[t.pk])).content.decode()
    assert 'id="group-A"' in page and 'id="group-B"' in page
    page = client_for(None).get(reverse("tournaments:standings", args=[t.pk]) + "?group=B")
    text = page.content.decode()
    assert "P02" in text and "P01" not in text
    detail = client_for(None).get(t.get_absolute_url()).content.decode()
    assert 'id="group-A"' in detail
    assert 'id="start-playoff"' not in detail  # the arbiter's only
    assert 'id="start-playoff"' in client_for(arbiter).get(t.get_absolute_url()).content.decode()


def test_the_playoff_page_starts_the_next_stage(arbiter: User, client_for: ClientFor) -> None:
    t = new_groups(arbiter)
    url = reverse("tournaments:playoff", args=[t.pk])
    early = client_for(arbiter).get(url)
    assert early.status_code == 200
    assert "Finish this stage first" in early.content.decode()
    refused = client_for(arbiter).post(url, {"qualifiers": "2", "cup_games": "1"})
    assert refused.status_code == 200
    assert not Tournament.objects.filter(previous_stage=t).exists()
    play_all(t, arbiter)
    response = client_for(arbiter).post(
        url, {"qualifiers": "2", "cup_games": "1", "cup_decider": "armageddon"}
    )
    stage = Tournament.objects.get(previous_stage=t)
    assert response.status_code == 302 and response["Location"] == stage.get_absolute_url()
    pair(stage, arbiter)
    page = client_for(None).get(stage.get_absolute_url()).content.decode()
    assert "Stage 1: Groups (round-robin pools)" in page
    assert "Stage 2: Knockout (single elimination)" in page
    assert "A1" in page and "B2" in page
    assert "By the stage before" in page
    assert 'id="cup-seed"' not in client_for(arbiter).get(stage.get_absolute_url()).content.decode()
    first = client_for(None).get(t.get_absolute_url()).content.decode()
    assert stage.get_absolute_url() in first
    # The play-off's drawn bracket: its slots say where each qualifier came from, and its
    # seeding rule is the stage before (not one of the rules an arbiter picks for a cup).
    bracket = client_for(None).get(reverse("tournaments:bracket", args=[stage.pk]))
    assert bracket.status_code == 200
    drawn = bracket.content.decode()
    assert "A1" in drawn and "B2" in drawn and "By the stage before" in drawn
    api = client_for(None).get(f"/api/v1/tournaments/{stage.pk}/bracket")
    assert api.status_code == 200 and api.json()["seeding"] == "By the stage before"


def test_only_the_arbiter_reaches_the_playoff_page(
    arbiter: User, other_arbiter: User, client_for: ClientFor
) -> None:
    t = new_groups(arbiter)
    url = reverse("tournaments:playoff", args=[t.pk])
    assert client_for(other_arbiter).get(url).status_code == 403
    assert client_for(other_arbiter).post(url, {"qualifiers": "2"}).status_code == 403
    assert client_for(None).get(url).status_code == 302  # to log in
    assert client_for(arbiter).get(reverse("tournaments:playoff", args=[999999])).status_code == 404
