"""The calendar feeds, read back with ``icalendar``: a tournament's timetable and a player's
rounds (opponent, board and seat once paired), their UIDs across a time change (SEQUENCE grows),
the private link's reset, 404s, conditional GETs and the language."""

from __future__ import annotations

import datetime

import icalendar
import pytest
from django.test import Client
from django.urls import reverse

from api import calendar_links
from games.bidi import isolate
from games.models import Player
from tests.api.conftest import World
from tests.tournaments import helpers as h
from tournaments.acts import round_times
from tournaments.models import TournamentStatus

pytestmark = pytest.mark.django_db

UTC = datetime.UTC
START = datetime.datetime(2026, 3, 1, 10, 0, tzinfo=UTC)
HOUR = datetime.timedelta(hours=1)


def plan(world: World, times: dict[int, datetime.datetime | None]) -> None:
    round_times.set_round_times(tournament=world.robin, user=world.arbiter, starts=times)


def events(response: object) -> list[icalendar.Event]:
    calendar = icalendar.Calendar.from_ical(response.content)  # type: ignore[attr-defined]
    return list(calendar.walk("VEVENT"))


def feed_url(world: World) -> str:
    return reverse("api:tournament_calendar", args=[world.robin.pk])


def test_the_tournament_feed_has_an_event_per_planned_round(world: World, api: Client) -> None:
    plan(world, {1: START, 2: START + HOUR, 3: START + 24 * HOUR})
    answer = api.get(feed_url(world))
    assert answer.status_code == 200
    assert answer["Content-Type"] == "text/calendar; charset=utf-8"
    found = events(answer)
    assert [e.decoded("dtstart") for e in found] == [START, START + HOUR, START + 24 * HOUR]
    # The first round ends when the second starts; the others after the round's length (2 h).
    assert [e.decoded("dtend") for e in found] == [
        START + HOUR,
        START + 3 * HOUR,
        START + 26 * HOUR,
    ]
    assert all(e.decoded("dtstart").utcoffset() == datetime.timedelta(0) for e in found)
    assert b"DTSTART:20260301T100000Z" in answer.content
    assert [str(e["summary"]) for e in found] == [
        f"{isolate('Round Robin Cup')} — round {n}" for n in (1, 2, 3)
    ]
    host = "testserver"
    assert str(found[0]["uid"]) == f"tournament-{world.robin.pk}-round-1@{host}"
    assert str(found[1]["url"]) == f"http://testserver/tournaments/{world.robin.pk}/rounds/2/"
    assert str(found[2]["url"]) == f"http://testserver/tournaments/{world.robin.pk}/"
    assert all("dtstamp" in e and "last-modified" in e for e in found)


def test_a_time_change_keeps_the_uid_and_grows_the_sequence(world: World, api: Client) -> None:
    plan(world, {1: START, 2: START + 2 * HOUR})
    before = {str(e["uid"]): e for e in events(api.get(feed_url(world)))}
    plan(world, {1: START, 2: START + 4 * HOUR})
    after = {str(e["uid"]): e for e in events(api.get(feed_url(world)))}
    assert set(before) == set(after)
    changed = [uid for uid in after if after[uid]["sequence"] != before[uid]["sequence"]]
    assert len(changed) == 1
    uid = changed[0]
    assert after[uid]["sequence"] == before[uid]["sequence"] + 1
    assert after[uid].decoded("dtstart") == START + 4 * HOUR


def test_the_feed_answers_304_while_nothing_changed(world: World, api: Client) -> None:
    plan(world, {1: START})
    first = api.get(feed_url(world))
    assert "max-age=300" in first["Cache-Control"] and "public" in first["Cache-Control"]
    assert api.get(feed_url(world), HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    since = api.get(feed_url(world), HTTP_IF_MODIFIED_SINCE=first["Last-Modified"])
    assert since.status_code == 304
    plan(world, {1: START + HOUR})
    assert api.get(feed_url(world), HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 200


def test_the_feed_is_in_the_requests_language(world: World, api: Client) -> None:
    plan(world, {1: START})
    russian = events(api.get(feed_url(world), HTTP_ACCEPT_LANGUAGE="ru"))
    assert str(russian[0]["summary"]).endswith("— тур 1")
    persian = events(api.get(feed_url(world) + "?lang=fa"))
    assert str(persian[0]["summary"]).endswith("— دور 1")


def test_unknown_tournaments_and_other_methods(world: World, api: Client) -> None:
    missing = api.get(reverse("api:tournament_calendar", args=[999999]))
    assert missing.status_code == 404
    assert missing["Content-Type"] == "application/problem+json"
    assert api.post(feed_url(world)).status_code == 405


# -- A player's feed -----------------------------------------------------------------------------


def anna(world: World) -> Player:
    return Player.objects.get(name="Anna")


def player_url(secret: str) -> str:
    return reverse("api:player_calendar", args=[secret])


def test_the_players_feed_names_board_opponent_and_seat(world: World, api: Client) -> None:
    plan(world, {1: START, 2: START + 2 * HOUR, 3: START + 4 * HOUR})
    secret = calendar_links.secret_of(anna(world))
    answer = api.get(player_url(secret))
    assert answer.status_code == 200
    assert answer["Content-Type"] == "text/calendar; charset=utf-8"
    assert "private" in answer["Cache-Control"]
    summaries = [str(e["summary"]) for e in events(answer)]
    cup = isolate("Round Robin Cup")
    rnd2 = h.boards(world.robin.round_set.get(number=2))
    board = next(p for p in rnd2 if "Anna" in (p.first.player.name, p.second.player.name))
    first = board.first.player.name == "Anna"
    opponent = board.second.player.name if first else board.first.player.name
    seat = "first move" if first else "second move"
    assert summaries[1] == (f"{cup}: Round 2: board {board.board} vs {isolate(opponent)} ({seat})")
    assert summaries[2] == f"{cup}: Round 3"  # not paired yet


def test_the_players_feed_leaves_finished_tournaments_out(world: World, api: Client) -> None:
    plan(world, {1: START})
    secret = calendar_links.secret_of(anna(world))
    assert len(events(api.get(player_url(secret)))) == 1
    world.robin.status = TournamentStatus.FINISHED
    world.robin.save(update_fields=["status"])
    assert events(api.get(player_url(secret))) == []


def test_a_reset_link_answers_404_and_a_wrong_one_too(world: World, api: Client) -> None:
    old = calendar_links.secret_of(anna(world))
    assert calendar_links.secret_of(anna(world)) == old  # the same link until a reset
    new = calendar_links.new_secret(anna(world))
    assert new != old
    assert api.get(player_url(new)).status_code == 200
    gone = api.get(player_url(old))
    wrong = api.get(player_url("x" * 32))
    assert gone.status_code == wrong.status_code == 404
    # Nothing tells a reset link from a made-up one (but the path asked, ``instance``).
    assert {**gone.json(), "instance": ""} == {**wrong.json(), "instance": ""}
    assert gone["Content-Type"] == "application/problem+json"


# -- The player's calendar page -------------------------------------------------------------------


def logged_in_as_anna(world: World) -> Client:
    user = h.make_user("anna")
    player = anna(world)
    player.user = user
    player.save(update_fields=["user"])
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    return client


def test_the_player_sees_and_resets_his_link(world: World, api: Client) -> None:
    client = logged_in_as_anna(world)
    page = client.get(reverse("api_pages:calendar")).content.decode()
    old = calendar_links.secret_of(anna(world))
    assert f"/api/v1/calendar/{old}.ics?lang=en" in page
    assert f"webcal://testserver/api/v1/calendar/{old}.ics" in page
    assert client.post(reverse("api_pages:calendar_reset")).status_code == 302
    new = calendar_links.secret_of(anna(world))
    assert new != old
    assert new in client.get(reverse("api_pages:calendar")).content.decode()
    assert api.get(player_url(old)).status_code == 404
    assert client.get(reverse("api_pages:calendar_reset")).status_code == 405


def test_an_account_without_a_player_has_no_link(world: World) -> None:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(h.make_user("nobody"))
    page = client.get(reverse("api_pages:calendar")).content.decode()
    assert "plays as no player" in page and "/api/v1/calendar/" not in page
    client.post(reverse("api_pages:calendar_reset"))
    assert not calendar_links.CalendarLink.objects.exists()
    assert Client().get(reverse("api_pages:calendar")).status_code == 302  # log in first


def test_the_home_page_links_a_players_calendar(world: World) -> None:
    url = reverse("api_pages:calendar")
    assert url in logged_in_as_anna(world).get("/").content.decode()
    assert url not in Client().get("/").content.decode()
