"""The UTTT evaluation, cut playouts and implicit minimax backups of the search."""

from __future__ import annotations

import random

import pytest
from uttt_reference import LoggingBits

from games.engine.uttt_eval import evaluate, evaluate_pos
from games.engine.uttt_playout import _playout, playout_value, random_playout
from games.engine.uttt_pos import UtttPos
from games.engine.uttt_search import Mcts
from games.engine.uttt_tables import DRAW, FULL9, ONGOING, POP9


def random_positions(preset: str, count: int, seed: int) -> list[UtttPos]:
    """Unfinished positions after a random number of random moves."""
    rng = random.Random(seed)
    found: list[UtttPos] = []
    while len(found) < count:
        pos = UtttPos(classic=preset == "classic")
        for _ in range(rng.randrange(0, 50)):
            moves = pos.legal_moves()
            if not moves:
                break
            pos.play(rng.choice(moves))
        if pos.winner == ONGOING:
            found.append(pos)
    return found


def marks(st: list[int]) -> int:
    return sum(POP9[s & FULL9] + POP9[s >> 9] for s in st)


def swapped(s: int) -> int:
    return s >> 9 | (s & FULL9) << 9


@pytest.mark.parametrize("preset", ["classic", "tactical"])
def test_a_cut_playout_stops_after_its_half_moves_and_leaves_the_position(preset):
    for i, pos in enumerate(random_positions(preset, 60, seed=1)):
        limit = 1 + i % 7
        before = pos.key()
        out: list = []
        result = _playout(pos, LoggingBits(i).getrandbits, True, limit, out)
        assert pos.key() == before
        if result != ONGOING:  # the game ended within the limit: the same as a full playout
            assert result == random_playout(pos, LoggingBits(i), True)
            continue
        st, xw, ow, dr, mover, t = out
        assert marks(st) == marks(pos.st) + limit
        assert mover == (pos.turn + limit) % 2
        assert all(st[b] & pos.st[b] == pos.st[b] for b in range(9))  # marks are only added
        assert xw & pos.xw == pos.xw and ow & pos.ow == pos.ow and dr & pos.dr == pos.dr
        assert 0 < evaluate(st, xw, ow, dr, pos.classic, mover, t) < 1


@pytest.mark.parametrize("preset", ["classic", "tactical"])
def test_the_evaluation_is_the_same_for_either_colour(preset):
    """Swap X and O everywhere: X's expected score becomes O's."""
    for pos in random_positions(preset, 200, seed=2):
        t = 9 if pos.last < 0 else pos.last % 9
        value = evaluate(pos.st, pos.xw, pos.ow, pos.dr, pos.classic, pos.turn, t)
        mirror = evaluate(
            [swapped(s) for s in pos.st], pos.ow, pos.xw, pos.dr, pos.classic, pos.turn ^ 1, t
        )
        assert value == pytest.approx(1 - mirror)
        assert 0 < value < 1


def test_the_evaluation_counts_boards_lines_and_the_tempo():
    empty = [0] * 9
    assert evaluate(empty, 0, 0, 0, True, 0, 9) == pytest.approx(0.5)
    # X has boards 0 and 1 (the top row open at board 2), O has board 4: X is better.
    top = evaluate(empty, 0b11, 1 << 4, 0, True, 0, 9)
    assert top > 0.6
    # O's two boards in a line are worth as much to O.
    assert evaluate(empty, 1 << 4, 0b11, 0, True, 0, 9) == pytest.approx(1 - top)
    # A board X could win at once (two in a row) counts for X when X is sent there, not when O is.
    st = [0] * 9
    st[2] = 0b011  # X on cells 0 and 1 of board 2: cell 2 wins it
    sent_x = evaluate(st, 0b11, 1 << 4, 0, True, 0, 2)
    sent_o = evaluate(st, 0b11, 1 << 4, 0, True, 1, 2)
    assert sent_x > sent_o > top


def test_playout_value_is_exact_when_the_game_is_over_and_else_cut_or_played():
    rng = random.Random(3)
    ended = 0
    for pos in random_positions("classic", 30, seed=3):
        assert playout_value(pos, rng, True, 0) == evaluate_pos(pos)
        assert 0 <= playout_value(pos, rng, True, 5) <= 1
        assert playout_value(pos, random.Random(1), True, 200) in (0.0, 0.5, 1.0)
        while pos.winner == ONGOING:
            pos.play(rng.choice(pos.legal_moves()))
        ended += 1
        expected = 0.5 if pos.winner == DRAW else 1.0 - pos.winner
        assert playout_value(pos, rng, True, 0) == expected
    assert ended == 30


@pytest.mark.parametrize("preset", ["classic", "tactical"])
def test_implicit_minimax_values_are_the_minimax_of_the_tree(preset):
    """After a search, each expanded unproven node's value is the best of its children's for the
    seat choosing there (values are for the seat that moved into a node)."""
    for pos in random_positions(preset, 4, seed=4):
        mcts = Mcts(pos, seed=5, cutoff=0, minimax=0.4)
        mcts.run(iterations=1_500)
        checked = 0
        stack = [mcts.root]
        while stack:
            node = stack.pop()
            if node.children and node.proven is None:
                assert node.h == pytest.approx(1 - max(ch.h for ch in node.children))
                checked += 1
            stack.extend(node.children)
        assert checked > 10 or mcts.root.proven is not None
