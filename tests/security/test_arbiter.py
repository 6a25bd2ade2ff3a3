"""The arbiter's actions attempted by everyone else, and through another tournament's URLs.

Each action is first shown to work for the tournament's own arbiter (the control), then refused to
each other kind of visitor with nothing changed. Ids of tournament B in tournament A's URLs give
404, whoever asks; B's arbiter has no right over A.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.models import Player
from tests.factories import seen_version
from tests.security.conftest import PASSWORD, ClientFor, Club
from tournaments.acts import services
from tournaments.models import Entry, Pairing, Result, Round, RoundStatus, Tournament

pytestmark = pytest.mark.django_db


def snapshot(tournament: Tournament) -> tuple[Any, ...]:
    """Everything an arbiter's action may change in ``tournament``."""
    return (
        list(
            Entry.objects.filter(tournament=tournament)
            .order_by("pk")
            .values_list("pk", "player_id", "rank", "rating", "withdrawn_from_round")
        ),
        list(
            Round.objects.filter(tournament=tournament)
            .order_by("number")
            .values_list("number", "status")
        ),
        list(
            Pairing.objects.filter(round__tournament=tournament)
            .order_by("pk")
            .values_list(
                "pk", "board", "first_id", "second_id", "result", "first_score", "second_score"
            )
        ),
        Tournament.objects.filter(pk=tournament.pk).values_list("status", "name").get(),
        Player.objects.count(),
    )


def enter_all_results(club: Club) -> None:
    for pairing in club.pairings():
        if not pairing.result:
            services.record_result(pairing=pairing, result=Result.WIN, user=club.arbiter)


def finish_round_one(club: Club) -> None:
    enter_all_results(club)
    services.finish_round(round=club.round, user=club.arbiter)


def swapped_boards(club: Club) -> dict[str, str]:
    """Override data that pairs the round differently from how it is paired."""
    (a, b), (c, d) = [(p.first_id, p.second_id) for p in club.pairings()]
    return {"first_0": str(a), "second_0": str(c), "first_1": str(b), "second_1": str(d)}


@dataclass(frozen=True)
class Action:
    """An arbiter's POST: ``prepare`` puts the tournament where the action would succeed,
    ``request`` gives the URL and data, ``done`` tells whether it took effect."""

    name: str
    prepare: Callable[[Club], None]
    request: Callable[[Club], tuple[str, dict[str, str]]]
    done: Callable[[Club], bool]


def _nothing(club: Club) -> None:
    return None


ACTIONS = [
    Action(
        "pair",
        prepare=finish_round_one,
        request=lambda c: (f"/tournaments/{c.pk}/pair/", {}),
        done=lambda c: Round.objects.filter(tournament=c.tournament, number=2).exists(),
    ),
    Action(
        "result",
        prepare=_nothing,
        request=lambda c: (
            f"/tournaments/{c.pk}/pairings/{c.game_pairing().pk}/result/",
            {
                "result": Result.WIN,
                "first_score": "3",
                "second_score": "1",
                "version": seen_version(pairing=c.game_pairing()),
            },
        ),
        done=lambda c: Pairing.objects.get(pk=c.game_pairing().pk).result == Result.WIN,
    ),
    Action(
        "entry_add",
        prepare=_nothing,
        request=lambda c: (f"/tournaments/{c.pk}/entries/add/", {"new_name": "Intruder"}),
        done=lambda c: Entry.objects.filter(
            tournament=c.tournament, player__name="Intruder"
        ).exists(),
    ),
    Action(
        "finish_round",
        prepare=enter_all_results,
        request=lambda c: (f"/tournaments/{c.pk}/rounds/1/finish/", {"confirm": "1"}),
        done=lambda c: Round.objects.get(pk=c.round.pk).status == RoundStatus.FINISHED,
    ),
    Action(
        "override",
        prepare=_nothing,
        request=lambda c: (f"/tournaments/{c.pk}/rounds/1/override/", swapped_boards(c)),
        done=lambda c: Pairing.objects.filter(round=c.round, manual=True).exists(),
    ),
]
ACTION_IDS = [a.name for a in ACTIONS]
INTRUDERS = ["anonymous", "player", "outsider", "staff", "other_arbiter"]


def intruder(kind: str, request: pytest.FixtureRequest, club_a: Club) -> User | None:
    if kind == "anonymous":
        return None
    if kind == "player":
        return club_a.entries[0].player.user  # Alice plays in tournament A
    if kind == "other_arbiter":
        return request.getfixturevalue("club_b").arbiter
    return request.getfixturevalue(kind)


def assert_refused(response: Any) -> None:
    """403, or for an anonymous visitor possibly the way to the login page."""
    if response.status_code == 302:
        assert response["Location"].startswith("/accounts/login/"), response["Location"]
    else:
        assert response.status_code == 403, response.status_code


@pytest.mark.parametrize("action", ACTIONS, ids=ACTION_IDS)
def test_the_arbiter_may(client_for: ClientFor, club_a: Club, action: Action) -> None:
    """The control: each action works for the tournament's own arbiter."""
    action.prepare(club_a)
    url, data = action.request(club_a)
    response = client_for(club_a.arbiter).post(url, data)
    assert response.status_code == 302, response.status_code
    assert action.done(club_a), action.name


@pytest.mark.parametrize("kind", INTRUDERS)
@pytest.mark.parametrize("action", ACTIONS, ids=ACTION_IDS)
def test_nobody_else_may(
    request: pytest.FixtureRequest,
    client_for: ClientFor,
    club_a: Club,
    action: Action,
    kind: str,
) -> None:
    action.prepare(club_a)
    user = intruder(kind, request, club_a)
    before = snapshot(club_a.tournament)
    url, data = action.request(club_a)
    assert_refused(client_for(user).post(url, data))
    assert not action.done(club_a)
    assert snapshot(club_a.tournament) == before


@pytest.mark.parametrize("kind", INTRUDERS)
def test_nobody_else_sees_the_override_form(
    request: pytest.FixtureRequest, client_for: ClientFor, club_a: Club, kind: str
) -> None:
    user = intruder(kind, request, club_a)
    assert_refused(client_for(user).get(f"/tournaments/{club_a.pk}/rounds/1/override/"))


@pytest.mark.parametrize("kind", ["player", "outsider", "staff", "other_arbiter"])
@pytest.mark.parametrize("page", ["pairings/{pairing}/decide/", "entries/{entry}/withdrawal/"])
def test_nobody_else_opens_the_decision_pages(
    request: pytest.FixtureRequest, client_for: ClientFor, club_a: Club, kind: str, page: str
) -> None:
    user = intruder(kind, request, club_a)
    path = page.format(pairing=club_a.game_pairing().pk, entry=club_a.entries[0].pk)
    before = snapshot(club_a.tournament)
    client = client_for(user)
    assert client.get(f"/tournaments/{club_a.pk}/{path}").status_code == 403
    post = {"act": "decide", "result": Result.WIN, "reason": "other", "from_round": "2"}
    assert client.post(f"/tournaments/{club_a.pk}/{path}", post).status_code == 403
    assert snapshot(club_a.tournament) == before


# -- another tournament's ids in the URL -----------------------------------------------------------


@pytest.mark.parametrize("who", ["arbiter_a", "superuser"])
def test_a_result_for_bs_pairing_through_as_url_is_404(
    request: pytest.FixtureRequest, client_for: ClientFor, club_a: Club, club_b: Club, who: str
) -> None:
    user = club_a.arbiter if who == "arbiter_a" else request.getfixturevalue("superuser")
    before = snapshot(club_b.tournament), snapshot(club_a.tournament)
    url = f"/tournaments/{club_a.pk}/pairings/{club_b.game_pairing().pk}/result/"
    response = client_for(user).post(url, {"result": Result.WIN})
    assert response.status_code == 404
    assert (snapshot(club_b.tournament), snapshot(club_a.tournament)) == before


def test_as_arbiter_cannot_use_bs_own_urls(
    client_for: ClientFor, club_a: Club, club_b: Club
) -> None:
    client = client_for(club_a.arbiter)
    before = snapshot(club_b.tournament)
    for action in ACTIONS:
        url, data = action.request(club_b)
        assert client.post(url, data).status_code == 403, action.name
    assert client.get(f"/tournaments/{club_b.pk}/rounds/1/override/").status_code == 403
    assert snapshot(club_b.tournament) == before


def test_bs_entries_cannot_be_put_on_as_boards(
    client_for: ClientFor, club_a: Club, club_b: Club
) -> None:
    """The override form of A offers A's entries only: B's entry ids are refused."""
    theirs = [e.pk for e in club_b.entries]
    data = {
        "first_0": str(theirs[0]),
        "second_0": str(theirs[1]),
        "first_1": str(theirs[2]),
        "second_1": str(theirs[3]),
    }
    before = snapshot(club_a.tournament), snapshot(club_b.tournament)
    response = client_for(club_a.arbiter).post(f"/tournaments/{club_a.pk}/rounds/1/override/", data)
    assert response.status_code == 200  # the form again, with its errors
    assert (snapshot(club_a.tournament), snapshot(club_b.tournament)) == before


def test_mixing_entries_of_both_tournaments_is_refused(
    client_for: ClientFor, club_a: Club, club_b: Club
) -> None:
    ours = [e.pk for e in club_a.entries]
    data = {
        "first_0": str(ours[0]),
        "second_0": str(club_b.entries[0].pk),
        "first_1": str(ours[1]),
        "second_1": str(ours[2]),
    }
    before = snapshot(club_a.tournament)
    client_for(club_a.arbiter).post(f"/tournaments/{club_a.pk}/rounds/1/override/", data)
    assert snapshot(club_a.tournament) == before


@pytest.mark.parametrize(
    "page", ["pairings/{pairing}/decide/", "entries/{entry}/withdrawal/", "rounds/{round}/"]
)
def test_bs_ids_in_as_pages_are_404(
    client_for: ClientFor, club_a: Club, club_b: Club, page: str, superuser: User
) -> None:
    """B's pairing, entry or a round A does not have, under A's URL: 404 even for a superuser."""
    path = page.format(pairing=club_b.game_pairing().pk, entry=club_b.entries[0].pk, round=2)
    for user in (club_a.arbiter, superuser):
        client = client_for(user)
        assert client.get(f"/tournaments/{club_a.pk}/{path}").status_code == 404, (user, path)


def test_a_finished_round_of_b_cannot_be_finished_through_a(
    client_for: ClientFor, club_a: Club, club_b: Club
) -> None:
    """Round numbers belong to their tournament: A's round 1 is A's, whatever B's state."""
    enter_all_results(club_b)
    before = snapshot(club_b.tournament)
    client_for(club_a.arbiter).post(f"/tournaments/{club_a.pk}/rounds/1/finish/")
    assert snapshot(club_b.tournament) == before


# -- where an arbiter's action sends the browser ------------------------------------------------


OFF_SITE = [
    "https://evil.example/phish",
    "//evil.example/phish",
    "/\\evil.example/phish",
    "https:evil.example",
    "javascript:alert(1)",
]


def assert_on_site(response: Any) -> None:
    assert response.status_code == 302
    location = response["Location"]
    assert location.startswith("/") and not location.startswith(("//", "/\\")), location


@pytest.mark.parametrize("target", OFF_SITE)
def test_an_arbiters_action_never_redirects_off_site(
    client_for: ClientFor, club_a: Club, target: str
) -> None:
    client: Client = client_for(club_a.arbiter)
    url = f"/tournaments/{club_a.pk}/pairings/{club_a.game_pairing().pk}/result/"
    assert_on_site(client.post(url, {"result": Result.WIN, "next": target}))


@pytest.mark.parametrize("target", OFF_SITE)
def test_logging_in_never_redirects_off_site(
    client_for: ClientFor, alice: Player, target: str
) -> None:
    client = client_for(None)
    data = {"username": "alice", "password": PASSWORD, "next": target}
    assert_on_site(client.post(f"/accounts/login/?next={target}", data))


@pytest.mark.parametrize("target", OFF_SITE)
def test_switching_language_never_redirects_off_site(client_for: ClientFor, target: str) -> None:
    assert_on_site(client_for(None).post("/i18n/setlang/", {"language": "en", "next": target}))
