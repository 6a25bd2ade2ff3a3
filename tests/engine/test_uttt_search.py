"""UTTT search: the exact solver and MCTS-Solver against plain minimax over the public engine."""

from __future__ import annotations

import random

import pytest

from games.engine import Budget, analyse
from games.engine.uttt_pos import UtttPos, move_index, move_name
from games.engine.uttt_search import Mcts
from games.engine.uttt_solver import UtttSolver
from games.rules import get_rules

PRESETS = [
    {"preset": "classic"},
    {"preset": "tactical"},
    {"preset": "tactical", "all_draw_line": "continue", "no_send_back": True},
    {"preset": "tactical", "decided_boards_free": True},
]


def brute(rules, state):
    """Plain minimax over the public API: +1 the seat to move wins, 0 draw, -1 it loses."""
    mover = rules.to_move(state)
    best = -2
    for move in rules.legal_moves(state):
        child = rules.play(state, move)
        outcome = rules.outcome(child)
        if outcome is None:
            v = -brute(rules, child)
        else:
            v = 0 if not outcome.winners else (1 if outcome.winners == (mover,) else -1)
        best = max(best, v)
        if best == 1:
            break
    return best


def endgames(rules, empties, count, seed):
    """Random positions still going on with at most ``empties`` playable empty cells."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = rules.start()
        while rules.outcome(state) is None:
            if UtttPos.from_state(rules, state).empty_cells() <= empties:
                found.append(state)
                break
            state = rules.play(state, rng.choice(rules.legal_moves(state)))
    return found


@pytest.mark.parametrize("options", PRESETS, ids=str)
def test_exact_solver_agrees_with_minimax(options):
    rules = get_rules("uttt", **options)
    for state in endgames(rules, 7, 8, seed=1):
        pos = UtttPos.from_state(rules, state)
        expected = brute(rules, state)
        solver = UtttSolver()
        assert solver.solve(pos) == expected, state.moves
        # Each move's value too, and the line reaches the value it claims.
        for m, v in solver.move_values(pos):
            child = rules.play(state, move_name(m))
            outcome = rules.outcome(child)
            if outcome is None:
                assert v == -brute(rules, child)
        line = solver.line(pos)
        end = rules.replay([*state.moves, *map(move_name, line)])
        outcome = rules.outcome(end)
        assert outcome is not None
        mover = rules.to_move(state)
        got = 0 if not outcome.winners else (1 if outcome.winners == (mover,) else -1)
        assert got == expected


@pytest.mark.parametrize("options", PRESETS, ids=str)
def test_mcts_solver_proves_endgames_like_minimax(options):
    """Pure MCTS-Solver (no exact solver at the leaves) proves the same values."""
    rules = get_rules("uttt", **options)
    for i, state in enumerate(endgames(rules, 6, 6, seed=2)):
        pos = UtttPos.from_state(rules, state)
        mcts = Mcts(pos, solve_at=0, seed=i)
        mcts.run(iterations=30_000)
        assert mcts.root.proven is not None, f"not proven: {state.moves}"
        expected = brute(rules, state)
        assert -mcts.root.proven == expected, state.moves
        best = move_name(mcts.best_move())
        child = rules.play(state, best)
        outcome = rules.outcome(child)
        value = (
            -brute(rules, child)
            if outcome is None
            else 0
            if not outcome.winners
            else (1 if outcome.winners == (rules.to_move(state),) else -1)
        )
        assert value == expected, (state.moves, best)


def test_mcts_reuses_its_tree_and_plays_legal_moves():
    rules = get_rules("uttt", preset="classic")
    state = rules.start()
    mcts = Mcts(UtttPos.for_rules(rules), seed=3)
    for _ in range(6):
        mcts.run(iterations=200)
        move = move_name(mcts.best_move())
        assert move in rules.legal_moves(state)
        kept = next(ch.n for ch in mcts.root.children if ch.move == move_index(move))
        mcts.advance(move_index(move))
        assert mcts.root.n == kept
        state = rules.play(state, move)
        assert [move_name(m) for m in mcts.pos.legal_moves()] == rules.legal_moves(state)


def test_analyse_finds_an_immediate_win():
    rules = get_rules("uttt", preset="classic")
    rng = random.Random(4)
    checked = 0
    while checked < 5:
        state = rules.start()
        while rules.outcome(state) is None:
            mover = rules.to_move(state)
            wins = [
                m
                for m in rules.legal_moves(state)
                if rules.outcome(rules.play(state, m)) is not None
                and rules.outcome(rules.play(state, m)).winners == (mover,)
            ]
            if wins and UtttPos.from_state(rules, state).empty_cells() > 20:
                result = analyse(rules, state, 0.5)
                assert result.best_move in wins
                ev = result.evaluation
                assert (ev.proven, ev.value, ev.result, ev.winners) == (True, 1.0, "win", (mover,))
                checked += 1
                break
            state = rules.play(state, rng.choice(rules.legal_moves(state)))


@pytest.mark.parametrize("options", PRESETS, ids=str)
def test_analyse_endgames_are_solved_exactly(options):
    rules = get_rules("uttt", **options)
    for state in endgames(rules, 8, 3, seed=5):
        result = analyse(rules, state)
        ev = result.evaluation
        assert ev.proven and ev.method == "solved"
        expected = brute(rules, state)
        assert ev.value == (expected + 1) / 2
        assert ev.seat == rules.to_move(state)
        end = rules.replay([*state.moves, *result.line])
        assert result.line[0] == result.best_move
        assert rules.outcome(end) is not None
        assert result.nodes > 0


@pytest.mark.parametrize("options", PRESETS, ids=str)
def test_analyse_opening_is_an_estimate(options):
    rules = get_rules("uttt", **options)
    state = rules.replay(["E5"])
    result = analyse(rules, state, Budget(seconds=5, nodes=300))
    ev = result.evaluation
    assert result.best_move in rules.legal_moves(state)
    assert not ev.proven and ev.method == "mcts" and ev.winners is None and ev.result is None
    assert 0 <= ev.value <= 1 and ev.visits is not None and ev.visits >= 1
    rules.replay([*state.moves, *result.line])  # the principal line is legal


def test_analyse_a_finished_game():
    rules = get_rules("uttt")
    rng = random.Random(6)
    state = rules.start()
    while legal := rules.legal_moves(state):
        state = rules.play(state, rng.choice(legal))
    result = analyse(rules, state)
    assert result.best_move is None and result.line == () and result.nodes == 0
    assert result.evaluation.proven and result.evaluation.winners == rules.outcome(state).winners
