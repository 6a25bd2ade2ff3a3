"""Adjudication in the Django admin: each act is an action with a form (reason required) that
calls the same services as the pages, so the same people may use it.

The two steps of an action: a POST of the action and the selected rows shows the form; the same
POST with ``apply=1`` and the form's fields records the decision.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.contrib.auth.models import User
from django.contrib.messages import ERROR, SUCCESS, get_messages
from django.http import HttpResponse

from games.models import Game, GameStatus
from tests.adjudication.helpers import (
    SOS_DRAW,
    SOS_FIRST_WINS,
    World,
    age_moves,
    finish_round_one,
    make_user,
    play,
    reload,
)
from tournaments.acts import claims, decisions
from tournaments.models import ClaimStatus, Pairing, Result, ResultRecord, Tournament

pytestmark = pytest.mark.django_db

GAMES = "/admin/games/game/"
PAIRINGS = "/admin/tournaments/pairing/"
CLAIMS = "/admin/tournaments/claim/"


@dataclass
class Action:
    changelist: str
    data: dict[str, str | list[str]]
    happened: Callable[[], bool]


def seen(obj: Game | Pairing) -> dict[str, str]:
    """The version of ``obj`` that the action's form page carries for it (``version-<pk>``)."""
    if isinstance(obj, Pairing):
        version = decisions.version(game=obj.game, pairing=obj)
    else:
        version = decisions.version(game=obj, pairing=decisions.pairing_of(obj))
    return {f"version-{obj.pk}": version}


def decide(w: World) -> Action:
    game = play(w.game, "A1=S", "B1=O")
    return Action(
        GAMES,
        {
            "action": "adjudicate_decide",
            "_selected_action": [str(game.pk)],
            "apply": "1",
            **seen(game),
            "reason": "agreement",
            "note": "",
            "result": Result.DRAW,
        },
        lambda: reload(game).status == GameStatus.ADJUDICATED,
    )


def forfeit(w: World) -> Action:
    game = w.game
    return Action(
        GAMES,
        {
            "action": "adjudicate_decide",
            "_selected_action": [str(game.pk)],
            "apply": "1",
            **seen(game),
            "reason": "no_show",
            "note": "",
            "result": Result.DOUBLE_FORFEIT,
        },
        lambda: reload(w.board1).result == Result.DOUBLE_FORFEIT,
    )


def take_back(w: World) -> Action:
    game = play(w.game, "A1=S", "B1=O")
    return Action(
        GAMES,
        {
            "action": "adjudicate_take_back",
            "_selected_action": [str(game.pk)],
            "apply": "1",
            **seen(game),
            "reason": "illegal_conduct",
            "note": "",
            "count": "2",
        },
        lambda: reload(game).ply == 0,
    )


def annul(w: World) -> Action:
    game = play(w.game, "A1=S")
    return Action(
        GAMES,
        {
            "action": "adjudicate_annul",
            "_selected_action": [str(game.pk)],
            "apply": "1",
            **seen(game),
            "reason": "illegal_conduct",
            "note": "",
            "replay": "on",
        },
        lambda: reload(game).status == GameStatus.ANNULLED,
    )


def correct_finished_round(w: World) -> Action:
    finish_round_one(w, SOS_FIRST_WINS, SOS_DRAW)
    return Action(
        PAIRINGS,
        {
            "action": "adjudicate_decide",
            "_selected_action": [str(w.board1.pk)],
            "apply": "1",
            **seen(reload(w.board1)),
            "reason": "correction",
            "note": "",
            "result": Result.LOSS,
        },
        lambda: reload(w.board1).result == Result.LOSS,
    )


def accept_claim(w: World) -> Action:
    Tournament.objects.filter(pk=w.tournament.pk).update(claim_after_minutes=5)
    game = play(w.game, "A1=S")
    age_moves(game, 10)
    claim = claims.claim_win(user=w.seated, game=game)
    return Action(
        CLAIMS,
        {"action": "accept_claims", "_selected_action": [str(claim.pk)], "index": "0"},
        lambda: reload(claim).status == ClaimStatus.ACCEPTED,
    )


ACTIONS = {
    "decide result": decide,
    "forfeit": forfeit,
    "take back": take_back,
    "annul": annul,
    "correct a finished round": correct_finished_round,
    "accept a claim": accept_claim,
}


def staff_without_permissions(w: World) -> User:
    return make_user("clerk", is_staff=True)


ROLES: dict[str, Callable[[World], User | None]] = {
    "anonymous": lambda w: None,
    "the seated player": lambda w: w.seated,
    "arbiter of this tournament, not staff": lambda w: w.arbiter,
    "staff without permissions": staff_without_permissions,
    "arbiter of this tournament, staff in the Arbiter group": lambda w: w.staff_arbiter,
    "arbiter of another tournament, staff in the Arbiter group": lambda w: w.other_arbiter,
    "superuser": lambda w: w.superuser,
}


def levels(response: HttpResponse) -> list[tuple[int, str]]:
    return [(m.level, str(m)) for m in get_messages(response.wsgi_request)]


@pytest.mark.parametrize("act", ACTIONS)
@pytest.mark.parametrize("role", ROLES)
def test_admin_actions_matrix(world: World, client_for, role: str, act: str) -> None:
    action = ACTIONS[act](world)
    user = ROLES[role](world)
    records = ResultRecord.objects.count()

    response = client_for(user).post(action.changelist, action.data)

    if role == "anonymous":
        assert is_admin_login(response)
        assert not action.happened()
    elif role in ("the seated player", "arbiter of this tournament, not staff"):
        # Logged in, not staff: the site's 403 page (config/admin_site.py), not the log-in form.
        assert response.status_code == 403
        assert not action.happened()
    elif role == "staff without permissions":
        assert response.status_code == 403
        assert not action.happened()
    elif role == "arbiter of another tournament, staff in the Arbiter group":
        assert response.status_code == 302
        found = levels(response)
        assert [level for level, _text in found] == [ERROR], found
        # Another tournament's rows are not in his admin at all: the action finds none of them.
        assert "Some of the selected rows are not yours to decide" in found[0][1]
        assert not action.happened()
    else:
        assert response.status_code == 302, response.content.decode()[:3000]
        assert response["Location"].startswith(action.changelist)
        assert ERROR not in [level for level, _text in levels(response)]
        assert action.happened()
        assert ResultRecord.objects.count() == records + 1
        assert ResultRecord.objects.first().decided_by == user
        return
    assert ResultRecord.objects.count() == records


def is_admin_login(response: HttpResponse) -> bool:
    return response.status_code == 302 and response["Location"].startswith("/admin/login/")


def test_the_action_first_asks_for_the_form(world: World, client_for) -> None:
    action = decide(world)
    data = {"action": action.data["action"], "_selected_action": action.data["_selected_action"]}

    response = client_for(world.staff_arbiter).post(GAMES, data)

    assert response.status_code == 200
    body = response.content.decode()
    assert 'name="reason"' in body and 'name="result"' in body and 'name="apply"' in body
    assert str(world.game) in body
    assert not action.happened()
    assert not ResultRecord.objects.exists()


def test_the_reason_is_required(world: World, client_for) -> None:
    action = decide(world)
    data = dict(action.data)
    del data["reason"]

    response = client_for(world.staff_arbiter).post(GAMES, data)

    assert response.status_code == 200
    assert "errorlist" in response.content.decode()
    assert not action.happened()
    assert not ResultRecord.objects.exists()


def test_an_unknown_reason_is_refused(world: World, client_for) -> None:
    action = decide(world)
    response = client_for(world.staff_arbiter).post(GAMES, {**action.data, "reason": "whim"})

    assert response.status_code == 200
    assert not action.happened()


def test_a_success_message_counts_the_decisions(world: World, client_for) -> None:
    action = decide(world)
    response = client_for(world.superuser).post(GAMES, action.data)

    assert levels(response) == [(SUCCESS, "1 decision recorded.")]


def test_one_refused_row_does_not_stop_the_others(world: World, client_for) -> None:
    """Two games selected, one already annulled: one decision recorded, one error."""
    first, annulled = world.game, world.board2.game
    decisions.annul(user=world.arbiter, game=annulled, reason="correction")
    data = {
        "action": "adjudicate_annul",
        "_selected_action": [str(first.pk), str(annulled.pk)],
        "apply": "1",
        **seen(first),
        **seen(annulled),
        "reason": "illegal_conduct",
        "note": "",
        "replay": "on",
    }

    response = client_for(world.superuser).post(GAMES, data)

    found = levels(response)
    assert sorted(level for level, _text in found) == [SUCCESS, ERROR], found
    assert reload(first).status == GameStatus.ANNULLED
    assert reload(world.board1).game.status == GameStatus.WAITING  # board 1's replay
    assert ResultRecord.objects.count() == 2


def test_taking_back_moves_of_a_decided_game_is_an_error_message(world: World, client_for) -> None:
    action = take_back(world)  # plays two moves
    game = reload(world.game)
    decisions.decide(user=world.arbiter, game=game, result="1-0", reason="agreement")
    data = {**action.data, "_selected_action": [str(game.pk)]}

    response = client_for(world.superuser).post(GAMES, data)

    assert [level for level, _text in levels(response)] == [ERROR]
    assert reload(game).ply == 2


# -- Each row's act applies once: the version the form page showed -----------------------------

VERSION_INPUT = re.compile(r'name="(version-\d+)" value="([^"]+)"')


@pytest.mark.parametrize("act", ["decide result", "take back", "annul", "correct a finished round"])
def test_an_action_sent_twice_applies_once(world: World, client_for, act: str) -> None:
    action = ACTIONS[act](world)
    client = client_for(world.staff_arbiter)
    records = ResultRecord.objects.count()

    first = client.post(action.changelist, action.data)
    again = client.post(action.changelist, action.data)

    assert first.status_code == again.status_code == 302
    assert action.happened()
    assert ResultRecord.objects.count() == records + 1
    # The second answer's messages follow the first's (its redirect was not followed).
    found = levels(again)
    assert [level for level, _text in found] == [SUCCESS, ERROR], found
    assert "Already done" in found[-1][1] or "annulled already" in found[-1][1]


def test_the_form_page_carries_each_rows_version_and_applying_it_works(
    world: World, client_for
) -> None:
    action = decide(world)
    client = client_for(world.staff_arbiter)
    shown = client.post(
        GAMES,
        {"action": action.data["action"], "_selected_action": action.data["_selected_action"]},
    )
    versions = dict(VERSION_INPUT.findall(shown.content.decode()))
    assert versions == seen(world.game)

    data = {k: v for k, v in action.data.items() if not k.startswith("version-")}
    response = client.post(GAMES, {**data, **versions})

    assert response.status_code == 302
    assert action.happened()
    assert [level for level, _text in levels(response)] == [SUCCESS]


@pytest.mark.parametrize("version", [None, "", "abc", "1"])
def test_a_row_without_a_version_is_left_alone(
    world: World, client_for, version: str | None
) -> None:
    action = decide(world)
    data = {k: v for k, v in action.data.items() if not k.startswith("version-")}
    if version is not None:
        data[f"version-{world.game.pk}"] = version

    response = client_for(world.staff_arbiter).post(GAMES, data)

    assert response.status_code == 302
    found = levels(response)
    assert [level for level, _text in found] == [ERROR], found
    assert "which version of this row" in found[0][1]
    assert not action.happened()
    assert not ResultRecord.objects.exists()


def test_a_row_changed_since_the_form_was_shown_is_refused(world: World, client_for) -> None:
    action = take_back(world)
    play(world.game, "C1=S")  # a move after the arbiter opened the form

    response = client_for(world.staff_arbiter).post(GAMES, action.data)

    assert [level for level, _text in levels(response)] == [ERROR]
    assert reload(world.game).ply == 3
    assert not ResultRecord.objects.exists()
