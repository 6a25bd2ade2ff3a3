"""No internal code reaches a page, in either language: the pages of a tournament with a played
game, a forfeit, a double forfeit, an annulled and an adjudicated game; and the records of casual
games (every act that a game outside tournaments can get), whose results read as results, never
as a seat number."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from games import services as game_services
from games.models import Game
from tests.adjudication.helpers import (
    SOS_FIRST_WINS,
    World,
    game_arbiter_url,
    in_arbiter_group,
    make_user,
    page_text,
    play,
    reload,
    text_of,
)
from tournaments.acts import decisions
from tournaments.models import Act, RecordReason, ResultRecord, ResultSource

pytestmark = pytest.mark.django_db

CODES = re.compile(
    r"forfeit_win|forfeit_loss|double_forfeit|in_progress|half_bye|zero_bye|\b1/2\b|preset=|"
    r"all_draw_line|sos_most|sos_first|full_grid|illegal_conduct|no_show|final_position"
)
# In Russian the English words of the codes cannot be prose either.
RU_CODES = re.compile(r"\b(played|dummy|finished|adjudicated|annulled|waiting|agreement)\b")
# A value that is only a number (or numbers joined by "+") after a label: a seat number or a raw
# list of winners ("result: 1", "результат: 1+3"), not a result in words. A time ("12:05") has a
# digit, not a letter, before its colon.
NUMBER_ONLY = re.compile(r"[^\W\d_]:\s*\d+(?:\s*\+\s*\d+)*\s*(?=·|→|\(|$)")


def test_no_page_shows_an_internal_code(world: World, client_for) -> None:
    t = world.tournament
    play(world.board1.game, *SOS_FIRST_WINS)
    second = play(world.board2.game, "A1=S")
    decisions.decide(
        user=world.arbiter,
        game=second,
        pairing=world.board2,
        result="-/-",
        reason=RecordReason.NO_SHOW,
    )
    decisions.decide(
        user=world.arbiter,
        game=reload(world.board1).game,
        pairing=world.board1,
        result="+/-",
        reason=RecordReason.CORRECTION,
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


def _records(client: Client, url: str, language: str) -> list[str]:
    """The text of each record that the page at ``url`` lists, without its last line (when and
    by whom): the act, the reason, the source, the result, …"""
    html = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert 'class="records"' in html, url
    items = html[html.index('class="records"') :].split("</ul>")[0].split("<li")[1:]
    return [text_of("<li" + item.rsplit("<small>", 1)[0]) for item in items]


def test_no_record_of_a_casual_game_shows_a_code_or_a_bare_number(world: World, client_for) -> None:
    """Every act a casual game can get — a result played online, an arbiter's declared result,
    a correction, a forfeit, a double forfeit, a result imported from a score sheet, moves taken
    back, an annulment, the result of a game of three — listed on the game's page and on its
    arbiter's page, in English and Russian: each result reads as a result (``1-0``, ``½-½``,
    the winning seats in words), never as ``result: 1``."""
    member = in_arbiter_group(make_user("casual-arbiter"))
    two = [world.board1.first.player, world.board1.second.player]

    def casual(players: list, *moves: str) -> Game:
        game = game_services.create_game(
            kind="sos", options={"rows": 3, "cols": 3}, players=players, created_by=member
        )
        return play(game, *moves) if moves else game

    def decide(game: Game, result: str, **kwargs) -> None:
        decisions.decide(
            user=member,
            game=reload(game),
            result=result,
            reason=RecordReason.CORRECTION,
            **kwargs,
        )

    played = casual(two, *SOS_FIRST_WINS)  # Result recorded (online): 1-0
    decisions.take_back(  # 1-0 → …
        user=member, game=reload(played), count=1, reason=RecordReason.CORRECTION
    )
    play(reload(played), SOS_FIRST_WINS[-1])  # recorded again: 1-0
    decide(played, "0-1")  # corrected by the arbiter: 1-0 → 0-1
    decisions.annul(user=member, game=reload(played), reason=RecordReason.CORRECTION)
    forfeit = casual(two, "A1=S")
    decide(forfeit, "+/-")
    both_absent = casual(two)
    decide(both_absent, "-/-")
    imported = casual(two, "A1=S", "B1=O")
    decide(imported, "1/2", source=ResultSource.IMPORT)
    three = casual([*two, world.board2.first.player], "A1=S")
    decide(three, "", winners=[0, 2])

    acts = set(ResultRecord.objects.filter(game__pairing__isnull=True).values_list("act", "source"))
    assert {
        (Act.RESULT, ResultSource.ONLINE),
        (Act.DECLARE_RESULT, ResultSource.ADJUDICATION),
        (Act.FORFEIT, ResultSource.ADJUDICATION),
        (Act.DECLARE_RESULT, ResultSource.IMPORT),
        (Act.TAKE_BACK, ResultSource.ADJUDICATION),
        (Act.ANNUL, ResultSource.ADJUDICATION),
    } <= acts

    client = client_for(member)
    shown: dict[tuple[str, int], list[str]] = {}
    for language in ("en", "ru", "fa"):
        for game in (played, forfeit, both_absent, imported, three):
            for url in (game.get_absolute_url(), game_arbiter_url(game)):
                records = _records(client, url, language)
                for text in records:
                    assert not CODES.findall(text), (language, url, text)
                    assert not NUMBER_ONLY.findall(text), (language, url, text)
                    if language == "ru":
                        assert not RU_CODES.findall(text), (language, url, text)
                shown[(language, game.pk)] = records

    def record(game: Game, act: str) -> str:
        listed = shown[("en", game.pk)]
        return next(text for text in listed if text.startswith(act))

    # The results in words, the change shown where a result was changed.
    assert "result: 1-0 ·" in record(played, "Result recorded") + " ·"
    assert "result: 1-0 → 0-1" in record(played, "Result declared")
    assert "result: 1-0 → …" in record(played, "Moves taken back")
    assert "result: 0-1 → …" in record(played, "Game annulled")
    assert "result: 1-0" in record(forfeit, "Forfeit")
    assert "result: ½-½" in record(imported, "Result declared")
    assert "result: seats 1 and 3 won" in record(three, "Result declared")
    assert "результат: выиграли места 1 и 3" in " ".join(shown[("ru", three.pk)])
