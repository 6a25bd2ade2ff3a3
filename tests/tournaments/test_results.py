"""Results: from a finished online game (the signal), from the arbiter (``record_result``), and
closing a round (``finish_round``)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.utils import translation

from games import services as game_services
from games.errors import GameNotActive
from games.models import GameStatus
from tests.tournaments.helpers import (
    boards,
    enter_results,
    finish,
    new_tournament,
    pair,
    play,
    play_round,
    reload,
    seed_players,
)
from tournaments.acts import services
from tournaments.errors import TournamentError
from tournaments.models import Act, Pairing, Result, ResultRecord, RoundStatus, TournamentStatus

pytestmark = pytest.mark.django_db

# A whole 3×3 SOS game (hand-checked in tests/games/test_services.py): the first mover scores
# A1-B1-C1, A1-B2-C3, C1-B2-A3, C1-C2-C3 and A3-B3-C3 (5), the second A1-A2-A3 (1).
SOS_FIRST_WINS_5_1 = ["A1=S", "C1=S", "B1=O", "A3=S", "A2=O", "C3=S", "B2=O", "C2=O", "B3=O"]
# "First SOS wins": the second mover completes A1-B1-C1.
SOS_FIRST_SOS_SECOND_WINS = ["A1=S", "C1=S", "A3=S", "B1=O"]
# Nine S and no O: the grid fills without an SOS, 0:0.
SOS_NO_SOS = [f"{col}{row}=S" for col in "ABC" for row in "123"]


def online_board(arbiter: User, **options):
    """The single board of round 1 of an online SOS Swiss between two players with accounts."""
    t = new_tournament(arbiter, kind="sos", options=options, online=True)
    seed_players(t, arbiter, 2, account=True)
    rnd = pair(t, arbiter)
    (p,) = boards(rnd)
    return p


def paper_board(arbiter: User) -> Pairing:
    t = new_tournament(arbiter, online=False)
    seed_players(t, arbiter, 3)
    return boards(pair(t, arbiter))[0]


# --- a finished online game writes its pairing's result ------------------------------------


def test_a_finished_sos_game_writes_the_result_and_the_scores(arbiter: User) -> None:
    p = online_board(arbiter)
    game = play(p.game, *SOS_FIRST_WINS_5_1[:-1])
    assert game.is_active
    assert reload(p).result == ""  # nothing before the end
    game = play(game, SOS_FIRST_WINS_5_1[-1])
    assert game.winners == [0]
    p = reload(p)
    assert p.result == Result.WIN
    assert p.game_scores == (5, 1)  # the game's, from its moves
    assert (p.first_score, p.second_score) == (None, None)  # nothing copied


def test_a_game_won_by_the_second_mover_writes_a_loss(arbiter: User) -> None:
    p = online_board(arbiter, mode="first")
    play(p.game, *SOS_FIRST_SOS_SECOND_WINS)
    p = reload(p)
    assert p.result == Result.LOSS
    assert p.game_scores == (0, 1)  # the game's, from its moves
    assert (p.first_score, p.second_score) == (None, None)  # nothing copied


def test_a_drawn_game_writes_a_draw(arbiter: User) -> None:
    p = online_board(arbiter)
    play(p.game, *SOS_NO_SOS)
    p = reload(p)
    assert p.result == Result.DRAW
    assert p.game_scores == (0, 0)  # the game's, from its moves
    assert (p.first_score, p.second_score) == (None, None)  # nothing copied


def test_a_game_outside_any_tournament_changes_no_pairing(arbiter: User) -> None:
    p = online_board(arbiter)
    seats = [s.player for s in p.game.seats.order_by("number")]
    friendly = game_services.create_game(kind="sos", options={}, players=seats)
    play(friendly, *SOS_FIRST_WINS_5_1)
    assert reload(p).result == ""


def test_a_game_played_after_its_round_was_finished_does_not_change_the_result(
    arbiter: User,
) -> None:
    """The arbiter recorded a forfeit before the game started and closed the round; results of
    a finished round change by adjudication only (``record_result`` refuses), so the board's
    late end must not rewrite them either."""
    p = online_board(arbiter, mode="first")
    services.record_result(pairing=p, result="+/-", user=arbiter)
    finish(p.round, arbiter)
    # The forfeit closed the game: it can no longer be played out on the board.
    with pytest.raises(GameNotActive):
        play(p.game, *SOS_FIRST_SOS_SECOND_WINS)
    assert reload(p).result == Result.FORFEIT_WIN
    assert reload(p).game.status == GameStatus.ADJUDICATED


def test_a_round_of_finished_games_can_be_finished(arbiter: User) -> None:
    p = online_board(arbiter)
    play(p.game, *SOS_FIRST_WINS_5_1)
    rnd = finish(p.round, arbiter)
    assert rnd.status == RoundStatus.FINISHED


# --- record_result -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("1-0", Result.WIN),
        ("0-1", Result.LOSS),
        ("½-½", Result.DRAW),
        ("1/2-1/2", Result.DRAW),
        ("=", Result.DRAW),
        ("+/-", Result.FORFEIT_WIN),
        ("-/+", Result.FORFEIT_LOSS),
        ("-/-", Result.DOUBLE_FORFEIT),
        (" 1 – 0 ", Result.WIN),  # spaces and an en dash, as typed or pasted
        ("1:0", Result.WIN),
        ("1/2", Result.DRAW),
        ("0.5-0.5", Result.DRAW),
        ("+-", Result.FORFEIT_WIN),
        ("--", Result.DOUBLE_FORFEIT),
    ],
)
def test_result_notations_are_parsed(arbiter: User, text: str, code: str) -> None:
    p = paper_board(arbiter)
    services.record_result(pairing=p, result=text, user=arbiter)
    assert reload(p).result == code


@pytest.mark.parametrize("text", ["2-0", "win", "", "1:1"])
def test_an_unknown_result_is_refused_with_the_notations_to_use(arbiter: User, text: str) -> None:
    p = paper_board(arbiter)
    with translation.override("en"), pytest.raises(TournamentError) as info:
        services.record_result(pairing=p, result=text, user=arbiter)
    assert info.value.code == "bad_result"
    assert info.value.message == (f"Unknown result “{text}”: use 1-0, 0-1, ½-½, +/-, -/+ or -/-.")
    assert reload(p).result == ""


def test_the_unknown_result_message_is_translated(arbiter: User) -> None:
    p = paper_board(arbiter)
    with translation.override("ru"), pytest.raises(TournamentError) as info:
        services.record_result(pairing=p, result="2-0", user=arbiter)
    assert "2-0" in info.value.message
    assert "Unknown result" not in info.value.message


def test_the_sos_scores_are_recorded_with_a_paper_result(arbiter: User) -> None:
    p = paper_board(arbiter)
    services.record_result(pairing=p, result="0-1", user=arbiter, first_score=2, second_score=4)
    p = reload(p)
    assert (p.result, p.first_score, p.second_score) == (Result.LOSS, 2, 4)


def test_a_result_can_be_corrected_while_the_round_is_open(arbiter: User) -> None:
    p = paper_board(arbiter)
    services.record_result(pairing=p, result="1-0", user=arbiter)
    services.record_result(pairing=p, result="=", user=arbiter)
    assert reload(p).result == Result.DRAW


def test_only_arbiters_record_results(
    arbiter: User, superuser: User, plain_user: User, other_arbiter: User
) -> None:
    p = paper_board(arbiter)
    for user in (None, plain_user, other_arbiter):
        with pytest.raises(TournamentError) as info:
            services.record_result(pairing=p, result="1-0", user=user)
        assert info.value.code == "not_allowed"
    assert reload(p).result == ""
    services.record_result(pairing=p, result="1-0", user=superuser)
    assert reload(p).result == Result.WIN


def test_a_bye_takes_a_bye_result_and_a_game_a_game_result(arbiter: User) -> None:
    t = new_tournament(arbiter)
    seed_players(t, arbiter, 3)
    game, bye = boards(pair(t, arbiter))
    assert bye.second is None
    for pairing, wrong in ((bye, "1-0"), (game, "bye"), (game, "half_bye")):
        with pytest.raises(TournamentError) as info:
            services.record_result(pairing=pairing, result=wrong, user=arbiter)
        assert info.value.code == "bad_result"
    services.record_result(pairing=bye, result="half_bye", user=arbiter)
    assert reload(bye).result == Result.HALF_BYE
    assert reload(game).result == ""


def test_a_result_of_a_finished_round_is_corrected_with_a_record(arbiter: User) -> None:
    t = new_tournament(arbiter)
    seed_players(t, arbiter, 2)
    rnd = play_round(t, arbiter, "1-0")
    (p,) = boards(rnd)
    services.record_result(pairing=p, result="0-1", user=arbiter, note="sheet misread")
    assert reload(p).result == Result.LOSS
    record = ResultRecord.objects.filter(pairing=p).order_by("-pk").first()
    assert (record.act, record.source, record.reason, record.note) == (
        Act.CORRECT_RESULT,
        "paper",
        "correction",
        "sheet misread",
    )
    assert (record.before["pairing"]["result"], record.after["pairing"]["result"]) == (
        Result.WIN,
        Result.LOSS,
    )


def test_no_result_while_the_online_game_is_being_played(arbiter: User) -> None:
    p = online_board(arbiter)
    play(p.game, "A1=S")
    with pytest.raises(TournamentError) as info:
        services.record_result(pairing=p, result="1-0", user=arbiter)
    assert info.value.code == "game_on_site"
    assert reload(p).result == ""


def test_no_paper_result_contradicts_an_online_game_that_ended_on_the_board(
    arbiter: User,
) -> None:
    """Once the board has decided, a different result is an arbiter's decision (with its
    record, ``tournaments.acts.decisions.decide``), not a paper result: the pairing and its game
    must not disagree."""
    p = online_board(arbiter)
    play(p.game, *SOS_FIRST_WINS_5_1)
    with pytest.raises(TournamentError):
        services.record_result(pairing=p, result="0-1", user=arbiter)
    p = reload(p)
    assert (p.result, p.game.result_text) == (Result.WIN, "1-0")


def test_a_forfeit_can_be_recorded_before_the_online_game_starts(arbiter: User) -> None:
    p = online_board(arbiter)
    services.record_result(pairing=p, result="+/-", user=arbiter)
    assert reload(p).result == Result.FORFEIT_WIN


# --- finish_round ------------------------------------------------------------------------------


def test_a_round_with_missing_results_cannot_be_finished(arbiter: User) -> None:
    t = new_tournament(arbiter)
    seed_players(t, arbiter, 5)  # two games and a bye (which has its result already)
    rnd = pair(t, arbiter)
    services.record_result(pairing=boards(rnd)[0], result="1-0", user=arbiter)
    with translation.override("en"), pytest.raises(TournamentError) as info:
        finish(rnd, arbiter)
    assert info.value.code == "missing_results"
    assert info.value.message == "1 board still has no result."
    assert reload(rnd).status == RoundStatus.PAIRED


def test_finishing_a_round_closes_it_but_not_the_tournament(arbiter: User) -> None:
    t = new_tournament(arbiter, rounds=2)
    seed_players(t, arbiter, 4)
    rnd = pair(t, arbiter)
    enter_results(rnd, arbiter)
    rnd = finish(rnd, arbiter)
    assert rnd.status == RoundStatus.FINISHED
    assert rnd.finished_at is not None
    assert reload(t).status == TournamentStatus.RUNNING
    with pytest.raises(TournamentError) as info:
        finish(rnd, arbiter)  # twice
    assert info.value.code == "not_paired"


def test_the_last_round_finishes_the_tournament(arbiter: User) -> None:
    t = new_tournament(arbiter, rounds=2)
    seed_players(t, arbiter, 4)
    play_round(t, arbiter)
    play_round(t, arbiter)
    assert reload(t).status == TournamentStatus.FINISHED
    with pytest.raises(TournamentError) as info:
        pair(t, arbiter)
    assert info.value.code == "finished"


def test_only_arbiters_finish_rounds(arbiter: User, plain_user: User) -> None:
    t = new_tournament(arbiter)
    seed_players(t, arbiter, 2)
    rnd = pair(t, arbiter)
    enter_results(rnd, arbiter)
    with pytest.raises(TournamentError) as info:
        finish(rnd, plain_user)
    assert info.value.code == "not_allowed"
    assert reload(rnd).status == RoundStatus.PAIRED
