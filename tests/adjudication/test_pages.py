"""The arbiter's pages themselves: which forms they show, where they are linked from, and how
their fields are labelled."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from django.urls import reverse

from tests.adjudication.helpers import (
    World,
    build_paper_round,
    game_arbiter_url,
    page_text,
    pairing_arbiter_url,
)

pytestmark = pytest.mark.django_db


def test_a_paper_pairing_has_only_the_decide_form(world: World, client_for) -> None:
    pairing = build_paper_round(world)
    body = client_for(world.arbiter).get(pairing_arbiter_url(pairing)).content.decode()
    assert 'id="act-decide"' in body
    assert 'id="act-take-back"' not in body and 'id="act-annul"' not in body


def test_the_decide_form_offers_every_result_and_reason(world: World, client_for) -> None:
    response = client_for(world.arbiter).get(game_arbiter_url(world.game))
    form = page_text(response, 'id="act-decide"', "</form>")
    for label in ("1-0", "½-½", "0-1", "+/-", "-/+", "-/-"):
        assert label in form
    for reason in (
        "Agreement",
        "No-show",
        "Time",
        "Illegal conduct",
        "Unfinished game",
        "Correction of a mistake",
    ):
        assert reason in form


def test_a_pairing_is_reached_through_its_own_tournament(world: World, client_for) -> None:
    url = reverse("tournaments:decide", args=[world.other_tournament.pk, world.board1.pk])
    assert client_for(world.superuser).get(url).status_code == 404


def test_the_round_page_links_each_board_to_the_arbiters_page(world: World, client_for) -> None:
    url = pairing_arbiter_url(world.board1)
    assert url in client_for(world.arbiter).get(world.round1.get_absolute_url()).content.decode()
    for user in (None, world.seated, world.other_arbiter):
        page = client_for(user).get(world.round1.get_absolute_url()).content.decode()
        assert url not in page


def test_the_game_page_links_the_arbiters_page_for_this_games_arbiters(
    world: World, client_for
) -> None:
    url = game_arbiter_url(world.game)
    assert url in client_for(world.arbiter).get(world.game.get_absolute_url()).content.decode()
    page = client_for(world.other_arbiter).get(world.game.get_absolute_url()).content.decode()
    assert url not in page


def test_every_field_id_on_the_arbiters_page_is_unique(world: World, client_for) -> None:
    body = client_for(world.arbiter).get(game_arbiter_url(world.game)).content.decode()
    repeated = [i for i, n in Counter(re.findall(r'\sid="([^"]+)"', body)).items() if n > 1]
    assert repeated == []
