"""SOS for three or more: a seat whose time ran out goes out (``SosRules.retire``, issue 30).
Its letters, lines and count stay; the turn skips it; the winners are among the seats still in;
one seat left in wins (``last_in``). Pure: no Django."""

from __future__ import annotations

import copy
import pickle

import pytest

from games.rules import get_rules, retired


def three(mode: str = "most"):
    return get_rules("sos", rows=3, cols=3, players=3, mode=mode)


def test_the_turn_skips_a_seat_out_and_its_letters_and_count_stay() -> None:
    rules = three()
    state = rules.replay(["A1=S", "B1=O", "C1=S"])  # seat 2 makes an SOS: again
    assert rules.to_move(state) == 2 and state.scores == (0, 0, 1)
    out = rules.retire(state, 2)
    assert retired(out) == ((2, 3),)
    assert out.scores == (0, 0, 1) and out.cells == state.cells and len(out.lines) == 1
    assert rules.to_move(out) == 0 and out.outcome is None
    after = rules.play(out, "A2=O")  # seat 0: no SOS, the turn passes over nobody to seat 1
    assert rules.to_move(after) == 1
    after = rules.play(after, "A3=O")  # seat 1: the next seat in is seat 0, not seat 2
    assert rules.to_move(after) == 0


def test_a_seat_not_to_move_goes_out_and_the_turn_stays() -> None:
    rules = three()
    state = rules.retire(rules.start(), 1)
    assert rules.to_move(state) == 0
    state = rules.play(state, "A1=S")
    assert rules.to_move(state) == 2


def test_one_seat_left_in_wins_and_the_game_is_over() -> None:
    rules = three()
    state = rules.replay(["A1=S", "B1=O", "C1=S"])  # seat 2 leads by an SOS
    state = rules.retire(rules.retire(state, 2), 0)
    assert state.outcome is not None
    assert state.outcome.winners == (1,) and state.outcome.reason == "last_in"
    assert rules.to_move(state) is None and rules.legal_moves(state) == []


def test_the_full_grid_winners_are_among_the_seats_still_in() -> None:
    rules = three()
    state = rules.retire(rules.replay(["A1=S", "B1=O", "C1=S"]), 2)  # seat 2 out with 1
    for move in ["A2=O", "B2=O", "C2=O", "A3=O", "B3=O", "C3=O"]:
        state = rules.play(state, move)
    assert state.outcome is not None and state.outcome.reason == "sos_most"
    assert state.scores == (0, 0, 1)
    assert state.outcome.winners == (0, 1)  # the out seat's SOS cannot win


def test_first_sos_mode_ends_at_the_first_sos_of_a_seat_still_in() -> None:
    rules = three("first")
    state = rules.retire(rules.replay(["A1=S", "B1=O"]), 2)
    assert rules.to_move(state) == 0
    state = rules.play(state, "C1=S")
    assert state.outcome is not None and state.outcome.winners == (0,)


def test_replay_applies_each_seat_out_after_its_ply() -> None:
    rules = three()
    by_hand = rules.play(rules.retire(rules.replay(["A1=S"]), 1), "B1=O")
    assert rules.replay(["A1=S", "B1=O"], [(1, 1)]) == by_hand
    assert rules.replay(["A1=S", "B1=O"]) != by_hand  # a seat out is part of the position
    assert pickle.loads(pickle.dumps(by_hand)) == by_hand
    assert retired(copy.deepcopy(by_hand)) == ((1, 1),)


def test_a_seat_goes_out_only_once_and_only_in_a_game_of_three_or_more() -> None:
    rules = three()
    state = rules.retire(rules.start(), 0)
    with pytest.raises(ValueError):
        rules.retire(state, 0)
    with pytest.raises(ValueError):
        rules.retire(state, 5)
    two = get_rules("sos", rows=3, cols=3, players=2)
    with pytest.raises(ValueError):
        two.retire(two.start(), 0)
    uttt = get_rules("uttt")
    with pytest.raises(ValueError):
        uttt.retire(uttt.start(), 0)
