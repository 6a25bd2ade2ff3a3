"""The game services (`games.services`): creating games and submitting moves.

Every write is checked against the rules engine: after any call, accepted or refused, the game's
cached ply and recorded result must agree with the replay of its ``Move`` rows (its one record).
Boards are drawn in comments with row 1 at the top; the SOS grids are 3×3 (columns A–C).
"""

from __future__ import annotations

import re
import threading
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.db import connection
from django.utils import translation

from games.errors import GameError, GameNotActive, MoveRefused, NotAllowed, StalePosition
from games.models import Game, GameStatus, Move, Seat
from games.rules import MoveError, Outcome, get_rules
from games.services import create_game, submit_move
from tests.factories import with_permission

pytestmark = pytest.mark.django_db

CYRILLIC = re.compile("[А-Яа-яЁё]")

# A whole 3×3 SOS game, (notation, seat, points), hand-checked:
#
#        A  B  C
#     1  S  O  S     B1=O makes A1-B1-C1 (seat 0) and moves again
#     2  O  O  O     A2=O makes A1-A2-A3 (seat 1); C2=O makes C1-C2-C3 (seat 0)
#     3  S  O  S     B2=O makes A1-B2-C3 and C1-B2-A3 (seat 0, 2 points); B3=O makes A3-B3-C3
#
# Seat 0: 1 + 2 + 1 + 1 = 5 points, seat 1: 1 point.
SOS_GAME = [
    ("A1=S", 0, 0),
    ("C1=S", 1, 0),
    ("B1=O", 0, 1),  # scores: seat 0 moves again
    ("A3=S", 0, 0),
    ("A2=O", 1, 1),  # scores: seat 1 moves again
    ("C3=S", 1, 0),
    ("B2=O", 0, 2),  # two lines at once, moves again
    ("C2=O", 0, 1),  # moves again
    ("B3=O", 0, 1),  # fills the grid
]

# A short ultimate tic-tac-toe win for X (seat 0), tactical preset. Boards are numbered 0-8; the
# position of a cell inside its board names the board the opponent is sent to. X takes the
# left column (positions 0, 3, 6) of boards 0, 1 and 2, i.e. the top row of the big board; O's
# answers send X back there and never win a board.
UTTT_X_WIN = [
    "A1",  # X board 0, position 0 -> O to board 0
    "B1",  # O board 0, position 1 -> X to board 1
    "D1",  # X board 1, position 0 -> O to board 0
    "C1",  # O board 0, position 2 -> X to board 2
    "H1",  # X board 2, position 1 -> O to board 1
    "E1",  # O board 1, position 1 -> X to board 1
    "D2",  # X board 1, position 3 -> O to board 3
    "A4",  # O board 3, position 0 -> X to board 0
    "A2",  # X board 0, position 3 -> O to board 3
    "B4",  # O board 3, position 1 -> X to board 1
    "D3",  # X board 1, position 6: wins board 1 (D1 D2 D3) -> O to board 6
    "A7",  # O board 6, position 0 -> X to board 0
    "A3",  # X board 0, position 6: wins board 0 (A1 A2 A3) -> O to board 6
    "C7",  # O board 6, position 2 -> X to board 2
    "H2",  # X board 2, position 4 -> O to board 4
    "F4",  # O board 4, position 2 -> X to board 2
    "H3",  # X board 2, position 7: wins board 2 (H1 H2 H3), the top row of boards
]


# --- helpers -------------------------------------------------------------------------------------


def reload(game: Game) -> Game:
    return Game.objects.get(pk=game.pk)


def stored_moves(game: Game) -> list[str]:
    return list(Move.objects.filter(game=game).order_by("ply").values_list("notation", flat=True))


def snapshot(game: Game) -> dict[str, Any]:
    """Everything a refused move must leave as it was."""
    fresh = reload(game)
    return {
        "moves": list(
            Move.objects.filter(game=game)
            .order_by("ply")
            .values_list("ply", "seat", "notation", "points", "submitted_by")
        ),
        "ply": fresh.ply,
        "status": fresh.status,
        "scores": fresh.scores,
        "winners": fresh.winners,
        "started_at": fresh.started_at,
        "finished_at": fresh.finished_at,
    }


def assert_consistent(game: Game) -> Game:
    """The game's ply, status and result agree with the replay of the stored moves; returns the
    game re-read."""
    fresh = reload(game)
    rules = fresh.rules
    notations = stored_moves(fresh)
    replayed = rules.replay(notations)
    assert fresh.current_state() == replayed
    assert fresh.scores == list(replayed.scores)
    outcome = rules.outcome(replayed)
    if fresh.status == GameStatus.FINISHED:
        assert outcome is not None
        assert (fresh.winners, fresh.end_reason) == (list(outcome.winners), outcome.reason)
    elif fresh.is_active:
        assert outcome is None and fresh.winners is None
    assert fresh.ply == len(notations)
    assert list(Move.objects.filter(game=fresh).values_list("ply", flat=True)) == list(
        range(1, len(notations) + 1)
    )
    return fresh


def play(game: Game, *notations: str) -> list[Move]:
    """Submit ``notations`` in turn, each as the account of the seated player to move."""
    played = []
    for notation in notations:
        fresh = reload(game)
        seat = fresh.rules.to_move(fresh.current_state())
        mover = Seat.objects.get(game=fresh, number=seat).player.user
        played.append(submit_move(game=fresh, user=mover, notation=notation))
    return played


def user_of(game: Game, seat: int) -> User:
    return Seat.objects.get(game=game, number=seat).player.user


# --- create_game ---------------------------------------------------------------------------------


def test_create_sos_game_with_default_options(alice, boris, staff) -> None:
    game = create_game(kind="sos", options={}, players=[alice, boris], created_by=staff)
    game = reload(game)
    assert game.kind == "sos"
    assert game.options == {"rows": 3, "cols": 3, "players": 2, "mode": "most"}
    assert [(s.number, s.player) for s in game.seats.all()] == [(0, alice), (1, boris)]
    assert game.created_by == staff
    assert game.over_the_board is False


@pytest.mark.parametrize("seats", [2, 3, 6])
def test_create_sos_game_seats_every_player_in_order(six_players, seats) -> None:
    players = six_players[:seats]
    game = reload(create_game(kind="sos", options={"rows": 5}, players=players))
    assert game.options == {"rows": 5, "cols": 5, "players": seats, "mode": "most"}
    assert list(game.seats.values_list("number", "player")) == [
        (n, p.pk) for n, p in enumerate(players)
    ]
    assert game.scores == [0] * seats
    assert game.rules.players == seats


def test_create_sos_game_takes_the_number_of_players_from_the_seats(six_players) -> None:
    game = create_game(
        kind="sos", options={"rows": 4, "cols": 6, "players": 5}, players=six_players[:3]
    )
    assert reload(game).options == {"rows": 4, "cols": 6, "players": 3, "mode": "most"}


def test_create_uttt_game_with_two_seats(alice, boris) -> None:
    game = reload(create_game(kind="uttt", options={}, players=[alice, boris]))
    assert game.kind == "uttt"
    assert game.options == get_rules("uttt").options
    assert list(game.seats.values_list("number", "player")) == [(0, alice.pk), (1, boris.pk)]
    assert game.scores == [0, 0]


@pytest.mark.parametrize("kind", ["sos", "uttt"])
def test_new_game_waits_for_its_first_move(new_game, kind) -> None:
    game = reload(new_game(kind))
    rules = get_rules(kind, **game.options)
    assert game.status == GameStatus.WAITING
    assert game.is_active
    assert game.ply == 0
    assert game.current_state() == rules.start()
    assert game.scores == [0] * rules.players
    assert game.winners is None
    assert game.end_reason == ""
    assert game.started_at is None
    assert game.finished_at is None
    assert not Move.objects.filter(game=game).exists()


def test_create_uttt_game_refuses_three_seats(alice, boris, carol) -> None:
    with pytest.raises(ValueError):
        create_game(kind="uttt", options={}, players=[alice, boris, carol])
    assert not Game.objects.exists()


@pytest.mark.parametrize(("kind", "seating"), [("sos", "aa"), ("sos", "aba"), ("uttt", "aa")])
def test_create_game_refuses_the_same_player_twice(alice, boris, kind, seating) -> None:
    players = [{"a": alice, "b": boris}[letter] for letter in seating]
    with pytest.raises(ValueError):
        create_game(kind=kind, options={}, players=players)
    assert not Game.objects.exists()
    assert not Seat.objects.exists()


@pytest.mark.parametrize(
    ("kind", "options"),
    [
        ("sos", {"rows": 2}),
        ("sos", {"rows": 27}),
        ("sos", {"rows": True}),
        ("sos", {"mode": "fastest"}),
        ("sos", {"colour": "red"}),
        ("uttt", {"preset": "blitz"}),
        ("uttt", {"rows": 9}),
        ("chess", {}),
    ],
)
def test_create_game_refuses_bad_options(alice, boris, kind, options) -> None:
    with pytest.raises(ValueError):
        create_game(kind=kind, options=options, players=[alice, boris])
    assert not Game.objects.exists()


@pytest.mark.parametrize("seats", [1, 7])
def test_create_sos_game_refuses_a_bad_number_of_seats(six_players, outsider, seats) -> None:
    players = [*six_players, outsider.player][:seats]
    with pytest.raises(ValueError):
        create_game(kind="sos", options={}, players=players)
    assert not Game.objects.exists()


# --- submit_move: accepted moves -----------------------------------------------------------------


@pytest.mark.parametrize("notation", ["b3=s", " B3 = s ", "b3=С"])  # the last is a Cyrillic С
def test_first_move_is_stored_in_canonical_notation(new_game, alice, notation) -> None:
    game = new_game("sos")
    move = submit_move(game=game, user=alice.user, notation=notation)
    move = Move.objects.get(pk=move.pk)
    assert (move.game_id, move.ply, move.seat, move.notation, move.points) == (
        game.pk,
        1,
        0,
        "B3=S",
        0,
    )
    assert move.submitted_by == alice.user


def test_first_move_starts_the_game(new_game, alice) -> None:
    game = new_game("sos")
    submit_move(game=game, user=alice.user, notation="A1=S")
    game = assert_consistent(game)
    assert game.status == GameStatus.IN_PROGRESS
    assert game.started_at is not None
    assert game.finished_at is None
    assert game.winners is None
    assert game.ply == 1


def test_later_moves_keep_the_start_time(new_game) -> None:
    game = new_game("sos")
    play(game, "A1=S")
    started_at = reload(game).started_at
    play(game, "C3=O", "B2=S")
    assert reload(game).started_at == started_at


def test_uttt_move_is_stored_in_canonical_notation(new_game, alice) -> None:
    game = new_game("uttt")
    move = submit_move(game=game, user=alice.user, notation=" e5 ")
    assert (move.ply, move.seat, move.notation, move.points) == (1, 0, "E5", 0)
    assert assert_consistent(game).status == GameStatus.IN_PROGRESS


def test_sos_moves_record_seat_points_and_submitter(new_game, alice, boris) -> None:
    game = new_game("sos")
    play(game, *(notation for notation, _, _ in SOS_GAME))
    rows = Move.objects.filter(game=game).order_by("ply")
    assert [(m.ply, m.notation, m.seat, m.points) for m in rows] == [
        (ply, notation, seat, points) for ply, (notation, seat, points) in enumerate(SOS_GAME, 1)
    ]
    by_seat = {0: alice.user, 1: boris.user}
    assert [m.submitted_by for m in rows] == [by_seat[seat] for _, seat, _ in SOS_GAME]


def test_state_equals_the_replay_of_the_moves_after_every_move(new_game) -> None:
    game = new_game("sos")
    for ply, (notation, _, _) in enumerate(SOS_GAME, 1):
        play(game, notation)
        assert assert_consistent(game).ply == ply


def test_sos_scores_are_kept_while_the_game_goes_on(new_game) -> None:
    game = new_game("sos")
    play(game, *(notation for notation, _, _ in SOS_GAME[:5]))
    game = reload(game)
    assert game.scores == [1, 1]
    assert game.status == GameStatus.IN_PROGRESS


def test_sos_extra_turn_after_scoring(new_game, alice, boris) -> None:
    game = new_game("sos")
    play(game, "A1=S", "C1=S")
    submit_move(game=game, user=alice.user, notation="B1=O")  # A1-B1-C1: Alice moves again
    before = snapshot(game)

    with pytest.raises(NotAllowed) as refused:
        submit_move(game=game, user=boris.user, notation="A3=S")
    assert refused.value.code == "not_allowed"
    assert "Alice" in refused.value.message
    assert snapshot(game) == before

    move = submit_move(game=game, user=alice.user, notation="A3=S")
    assert (move.ply, move.seat, move.points) == (4, 0, 0)
    assert reload(game).scores == [1, 0]


def test_turn_passes_after_a_move_that_does_not_score(new_game, alice, boris) -> None:
    game = new_game("sos")
    submit_move(game=game, user=alice.user, notation="A1=S")
    before = snapshot(game)
    with pytest.raises(NotAllowed):
        submit_move(game=game, user=alice.user, notation="B1=O")
    assert snapshot(game) == before
    assert submit_move(game=game, user=boris.user, notation="B1=O").seat == 1


def test_three_seats_move_in_turn(six_players) -> None:
    alice, boris, carol = six_players[:3]
    game = create_game(kind="sos", options={}, players=[alice, boris, carol])
    with pytest.raises(NotAllowed):
        submit_move(game=game, user=carol.user, notation="A1=S")
    moves = [
        submit_move(game=game, user=player.user, notation=notation)
        for player, notation in [(alice, "A1=S"), (boris, "C3=S"), (carol, "A3=S"), (alice, "C1=S")]
    ]
    assert [m.seat for m in moves] == [0, 1, 2, 0]
    assert_consistent(game)


# --- submit_move: the end of a game --------------------------------------------------------------


def test_sos_game_finishes_with_the_hand_checked_result(new_game) -> None:
    game = new_game("sos")
    play(game, *(notation for notation, _, _ in SOS_GAME))
    game = assert_consistent(game)
    assert game.status == GameStatus.FINISHED
    assert not game.is_active
    assert game.winners == [0]
    assert game.scores == [5, 1]
    assert game.end_reason == "sos_most"
    assert game.finished_at is not None
    assert game.started_at <= game.finished_at
    assert game.outcome == Outcome((0,), (5, 1), "sos_most")
    assert game.result_text == "1-0"
    assert not any(f.name in ("state", "scores") for f in Game._meta.get_fields())


def test_sos_first_mode_finishes_at_the_first_sos(new_game) -> None:
    game = new_game("sos", mode="first")
    play(game, "A1=S", "C1=S")
    assert reload(game).status == GameStatus.IN_PROGRESS
    play(game, "B1=O")  # A1-B1-C1
    game = assert_consistent(game)
    assert (game.status, game.winners, game.scores) == (GameStatus.FINISHED, [0], [1, 0])
    assert game.end_reason == "sos_first"
    assert game.finished_at is not None


# A full 3×3 grid of S: no SOS anywhere, so both modes end drawn.
ALL_S = [f"{col}{row}=S" for row in (1, 2, 3) for col in "ABC"]


@pytest.mark.parametrize(("mode", "reason"), [("most", "sos_most"), ("first", "full_grid")])
def test_sos_game_without_any_sos_is_a_draw(new_game, mode, reason) -> None:
    game = new_game("sos", mode=mode)
    play(game, *ALL_S)
    game = assert_consistent(game)
    assert game.status == GameStatus.FINISHED
    assert game.winners == []  # a draw, not "no result yet" (None)
    assert game.scores == [0, 0]
    assert game.end_reason == reason
    assert game.outcome == Outcome((), (0, 0), reason)
    assert game.result_text == "½-½"
    assert [m.seat for m in Move.objects.filter(game=game)] == [0, 1] * 4 + [0]


def test_uttt_move_list_is_an_x_win_for_the_engine() -> None:
    """Checks the test's own construction before the services play it."""
    rules = get_rules("uttt")
    state = rules.start()
    for ply, notation in enumerate(UTTT_X_WIN, 1):
        assert rules.to_move(state) == (ply - 1) % 2
        state = rules.play(state, notation)
        assert (rules.outcome(state) is None) == (ply < len(UTTT_X_WIN))
    assert rules.outcome(state) == Outcome((0,), (3, 0), "line")
    assert state.board_status == ("x", "x", "x", *["open"] * 6)


def test_uttt_game_finishes_with_an_x_win(new_game, alice, boris) -> None:
    game = new_game("uttt")
    play(game, *UTTT_X_WIN[:-1])
    game = reload(game)
    assert game.status == GameStatus.IN_PROGRESS
    assert game.scores == [2, 0]  # boards 0 and 1 are X's already

    play(game, UTTT_X_WIN[-1])
    game = assert_consistent(game)
    assert game.status == GameStatus.FINISHED
    assert game.winners == [0]
    assert game.scores == [3, 0]
    assert game.end_reason == "line"
    assert game.finished_at is not None
    assert game.result_text == "1-0"
    rows = Move.objects.filter(game=game).order_by("ply")
    assert [m.notation for m in rows] == UTTT_X_WIN
    assert [m.seat for m in rows] == [ply % 2 for ply in range(len(UTTT_X_WIN))]
    assert {m.points for m in rows} == {0}
    assert [m.submitted_by for m in rows[:2]] == [alice.user, boris.user]


@pytest.mark.parametrize("kind", ["sos", "uttt"])
def test_no_move_after_the_end(new_game, staff, kind) -> None:
    game = new_game(kind, over_the_board=True)
    play(game, *([n for n, _, _ in SOS_GAME] if kind == "sos" else UTTT_X_WIN))
    before = snapshot(game)
    any_cell = "A2=S" if kind == "sos" else "E5"
    for user in (user_of(game, 0), user_of(game, 1), staff):
        with pytest.raises(GameNotActive) as refused:
            submit_move(game=game, user=user, notation=any_cell)
        assert refused.value.code == "not_active"
    assert snapshot(game) == before


@pytest.mark.parametrize("status", [GameStatus.ADJUDICATED, GameStatus.ANNULLED])
def test_no_move_in_a_game_closed_by_an_arbiter(new_game, alice, status) -> None:
    game = new_game("sos")
    play(game, "A1=S")
    Game.objects.filter(pk=game.pk).update(status=status)  # no service for this yet
    before = snapshot(game)
    with pytest.raises(GameNotActive):
        submit_move(game=game, user=user_of(game, 1), notation="B1=O")
    assert snapshot(game) == before


# --- submit_move: illegal and invalid moves ------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "before_moves", "bad_move", "code"),
    [
        ("sos", ["A1=S"], "A1=O", "occupied"),
        ("sos", ["A1=S"], "a1 = s", "occupied"),
        ("sos", [], "D1=S", "off_board"),
        ("sos", [], "hello", "bad_notation"),
        ("sos", [], "", "bad_notation"),
        ("sos", [], "B2", "missing_letter"),
        ("sos", [], "B2=X", "bad_letter"),
        ("uttt", ["E5"], "E5", "occupied"),
        ("uttt", ["E5"], "A1", "wrong_board"),
        ("uttt", [], "J1", "off_board"),
        ("uttt", [], "E5=S", "bad_notation"),
    ],
)
def test_refused_move_stores_nothing(new_game, kind, before_moves, bad_move, code) -> None:
    game = new_game(kind)
    play(game, *before_moves)
    before = snapshot(game)
    user = user_of(game, len(before_moves) % 2)
    rules = reload(game).rules

    with pytest.raises(MoveError) as engine:
        rules.play(rules.replay(before_moves), bad_move)
    with pytest.raises(MoveRefused) as refused:
        submit_move(game=game, user=user, notation=bad_move)

    assert refused.value.code == engine.value.code == code
    assert isinstance(refused.value, GameError)
    assert snapshot(game) == before
    assert_consistent(game)


def test_refused_first_move_leaves_the_game_waiting(new_game, alice) -> None:
    game = new_game("sos")
    with pytest.raises(MoveRefused):
        submit_move(game=game, user=alice.user, notation="Z99=S")
    game = reload(game)
    assert game.status == GameStatus.WAITING
    assert game.started_at is None


# --- submit_move: who may move -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("who", "message"),
    [
        ("other_player", "It is not your turn: \u2068Alice\u2069 is to move."),
        ("outsider", "You are not playing in this game."),
        ("anonymous", "Log in to make a move."),
        ("nobody", "Log in to make a move."),
    ],
)
def test_wrong_user_is_refused(new_game, boris, outsider, who, message) -> None:
    game = new_game("sos")
    user = {
        "other_player": boris.user,
        "outsider": outsider,
        "anonymous": AnonymousUser(),
        "nobody": None,
    }[who]
    before = snapshot(game)
    with translation.override("en"), pytest.raises(NotAllowed) as refused:
        submit_move(game=game, user=user, notation="A1=S")
    assert refused.value.code == "not_allowed"
    assert refused.value.message == message
    assert snapshot(game) == before


def test_staff_may_not_move_over_the_board_in_a_game_it_does_not_arbitrate(
    new_game, staff, seat_keeper
) -> None:
    game = new_game("sos", over_the_board=True, created_by=seat_keeper)
    before = snapshot(game)
    for user in (staff, with_permission(staff, "games.play_any_seat")):
        with pytest.raises(NotAllowed):
            submit_move(game=game, user=user, notation="A1=S")
    assert snapshot(game) == before


def test_seated_players_still_move_for_themselves_over_the_board(new_game, alice, boris) -> None:
    game = new_game("sos", over_the_board=True)
    assert submit_move(game=game, user=alice.user, notation="A1=S").seat == 0
    with pytest.raises(NotAllowed):  # a player is no arbiter: Alice may not move for Борис
        submit_move(game=game, user=alice.user, notation="C1=S")
    assert submit_move(game=game, user=boris.user, notation="C1=S").seat == 1


def test_staff_may_not_move_in_a_normal_game(new_game, staff) -> None:
    game = new_game("sos")
    before = snapshot(game)
    with pytest.raises(NotAllowed):
        submit_move(game=game, user=staff, notation="A1=S")
    assert snapshot(game) == before


def test_the_arbiter_who_created_it_moves_for_any_seat_over_the_board(
    new_game, seat_keeper
) -> None:
    game = new_game("uttt", over_the_board=True, created_by=seat_keeper)
    moves = [submit_move(game=game, user=seat_keeper, notation=n) for n in UTTT_X_WIN[:3]]
    assert [(m.seat, m.submitted_by) for m in moves] == [
        (0, seat_keeper),
        (1, seat_keeper),
        (0, seat_keeper),
    ]
    assert_consistent(game)


def test_play_any_seat_permission_does_not_work_in_a_normal_game(new_game, seat_keeper) -> None:
    game = new_game("uttt")
    before = snapshot(game)
    with pytest.raises(NotAllowed):
        submit_move(game=game, user=seat_keeper, notation="E5")
    assert snapshot(game) == before


def test_a_plain_account_may_not_move_over_the_board(new_game, outsider) -> None:
    game = new_game("sos", over_the_board=True)
    with pytest.raises(NotAllowed):
        submit_move(game=game, user=outsider, notation="A1=S")
    assert not Move.objects.filter(game=game).exists()


# --- submit_move: expected_ply -------------------------------------------------------------------


@pytest.mark.parametrize("stale_ply", [1, 5])
def test_stale_expected_ply_is_refused(new_game, alice, stale_ply) -> None:
    game = new_game("sos")
    before = snapshot(game)
    with pytest.raises(StalePosition) as refused:
        submit_move(game=game, user=alice.user, notation="A1=S", expected_ply=stale_ply)
    assert refused.value.code == "stale"
    assert snapshot(game) == before


def test_expected_ply_follows_the_game(new_game, alice, boris) -> None:
    game = new_game("sos")
    assert submit_move(game=game, user=alice.user, notation="A1=S", expected_ply=0).ply == 1
    # Борис's form was loaded before Alice moved: it must not make a move now.
    before = snapshot(game)
    with pytest.raises(StalePosition):
        submit_move(game=game, user=boris.user, notation="B2=O", expected_ply=0)
    assert snapshot(game) == before
    assert submit_move(game=game, user=boris.user, notation="B2=O", expected_ply=1).ply == 2
    assert_consistent(game)


# --- translated messages -------------------------------------------------------------------------


def test_move_refusal_is_translated(new_game, alice, boris) -> None:
    game = new_game("sos")
    play(game, "A1=S")
    with translation.override("ru"), pytest.raises(MoveRefused) as russian:
        submit_move(game=game, user=boris.user, notation="a1=o")
    with translation.override("en"), pytest.raises(MoveRefused) as english:
        submit_move(game=game, user=boris.user, notation="a1=o")
    assert russian.value.code == english.value.code == "occupied"
    assert CYRILLIC.search(russian.value.message)
    assert "A1" in russian.value.message
    assert english.value.message == "A1 is already taken."
    assert str(english.value) == english.value.message


@pytest.mark.parametrize(
    ("expected_ply", "user_key", "error", "english"),
    [
        (
            3,
            "alice",
            StalePosition,
            "The position changed since you loaded the page: look at the board and try again.",
        ),
        (None, "nobody", NotAllowed, "Log in to make a move."),
        (None, "boris", NotAllowed, "It is not your turn: \u2068Alice\u2069 is to move."),
    ],
)
def test_service_refusals_are_translated(
    new_game, alice, boris, expected_ply, user_key, error, english
) -> None:
    game = new_game("sos")
    user = {"alice": alice.user, "boris": boris.user, "nobody": None}[user_key]
    messages = {}
    for language in ("ru", "en"):
        with translation.override(language), pytest.raises(error) as refused:
            submit_move(game=game, user=user, notation="A1=S", expected_ply=expected_ply)
        messages[language] = refused.value.message
    assert messages["en"] == english
    assert CYRILLIC.search(messages["ru"])


# --- concurrency ---------------------------------------------------------------------------------

RACES = 10


def race(game: Game, submissions: list[tuple[User, str]]) -> list[Any]:
    """Submit moves for ply 0 from one thread each, all at once; each result or exception."""
    barrier = threading.Barrier(len(submissions), timeout=30)
    results: list[Any] = [None] * len(submissions)

    def submit(index: int, user_pk: int, notation: str) -> None:
        try:
            user = User.objects.get(pk=user_pk)  # this thread's own connection, opened now
            barrier.wait()
            results[index] = submit_move(
                game=Game(pk=game.pk), user=user, notation=notation, expected_ply=0
            )
        except BaseException as exc:  # handed to the test thread
            results[index] = exc
        finally:
            connection.close()

    threads = [
        threading.Thread(target=submit, args=(i, user.pk, notation))
        for i, (user, notation) in enumerate(submissions)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
        assert not thread.is_alive(), "a submitting thread hangs"
    return results


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("who", ["arbiter_over_the_board", "same_player_twice"])
def test_simultaneous_moves_for_the_same_ply_store_one(alice, boris, seat_keeper, who) -> None:
    if connection.vendor == "sqlite":
        # Threads on Django's in-memory test database would share one cache, not race.
        assert not connection.creation.is_in_memory_db(connection.settings_dict["NAME"])
    over_the_board = who == "arbiter_over_the_board"
    user = seat_keeper if over_the_board else alice.user
    for _ in range(RACES):
        game = create_game(
            kind="sos",
            options={},
            players=[alice, boris],
            over_the_board=over_the_board,
            created_by=user,
        )
        results = race(game, [(user, "A1=S"), (user, "B2=O")])

        moves = [r for r in results if isinstance(r, Move)]
        refusals = [r for r in results if not isinstance(r, Move)]
        assert len(moves) == 1, results
        assert len(refusals) == 1, results
        assert isinstance(refusals[0], StalePosition), repr(refusals[0])
        assert stored_moves(game) == [moves[0].notation]
        game = assert_consistent(game)
        assert (game.ply, game.status) == (1, GameStatus.IN_PROGRESS)
