"""No internal code reaches a page, in either language: the pages of a tournament with a played
game, a forfeit, a double forfeit, an annulled and an adjudicated game."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.adjudication.helpers import SOS_FIRST_WINS, World, page_text, play, reload
from tournaments import adjudication
from tournaments.models import AdjudicationReason

pytestmark = pytest.mark.django_db

CODES = re.compile(
    r"forfeit_win|forfeit_loss|double_forfeit|in_progress|half_bye|zero_bye|\b1/2\b|preset=|"
    r"all_draw_line|sos_most|sos_first|full_grid|illegal_conduct|no_show|final_position"
)
# In Russian the English words of the codes cannot be prose either.
RU_CODES = re.compile(r"\b(played|dummy|finished|adjudicated|annulled|waiting|agreement)\b")


def test_no_page_shows_an_internal_code(world: World, client_for) -> None:
    t = world.tournament
    play(world.board1.game, *SOS_FIRST_WINS)
    second = play(world.board2.game, "A1=S")
    adjudication.decide(
        user=world.arbiter,
        game=second,
        pairing=world.board2,
        result="-/-",
        reason=AdjudicationReason.NO_SHOW,
    )
    adjudication.decide(
        user=world.arbiter,
        game=reload(world.board1).game,
        pairing=world.board1,
        result="+/-",
        reason=AdjudicationReason.CORRECTION,
    )
    entry = world.entry("Alice")
    pages = [
        reload(world.board1).game.get_absolute_url(),
        second.get_absolute_url(),
        world.round1.get_absolute_url(),
        t.get_absolute_url(),
        reverse("tournaments:standings", args=[t.pk]) + f"?explain={entry.pk}",
        reverse("tournaments:log", args=[t.pk]),
        entry.player.get_absolute_url(),
        reverse("games:list") + "?show=finished",
        reverse("tournaments:game_arbiter", args=[second.pk]),
    ]
    for language in ("en", "ru"):
        client = client_for(world.arbiter)
        for url in pages:
            text = page_text(client.get(url, HTTP_ACCEPT_LANGUAGE=language))
            assert not CODES.findall(text), (language, url, CODES.findall(text))
            if language == "ru":
                assert not RU_CODES.findall(text), (url, RU_CODES.findall(text))


def test_a_uttt_game_page_says_its_rules_in_words(world: World, client_for) -> None:
    from games import services

    game = services.create_game(
        kind="uttt",
        options={"preset": "tactical"},
        players=[world.board1.first.player, world.board1.second.player],
    )
    for language in ("en", "ru"):
        text = page_text(
            client_for(None).get(game.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language)
        )
        assert not CODES.findall(text)
