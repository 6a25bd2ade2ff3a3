"""Claims: a player whose opponent has not moved for the tournament's time claims the win; the
claim waits on the arbiter's log, and the arbiter accepts it (the claimant wins on time) or
rejects it (play goes on). Both are recorded."""

from __future__ import annotations

import pytest
from django.contrib.messages import ERROR, SUCCESS, get_messages
from django.urls import reverse

from games.models import Game, GameStatus
from tests.adjudication.helpers import World, age_moves, page_text, play, reload
from tournaments.acts import claims, decisions
from tournaments.errors import TournamentError
from tournaments.models import Act, Claim, ClaimStatus, Result, ResultRecord, Tournament

pytestmark = pytest.mark.django_db

LIMIT = 5  # minutes


@pytest.fixture
def game(world: World) -> Game:
    """Board 1 of a tournament with a 5-minute limit: Alice has played A1=S, Carol is to move."""
    Tournament.objects.filter(pk=world.tournament.pk).update(claim_after_minutes=LIMIT)
    return play(world.game, "A1=S")


def claim_url(game: Game) -> str:
    return reverse("tournaments:claim", args=[game.pk])


def decide_url(world: World, claim: Claim) -> str:
    return reverse("tournaments:claim_decide", args=[world.tournament.pk, claim.pk])


def log_url(world: World) -> str:
    return reverse("tournaments:log", args=[world.tournament.pk])


def messages_of(response) -> list[tuple[int, str]]:
    return [(m.level, str(m)) for m in get_messages(response.wsgi_request)]


# -- Claiming ----------------------------------------------------------------------------------


def test_a_claim_too_early_is_refused_with_the_time_left(
    world: World, game: Game, client_for
) -> None:
    age_moves(game, LIMIT - 1)

    response = client_for(world.seated).post(claim_url(game))

    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()
    assert messages_of(response) == [
        (ERROR, "Your opponent still has time: 5 minutes a move."),
    ]
    assert not Claim.objects.exists()
    follow = client_for(world.seated).post(claim_url(game), follow=True)
    assert "Your opponent still has time: 5 minutes a move." in page_text(follow)


def test_a_claim_in_time_goes_to_the_arbiters_queue(world: World, game: Game, client_for) -> None:
    age_moves(game, LIMIT + 1)

    response = client_for(world.seated).post(claim_url(game))

    assert messages_of(response) == [(SUCCESS, "Your claim is with the arbiter.")]
    claim = Claim.objects.get()
    assert (claim.game, claim.pairing, claim.seat, claim.claimed_by, claim.ply) == (
        game,
        world.board1,
        0,
        world.seated,
        1,
    )
    assert claim.status == ClaimStatus.PENDING
    assert reload(game).status == GameStatus.IN_PROGRESS  # nothing decided yet
    assert not ResultRecord.objects.exists()

    queue = page_text(client_for(world.arbiter).get(log_url(world)), "Claims waiting", "Decisions")
    assert str(game) in queue and "claimed by alice" in queue
    assert "Accept" in queue and "Reject" in queue


@pytest.mark.parametrize(
    ("who", "why"),
    [
        ("opponent", "It is your move."),
        ("another_player", "You are not playing in this game."),
        ("arbiter", "You are not playing in this game."),
    ],
)
def test_only_the_player_waiting_for_the_opponent_may_claim(
    world: World, game: Game, client_for, who: str, why: str
) -> None:
    age_moves(game, LIMIT + 1)

    response = client_for(getattr(world, who)).post(claim_url(game))

    assert messages_of(response) == [(ERROR, why)]
    assert not Claim.objects.exists()


def test_an_anonymous_claim_is_refused(world: World, game: Game, client_for) -> None:
    age_moves(game, LIMIT + 1)
    client_for(None).post(claim_url(game))
    assert not Claim.objects.exists()


def test_no_claims_without_a_limit(world: World, client_for) -> None:
    game = play(world.game, "A1=S")
    age_moves(game, 600)

    response = client_for(world.seated).post(claim_url(game))

    assert messages_of(response) == [(ERROR, "This game has no time limit for a move.")]
    assert not Claim.objects.exists()


def test_one_claim_waits_at_a_time(world: World, game: Game) -> None:
    age_moves(game, LIMIT + 1)
    claims.claim_win(user=world.seated, game=game)
    with pytest.raises(TournamentError) as err:
        claims.claim_win(user=world.seated, game=game)
    assert err.value.message == "A claim is already waiting for the arbiter."
    assert Claim.objects.count() == 1


def test_a_game_not_started_can_be_claimed_by_the_second_mover(world: World) -> None:
    Tournament.objects.filter(pk=world.tournament.pk).update(claim_after_minutes=LIMIT)
    game = world.game
    age_moves(game, LIMIT + 1)
    claim = claims.claim_win(user=world.opponent, game=game)
    assert claim.seat == 1


def test_a_finished_game_cannot_be_claimed(world: World, game: Game) -> None:
    decisions.decide(user=world.arbiter, game=game, result="1/2", reason="agreement")
    age_moves(game, LIMIT + 1)
    with pytest.raises(TournamentError) as err:
        claims.claim_win(user=world.seated, game=game)
    assert err.value.message == "This game is over."


def test_the_game_page_offers_the_claim_to_the_waiting_player(
    world: World, game: Game, client_for
) -> None:
    page = client_for(world.seated).get(game.get_absolute_url()).content.decode()
    assert claim_url(game) in page
    page = client_for(world.opponent).get(game.get_absolute_url()).content.decode()
    assert claim_url(game) not in page  # she is to move


# -- Deciding ----------------------------------------------------------------------------------


@pytest.fixture
def claim(world: World, game: Game) -> Claim:
    age_moves(game, LIMIT + 1)
    return claims.claim_win(user=world.seated, game=game)


def test_an_accepted_claim_wins_on_time(world: World, claim: Claim, client_for) -> None:
    response = client_for(world.arbiter).post(
        decide_url(world, claim), {"accept": "1", "note": "10 minutes"}
    )

    assert response.status_code == 302 and response["Location"] == log_url(world)
    game = reload(claim.game)
    assert (game.status, game.winners, game.end_reason) == (GameStatus.ADJUDICATED, [0], "time")
    assert reload(world.board1).result == Result.WIN
    record = ResultRecord.objects.get()
    assert (record.act, record.reason, record.note) == (Act.CLAIM_ACCEPTED, "time", "10 minutes")
    assert record.decided_by == world.arbiter
    assert record.before["game"]["status"] == GameStatus.IN_PROGRESS
    assert record.after["game"]["winners"] == [0]
    claim = reload(claim)
    assert (claim.status, claim.record) == (ClaimStatus.ACCEPTED, record)
    queue = page_text(client_for(world.arbiter).get(log_url(world)), "Claims waiting", "Decisions")
    assert "No claims are waiting." in queue


def test_a_rejected_claim_lets_the_game_go_on(world: World, claim: Claim, client_for) -> None:
    response = client_for(world.arbiter).post(decide_url(world, claim), {"accept": "0"})

    assert response.status_code == 302
    game = reload(claim.game)
    assert (game.status, game.winners) == (GameStatus.IN_PROGRESS, None)
    assert reload(world.board1).result == ""
    record = ResultRecord.objects.get()
    assert (record.act, record.reason) == (Act.CLAIM_REJECTED, "time")
    assert record.before == record.after
    assert (reload(claim).status, reload(claim).record) == (ClaimStatus.REJECTED, record)
    play(game, "B1=O")  # Carol moves on
    assert reload(game).ply == 2


def test_a_claim_after_the_opponent_moved_can_only_be_rejected(
    world: World, claim: Claim, client_for
) -> None:
    play(claim.game, "B1=O")  # Carol moves after all
    client = client_for(world.arbiter)

    response = client.post(decide_url(world, claim), {"accept": "1"})

    assert messages_of(response) == [
        (ERROR, "The opponent has moved since the claim: it can only be rejected.")
    ]
    assert reload(claim).status == ClaimStatus.PENDING
    assert reload(claim.game).status == GameStatus.IN_PROGRESS
    assert not ResultRecord.objects.exists()

    client.post(decide_url(world, claim), {"accept": "0"})
    assert reload(claim).status == ClaimStatus.REJECTED
    assert ResultRecord.objects.get().act == Act.CLAIM_REJECTED


def test_a_claim_is_decided_once(world: World, claim: Claim) -> None:
    claims.decide_claim(user=world.arbiter, claim=claim, accept=False)
    with pytest.raises(TournamentError) as err:
        claims.decide_claim(user=world.arbiter, claim=claim, accept=True)
    assert err.value.code == "decided"
    assert reload(claim).status == ClaimStatus.REJECTED
    assert ResultRecord.objects.count() == 1


def test_the_queue_is_shown_to_the_arbiters_only(world: World, claim: Claim, client_for) -> None:
    for user in (None, world.seated, world.opponent, world.other_arbiter):
        text = page_text(client_for(user).get(log_url(world)))
        assert "Claims waiting" not in text
        assert decide_url(world, claim) not in client_for(user).get(log_url(world)).content.decode()
    for user in (world.arbiter, world.superuser):
        assert decide_url(world, claim) in client_for(user).get(log_url(world)).content.decode()


def test_a_claim_is_decided_in_its_own_tournament_only(
    world: World, claim: Claim, client_for
) -> None:
    url = reverse("tournaments:claim_decide", args=[world.other_tournament.pk, claim.pk])
    assert client_for(world.other_arbiter).post(url, {"accept": "1"}).status_code == 404
    assert reload(claim).status == ClaimStatus.PENDING
