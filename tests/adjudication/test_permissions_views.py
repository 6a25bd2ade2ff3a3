"""Who may adjudicate through the site's pages: every role against every act.

Each act is prepared on a fresh tournament, posted as one role, and checked twice: the HTTP answer
(a redirect back after success; 403, or the login page for anonymous visitors, otherwise) and the
database (the act's change and its result record happened, or nothing did).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from games import services as game_services
from games.models import Game, GameStatus, Player
from tests.adjudication.helpers import (
    SOS_DRAW,
    SOS_FIRST_WINS,
    World,
    age_moves,
    finish_round_one,
    game_arbiter_url,
    is_login_redirect,
    pairing_arbiter_url,
    play,
    reload,
)
from tests.factories import seen_entry_version, seen_version
from tournaments.acts import claims, decisions, services
from tournaments.errors import TournamentError
from tournaments.models import Claim, ClaimStatus, Result, ResultRecord, Tournament

pytestmark = pytest.mark.django_db


@dataclass
class Posted:
    """One act ready to be posted: where, what, where success leads, and whether it happened."""

    url: str
    data: dict[str, str]
    success_url: str
    happened: Callable[[], bool]
    login_required: bool = True


def decide_result(w: World) -> Posted:
    game = play(w.game, "A1=S", "B1=O")
    return Posted(
        game_arbiter_url(game),
        {
            "act": "decide",
            "result": Result.WIN,
            "reason": "agreement",
            "note": "agreed",
            "version": seen_version(game=game, pairing=w.board1),
        },
        game.get_absolute_url(),
        lambda: reload(game).status == GameStatus.ADJUDICATED,
    )


def forfeit(w: World) -> Posted:
    game = w.game
    return Posted(
        game_arbiter_url(game),
        {
            "act": "decide",
            "result": Result.FORFEIT_WIN,
            "reason": "no_show",
            "note": "",
            "version": seen_version(game=game, pairing=w.board1),
        },
        game.get_absolute_url(),
        lambda: reload(w.board1).result == Result.FORFEIT_WIN,
    )


def take_back(w: World) -> Posted:
    game = play(w.game, "A1=S", "B1=O")
    return Posted(
        game_arbiter_url(game),
        {
            "act": "take_back",
            "count": "1",
            "reason": "illegal_conduct",
            "note": "",
            "confirm": "1",
            "version": seen_version(game=game, pairing=w.board1),
        },
        game.get_absolute_url(),
        lambda: reload(game).ply == 1,
    )


def annul(w: World) -> Posted:
    game = play(w.game, "A1=S", "B1=O")
    return Posted(
        game_arbiter_url(game),
        {
            "act": "annul",
            "replay": "on",
            "reason": "illegal_conduct",
            "note": "",
            "confirm": "1",
            "version": seen_version(game=game, pairing=w.board1),
        },
        game.get_absolute_url(),
        lambda: reload(game).status == GameStatus.ANNULLED,
    )


def correct_finished_round(w: World) -> Posted:
    rnd = finish_round_one(w, SOS_FIRST_WINS, SOS_DRAW)
    assert reload(w.board1).result == Result.WIN
    return Posted(
        pairing_arbiter_url(w.board1),
        {
            "act": "decide",
            "result": Result.LOSS,
            "reason": "correction",
            "note": "wrong sheet",
            "version": seen_version(game=reload(w.board1).game, pairing=w.board1),
        },
        rnd.get_absolute_url(),
        lambda: reload(w.board1).result == Result.LOSS,
    )


def withdraw(w: World) -> Posted:
    entry = w.entry("Alice")
    return Posted(
        reverse("tournaments:withdrawal", args=[w.tournament.pk, entry.pk]),
        {
            "reason": "illegal_conduct",
            "note": "left the hall",
            "from_round": "",
            "version": seen_entry_version(entry),
        },
        w.tournament.get_absolute_url(),
        lambda: reload(entry).withdrawn_from_round == 2,
    )


def reinstate(w: World) -> Posted:
    entry = services.withdraw(entry=w.entry("Alice"), user=w.arbiter)
    assert entry.withdrawn_from_round == 2
    return Posted(
        reverse("tournaments:withdrawal", args=[w.tournament.pk, entry.pk]),
        {"reason": "correction", "note": "came back", "version": seen_entry_version(entry)},
        w.tournament.get_absolute_url(),
        lambda: reload(entry).withdrawn_from_round is None,
    )


def decide_claim(w: World) -> Posted:
    Tournament.objects.filter(pk=w.tournament.pk).update(claim_after_minutes=5)
    game = play(w.game, "A1=S")  # Carol, the second mover, is to move and does not
    age_moves(game, 10)
    claim = claims.claim_win(user=w.seated, game=game)
    return Posted(
        reverse("tournaments:claim_decide", args=[w.tournament.pk, claim.pk]),
        {"accept": "1", "note": ""},
        reverse("tournaments:log", args=[w.tournament.pk]),
        lambda: reload(claim).status == ClaimStatus.ACCEPTED,
    )


ACTS = {
    "decide result": decide_result,
    "forfeit": forfeit,
    "take back": take_back,
    "annul": annul,
    "correct a finished round": correct_finished_round,
    "withdraw": withdraw,
    "reinstate": reinstate,
    "decide claim": decide_claim,
}

ROLES: dict[str, Callable[[World], User | None]] = {
    "anonymous": lambda w: None,
    "another player": lambda w: w.another_player,
    "the seated player": lambda w: w.seated,
    "arbiter of this tournament": lambda w: w.arbiter,
    "arbiter of another tournament": lambda w: w.other_arbiter,
    "superuser": lambda w: w.superuser,
}
ALLOWED = {"arbiter of this tournament", "superuser"}


@pytest.mark.parametrize("act", ACTS)
@pytest.mark.parametrize("role", ROLES)
def test_only_the_tournaments_arbiters_and_superusers_adjudicate(
    world: World, client_for, role: str, act: str
) -> None:
    posted = ACTS[act](world)
    records = ResultRecord.objects.count()

    response = client_for(ROLES[role](world)).post(posted.url, posted.data)

    if role in ALLOWED:
        assert response.status_code == 302, response.content.decode()[:2000]
        assert response["Location"] == posted.success_url
        assert posted.happened()
        assert ResultRecord.objects.count() == records + 1
        record = ResultRecord.objects.first()
        assert record.decided_by == ROLES[role](world)
        assert record.tournament == world.tournament
    else:
        if role == "anonymous" and posted.login_required:
            assert is_login_redirect(response)
        else:
            assert response.status_code == 403
        assert not posted.happened()
        assert ResultRecord.objects.count() == records


@pytest.mark.parametrize("role", ROLES)
def test_the_arbiters_page_opens_for_arbiters_only(world: World, client_for, role: str) -> None:
    response = client_for(ROLES[role](world)).get(game_arbiter_url(world.game))

    if role in ALLOWED:
        assert response.status_code == 200
        body = response.content.decode()
        for form in ("act-decide", "act-take-back", "act-annul"):
            assert f'id="{form}"' in body
    elif role == "anonymous":
        assert is_login_redirect(response)
    else:
        assert response.status_code == 403


def test_a_claim_decided_by_nobody_allowed_is_still_pending(world: World, client_for) -> None:
    posted = decide_claim(world)
    for user in (None, world.seated, world.opponent, world.other_arbiter):
        client_for(user).post(posted.url, posted.data)
    assert Claim.objects.get().status == ClaimStatus.PENDING


# -- Games outside tournaments -----------------------------------------------------------------


def casual_game(created_by: User | None = None) -> Game:
    """A game of Alice and Carol played outside any tournament."""
    players = list(Player.objects.filter(name__in=["Alice", "Carol"]).order_by("name"))
    return game_services.create_game(kind="sos", options={}, players=players, created_by=created_by)


@pytest.mark.parametrize(
    ("role", "allowed"),
    [
        ("anonymous", False),
        ("the seated player", False),
        ("arbiter of this tournament", False),  # named by a tournament, not in the group
        ("arbiter of another tournament", True),  # in the Arbiter group, created the game
        ("staff arbiter", False),  # in the Arbiter group, but did not create the game
        ("superuser", True),
    ],
)
def test_games_outside_tournaments_are_for_their_creating_arbiter_and_superusers(
    world: World, client_for, role: str, allowed: bool
) -> None:
    game = casual_game(created_by=world.other_arbiter)
    data = {
        "act": "decide",
        "result": Result.DRAW,
        "reason": "agreement",
        "note": "",
        "version": seen_version(game=game),
    }

    user = world.staff_arbiter if role == "staff arbiter" else ROLES[role](world)
    response = client_for(user).post(game_arbiter_url(game), data)

    if allowed:
        assert response.status_code == 302
        assert reload(game).status == GameStatus.ADJUDICATED
        assert ResultRecord.objects.get().tournament is None
    else:
        if role == "anonymous":
            assert is_login_redirect(response)
        else:
            assert response.status_code == 403
        assert reload(game).status == GameStatus.WAITING
        assert not ResultRecord.objects.exists()


def test_the_arbiter_group_gives_no_right_over_a_tournaments_games(world: World) -> None:
    """The services say the same as the pages: naming decides, not the group."""
    assert world.other_arbiter.has_perm("tournaments.add_resultrecord")
    with pytest.raises(TournamentError) as err:
        decisions.decide(
            user=world.other_arbiter, game=world.game, result=Result.WIN, reason="agreement"
        )
    assert err.value.code == "not_allowed"
    assert reload(world.game).status == GameStatus.WAITING
