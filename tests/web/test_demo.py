"""The demo club that `make run` loads: accounts, games, a tournament in progress, an adjudicated
game — made through the services, consistent, and loaded only once however often it runs."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command

from games.integrity import game_problems
from games.models import Game, GameStatus
from tournaments.models import ResultRecord, Tournament, TournamentStatus

pytestmark = pytest.mark.django_db


def load() -> str:
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    return out.getvalue()


def test_the_demo_club(settings) -> None:
    settings.DEBUG = True
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    printed = load()
    assert "admin / admin" in printed and "arbiter / arbiter" in printed
    assert User.objects.get(username="admin").is_superuser
    arbiter = User.objects.get(username="arbiter")
    assert arbiter.groups.filter(name="Arbiter").exists()
    cup = Tournament.objects.get()
    assert cup.status == TournamentStatus.RUNNING
    assert cup.arbiters.filter(pk=arbiter.pk).exists()
    statuses = set(Game.objects.values_list("status", flat=True))
    assert {GameStatus.IN_PROGRESS, GameStatus.FINISHED, GameStatus.ADJUDICATED} <= statuses
    assert ResultRecord.objects.filter(decided_by=arbiter).exists()
    assert game_problems() == []

    counts = (User.objects.count(), Game.objects.count(), Tournament.objects.count())
    load()
    assert (User.objects.count(), Game.objects.count(), Tournament.objects.count()) == counts


def test_the_demo_refuses_to_load_in_production(settings) -> None:
    settings.DEBUG = False
    with pytest.raises(CommandError):
        load()
    assert not User.objects.exists()
