"""SOS: the fast position against the public engine, and the solvers against brute force."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import analyse
from games.engine.sos_pos import SosPos, geometry, move_index, move_name
from games.engine.sos_search import SosHeuristic
from games.engine.sos_solver import Limits, SosSolver
from games.rules import get_rules

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
OPTIONS = st.fixed_dictionaries(
    {
        "rows": st.integers(3, 7),
        "cols": st.integers(3, 7),
        "players": st.integers(2, 6),
        "mode": st.sampled_from(["most", "first"]),
    }
)


def same(pos, rules, state):
    assert [move_name(rules, m) for m in pos.legal_moves()] == rules.legal_moves(state)
    assert tuple(pos.scores) == state.scores
    assert pos.over == (rules.outcome(state) is not None)
    if not pos.over:
        assert pos.turn == rules.to_move(state)
    else:
        assert pos.winners() == rules.outcome(state).winners
    grid = "".join("S" if pos.s >> i & 1 else "O" if pos.o >> i & 1 else "." for i in range(pos.n))
    assert grid == state.cells


@SETTINGS
@given(options=OPTIONS, seed=st.integers(0, 2**32))
def test_random_games_agree_with_the_public_engine(options, seed):
    rules = get_rules("sos", **options)
    rng = random.Random(seed)
    state = rules.start()
    pos = SosPos.for_rules(rules)
    states = [state]
    while legal := rules.legal_moves(state):
        same(pos, rules, state)
        move = rng.choice(legal)
        gained = pos.play(move_index(rules, move))
        state = rules.play(state, move)
        assert gained == state.points[-1]
        states.append(state)
    same(pos, rules, state)
    for earlier in reversed(states[:-1]):
        pos.undo()
        same(pos, rules, earlier)
    mid = states[len(states) // 2]
    if rules.outcome(mid) is None:
        same(SosPos.from_state(rules, mid), rules, mid)


@SETTINGS
@given(options=OPTIONS, seed=st.integers(0, 2**32), fill=st.floats(0, 1))
def test_threat_masks_match_trying_every_move(options, seed, fill):
    """Scoring cells and the quiet moves that hand the next player a scoring cell."""
    rows, cols = options["rows"], options["cols"]
    geo = geometry(rows, cols)
    rng = random.Random(seed)
    s = o = 0
    for i in range(geo.n):
        r = rng.random()
        if r < fill / 2:
            s |= 1 << i
        elif r < fill:
            o |= 1 << i
    score_s, score_o, danger_s, danger_o = geo.threats(s, o)
    for i in range(geo.n):
        if (s | o) >> i & 1:
            assert not (score_s | score_o | danger_s | danger_o) >> i & 1
            continue
        for letter, score, danger in ((0, score_s, danger_s), (1, score_o, danger_o)):
            g = geo.gain(s, o, 2 * i + letter)
            assert bool(score >> i & 1) == (g > 0)
            ns, no = (s | 1 << i, o) if letter == 0 else (s, o | 1 << i)
            gives = any(
                geo.gain(ns, no, 2 * j + k)
                for j in range(geo.n)
                if not (ns | no) >> j & 1
                for k in (0, 1)
            )
            # "danger" is about lines through the new letter: every opportunity it creates.
            created = any(
                geo.gain(ns, no, 2 * j + k) > geo.gain(s, o, 2 * j + k)
                for j in range(geo.n)
                if not (ns | no) >> j & 1
                for k in (0, 1)
            )
            assert bool(danger >> i & 1) == created
            assert gives or not created


# -- brute force: plain minimax over the public engine (no table, no pruning, no symmetry) ------


def brute_most(rules, state):
    """Two seats, most: the rest of the game's points, mover minus opponent."""
    best = None
    for move in rules.legal_moves(state):
        child = rules.play(state, move)
        g = child.points[-1]
        if rules.outcome(child) is not None:
            v = g
        elif child.extra_turn:
            v = g + brute_most(rules, child)
        else:
            v = -brute_most(rules, child)
        best = v if best is None else max(best, v)
    return 0 if best is None else best


def brute_first(rules, state):
    """Two seats, first: +1 the mover makes the first SOS, 0 nobody, -1 the opponent."""
    best = None
    for move in rules.legal_moves(state):
        child = rules.play(state, move)
        outcome = rules.outcome(child)
        v = (1 if outcome.winners else 0) if outcome is not None else -brute_first(rules, child)
        best = v if best is None else max(best, v)
    return 0 if best is None else best


def brute_maxn(rules, state):
    """Any seats, most: final scores when every seat maximises its own (ties: first move)."""
    mover = rules.to_move(state)
    best = None
    for move in rules.legal_moves(state):
        child = rules.play(state, move)
        outcome = rules.outcome(child)
        vec = outcome.scores if outcome is not None else brute_maxn(rules, child)
        if best is None or vec[mover] > best[mover]:
            best = vec
    return best


def endgame(rules, empties, seed):
    rng = random.Random(seed)
    while True:
        state = rules.start()
        while rules.outcome(state) is None and len(state.moves) < rules.rows * rules.cols - empties:
            state = rules.play(state, rng.choice(rules.legal_moves(state)))
        if rules.outcome(state) is None:
            return state
        seed += 1000


@pytest.mark.parametrize("shape", [(3, 3), (3, 4), (4, 4)])
@pytest.mark.parametrize("mode", ["most", "first"])
def test_exact_solver_agrees_with_brute_force(shape, mode):
    rules = get_rules("sos", rows=shape[0], cols=shape[1], mode=mode)
    brute = brute_most if mode == "most" else brute_first
    for seed in range(6):
        state = endgame(rules, 5, seed)
        pos = SosPos.from_state(rules, state)
        solver = SosSolver(shape[0], shape[1], 2, mode)
        assert solver.value(pos.s, pos.o) == brute(rules, state), state.moves


@pytest.mark.parametrize("players", [2, 3, 4])
def test_maxn_agrees_with_brute_force(players):
    rules = get_rules("sos", rows=3, cols=4, players=players)
    for seed in range(4):
        state = endgame(rules, 5, seed)
        pos = SosPos.from_state(rules, state)
        solver = SosSolver(3, 4, players, "most")
        rel = solver.maxn(pos.s, pos.o)  # max^n also for two seats (then it is plain minimax)
        final = list(state.scores)
        for k, v in enumerate(rel):
            final[(pos.turn + k) % players] += v
        assert tuple(final) == brute_maxn(rules, state), state.moves


def build(rules, moves):
    state = rules.replay(moves)
    assert all(p == 0 for p in state.points), "a construction move scored"
    return state


# Hand-checked:
#   S O .      One empty cell. C1=S makes A1-B1-C1 (one point); C1=O makes nothing.
#   O O O      So the seat to move (seat 0, after eight quiet moves) ends 1-0 with C1=S,
#   O O O      and in mode "first" it wins with it.
ONE_POINT = ["A1=S", "B1=O", "A2=O", "B2=O", "C2=O", "A3=O", "B3=O", "C3=O"]
# Hand-checked:
#   S . S      One empty cell. B1=O makes A1-B1-C1; B1=S makes nothing (B1-B2-B3 is S-O-O).
#   O O O      Seat 0 to move: value +1 with B1=O.
#   O O O
MIDDLE_O = ["A1=S", "C1=S", "A2=O", "B2=O", "C2=O", "A3=O", "B3=O", "C3=O"]


@pytest.mark.parametrize(("moves", "best"), [(ONE_POINT, "C1=S"), (MIDDLE_O, "B1=O")])
def test_hand_checked_positions(moves, best):
    rules = get_rules("sos", rows=3, cols=3)
    result = analyse(rules, build(rules, moves))
    assert result.best_move == best
    ev = result.evaluation
    assert (ev.seat, ev.value, ev.proven, ev.winners, ev.result) == (0, 1.0, True, (0,), "win")
    assert result.line == (best,)
    first = get_rules("sos", rows=3, cols=3, mode="first")
    result = analyse(first, build(first, moves))
    assert (result.best_move, result.evaluation.value, result.evaluation.winners) == (
        best,
        1.0,
        (0,),
    )


@pytest.mark.parametrize("mode", ["most", "first"])
def test_3x3_is_a_draw(mode):
    solver = SosSolver(3, 3, 2, mode)
    assert solver.value(0, 0) == 0


def test_3x4_most_is_a_draw():
    assert SosSolver(3, 4, 2, "most").value(0, 0) == 0


def test_symmetry_gives_equal_keys_and_values():
    solver = SosSolver(4, 4, 2, "most")
    geo = solver.geo
    rng = random.Random(3)
    for _ in range(50):
        s = o = 0
        for i in range(16):
            r = rng.random()
            if r < 0.3:
                s |= 1 << i
            elif r < 0.6:
                o |= 1 << i
        keys = set()
        for perm in geo.symmetries:
            ps = sum(1 << perm[i] for i in range(16) if s >> i & 1)
            po = sum(1 << perm[i] for i in range(16) if o >> i & 1)
            keys.add(solver.canonical(ps, po))
        assert len(keys) == 1
    assert len(geo.symmetries) == 8
    assert len(geometry(3, 4).symmetries) == 4


def test_heuristic_search_takes_points_and_avoids_giving_them():
    rules = get_rules("sos", rows=8, cols=8)
    # A1=S, B1=O: C1=S scores at once; the search finds it at every depth.
    state = rules.replay(["A1=S", "B1=O"])
    pos = SosPos.from_state(rules, state)
    search = SosHeuristic(8, 8, limits=Limits(nodes=5_000))
    move, value, depth = search.best(pos.s, pos.o)
    assert move_name(rules, move) == "C1=S" and value >= 1 and depth >= 1
    # On an empty big grid no move gives anything away at depth 2: the value is 0 and the move
    # chosen hands the opponent no scoring cell.
    search = SosHeuristic(8, 8, limits=Limits(nodes=4_000))
    move, value, depth = search.best(0, 0)
    s, o = (1 << (move >> 1), 0) if move % 2 == 0 else (0, 1 << (move >> 1))
    assert not any(geometry(8, 8).threats(s, o)[:2])


def test_analyse_large_grid_is_an_estimate_with_a_legal_move():
    rules = get_rules("sos", rows=10, cols=10, players=3)
    state = rules.replay(["A1=S", "B1=O"])
    result = analyse(rules, state, 0.5)
    assert result.best_move in rules.legal_moves(state)
    assert result.evaluation.proven is False and result.evaluation.method == "search"
    assert result.best_move == "C1=S"


def test_a_thousand_random_games_of_every_variant_end_alike():
    rng = random.Random(15)
    for i in range(1000):
        options = {
            "rows": rng.randint(3, 6),
            "cols": rng.randint(3, 6),
            "players": 2 + i % 5,
            "mode": ("most", "first")[i % 2],
        }
        rules = get_rules("sos", **options)
        state = rules.start()
        pos = SosPos.for_rules(rules)
        while legal := rules.legal_moves(state):
            assert len(pos.legal_moves()) == len(legal)
            move = legal[rng.randrange(len(legal))]
            assert pos.play(move_index(rules, move)) == rules.play(state, move).points[-1]
            state = rules.play(state, move)
        assert pos.over and pos.winners() == rules.outcome(state).winners
        assert tuple(pos.scores) == rules.outcome(state).scores
