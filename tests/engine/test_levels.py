"""The computer's eight levels (issue 33, ``games.engine.levels``): legal, seeded, the full
engine at level 8, beatable at level 1."""

from __future__ import annotations

import random

import pytest

from games.engine import analyse
from games.engine.levels import (
    HIGHEST,
    LEVELS,
    LOWEST,
    Level,
    choose,
    choose_move,
    level_of,
    pick,
)
from games.engine.sos_pos import SosPos
from games.engine.uttt_pos import UtttPos
from games.rules import get_rules

SOS_CONFIGS = [
    {"rows": 3, "cols": 3, "players": 2, "mode": "most"},
    {"rows": 4, "cols": 5, "players": 2, "mode": "first"},
    {"rows": 5, "cols": 5, "players": 3, "mode": "most"},
    {"rows": 4, "cols": 4, "players": 4, "mode": "first"},
    {"rows": 6, "cols": 6, "players": 2, "mode": "most"},
    {"rows": 3, "cols": 7, "players": 6, "mode": "most"},
]
UTTT_CONFIGS = [
    {"preset": "classic"},
    {"preset": "tactical"},
    {"preset": "tactical", "decided_boards_free": True, "no_send_back": True},
    {"preset": "tactical", "all_draw_line": "continue"},
]


def random_position(rules, rng: random.Random, *, max_empty: int | None = None):
    """A random unfinished position (with at most ``max_empty`` empty cells when given)."""
    while True:
        state = rules.start()
        # An endgame is played to (a UTTT endgame takes 71 moves or more); else 0–59 moves.
        plies = 200 if max_empty is not None else rng.randrange(0, 60)
        for _ in range(plies):
            legal = rules.legal_moves(state)
            if not legal or (max_empty is not None and _empty(rules, state) <= max_empty):
                break
            state = rules.play(state, rng.choice(legal))
        if rules.outcome(state) is None and (
            max_empty is None or _empty(rules, state) <= max_empty
        ):
            return state


def _empty(rules, state) -> int:
    if rules.kind == "uttt":
        return UtttPos.from_state(rules, state).empty_cells()
    pos = SosPos.from_state(rules, state)
    return pos.n - pos.ply


def test_the_table_has_eight_levels_a_game_and_level_8_is_the_full_engine():
    for kind, table in LEVELS.items():
        assert [lv.number for lv in table] == list(range(LOWEST, HIGHEST + 1)), kind
        assert table[-1].full and not any(lv.full for lv in table[:-1])
        budgets = [lv.nodes for lv in table]
        assert budgets == sorted(budgets), kind
        assert not table[-1].noise and not table[-1].second and not table[-1].random
    with pytest.raises(ValueError):
        level_of("sos", 0)
    with pytest.raises(ValueError):
        level_of("uttt", 9)


@pytest.mark.parametrize(
    "config", SOS_CONFIGS, ids=lambda c: "{rows}x{cols}-{players}-{mode}".format(**c)
)
def test_every_level_plays_a_legal_sos_move(config):
    rules = get_rules("sos", **config)
    rng = random.Random(f"sos-legal-{config}")
    for i in range(4):
        state = random_position(rules, rng)
        legal = set(rules.legal_moves(state))
        for level in range(LOWEST, HIGHEST):
            assert choose_move(rules, state, level, seed=i) in legal, (level, state.moves)
    # Level 8 (the full engine, the slowest) on endgames, which it solves quickly.
    for i in range(3):
        state = random_position(rules, rng, max_empty=8)
        assert choose_move(rules, state, HIGHEST, seed=i) in set(rules.legal_moves(state))


@pytest.mark.parametrize("config", UTTT_CONFIGS, ids=str)
def test_every_level_plays_a_legal_uttt_move(config):
    rules = get_rules("uttt", **config)
    rng = random.Random(f"uttt-legal-{config}")
    for i in range(5):
        state = random_position(rules, rng)
        legal = set(rules.legal_moves(state))
        for level in range(LOWEST, HIGHEST + 1):
            assert choose_move(rules, state, level, seed=i) in legal, (level, state.moves)


def test_the_first_move_of_an_empty_board_is_legal_at_every_level():
    for rules in (get_rules("uttt", preset="classic"), get_rules("sos", rows=3, cols=3)):
        state = rules.start()
        for level in range(LOWEST, HIGHEST + 1):
            assert choose_move(rules, state, level, seed=1) in rules.legal_moves(state)


def _proven_cases():
    rng = random.Random("proven")
    cases = []
    for config, empty in (
        ({"rows": 3, "cols": 3, "players": 2, "mode": "most"}, 9),
        ({"rows": 4, "cols": 4, "players": 2, "mode": "first"}, 10),
        ({"rows": 5, "cols": 5, "players": 2, "mode": "most"}, 9),
        ({"rows": 4, "cols": 4, "players": 3, "mode": "most"}, 7),
    ):
        rules = get_rules("sos", **config)
        cases += [(rules, random_position(rules, rng, max_empty=empty)) for _ in range(3)]
    # Tactical games reach 10 empty cells (classic ones end first, their boards closing).
    for options in ({}, {"decided_boards_free": True}):
        rules = get_rules("uttt", preset="tactical", **options)
        cases += [(rules, random_position(rules, rng, max_empty=10)) for _ in range(3)]
    return cases


def test_level_8_plays_the_full_engines_move_on_positions_it_proves():
    for rules, state in _proven_cases():
        full = analyse(rules, state, 3.0)
        assert full.evaluation.proven, state.moves
        assert full.evaluation.method == "solved"
        for seed in (1, 2):
            assert choose_move(rules, state, HIGHEST, seed=seed) == full.best_move, state.moves


def test_the_same_seed_gives_the_same_move():
    rng = random.Random("seeds")
    for rules in (
        get_rules("uttt", preset="tactical"),
        get_rules("sos", rows=5, cols=5, players=2, mode="most"),
        get_rules("sos", rows=4, cols=4, players=3, mode="first"),
    ):
        # Levels 1–7 in the middle game, level 8 (the slowest) in an endgame.
        cases = [(random_position(rules, rng), range(LOWEST, HIGHEST)) for _ in range(3)]
        cases.append((random_position(rules, rng, max_empty=8), range(HIGHEST, HIGHEST + 1)))
        for state, levels in cases:
            for level in levels:
                first = choose(rules, state, level, seed=42)
                again = choose(rules, state, level, seed=42)
                assert (first.move, first.nodes) == (again.move, again.nodes), level


def test_different_seeds_may_differ_at_low_levels():
    for rules in (get_rules("uttt", preset="classic"), get_rules("sos", rows=5, cols=5)):
        state = rules.start()
        moves = {choose_move(rules, state, 1, seed=seed) for seed in range(20)}
        assert len(moves) > 1


def test_a_finished_game_has_no_move():
    rules = get_rules("sos", rows=3, cols=3)
    state = rules.start()
    while rules.outcome(state) is None:
        state = rules.play(state, rules.legal_moves(state)[0])
    with pytest.raises(ValueError):
        choose_move(rules, state, 3, seed=1)


def test_a_time_cap_still_gives_a_legal_move():
    for rules in (get_rules("uttt", preset="classic"), get_rules("sos", rows=7, cols=7)):
        state = rules.start()
        for level in (5, HIGHEST):
            assert choose_move(rules, state, level, seed=1, seconds=0.001) in set(
                rules.legal_moves(state)
            )


def test_pick_applies_each_weakening():
    ranked = [("a", 1.0), ("b", 1.0), ("c", 0.0)]
    legal = ["a", "b", "c", "d"]
    rng = random.Random(3)
    assert pick(ranked, legal, Level(8, 1), rng) == "a"
    assert pick(ranked, legal, Level(7, 1, second=1.0), rng) == "c"  # of lower value than "a"
    assert {pick(ranked, legal, Level(1, 1, random=1.0), rng) for _ in range(60)} == set(legal)
    noisy = {pick(ranked, legal, Level(2, 1, noise=5.0), rng) for _ in range(60)}
    assert noisy == {"a", "b", "c"}


def _play_against_random(rules, seed: int) -> float:
    """Level 1 against a random mover; level 1's score (1 win, ½ draw, 0 loss)."""
    rng = random.Random(seed)
    state = rules.start()
    computer = seed % 2
    ply = 0
    while rules.outcome(state) is None:
        if rules.to_move(state) == computer:
            move = choose_move(rules, state, 1, seed=seed * 1000 + ply)
        else:
            move = rng.choice(rules.legal_moves(state))
        state = rules.play(state, move)
        ply += 1
    winners = rules.outcome(state).winners
    return 0.5 if not winners else float(computer in winners)


@pytest.mark.parametrize(
    "rules",
    [get_rules("uttt", preset="classic"), get_rules("sos", rows=4, cols=4)],
    ids=["uttt", "sos"],
)
def test_a_beginner_can_beat_level_1(rules):
    scores = [_play_against_random(rules, seed) for seed in range(30)]
    assert 0.0 in scores  # the random mover won at least once
    assert sum(scores) / len(scores) > 0.5  # but level 1 is better than chance
