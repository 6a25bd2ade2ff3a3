"""A game outside tournaments leaves a record of its result too: finishing online writes one,
a repeated signal or an arbiter's act (which writes its own) adds none, and the game page shows
it."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from games import services as game_services
from games.models import Game
from games.signals import game_result_changed
from tests.adjudication.helpers import (
    SOS_DRAW,
    SOS_FIRST_WINS,
    World,
    in_arbiter_group,
    make_user,
    page_text,
    play,
    reload,
)
from tournaments.acts import decisions
from tournaments.models import Act, RecordReason, ResultRecord, ResultSource

pytestmark = pytest.mark.django_db


def casual(world: World, created_by: User | None = None) -> Game:
    players = [world.board1.first.player, world.board1.second.player]
    return game_services.create_game(
        kind="sos", options={"rows": 3, "cols": 3}, players=players, created_by=created_by
    )


def test_a_casual_game_finishing_online_writes_one_record(world: World, client_for) -> None:
    game = play(casual(world), *SOS_FIRST_WINS)

    record = ResultRecord.objects.get(game=game)
    assert (record.act, record.source, record.reason) == (
        Act.RESULT,
        ResultSource.ONLINE,
        RecordReason.PLAYED,
    )
    assert record.tournament is None and record.pairing is None
    assert record.decided_by == game.seats.get(number=1).player.user  # the finishing move's
    assert record.before["game"]["winners"] is None
    assert record.after["game"]["winners"] == [0]
    assert record.after["game"]["ply"] == len(SOS_FIRST_WINS)
    shown = page_text(client_for(None).get(game.get_absolute_url()), 'class="records"')
    assert str(record.get_source_display()) in shown


def test_a_draw_is_a_result_too(world: World) -> None:
    game = play(casual(world), *SOS_DRAW)
    assert ResultRecord.objects.get(game=game).after["game"]["winners"] == []


def test_a_signal_sent_again_writes_nothing_new(world: World) -> None:
    game = play(casual(world), *SOS_FIRST_WINS)
    for _ in range(3):
        game_result_changed.send(sender=Game, game=game, game_id=game.pk)
    assert ResultRecord.objects.filter(game=game).count() == 1


def test_an_unfinished_casual_game_has_no_record(world: World) -> None:
    game = play(casual(world), *SOS_FIRST_WINS[:3])
    game_result_changed.send(sender=Game, game=game, game_id=game.pk)
    assert not ResultRecord.objects.filter(game=game).exists()


def test_an_arbiters_decision_writes_its_own_record_only(world: World) -> None:
    member = in_arbiter_group(make_user("casual-arbiter"))
    game = play(casual(world, created_by=member), *SOS_FIRST_WINS[:2])
    decisions.decide(user=member, game=game, result="0-1", reason=RecordReason.NO_SHOW, note="left")
    game_result_changed.send(sender=Game, game=game, game_id=game.pk)
    assert list(ResultRecord.objects.filter(game=game).values_list("act", "source")) == [
        (Act.DECLARE_RESULT, ResultSource.ADJUDICATION)
    ]


def test_a_result_after_a_take_back_is_recorded_again(world: World) -> None:
    member = in_arbiter_group(make_user("casual-arbiter"))
    game = play(casual(world, created_by=member), *SOS_FIRST_WINS)
    decisions.take_back(user=member, game=game, count=1, reason=RecordReason.CORRECTION)
    play(reload(game), SOS_FIRST_WINS[-1])
    acts = list(ResultRecord.objects.filter(game=game).order_by("pk").values_list("act", flat=True))
    assert acts == [Act.RESULT, Act.TAKE_BACK, Act.RESULT]  # the take-back left no result
