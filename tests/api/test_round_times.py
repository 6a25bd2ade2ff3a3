"""The arbiter's round times: the service (its checks, all or nothing, the sequence that grows
with a change), the page (403 for others, messages for bad input), where the times show."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.api.conftest import World
from tests.tournaments import helpers as h
from tournaments.acts import round_times
from tournaments.errors import TournamentError
from tournaments.models import RoundTime

pytestmark = pytest.mark.django_db

UTC = datetime.UTC
START = datetime.datetime(2026, 3, 1, 10, 0, tzinfo=UTC)
HOUR = datetime.timedelta(hours=1)


def starts(world: World) -> dict[int, datetime.datetime]:
    return dict(RoundTime.objects.filter(tournament=world.robin).values_list("number", "starts_at"))


def set_times(world: World, times: dict[int, datetime.datetime | None]) -> None:
    round_times.set_round_times(tournament=world.robin, user=world.arbiter, starts=times)


def test_the_arbiter_sets_the_times(world: World) -> None:
    set_times(world, {1: START, 2: START + 2 * HOUR, 3: None})
    assert starts(world) == {1: START, 2: START + 2 * HOUR}


def test_a_changed_time_grows_the_sequence_an_unchanged_one_does_not(world: World) -> None:
    set_times(world, {1: START, 2: START + 2 * HOUR})
    set_times(world, {1: START, 2: START + 3 * HOUR})
    sequences = dict(RoundTime.objects.values_list("number", "sequence"))
    assert sequences == {1: 0, 2: 1}


def test_a_cleared_round_loses_its_time(world: World) -> None:
    set_times(world, {1: START, 2: START + HOUR})
    set_times(world, {1: START, 2: None})
    assert starts(world) == {1: START}


@pytest.mark.parametrize(
    ("times", "code"),
    [
        ({1: START, 2: START}, "round_2"),  # not after round 1
        ({1: START + HOUR, 2: START}, "round_2"),
        ({1: START - datetime.timedelta(days=5)}, "round_1"),  # before the start date
        ({3: START + datetime.timedelta(days=10)}, "round_3"),  # after the end date
        ({9: START}, "round_times"),  # no such round
    ],
)
def test_refused_times_write_nothing(
    world: World, times: dict[int, datetime.datetime], code: str
) -> None:
    set_times(world, {1: START - HOUR})
    with pytest.raises(TournamentError) as refused:
        set_times(world, {1: START - HOUR, 2: START + HOUR, **times})
    assert refused.value.code == code
    assert starts(world) == {1: START - HOUR}


def test_only_an_arbiter_may_set_them(world: World) -> None:
    other = h.make_user("other")
    with pytest.raises(TournamentError) as refused:
        round_times.set_round_times(tournament=world.robin, user=other, starts={1: START})
    assert refused.value.code == "not_allowed"
    assert not RoundTime.objects.exists()


def test_a_round_robin_not_paired_plans_its_players_rounds(world: World) -> None:
    t = h.new_tournament(world.arbiter, name="Later", format="round_robin")
    h.register_all(t, world.arbiter, [("P1", None), ("P2", None), ("P3", None)])
    assert round_times.planned_rounds(h.reload(t)) == 3
    assert round_times.planned_rounds(world.swiss) == world.swiss.rounds


# -- The page -------------------------------------------------------------------------------------


def page(world: World) -> str:
    return reverse("tournaments:round_times", args=[world.robin.pk])


def arbiter_client(user: User) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    return client


def test_the_page_saves_local_times(world: World) -> None:
    client = arbiter_client(world.arbiter)
    assert client.get(page(world)).status_code == 200
    answer = client.post(
        page(world),
        {"round_1": "2026-03-01T10:00", "round_2": "2026-03-01T13:30", "place_2": " Hall  B "},
    )
    assert answer.status_code == 302
    assert starts(world) == {1: START, 2: START + 3.5 * HOUR}
    assert RoundTime.objects.get(number=2).place == "Hall B"
    shown = client.get(page(world)).content.decode()
    assert 'value="2026-03-01T13:30"' in shown


def test_the_page_refuses_others(world: World) -> None:
    other = arbiter_client(h.make_user("other"))
    assert other.get(page(world)).status_code == 403
    assert other.post(page(world), {"round_1": "2026-03-01T10:00"}).status_code == 403
    assert Client().get(page(world)).status_code == 302  # to the log-in page
    assert not RoundTime.objects.exists()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"round_1": "not a time"}, "Enter a date and a time."),
        (
            {"round_1": "2026-03-01T10:00", "round_2": "2026-03-01T09:00"},
            "Round 2 must start after round 1.",
        ),
        ({"round_1": "2026-01-01T10:00"}, "cannot start before the tournament"),
    ],
)
def test_bad_input_is_explained_and_nothing_written(
    world: World, data: dict[str, str], message: str
) -> None:
    answer = arbiter_client(world.arbiter).post(page(world), data)
    assert answer.status_code == 200
    assert message in answer.content.decode().replace("&#x27;", "'")
    assert not RoundTime.objects.exists()


def test_the_message_is_translated(world: World) -> None:
    client = arbiter_client(world.arbiter)
    client.cookies["django_language"] = "ru"
    data = {"round_1": "2026-03-01T10:00", "round_2": "2026-03-01T09:00"}
    answer = client.post(page(world), data, HTTP_ACCEPT_LANGUAGE="ru")
    with translation.override("ru"):
        assert "Тур 2 должен начинаться после тура 1." in answer.content.decode()


def test_the_times_show_on_the_tournament_page_and_in_the_api(world: World) -> None:
    set_times(world, {2: START + 2 * HOUR})
    visitor = Client(HTTP_ACCEPT_LANGUAGE="en")
    html = visitor.get(world.robin.get_absolute_url()).content.decode()
    assert 'datetime="2026-03-01T12:00:00+00:00"' in html
    assert page(world) not in html  # the arbiter's link is the arbiter's
    assert (
        page(world)
        in arbiter_client(world.arbiter).get(world.robin.get_absolute_url()).content.decode()
    )
    rounds = visitor.get(f"/api/v1/tournaments/{world.robin.pk}/rounds").json()["rounds"]
    assert [r["starts_at"] for r in rounds] == [None, "2026-03-01T12:00:00Z", None]
