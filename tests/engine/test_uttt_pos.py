"""The fast UTTT position agrees with the public rules engine on random games of every option."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from uttt_reference import LoggingBits, replay_playout

from games.engine.uttt_playout import random_playout
from games.engine.uttt_pos import INDEX, UtttPos, move_index, move_name
from games.engine.uttt_tables import DRAW, FULL9, ONGOING
from games.rules import get_rules

OPTION_SETS = [
    {"preset": "tactical", "all_draw_line": adl, "decided_boards_free": dbf, "no_send_back": nsb}
    for adl in ("draw", "continue")
    for dbf in (False, True)
    for nsb in (False, True)
] + [{"preset": "classic", "no_send_back": nsb} for nsb in (False, True)]

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def winner_code(rules, state):
    outcome = rules.outcome(state)
    if outcome is None:
        return ONGOING
    return DRAW if not outcome.winners else outcome.winners[0]


def same(pos, rules, state):
    """Every field of the fast position against the public state."""
    assert [pos.marks(b) for b in range(9)] == [
        (state.x >> 9 * b & FULL9, state.o >> 9 * b & FULL9) for b in range(9)
    ]
    assert (pos.xw, pos.ow, pos.dr, pos.full) == (state.xw, state.ow, state.dr, state.full)
    assert pos.last == state.last
    assert pos.ply == len(state.moves)
    assert pos.winner == winner_code(rules, state)
    assert [move_name(m) for m in pos.legal_moves()] == rules.legal_moves(state)
    if pos.winner == ONGOING:
        assert pos.turn == rules.to_move(state)
        assert {m // 9 for m in pos.legal_moves()} == set(rules.allowed_boards(state))


@SETTINGS
@given(options=st.sampled_from(OPTION_SETS), seed=st.integers(0, 2**32))
def test_random_games_agree_move_by_move_and_undo_restores(options, seed):
    rules = get_rules("uttt", **options)
    rng = random.Random(seed)
    state = rules.start()
    pos = UtttPos.for_rules(rules)
    history = [(rules.start(), None)]
    while True:
        same(pos, rules, state)
        legal = rules.legal_moves(state)
        if not legal:
            break
        move = rng.choice(legal)
        state = rules.play(state, move)
        pos.play(move_index(move))
        history.append((state, move))
    # Taking every move back walks the same states backwards.
    for earlier, _ in reversed(history[:-1]):
        pos.undo()
        same(pos, rules, earlier)
    # A position built from a public state mid-game equals the one reached by playing.
    mid = history[len(history) // 2][0]
    rebuilt = UtttPos.from_state(rules, mid)
    same(rebuilt, rules, mid)
    copy = rebuilt.copy()
    if copy.legal_moves():
        copy.play(copy.legal_moves()[0])
        same(rebuilt, rules, mid)  # the copy is independent


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "-".join(map(str, o.values())))
def test_thousands_of_random_games_end_with_the_public_result(options):
    rules = get_rules("uttt", **options)
    rng = random.Random(15)
    for _ in range(150):
        state = rules.start()
        pos = UtttPos.for_rules(rules)
        while legal := rules.legal_moves(state):
            assert len(pos.legal_moves()) == len(legal)
            move = legal[rng.randrange(len(legal))]
            state = rules.play(state, move)
            pos.play(INDEX[move])
        assert pos.winner == winner_code(rules, state)
        assert pos.legal_moves() == []


@pytest.mark.parametrize("preset", ["classic", "tactical"])
@pytest.mark.parametrize(("heavy", "smart"), [(False, False), (True, False), (True, True)])
def test_fast_playout_follows_the_rules(preset, heavy, smart):
    """The playout's random draws, replayed through the public engine, give the same game."""
    for adl in ("draw", "continue") if preset == "tactical" else ("draw",):
        rules = get_rules("uttt", preset=preset, all_draw_line=adl)
        for seed in range(30 if smart else 80):
            rng = random.Random(seed)
            state = rules.start()
            for _ in range(rng.randrange(0, 40)):
                legal = rules.legal_moves(state)
                if not legal:
                    break
                state = rules.play(state, rng.choice(legal))
            pos = UtttPos.from_state(rules, state)
            before = pos.key()
            bits = LoggingBits(seed)
            result = random_playout(pos, bits, heavy, smart)
            assert pos.key() == before, "the playout changed the position it started from"
            if rules.outcome(state) is not None:
                assert result == winner_code(rules, state)
                continue
            end = replay_playout(rules, state, bits.log, heavy, smart)
            assert result == winner_code(rules, end)


@pytest.mark.parametrize(
    "options",
    [o for o in OPTION_SETS if o["no_send_back"] or o.get("decided_boards_free")],
    ids=str,
)
def test_general_playout_plays_legal_games(options):
    """Options that move the allowed boards use the general playout: it ends in a public result."""
    rules = get_rules("uttt", **options)
    for seed in range(60):
        pos = UtttPos.for_rules(rules)
        result = random_playout(pos, random.Random(seed), heavy=bool(seed % 2))
        # Replay the same choices (the general playout picks moves[int(random() * len)]).
        rng = random.Random(seed)
        state = rules.start()
        while legal := rules.legal_moves(state):
            if seed % 2:
                replay = UtttPos.from_state(rules, state)
                wins = [m for m in legal if replay.wins_board(INDEX[m])]
                legal = wins or legal
            state = rules.play(state, legal[int(rng.random() * len(legal))])
        assert result == winner_code(rules, state)
