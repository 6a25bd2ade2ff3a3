"""Property-based tests over random legal games of every preset and option.

Every expectation is recomputed independently in the test (tests/rules/rules_oracle.py holds a
reference implementation written from shared/RULES.md): the engine is never asked to check itself.
"""

from __future__ import annotations

import itertools
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rules_oracle import (
    RefSos,
    RefUttt,
    big_board_result,
    bp,
    name,
    norm_line,
    rc,
    sos_triples,
    statuses_by_replay,
    uc,
)

from games.rules import IllegalMove, InvalidMove, get_rules

SETTINGS = settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

SOS_OPTIONS = st.fixed_dictionaries(
    {
        "rows": st.integers(3, 6),
        "cols": st.integers(3, 6),
        "players": st.integers(2, 6),
        "mode": st.sampled_from(["most", "first"]),
    }
)

UTTT_OPTION_SETS = [
    {
        "preset": "tactical",
        "all_draw_line": adl,
        "decided_boards_free": dbf,
        "no_send_back": nsb,
    }
    for adl in ("draw", "continue")
    for dbf in (False, True)
    for nsb in (False, True)
] + [{"preset": "classic", "no_send_back": nsb} for nsb in (False, True)]

UTTT_OPTIONS = st.sampled_from(UTTT_OPTION_SETS)

# Move choices: index i picks legal_moves[choices[i] % len]; past the list, a fixed pattern.
CHOICES = st.lists(st.integers(0, 10_000), max_size=90)


def random_game(rules, choices):
    """Play a game to its end; return the list of states from the start to the end."""
    states = [rules.start()]
    limit = rules.rows * rules.cols
    for i in range(limit + 1):
        state = states[-1]
        legal = rules.legal_moves(state)
        if rules.outcome(state) is not None:
            assert legal == []
            break
        assert legal, f"no legal move but no outcome after {state.moves}"
        pick = choices[i] if i < len(choices) else 7 * i + 3
        states.append(rules.play(state, legal[pick % len(legal)]))
    else:  # pragma: no cover - only reached when the engine never ends the game
        raise AssertionError(f"game not over after {limit + 1} moves")
    assert len(states) - 1 <= limit, "game longer than the number of cells"
    return states


def snapshot(rules, state):
    return (
        state,
        state.moves,
        state.grid,
        json.dumps(rules.to_dict(state), sort_keys=True),
        rules.to_move(state),
        tuple(rules.legal_moves(state)),
        rules.outcome(state),
    )


def assert_rejected_unchanged(rules, state, move, cls, codes):
    before = snapshot(rules, state)
    try:
        rules.play(state, move)
    except cls as exc:
        assert exc.code in codes, (move, exc.code, codes, state.moves)
    else:
        raise AssertionError(f"{move!r} accepted after {state.moves}; expected {codes}")
    assert snapshot(rules, state) == before, f"state changed by rejected {move!r}"


# ============================================================================================
# SOS


@SETTINGS
@given(options=SOS_OPTIONS, choices=CHOICES)
def test_sos_games_end_and_legal_moves_are_the_empty_cells(options, choices):
    rules = get_rules("sos", **options)
    states = random_game(rules, choices)
    cells = options["rows"] * options["cols"]
    assert len(states) - 1 <= cells
    for state in states:
        legal = rules.legal_moves(state)
        grid = state.grid
        if rules.outcome(state) is not None:
            assert legal == []
            assert rules.to_move(state) is None
            continue
        expected = [
            f"{name(r, c)}={letter}"
            for r in range(options["rows"])
            for c in range(options["cols"])
            if not grid[r][c]
            for letter in "SO"
        ]
        assert legal == expected
        for move in legal:
            r, c = rc(move.split("=")[0])
            assert grid[r][c] == ""
    final = states[-1]
    if options["mode"] == "most":
        assert len(final.moves) == cells, "most mode ends only on a full grid"


@SETTINGS
@given(options=SOS_OPTIONS, choices=CHOICES)
def test_sos_replay_equals_playing_one_by_one(options, choices):
    rules = get_rules("sos", **options)
    states = random_game(rules, choices)
    final = states[-1]
    replayed = rules.replay(final.moves)
    assert replayed == final
    assert replayed.grid == final.grid
    assert replayed.scores == final.scores
    assert replayed.lines == final.lines
    assert rules.outcome(replayed) == rules.outcome(final)
    for state in states[:: max(1, len(states) // 5)]:
        assert rules.replay(state.moves) == state
        back = rules.from_dict(json.loads(json.dumps(rules.to_dict(state))))
        assert back == state
        assert rules.legal_moves(back) == rules.legal_moves(state)


@SETTINGS
@given(options=SOS_OPTIONS, choices=CHOICES, data=st.data())
def test_sos_rejected_moves_never_change_a_state(options, choices, data):
    rules = get_rules("sos", **options)
    states = random_game(rules, choices)
    rows, cols = options["rows"], options["cols"]
    for state in states[1:-1]:
        occupied = data.draw(st.sampled_from([m.split("=")[0] for m in state.moves]))
        letter = data.draw(st.sampled_from("SO"))
        assert_rejected_unchanged(rules, state, f"{occupied}={letter}", IllegalMove, {"occupied"})
        off = data.draw(st.sampled_from([name(rows, 0), name(0, cols), name(rows, cols)]))
        assert_rejected_unchanged(rules, state, f"{off}=S", IllegalMove, {"off_board"})
        assert_rejected_unchanged(rules, state, f"{name(0, 0)}=Q", InvalidMove, {"bad_letter"})
        assert_rejected_unchanged(rules, state, "S=A1", InvalidMove, {"bad_notation"})
    final = states[-1]
    for r in range(rows):
        for c in range(cols):
            move = f"{name(r, c)}={data.draw(st.sampled_from('SO'))}"
            assert_rejected_unchanged(rules, final, move, IllegalMove, {"game_over"})


@SETTINGS
@given(options=SOS_OPTIONS, choices=CHOICES)
def test_sos_scores_add_up_to_the_lines_on_the_final_grid(options, choices):
    rules = get_rules("sos", **options)
    states = random_game(rules, choices)
    final = states[-1]
    grid = final.grid
    triples = sos_triples(grid)
    assert sum(final.scores) == len(triples) == len(final.lines)
    assert sum(final.points) == len(triples)
    assert len(final.points) == len(final.moves)
    recorded = set()
    for line in final.lines:
        assert len(line.cells) == 3
        positions = [rc(cell) for cell in line.cells]
        assert [grid[r][c] for r, c in positions] == ["S", "O", "S"]
        (r0, c0), (r1, c1), (r2, c2) = positions
        assert (r1 - r0, c1 - c0) == (r2 - r1, c2 - c1), line
        assert max(abs(r1 - r0), abs(c1 - c0)) == 1, line
        recorded.add(frozenset(positions))
    assert recorded == triples
    for seat in range(options["players"]):
        mine = final.lines_by_seat(seat)
        assert all(line.seat == seat for line in mine)
        assert len(mine) == final.scores[seat]
    # Move by move against the reference implementation.
    ref = RefSos(**options)
    for before, after in itertools.pairwise(states):
        assert rules.to_move(before) == ref.to_move
        move = after.moves[-1]
        ref.play(move)
        assert after.points[-1] == ref.points[-1], move
        assert after.scores == tuple(ref.scores)
        made = [line for line in after.lines if line.ply == after.ply]
        assert len(made) == ref.points[-1]
        assert all(line.seat == rules.to_move(before) for line in made)
        assert all(rc(move.split("=")[0]) in map(rc, line.cells) for line in made)
        if rules.outcome(after) is None:
            assert after.extra_turn == (ref.points[-1] > 0)
    outcome = rules.outcome(final)
    assert outcome.winners == ref.winners
    assert outcome.scores == final.scores
    assert outcome.is_draw == (outcome.winners == ())
    assert len({norm_line(line.cells) for line in final.lines}) == len(final.lines)


# ============================================================================================
# Ultimate tic-tac-toe


def board_of(cell):
    return bp(cell)[0]


# (board, position) -> (notation, row, col), computed once.
CELLS = {(b, p): (uc(b, p), *rc(uc(b, p))) for b in range(9) for p in range(9)}


@SETTINGS
@given(options=UTTT_OPTIONS, choices=CHOICES)
def test_uttt_games_end_and_legal_moves_match_the_rules(options, choices):
    rules = get_rules("uttt", **options)
    states = random_game(rules, choices)
    assert len(states) - 1 <= 81
    ref = RefUttt(**options)
    for i, state in enumerate(states):
        legal = rules.legal_moves(state)
        grid = state.grid
        for move in legal:
            r, c = rc(move)
            assert grid[r][c] == "", f"legal move {move} names an occupied cell"
        assert legal == ref.legal(), f"legal moves differ after {state.moves}"
        if ref.over:
            assert rules.outcome(state) is not None
            assert rules.allowed_boards(state) == ()
            assert rules.to_move(state) is None
        else:
            assert rules.to_move(state) == state.ply % 2
            assert rules.allowed_boards(state) == tuple(sorted({board_of(m) for m in legal}))
            if state.moves:
                assert state.send_to == bp(state.moves[-1])[1]
            else:
                assert state.send_to is None
        if i + 1 < len(states):
            ref.play(states[i + 1].moves[-1])
    assert ref.over


@SETTINGS
@given(options=UTTT_OPTIONS, choices=CHOICES)
def test_uttt_replay_equals_playing_one_by_one(options, choices):
    rules = get_rules("uttt", **options)
    states = random_game(rules, choices)
    final = states[-1]
    replayed = rules.replay(final.moves)
    assert replayed == final
    assert replayed.grid == final.grid
    assert replayed.board_status == final.board_status
    assert rules.outcome(replayed) == rules.outcome(final)
    for state in states[:: max(1, len(states) // 5)]:
        assert rules.replay(state.moves) == state
        back = rules.from_dict(json.loads(json.dumps(rules.to_dict(state))))
        assert back == state
        assert rules.legal_moves(back) == rules.legal_moves(state)


@SETTINGS
@given(options=UTTT_OPTIONS, choices=CHOICES, data=st.data())
def test_uttt_rejected_moves_never_change_a_state(options, choices, data):
    rules = get_rules("uttt", **options)
    states = random_game(rules, choices)
    classic = options["preset"] == "classic"
    for state in states[1:-1]:
        legal = set(rules.legal_moves(state))
        grid = state.grid
        allowed = set(rules.allowed_boards(state))
        occupied = data.draw(st.sampled_from(state.moves))
        b, p = bp(occupied)
        codes = {"occupied"}
        if b not in allowed or (options["no_send_back"] and p == board_of(state.moves[-1])):
            # Occupied and against a placement rule too: the spec does not rank the two.
            codes = {"occupied", "wrong_board", "closed_board", "send_back"}
        assert_rejected_unchanged(rules, state, occupied, IllegalMove, codes)
        empty_not_legal = [
            cell for cell, r, c in CELLS.values() if not grid[r][c] and cell not in legal
        ]
        if not empty_not_legal:
            continue
        cell = data.draw(st.sampled_from(empty_not_legal))
        b, p = bp(cell)
        status = state.board_status[b]
        if b in allowed:
            # Only the no_send_back restriction forbids an empty cell of an allowed board.
            assert options["no_send_back"], cell
            assert p == board_of(state.moves[-1])
            codes = {"send_back"}
        elif classic and status != "open":
            codes = {"closed_board", "wrong_board"}
            if len(allowed) > 1:  # a free move: the only reason is the closed board
                codes = {"closed_board"}
        else:
            codes = {"wrong_board"}
        assert_rejected_unchanged(rules, state, cell, IllegalMove, codes)
    final = states[-1]
    for cell, _, _ in CELLS.values():
        assert_rejected_unchanged(rules, final, cell, IllegalMove, {"game_over"})


def assert_big_board(rules, options, state):
    """Check the outcome of ``state`` against an evaluation of the engine's board statuses."""
    status = state.board_status
    tactical = options["preset"] == "tactical"
    x_line, o_line, draw_line = big_board_result(status, options["preset"])
    outcome = rules.outcome(state)
    grid_full = all(all(row) for row in state.grid)
    all_decided = all(s != "open" for s in status)
    if outcome is None:
        assert not x_line and not o_line, f"a line on the big board and no outcome: {status}"
        if tactical:
            assert not (draw_line and options["all_draw_line"] == "draw")
            assert not grid_full and not all_decided
        else:
            assert not all_decided
        return
    assert outcome.scores == (status.count("x"), status.count("o"))
    mover = (state.ply - 1) % 2
    if x_line or o_line:
        mover_line = x_line if mover == 0 else o_line
        assert outcome.winners == ((mover,) if mover_line else (1 - mover,)), status
        assert outcome.reason == "line"
        if not tactical:
            assert mover_line, "classic: only the mover can complete a line"
    else:
        assert outcome.winners == ()
        assert outcome.is_draw
        if tactical:
            assert (draw_line and options["all_draw_line"] == "draw") or grid_full or all_decided
            if draw_line and options["all_draw_line"] == "draw":
                assert outcome.reason == "all_draw_line"
            else:
                assert outcome.reason in ("full_grid", "all_decided")
        else:
            assert all_decided
            assert outcome.reason == "no_open_board"


@SETTINGS
@given(options=UTTT_OPTIONS, choices=CHOICES)
def test_uttt_board_status_and_outcome_agree_with_recomputation(options, choices):
    rules = get_rules("uttt", **options)
    states = random_game(rules, choices)
    for state in states:
        grid = state.grid
        # Marks alternate X, O from the move list.
        marks = {}
        for i, move in enumerate(state.moves):
            marks[rc(move)] = "XO"[i % 2]
        for r in range(9):
            for c in range(9):
                assert grid[r][c] == marks.get((r, c), "")
        expected = statuses_by_replay(state.moves)
        assert list(state.board_status) == expected, state.moves
        full = tuple(all(grid[CELLS[b, p][1]][CELLS[b, p][2]] for p in range(9)) for b in range(9))
        assert state.board_full == full
        assert_big_board(rules, options, state)
    assert rules.outcome(states[-1]) is not None


# ============================================================================================
# Seeded bulk comparison with the reference implementation (deterministic, many games).

UTTT_IDS = [
    ",".join(f"{key}={value}" for key, value in options.items()) for options in UTTT_OPTION_SETS
]


@pytest.mark.parametrize("options", UTTT_OPTION_SETS, ids=UTTT_IDS)
def test_uttt_agrees_with_the_reference_on_seeded_random_games(options):
    rules = get_rules("uttt", **options)
    rnd = random.Random(UTTT_OPTION_SETS.index(options))
    for _ in range(60):
        ref = RefUttt(**options)
        state = rules.start()
        while True:
            legal = rules.legal_moves(state)
            assert legal == ref.legal(), state.moves
            assert list(state.board_status) == ref.status, state.moves
            outcome = rules.outcome(state)
            if ref.over:
                assert outcome is not None, state.moves
                assert outcome.winners == ref.winners, state.moves
                assert outcome.scores == ref.scores()
                if ref.reason in ("full_grid", "all_decided"):
                    # A full grid is also a grid of decided boards: either reason will do.
                    assert outcome.reason in ("full_grid", "all_decided")
                else:
                    assert outcome.reason == ref.reason, state.moves
                break
            assert outcome is None, state.moves
            move = rnd.choice(legal)
            state = rules.play(state, move)
            ref.play(move)


def test_sos_agrees_with_the_reference_on_seeded_random_games():
    rnd = random.Random(2024)
    for _ in range(300):
        options = {
            "rows": rnd.randint(3, 7),
            "cols": rnd.randint(3, 7),
            "players": rnd.randint(2, 6),
            "mode": rnd.choice(["most", "first"]),
        }
        rules = get_rules("sos", **options)
        ref = RefSos(**options)
        state = rules.start()
        while True:
            assert rules.to_move(state) == ref.to_move, (options, state.moves)
            assert state.scores == tuple(ref.scores), (options, state.moves)
            assert list(state.points) == ref.points
            outcome = rules.outcome(state)
            if ref.over:
                assert outcome.winners == ref.winners, (options, state.moves)
                assert rules.legal_moves(state) == []
                break
            assert outcome is None
            move = rnd.choice(rules.legal_moves(state))
            state = rules.play(state, move)
            ref.play(move)
