"""News for a player (paired, your move, an arbiter's decision), read from the records they are
about; shown once on "my games" and mailed to whoever asked for it."""

from __future__ import annotations

from datetime import datetime, timedelta
from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.core.management import call_command
from django.test import Client
from django.utils import timezone, translation

from accounts.models import NoticeSettings
from accounts.notices import news
from games.bidi import isolate
from games.models import Player
from tests.accounts.conftest import EN
from tests.factories import committed, make_player, make_user
from tournaments import pairings
from tournaments.acts import decisions
from tournaments.acts import services as tournament_services
from tournaments.models import RecordReason, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def paired(db: None) -> tuple[Tournament, User, Player, Player]:
    arbiter = make_user("arb")
    cup = tournament_services.create_tournament(
        name="Cup", kind="uttt", rounds=2, created_by=arbiter
    )
    ann = make_player("Ann", make_user("ann", email="ann@example.org"))
    ben = make_player("Ben", make_user("ben", email="ben@example.org"))
    for p in (ann, ben):
        tournament_services.register(tournament=cup, player=p, user=arbiter)
    with committed():
        pairings.pair_round(tournament=cup, user=arbiter)
    return cup, arbiter, ann, ben


def texts(user: User, since: datetime | None = None) -> list[str]:
    with translation.override("en"):
        return [n.text for n in news(user, since)]


def test_paired_and_your_move(paired: tuple[Tournament, User, Player, Player]) -> None:
    cup, _arbiter, _ann, _ben = paired
    pairing = cup.round_set.get().pairings.get()
    first, second = pairing.first.player, pairing.second.player
    assert sorted(texts(first.user)) == sorted(
        [
            f"{isolate('Cup')}, round 1: you are paired against {isolate(second.name)}.",
            f"Game {pairing.game.pk}: it is your move.",
        ]
    )
    assert texts(second.user) == [
        f"{isolate('Cup')}, round 1: you are paired against {isolate(first.name)}."
    ]
    later = timezone.now() + timedelta(seconds=1)
    assert texts(first.user, later) == []


def test_an_arbiters_decision_is_news_for_both(
    paired: tuple[Tournament, User, Player, Player],
) -> None:
    cup, arbiter, ann, ben = paired
    pairing = cup.round_set.get().pairings.get()
    before = timezone.now()
    with committed():
        decisions.decide(user=arbiter, reason=RecordReason.NO_SHOW, result="+/-", pairing=pairing)
    for player in (ann, ben):
        assert texts(player.user, before) == [
            f"{isolate('Cup')}: an arbiter's decision: {isolate('Forfeit')}."
        ]


def test_my_games_shows_the_news_once(
    client: Client, paired: tuple[Tournament, User, Player, Player]
) -> None:
    _cup, _arbiter, ann, _ben = paired
    client.force_login(ann.user)
    first = client.get("/accounts/games/", **EN).content.decode()
    assert "New since your last visit" in first and "you are paired against" in first
    again = client.get("/accounts/games/", **EN).content.decode()
    assert "New since your last visit" not in again


def test_news_by_mail_only_for_who_asked(
    client: Client, paired: tuple[Tournament, User, Player, Player]
) -> None:
    cup, arbiter, ann, _ben = paired
    client.force_login(ann.user)
    response = client.post("/accounts/player/", {"form": "notices", "by_email": "on"})
    assert response.status_code == 302
    state = NoticeSettings.objects.get(user=ann.user)
    assert state.by_email and state.mailed_at is not None
    call_command("send_notices", "--base-url", "https://club.example.org", stdout=StringIO())
    assert mail.outbox == []  # nothing new since asking
    pairing = cup.round_set.get().pairings.get()
    with committed():
        decisions.decide(user=arbiter, reason=RecordReason.NO_SHOW, result="-/-", pairing=pairing)
    call_command("send_notices", "--base-url", "https://club.example.org", stdout=StringIO())
    assert [m.to for m in mail.outbox] == [["ann@example.org"]]
    assert "решение судьи" in mail.outbox[0].body  # in the site's language (Russian)
    assert "https://club.example.org/" in mail.outbox[0].body
    call_command("send_notices", stdout=StringIO())
    assert len(mail.outbox) == 1  # sent once
