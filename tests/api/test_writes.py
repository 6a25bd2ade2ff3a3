"""The API's writes (docs/api.md, "Tokens and writes"): each through the site's service, for
the roles the site allows (a permission matrix as tests/security's), a stale write is 409, the
records say *API*, and the services' refusals keep their codes."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from api.models import ApiToken, Scope
from games.models import Game
from tests import factories
from tests.api.conftest import World, bearer
from tournaments.acts import versions
from tournaments.models import Pairing, ResultRecord, ResultSource, Round

pytestmark = pytest.mark.django_db


def post(api: Client, url: str, body: Any, key: str | None = None, **extra: Any) -> Any:
    headers = bearer(key) if key else {}
    return api.post(url, json.dumps(body), content_type="application/json", **headers, **extra)


def board(world: World, number: int = 1) -> Pairing:
    return Pairing.objects.select_related("game").get(
        round__tournament=world.robin, round__number=2, board=number
    )


def version(p: Pairing) -> str:
    return versions.version_of(game=p.game, pairing=p)


def result_body(world: World) -> dict[str, Any]:
    p = board(world)
    return {"results": [{"board": p.board, "result": "1-0", "version": version(p)}]}


def key_of(user: User, scope: str, *, revoked: bool = False) -> str:
    token, key = ApiToken.issue(owner=user, name=f"{user.username} {scope}", scope=scope)
    if revoked:
        token.revoke()
    return key


# -- the permission matrix -----------------------------------------------------------------------

ROLES = ["none", "play", "arbitrate_outsider", "arbitrate_arbiter", "revoked"]
# What each role gets from each write (the writes of a tournament want the arbiter's arbitrate
# token; the move wants the player's play token).
EXPECTED = {
    "results": {
        "none": 401,
        "play": 403,
        "arbitrate_outsider": 403,
        "arbitrate_arbiter": 200,
        "revoked": 401,
    },
    "pair": {
        "none": 401,
        "play": 403,
        "arbitrate_outsider": 403,
        "arbitrate_arbiter": 200,
        "revoked": 401,
    },
    "entries": {
        "none": 401,
        "play": 403,
        "arbitrate_outsider": 403,
        "arbitrate_arbiter": 200,
        "revoked": 401,
    },
}


def role_key(world: World, role: str) -> str | None:
    if role == "none":
        return None
    if role == "play":
        return key_of(world.arbiter, Scope.PLAY)
    if role == "arbitrate_outsider":
        return key_of(factories.make_user("outsider"), Scope.ARBITRATE)
    if role == "arbitrate_arbiter":
        return key_of(world.arbiter, Scope.ARBITRATE)
    return key_of(world.arbiter, Scope.ARBITRATE, revoked=True)


def write(world: World, name: str) -> tuple[str, Any, Callable[[], bool]]:
    """The write's URL, its body and whether it was applied (read in the database)."""
    robin, coming = world.robin, world.coming
    if name == "results":
        return (
            f"/api/v1/tournaments/{robin.pk}/rounds/2/results",
            result_body(world),
            lambda: board(world).result == "1-0",
        )
    if name == "pair":
        factories.make_player("Xena")
        return (
            f"/api/v1/tournaments/{world.swiss.pk}/rounds",
            {"number": 2},
            lambda: Round.objects.filter(tournament=world.swiss, number=2).exists(),
        )
    return (
        f"/api/v1/tournaments/{coming.pk}/entries",
        {"entries": [{"new_name": "Zoltan", "rating": 1400}]},
        lambda: coming.entries.filter(player__name="Zoltan").exists(),
    )


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_every_write_for_every_role(world: World, api: Client, name: str, role: str) -> None:
    url, body, applied = write(world, name)
    response = post(api, url, body, role_key(world, role))
    expected = EXPECTED[name][role]
    assert response.status_code == expected, response.content
    assert applied() is (expected == 200)
    if expected != 200:
        assert response["Content-Type"] == "application/problem+json"
        problem = response.json()
        assert problem["status"] == expected
        if expected == 401:
            assert response["WWW-Authenticate"] == "Bearer"


@pytest.mark.parametrize("role", ROLES)
def test_the_move_for_every_role(world: World, api: Client, role: str) -> None:
    eve = User.objects.get(username="eve")
    keys = {
        "none": None,
        "play": key_of(eve, Scope.PLAY),  # eve's turn
        "arbitrate_outsider": key_of(eve, Scope.ARBITRATE),  # her own game, wrong scope
        "arbitrate_arbiter": key_of(world.arbiter, Scope.PLAY),  # not playing in it
        "revoked": key_of(eve, Scope.PLAY, revoked=True),
    }
    expected = {
        "none": 401,
        "play": 200,
        "arbitrate_outsider": 403,
        "arbitrate_arbiter": 403,
        "revoked": 401,
    }[role]
    body = {"notation": "C3=O", "expected_ply": 2}
    response = post(api, f"/api/v1/games/{world.casual.pk}/moves", body, keys[role])
    assert response.status_code == expected, response.content
    assert Game.objects.get(pk=world.casual.pk).ply == (3 if expected == 200 else 2)
    if expected == 200:
        assert response.json() == {"game": world.casual.pk, "ply": 3, "notation": "C3=O"}


def test_not_my_turn_is_refused_with_the_sites_code(world: World, api: Client) -> None:
    fay = User.objects.get(username="fay")
    response = post(
        api, f"/api/v1/games/{world.casual.pk}/moves", {"notation": "C3=O"}, key_of(fay, "play")
    )
    assert response.status_code == 403
    assert response.json()["code"] == "not_allowed"
    assert "Eve" in response.json()["detail"]


def test_a_stale_move_is_409(world: World, api: Client) -> None:
    eve = User.objects.get(username="eve")
    body = {"notation": "C3=O", "expected_ply": 1}
    response = post(api, f"/api/v1/games/{world.casual.pk}/moves", body, key_of(eve, "play"))
    assert response.status_code == 409
    assert response.json()["code"] == "stale"
    assert Game.objects.get(pk=world.casual.pk).ply == 2


def test_an_illegal_move_keeps_the_engines_code(world: World, api: Client) -> None:
    eve = User.objects.get(username="eve")
    body = {"notation": "A1=S"}  # taken
    response = post(api, f"/api/v1/games/{world.casual.pk}/moves", body, key_of(eve, "play"))
    assert response.status_code == 400
    assert response.json()["code"] not in ("refused", "bad_request")


# -- results: versions, records, idempotence -----------------------------------------------------


def test_a_result_is_recorded_with_source_api(world: World, api: Client) -> None:
    key = key_of(world.arbiter, Scope.ARBITRATE)
    url = f"/api/v1/tournaments/{world.robin.pk}/rounds/2/results"
    response = post(api, url, result_body(world), key)
    assert response.status_code == 200
    assert response.json() == {"round": 2, "boards": [{"board": 1, "result": "1-0"}]}
    record = ResultRecord.objects.filter(pairing=board(world)).latest("pk")
    assert record.source == ResultSource.API and record.decided_by == world.arbiter


def test_the_same_result_posted_twice_applies_once(world: World, api: Client) -> None:
    """The second post carries the version the first changed: 409 ``stale``, as the site's
    form says "Already done"."""
    key = key_of(world.arbiter, Scope.ARBITRATE)
    url = f"/api/v1/tournaments/{world.robin.pk}/rounds/2/results"
    body = result_body(world)
    first, second = post(api, url, body, key), post(api, url, body, key)
    assert (first.status_code, second.status_code) == (200, 409)
    assert second.json()["code"] == "stale"
    assert ResultRecord.objects.filter(pairing=board(world), source=ResultSource.API).count() == 1


def test_a_missing_version_is_refused_as_the_site_does(world: World, api: Client) -> None:
    key = key_of(world.arbiter, Scope.ARBITRATE)
    url = f"/api/v1/tournaments/{world.robin.pk}/rounds/2/results"
    response = post(api, url, {"results": [{"board": 1, "result": "1-0"}]}, key)
    assert response.status_code == 400
    assert "version" in response.json()["invalid_params"]
    assert board(world).result == ""


def test_several_results_apply_all_or_none(world: World, api: Client) -> None:
    key = key_of(world.arbiter, Scope.ARBITRATE)
    url = f"/api/v1/tournaments/{world.robin.pk}/rounds/2/results"
    one, two = board(world, 1), board(world, 2)
    body = {
        "results": [
            {"board": 1, "result": "1-0", "version": version(one)},
            {"board": 2, "result": "0-1", "version": "9.9"},  # stale
        ]
    }
    assert post(api, url, body, key).status_code == 409
    assert board(world, 1).result == board(world, 2).result == ""
    body["results"][1]["version"] = version(two)
    assert post(api, url, body, key).status_code == 200
    assert (board(world, 1).result, board(world, 2).result) == ("1-0", "0-1")


def test_the_round_read_gives_each_boards_version(world: World, api: Client) -> None:
    round_ = api.get(f"/api/v1/tournaments/{world.robin.pk}/rounds/2").json()
    assert round_["boards"][0]["version"] == version(board(world))


def test_a_bad_result_keeps_the_sites_message(world: World, api: Client) -> None:
    key = key_of(world.arbiter, Scope.ARBITRATE)
    url = f"/api/v1/tournaments/{world.robin.pk}/rounds/2/results"
    p = board(world)
    body = {"results": [{"board": 1, "result": "7-7", "version": version(p)}]}
    response = post(api, url, body, key)
    assert response.status_code == 400 and response.json()["detail"] == "Choose a result."


# -- pairing, entries ----------------------------------------------------------------------------


def test_pairing_a_round_already_paired_is_409(world: World, api: Client) -> None:
    key = key_of(world.arbiter, Scope.ARBITRATE)
    url = f"/api/v1/tournaments/{world.swiss.pk}/rounds"
    assert post(api, url, {"number": 2}, key).status_code == 200
    again = post(api, url, {"number": 2}, key)
    assert again.status_code == 409 and again.json()["code"] == "stale"
    assert Round.objects.filter(tournament=world.swiss).count() == 2


def test_an_entry_refused_by_the_service_keeps_its_code(world: World, api: Client) -> None:
    key = key_of(world.arbiter, Scope.ARBITRATE)
    url = f"/api/v1/tournaments/{world.coming.pk}/entries"
    player = factories.make_player("Yuri")
    assert post(api, url, {"entries": [{"player": player.pk}]}, key).status_code == 200
    again = post(api, url, {"entries": [{"player": player.pk}]}, key)
    assert again.status_code == 400 and again.json()["code"] == "duplicate"
    assert world.coming.entries.filter(player=player).count() == 1


def test_problems_are_translated(world: World) -> None:
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    response = post(client, f"/api/v1/tournaments/{world.coming.pk}/entries", {"entries": []})
    assert response.status_code == 401
    assert response.json()["code"] == "unauthorized"
    assert response.json()["title"] != "Not authorised"
