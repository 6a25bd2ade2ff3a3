"""What each act does to the game, its pairing and the standings, posted through the arbiter's
pages by the tournament's arbiter.

The world: an online SOS Swiss; round 1 is Alice (first mover) against Carol on board 1 and Dmitri
against Борис on board 2.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from games import services as game_services
from games.models import Game, GameStatus, Move, Player
from tests.adjudication.helpers import (
    SOS_DRAW,
    SOS_FIRST_WINS,
    World,
    boards,
    build_paper_round,
    finish_round_one,
    game_arbiter_url,
    page_text,
    page_version,
    pairing_arbiter_url,
    play,
    points,
    reload,
    state_is_replay_of_moves,
    tiebreak,
)
from tournaments import pairings
from tournaments.acts import decisions, services
from tournaments.errors import TournamentError
from tournaments.models import Act, Result, ResultRecord, RoundStatus

pytestmark = pytest.mark.django_db


@pytest.fixture
def arbiter(world: World, client_for):
    """The tournament's arbiter, on the site, in English."""
    return client_for(world.arbiter)


def post_act(client, url: str, **data: str):
    """Post an act as the page would: with the version the page shows now."""
    data.setdefault("version", page_version(client, url))
    if data.get("act") in ("take_back", "annul"):  # the second look: confirmed at once here
        data.setdefault("confirm", "1")
    response = client.post(url, {"note": "", **data})
    assert response.status_code == 302, response.content.decode()[:3000]
    return response


# -- Declaring a result or a forfeit -----------------------------------------------------------

DECISIONS = [
    # result, winners, how the game ended, Alice's and Carol's points, the act recorded
    (Result.WIN, [0], "adjudicated", 1.0, 0.0, Act.DECLARE_RESULT),
    (Result.LOSS, [1], "adjudicated", 0.0, 1.0, Act.DECLARE_RESULT),
    (Result.DRAW, [], "adjudicated", 0.5, 0.5, Act.DECLARE_RESULT),
    (Result.FORFEIT_WIN, [0], "forfeit", 1.0, 0.0, Act.FORFEIT),
    (Result.FORFEIT_LOSS, [1], "forfeit", 0.0, 1.0, Act.FORFEIT),
    (Result.DOUBLE_FORFEIT, [], "double_forfeit", 0.0, 0.0, Act.FORFEIT),
]


@pytest.mark.parametrize("moves", [0, 3], ids=["before the game", "during the game"])
@pytest.mark.parametrize(("result", "winners", "end", "alice", "carol", "act"), DECISIONS)
def test_deciding_a_game(
    world: World, arbiter, moves, result, winners, end, alice, carol, act
) -> None:
    game = play(world.game, *SOS_FIRST_WINS[:moves])
    before_status = game.status

    post_act(
        arbiter, game_arbiter_url(game), act="decide", result=result, reason="no_show", note="x"
    )

    game = reload(game)
    assert game.status == GameStatus.ADJUDICATED
    assert game.winners == winners
    assert game.end_reason == end
    assert game.finished_at is not None
    assert game.ply == moves == Move.objects.filter(game=game).count()  # no move is lost
    assert state_is_replay_of_moves(game)
    assert reload(world.board1).result == result
    assert points(world.tournament)["Alice"] == alice
    assert points(world.tournament)["Carol"] == carol

    record = ResultRecord.objects.get(source="adjudication")
    assert (record.act, record.reason, record.note) == (act, "no_show", "x")
    assert (record.game, record.pairing, record.tournament) == (
        game,
        world.board1,
        world.tournament,
    )
    assert record.decided_by == world.arbiter
    assert record.before["game"]["status"] == before_status
    assert record.before["game"]["winners"] is None
    assert record.before["pairing"]["result"] == ""
    assert record.after["game"]["status"] == GameStatus.ADJUDICATED
    assert record.after["game"]["winners"] == winners
    assert record.after["pairing"]["result"] == result


def test_a_draw_is_stored_as_1_2_and_shown_as_a_half(world: World, arbiter, client_for) -> None:
    post_act(
        arbiter,
        game_arbiter_url(world.game),
        act="decide",
        result=Result.DRAW,
        reason="agreement",
    )

    assert reload(world.board1).result == "1/2"
    board = page_text(
        client_for(None).get(world.round1.get_absolute_url()), 'id="board-1"', "</tr>"
    )
    assert "½-½" in board


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("1-0", "1-0"),
        ("½-½", "1/2"),
        ("1/2-1/2", "1/2"),
        ("=", "1/2"),
        ("+-", "+/-"),
        ("--", "-/-"),
    ],
)
def test_the_service_reads_the_usual_notations(world: World, typed: str, code: str) -> None:
    decisions.decide(user=world.arbiter, game=world.game, result=typed, reason="agreement")
    assert reload(world.board1).result == code


@pytest.mark.parametrize("typed", ["2-0", "bye", ""])
def test_a_bye_or_an_unknown_result_is_refused(world: World, typed: str) -> None:
    with pytest.raises(TournamentError):
        decisions.decide(user=world.arbiter, game=world.game, result=typed, reason="agreement")
    assert reload(world.game).status == GameStatus.WAITING
    assert not ResultRecord.objects.exists()


def test_a_reason_outside_the_list_is_refused(world: World) -> None:
    with pytest.raises(TournamentError) as err:
        decisions.decide(user=world.arbiter, game=world.game, result="1-0", reason="whim")
    assert err.value.code == "reason"
    assert reload(world.game).status == GameStatus.WAITING
    assert not ResultRecord.objects.exists()


def test_a_game_the_board_finished_can_be_decided_otherwise(world: World, arbiter) -> None:
    game = play(world.game, *SOS_FIRST_WINS)
    assert (game.status, reload(world.board1).result) == (GameStatus.FINISHED, Result.WIN)

    post_act(arbiter, game_arbiter_url(game), act="decide", result=Result.LOSS, reason="correction")

    game = reload(game)
    assert (game.status, game.winners) == (GameStatus.ADJUDICATED, [1])
    assert reload(world.board1).result == Result.LOSS
    record = ResultRecord.objects.get(source="adjudication")
    assert record.act == Act.DECLARE_RESULT  # round 1 is still open
    assert record.before["pairing"]["result"] == Result.WIN
    assert record.before["game"]["status"] == GameStatus.FINISHED


def test_an_annulled_game_cannot_be_decided(world: World) -> None:
    game = world.game
    decisions.annul(user=world.arbiter, game=game, reason="illegal_conduct", replay=False)
    with pytest.raises(TournamentError) as err:
        decisions.decide(user=world.superuser, game=game, result="1-0", reason="agreement")
    assert err.value.code == "annulled"
    assert reload(game).status == GameStatus.ANNULLED


def test_a_paper_pairing_is_decided_without_a_game(world: World, client_for) -> None:
    pairing = build_paper_round(world)
    client = client_for(world.arbiter)

    post_act(
        client, pairing_arbiter_url(pairing), act="decide", result="-/+", reason="no_show", note=""
    )

    assert reload(pairing).result == Result.FORFEIT_LOSS
    record = ResultRecord.objects.get(pairing=pairing)
    assert (record.act, record.game) == (Act.FORFEIT, None)
    assert record.after["pairing"]["result"] == Result.FORFEIT_LOSS


def test_a_bye_has_nothing_to_decide(world: World) -> None:
    bye = build_paper_round(world, bye=True)
    with pytest.raises(TournamentError):
        decisions.decide(user=world.arbiter, pairing=bye, result="1-0", reason="agreement")
    assert reload(bye).result == Result.BYE


# -- SOS of more seats: the arbiter names the winners -------------------------------------------


@pytest.fixture
def three_seats(world: World) -> Game:
    players = list(Player.objects.filter(name__in=["Alice", "Борис", "Carol"]).order_by("pk"))
    return game_services.create_game(kind="sos", options={"rows": 4, "cols": 4}, players=players)


def test_the_winners_of_a_three_seat_game(three_seats: Game, world: World, client_for) -> None:
    client = client_for(world.superuser)
    page = client.get(game_arbiter_url(three_seats)).content.decode()
    assert page.count('name="winners"') == 3

    response = client.post(
        game_arbiter_url(three_seats),
        {
            "act": "decide",
            "winners": ["0", "2"],
            "reason": "unfinished",
            "note": "hall closed",
            "version": page_version(client, game_arbiter_url(three_seats)),
        },
    )

    assert response.status_code == 302
    game = reload(three_seats)
    assert (game.status, game.winners, game.result_text) == (GameStatus.ADJUDICATED, [0, 2], "1+3")
    record = ResultRecord.objects.get(source="adjudication")
    assert (record.act, record.tournament, record.pairing) == (Act.DECLARE_RESULT, None, None)
    assert record.after["game"]["winners"] == [0, 2]


def test_no_winner_ticked_is_a_draw(three_seats: Game, world: World, client_for) -> None:
    client = client_for(world.superuser)
    version = page_version(client, game_arbiter_url(three_seats))
    client.post(
        game_arbiter_url(three_seats),
        {"act": "decide", "reason": "agreement", "note": "", "version": version},
    )
    game = reload(three_seats)
    assert (game.winners, game.result_text) == ([], "=")


def test_a_three_seat_game_needs_winners_not_a_result(three_seats: Game, world: World) -> None:
    with pytest.raises(TournamentError) as err:
        decisions.decide(user=world.superuser, game=three_seats, result="1-0", reason="time")
    assert err.value.code == "winners"
    assert reload(three_seats).status == GameStatus.WAITING


def test_a_winner_must_be_a_seat(three_seats: Game, world: World) -> None:
    with pytest.raises(TournamentError):
        decisions.decide(
            user=world.superuser, game=three_seats, winners=[3], result="", reason="time"
        )
    assert reload(three_seats).status == GameStatus.WAITING


# -- Taking back moves -------------------------------------------------------------------------


def test_taking_back_moves_of_a_game_in_progress(world: World, arbiter) -> None:
    game = play(world.game, *SOS_FIRST_WINS[:4])  # A1=S B1=O C1=S (scores, moves again) A2=O
    assert (game.ply, game.scores) == (4, [1, 0])

    post_act(arbiter, game_arbiter_url(game), act="take_back", count="2", reason="illegal_conduct")

    game = reload(game)
    assert game.ply == 2
    assert game.status == GameStatus.IN_PROGRESS
    assert list(game.moves.values_list("notation", flat=True)) == ["A1=S", "B1=O"]
    assert game.moves_list == ["A1=S", "B1=O"]
    assert game.scores == [0, 0]
    assert state_is_replay_of_moves(game)
    record = ResultRecord.objects.get(source="adjudication")
    assert record.act == Act.TAKE_BACK
    assert record.after["removed"] == ["C1=S", "A2=O"]
    assert (record.before["game"]["ply"], record.after["game"]["ply"]) == (4, 2)

    # Play continues from there: the first mover is to move again.
    game = play(game, "C1=S")
    assert (game.ply, game.scores, game.status) == (3, [1, 0], GameStatus.IN_PROGRESS)
    assert state_is_replay_of_moves(game)


def test_taking_back_every_move(world: World, arbiter) -> None:
    game = play(world.game, "A1=S", "B1=O")
    post_act(arbiter, game_arbiter_url(game), act="take_back", count="2", reason="correction")
    game = reload(game)
    assert (game.ply, game.status, game.moves_list) == (0, GameStatus.WAITING, [])
    assert state_is_replay_of_moves(game)


def test_taking_back_the_finishing_move_reopens_the_game(world: World, arbiter) -> None:
    game = play(world.game, *SOS_FIRST_WINS)
    assert (game.status, game.winners) == (GameStatus.FINISHED, [0])
    assert reload(world.board1).result == Result.WIN
    assert points(world.tournament)["Alice"] == 1.0

    post_act(arbiter, game_arbiter_url(game), act="take_back", count="1", reason="illegal_conduct")

    game = reload(game)
    assert game.status == GameStatus.IN_PROGRESS
    assert (game.ply, game.winners, game.end_reason, game.finished_at) == (8, None, "", None)
    assert state_is_replay_of_moves(game)
    assert reload(world.board1).result == ""
    assert points(world.tournament)["Alice"] == 0.0
    record = ResultRecord.objects.get(source="adjudication")
    assert record.before["pairing"]["result"] == Result.WIN
    assert record.after["pairing"]["result"] == ""
    assert record.after["removed"] == ["C3=O"]

    # Carol plays C3=S instead: two SOS (A1-B2-C3, C1-C2-C3), she wins 2:1.
    game = play(game, "C3=S")
    assert (game.status, game.winners, game.scores) == (GameStatus.FINISHED, [1], [1, 2])
    assert reload(world.board1).result == Result.LOSS
    assert points(world.tournament)["Carol"] == 1.0


@pytest.mark.parametrize(
    ("count", "error"),
    [
        ("0", "Ensure this value is greater than or equal to 1."),
        ("3", "There are 2 moves to take back, not 3."),
    ],
)
def test_taking_back_more_moves_than_played_is_refused(
    world: World, arbiter, count: str, error: str
) -> None:
    game = play(world.game, "A1=S", "B1=O")
    response = arbiter.post(
        game_arbiter_url(game),
        {
            "act": "take_back",
            "count": count,
            "reason": "correction",
            "note": "",
            "version": page_version(arbiter, game_arbiter_url(game)),
        },
    )
    assert error in page_text(response, 'id="act-take-back"', "</form>")  # the form again
    assert reload(game).ply == 2
    assert not ResultRecord.objects.exists()


def test_an_adjudicated_game_has_no_moves_to_take_back(world: World, arbiter) -> None:
    """The refusal is an error the arbiter can read on the form, not a server error."""
    game = play(world.game, "A1=S", "B1=O")
    decisions.decide(user=world.arbiter, game=game, result="1-0", reason="agreement")

    response = arbiter.post(
        game_arbiter_url(game),
        {
            "act": "take_back",
            "count": "1",
            "reason": "correction",
            "note": "",
            "version": page_version(arbiter, game_arbiter_url(game)),
        },
    )

    assert response.status_code == 200
    assert "Moves can be taken back only in a game played on the board." in page_text(response)
    game = reload(game)
    assert (game.ply, game.status) == (2, GameStatus.ADJUDICATED)
    assert ResultRecord.objects.count() == 1


def test_an_annulled_game_has_no_moves_to_take_back(world: World) -> None:
    game = play(world.game, "A1=S")
    decisions.annul(user=world.arbiter, game=game, reason="correction")
    with pytest.raises(TournamentError):
        decisions.take_back(user=world.superuser, game=game, count=1, reason="correction")
    assert reload(game).ply == 1


@pytest.mark.parametrize("replay", [True, False], ids=["replayed", "not replayed"])
def test_an_annulled_game_stays_under_its_tournaments_arbiters(
    world: World, client_for, replay: bool
) -> None:
    """Annulling moves the pairing to the new game (or to none): the old game must still be its
    tournament's, for its arbiters and against the arbiters of other tournaments."""
    game = play(world.game, "A1=S")
    decisions.annul(user=world.arbiter, game=game, reason="correction", replay=replay)

    assert decisions.may_adjudicate(world.arbiter, game=game)
    assert not decisions.may_adjudicate(world.other_arbiter, game=game)
    assert client_for(world.arbiter).get(game_arbiter_url(game)).status_code == 200
    assert client_for(world.other_arbiter).get(game_arbiter_url(game)).status_code == 403


# -- Annulling ---------------------------------------------------------------------------------


def test_annulling_with_a_replay_gives_the_pairing_a_new_game(world: World, arbiter) -> None:
    old = play(world.game, *SOS_FIRST_WINS)
    assert points(world.tournament)["Alice"] == 1.0

    post_act(arbiter, game_arbiter_url(old), act="annul", replay="on", reason="illegal_conduct")

    old = reload(old)
    assert old.status == GameStatus.ANNULLED
    assert old.ply == 9 and old.moves.count() == 9  # kept as it was
    assert old.result_text == ""
    pairing = reload(world.board1)
    new = pairing.game
    assert new is not None and new.pk != old.pk
    assert (new.kind, new.options, new.status, new.ply) == (
        old.kind,
        old.options,
        GameStatus.WAITING,
        0,
    )
    seats = lambda g: list(g.seats.order_by("number").values_list("player__name", flat=True))  # noqa: E731
    assert seats(new) == seats(old) == ["Alice", "Carol"]
    assert pairing.result == ""
    assert points(world.tournament)["Alice"] == 0.0
    record = ResultRecord.objects.get(source="adjudication")
    assert (record.act, record.game, record.pairing) == (Act.ANNUL, old, pairing)
    assert record.before["pairing"] == {
        "result": Result.WIN,
        "game": old.pk,
        "first_score": 1,
        "second_score": 0,
    }
    # The new game has no moves and no result: the board has no scores (the old game keeps
    # its own; nothing was copied to the pairing to be left behind).
    assert record.after["pairing"] == {
        "result": "",
        "game": new.pk,
        "first_score": None,
        "second_score": None,
    }
    assert record.after["game"]["status"] == GameStatus.ANNULLED

    # The replay is played like any game and writes the pairing's result.
    play(new, *SOS_DRAW)
    assert reload(world.board1).result == Result.DRAW


def test_annulling_without_a_replay_leaves_the_pairing_open(world: World, arbiter) -> None:
    old = play(world.game, "A1=S")
    post_act(arbiter, game_arbiter_url(old), act="annul", reason="illegal_conduct")

    pairing = reload(world.board1)
    assert (pairing.game, pairing.result) == (None, "")
    assert reload(old).status == GameStatus.ANNULLED


def test_a_game_is_annulled_once(world: World) -> None:
    game = world.game
    decisions.annul(user=world.arbiter, game=game, reason="correction", replay=False)
    with pytest.raises(TournamentError) as err:
        decisions.annul(user=world.superuser, game=game, reason="correction")
    assert err.value.code == "annulled"
    assert ResultRecord.objects.count() == 1


def test_the_annulled_game_stays_visible_marked_annulled(world: World, client_for) -> None:
    old = play(world.game, "A1=S", "B1=O")
    decisions.annul(user=world.arbiter, game=old, reason="illegal_conduct", note="phone")

    response = client_for(world.seated).get(old.get_absolute_url())

    status = page_text(response, 'id="status"', "</p>")
    assert "This game was annulled." in status
    records = page_text(response, 'class="adjudications"', "</section>")
    assert "Game annulled" in records and "Illegal conduct" in records and "phone" in records
    log = client_for(None).get(reverse("tournaments:log", args=[world.tournament.pk]))
    assert old.get_absolute_url() in log.content.decode()  # the log links the annulled game


def test_an_annulled_finished_game_does_not_show_its_old_winner(world: World, client_for) -> None:
    old = play(world.game, *SOS_FIRST_WINS)
    decisions.annul(user=world.arbiter, game=old, reason="illegal_conduct")

    response = client_for(world.seated).get(old.get_absolute_url())

    status = page_text(response, 'id="status"', "</p>")
    assert "This game was annulled." in status
    assert "Winner" not in status


# -- The result of a decided game on the game page ---------------------------------------------


def test_the_game_page_shows_an_adjudicated_result(world: World, client_for) -> None:
    game = play(world.game, "A1=S", "B1=O")
    decisions.decide(user=world.arbiter, game=game, result="+/-", reason="no_show")

    response = client_for(world.opponent).get(game.get_absolute_url())

    assert "Winner: Alice" in page_text(response, 'id="status"', "</p>")


# -- Correcting a finished round ---------------------------------------------------------------


def two_finished_rounds(world: World) -> None:
    """Round 1: Alice beats Carol, Dmitri–Борис a draw. Round 2: Борис beats Alice, Carol–Dmitri
    a draw. Points: Борис 1½, Alice 1, Dmitri 1, Carol ½; every Buchholz 2."""
    finish_round_one(world, SOS_FIRST_WINS, SOS_DRAW)
    rnd = pairings.pair_round(tournament=world.tournament, user=world.arbiter)
    first, second = boards(rnd)
    assert (first.first.player.name, first.second.player.name) == ("Борис", "Alice")
    assert (second.first.player.name, second.second.player.name) == ("Carol", "Dmitri")
    play(first.game, *SOS_FIRST_WINS)
    play(second.game, *SOS_DRAW)
    services.finish_round(round=rnd, user=world.arbiter)


def test_correcting_a_finished_round_moves_points_and_later_buchholz(world: World, arbiter) -> None:
    two_finished_rounds(world)
    assert points(world.tournament) == {"Борис": 1.5, "Alice": 1.0, "Dmitri": 1.0, "Carol": 0.5}
    assert set(tiebreak(world.tournament, "buchholz").values()) == {2.0}

    post_act(
        arbiter,
        pairing_arbiter_url(world.board1),
        act="decide",
        result=Result.LOSS,
        reason="correction",
        note="the score sheet was misread",
    )

    assert reload(world.round1).status == RoundStatus.FINISHED
    assert reload(world.board1).result == Result.LOSS
    assert points(world.tournament) == {"Борис": 1.5, "Carol": 1.5, "Dmitri": 1.0, "Alice": 0.0}
    # Dmitri played neither Alice nor Carol in round 1: his Buchholz follows his round 2 opponent.
    assert tiebreak(world.tournament, "buchholz") == {
        "Alice": 3.0,
        "Борис": 1.0,
        "Carol": 1.0,
        "Dmitri": 3.0,
    }
    record = ResultRecord.objects.get(source="adjudication")
    assert record.act == Act.CORRECT_RESULT
    assert record.before["pairing"]["result"] == Result.WIN
    assert record.after["pairing"]["result"] == Result.LOSS


def test_the_standings_page_follows_a_correction_at_once(world: World, client_for) -> None:
    two_finished_rounds(world)
    decisions.decide(
        user=world.arbiter, pairing=world.board1, result=Result.LOSS, reason="correction"
    )

    response = client_for(None).get(reverse("tournaments:standings", args=[world.tournament.pk]))

    text = page_text(response, "<table", "</table>")
    assert text.index("Carol") < text.index("Dmitri") < text.index("Alice")


# -- Withdrawing and reinstating ---------------------------------------------------------------


def withdrawal_url(world: World, name: str) -> str:
    return reverse("tournaments:withdrawal", args=[world.tournament.pk, world.entry(name).pk])


def test_a_withdrawn_player_is_not_paired_from_that_round_on(world: World, arbiter) -> None:
    post_act(arbiter, withdrawal_url(world, "Alice"), reason="illegal_conduct", from_round="")

    assert world.entry("Alice").withdrawn_from_round == 2
    record = ResultRecord.objects.get(source="adjudication")
    assert (record.act, record.entry, record.tournament) == (
        Act.WITHDRAW,
        world.entry("Alice"),
        world.tournament,
    )
    assert record.before == {"withdrawn_from_round": None}
    assert record.after == {"withdrawn_from_round": 2}

    finish_round_one(world, SOS_FIRST_WINS, SOS_DRAW)
    rnd = pairings.pair_round(tournament=world.tournament, user=world.arbiter)
    names = {p.first.player.name for p in rnd.pairings.all()} | {
        p.second.player.name for p in rnd.pairings.all() if p.second
    }
    assert "Alice" not in names and names == {"Борис", "Carol", "Dmitri"}


def test_withdrawing_from_a_later_round(world: World, arbiter) -> None:
    post_act(arbiter, withdrawal_url(world, "Carol"), reason="no_show", from_round="3")
    assert world.entry("Carol").withdrawn_from_round == 3


def test_a_paired_round_is_too_late_to_withdraw_from(world: World, arbiter) -> None:
    response = arbiter.post(
        withdrawal_url(world, "Alice"),
        {"reason": "no_show", "note": "", "from_round": "1", "version": "0"},
    )
    assert "Round 1 is already paired: withdraw from a later round." in page_text(response)
    assert world.entry("Alice").withdrawn_from_round is None
    assert not ResultRecord.objects.exists()


def test_undoing_a_withdrawal(world: World, arbiter) -> None:
    decisions.withdraw(user=world.arbiter, entry=world.entry("Alice"), reason="no_show")

    post_act(arbiter, withdrawal_url(world, "Alice"), reason="correction", note="she came back")

    assert world.entry("Alice").withdrawn_from_round is None
    record = ResultRecord.objects.first()
    assert (record.act, record.note) == (Act.REINSTATE, "she came back")
    assert record.before == {"withdrawn_from_round": 2}
    assert record.after == {"withdrawn_from_round": None}
    finish_round_one(world, SOS_FIRST_WINS, SOS_DRAW)
    rnd = pairings.pair_round(tournament=world.tournament, user=world.arbiter)
    assert rnd.pairings.filter(second__isnull=False).count() == 2  # all four play


def test_the_withdrawal_page_offers_the_undo_to_a_withdrawn_player(world: World, arbiter) -> None:
    assert "Withdraw Alice" in page_text(arbiter.get(withdrawal_url(world, "Alice")))
    decisions.withdraw(user=world.arbiter, entry=world.entry("Alice"), reason="no_show")
    assert "Undo the withdrawal of Alice" in page_text(arbiter.get(withdrawal_url(world, "Alice")))


def test_an_act_on_an_annulled_game_says_annulled_even_with_the_old_version(world: World) -> None:
    # The second arbiter's form was drawn before the first annulled the game: the version it
    # carries is gone, but "annulled" is the answer that tells him what happened.
    game = world.game
    seen = decisions.version(game=game)
    decisions.annul(user=world.arbiter, game=game, reason="correction", replay=False)
    for act in (
        lambda: decisions.annul(
            user=world.superuser, game=game, reason="correction", expected_version=seen
        ),
        lambda: decisions.decide(
            user=world.superuser,
            game=game,
            result="1-0",
            reason="agreement",
            expected_version=seen,
        ),
    ):
        with pytest.raises(TournamentError) as err:
            act()
        assert err.value.code == "annulled"
    assert ResultRecord.objects.count() == 1
