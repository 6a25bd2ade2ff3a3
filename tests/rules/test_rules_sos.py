"""SOS: one focused test per rule and per option (shared/RULES.md, docs/rules-engine.md).

Positions are written out as move lists; grids are drawn in comments, row 1 at the top.
"""

from __future__ import annotations

import pytest
from rules_oracle import name, norm_line, ref_sos

from games.rules import IllegalMove, get_rules


def sos(**options):
    return get_rules("sos", **options)


def replay_checked(rules, moves):
    """Replay a hand-built move list, first checking it against the reference implementation.

    A failure of the reference check means the test's own construction is wrong.
    """
    try:
        ref_sos(moves, **rules.options)
    except AssertionError as exc:  # pragma: no cover - construction error in the test itself
        pytest.fail(f"test construction error, not a legal SOS move list: {exc}")
    return rules.replay(moves)


def lines_of(state, seat=None):
    lines = state.lines if seat is None else state.lines_by_seat(seat)
    return {norm_line(line.cells) for line in lines}


# --- the start ------------------------------------------------------------------------------


def test_start_position():
    rules = sos()
    state = rules.start()
    assert rules.to_move(state) == 0
    assert rules.outcome(state) is None
    assert state.moves == ()
    assert state.ply == 0
    assert state.scores == (0, 0)
    assert state.lines == ()
    assert state.points == ()
    assert state.extra_turn is False
    assert state.grid == (("", "", ""),) * 3


def test_legal_moves_every_empty_cell_row_by_row_s_before_o():
    rules = sos()
    expected = [f"{name(r, c)}={letter}" for r in range(3) for c in range(3) for letter in "SO"]
    assert rules.legal_moves(rules.start()) == expected
    state = rules.replay(["B2=O"])
    assert rules.legal_moves(state) == [m for m in expected if not m.startswith("B2=")]


def test_non_square_grid():
    rules = sos(rows=3, cols=5)
    assert (rules.rows, rules.cols) == (3, 5)
    state = rules.start()
    assert len(rules.legal_moves(state)) == 30
    assert len(state.grid) == 3 and all(len(row) == 5 for row in state.grid)
    state = rules.play(state, "E3=S")
    assert state.grid[2][4] == "S"
    for bad in ("F1=S", "A4=O"):
        with pytest.raises(IllegalMove) as err:
            rules.play(state, bad)
        assert err.value.code == "off_board"


# --- writing letters and passing the turn ---------------------------------------------------


def test_move_writes_letter_and_passes_turn():
    rules = sos()
    state = rules.play(rules.start(), "B3=S")
    assert state.grid[2][1] == "S"
    assert rules.to_move(state) == 1
    state = rules.play(state, "A1=O")
    assert state.grid[0][0] == "O"
    assert rules.to_move(state) == 0
    assert state.moves == ("B3=S", "A1=O")
    assert state.points == (0, 0)
    assert state.extra_turn is False


def test_occupied_cell_rejected_for_either_letter():
    rules = sos()
    state = rules.replay(["B2=S"])
    for move in ("B2=S", "B2=O"):
        with pytest.raises(IllegalMove) as err:
            rules.play(state, move)
        assert err.value.code == "occupied"


# --- scoring --------------------------------------------------------------------------------

# Each: the two S cells, then the O between them, which seat 0 writes on the third move.
DIRECTIONS = {
    "horizontal": ("A1", "C1", "B1"),
    "vertical": ("A1", "A3", "A2"),
    "diagonal": ("A1", "C3", "B2"),
    "anti-diagonal": ("C1", "A3", "B2"),
}


@pytest.mark.parametrize("direction", DIRECTIONS)
def test_sos_in_each_direction_scores_and_gives_extra_turn(direction):
    s1, s2, o = DIRECTIONS[direction]
    rules = sos()
    state = replay_checked(rules, [f"{s1}=S", f"{s2}=S", f"{o}=O"])
    assert state.points == (0, 0, 1)
    assert state.scores == (1, 0)
    assert rules.to_move(state) == 0
    assert state.extra_turn is True
    assert lines_of(state) == {norm_line((s1, o, s2))}
    (line,) = state.lines
    assert line.seat == 0
    assert line.ply == 3
    assert line.cells in ((s1, o, s2), (s2, o, s1))


def test_sos_closed_by_s_scores():
    # S O S written left to right: the final S (seat 0, third move) closes it.
    rules = sos()
    state = replay_checked(rules, ["A1=S", "B1=O", "C1=S"])
    assert state.scores == (1, 0)
    assert lines_of(state, 0) == {("A1", "B1", "C1")}


def test_o_s_o_is_not_an_sos():
    rules = sos()
    state = replay_checked(rules, ["A1=O", "B1=S", "C1=O"])
    assert state.points == (0, 0, 0)
    assert state.lines == ()
    assert rules.to_move(state) == 1


def test_one_s_closing_two_lines_scores_two():
    # Before the last move:      After C1=S (seat 0):
    #   S O .                      S O S
    #   . . O                      . . O
    #   . . S                      . . S
    rules = sos()
    state = replay_checked(rules, ["A1=S", "B1=O", "C3=S", "C2=O", "C1=S"])
    assert state.points == (0, 0, 0, 0, 2)
    assert state.scores == (2, 0)
    assert lines_of(state, 0) == {("A1", "B1", "C1"), ("C1", "C2", "C3")}
    assert all(line.ply == 5 for line in state.lines)
    assert rules.to_move(state) == 0
    assert state.extra_turn is True


def test_o_in_the_middle_of_a_cross_scores_four():
    # 5x5; eight S around C3, then seat 0 writes C3=O:
    #   . . . . .
    #   . S S S .
    #   . S O S .
    #   . S S S .
    #   . . . . .
    rules = sos(rows=5)
    ring = ["B2", "C2", "D2", "B3", "D3", "B4", "C4", "D4"]
    state = replay_checked(rules, [f"{c}=S" for c in ring] + ["C3=O"])
    assert state.points == (0,) * 8 + (4,)
    assert state.scores == (4, 0)
    assert lines_of(state, 0) == {
        ("B3", "C3", "D3"),
        ("C2", "C3", "C4"),
        ("B2", "C3", "D4"),
        ("B4", "C3", "D2"),
    }
    assert rules.to_move(state) == 0


def test_existing_sos_is_not_scored_again():
    # A1 B1 C1 = S O S already scored by seat 0; seat 0 then writes A2=O (no new SOS).
    rules = sos()
    state = replay_checked(rules, ["A1=S", "B1=O", "C1=S", "A2=O"])
    assert state.points == (0, 0, 1, 0)
    assert state.scores == (1, 0)
    assert len(state.lines) == 1
    assert rules.to_move(state) == 1
    assert state.extra_turn is False


def test_chain_of_extra_turns():
    # 5x5.  Six S first (no O, so no score), then seat 0 scores with B1=O, B3=O, B5=O in a row
    # and finally writes E5=S, which scores nothing: only then does the turn pass.
    #   S O S . .
    #   . . . . .
    #   S O S . .
    #   . . . . .
    #   S O S . S
    rules = sos(rows=5)
    setup = ["A1=S", "C1=S", "A3=S", "C3=S", "A5=S", "C5=S"]
    state = replay_checked(rules, setup)
    assert rules.to_move(state) == 0
    for i, move in enumerate(["B1=O", "B3=O", "B5=O"], start=1):
        state = rules.play(state, move)
        assert rules.to_move(state) == 0, move
        assert state.extra_turn is True
        assert state.scores == (i, 0)
    state = rules.play(state, "E5=S")
    assert rules.to_move(state) == 1
    assert state.extra_turn is False
    assert state.points == (0,) * 6 + (1, 1, 1, 0)
    assert [line.ply for line in state.lines] == [7, 8, 9]
    assert lines_of(state, 0) == {("A1", "B1", "C1"), ("A3", "B3", "C3"), ("A5", "B5", "C5")}
    assert state.lines_by_seat(1) == ()


def test_no_wrap_around_between_first_and_last_column():
    # 4 rows x 5 columns: E is the last column.  E2 S, A2 O, B2 S would read S-O-S only if the
    # row wrapped round from E to A; likewise D2 S, E2 O, A2 S.
    rules = sos(rows=4, cols=5)
    for moves in (["E2=S", "A2=O", "B2=S"], ["D2=S", "A2=S", "E2=O"]):
        state = replay_checked(rules, moves)
        assert state.points == (0, 0, 0), moves
        assert state.lines == ()
        assert rules.to_move(state) == 1


def test_no_wrap_around_between_first_and_last_row():
    # 4 rows x 5 columns: row 4 is the last row.
    rules = sos(rows=4, cols=5)
    for moves in (["B4=S", "B1=O", "B2=S"], ["B3=S", "B1=S", "B4=O"]):
        state = replay_checked(rules, moves)
        assert state.points == (0, 0, 0), moves
        assert state.lines == ()


def test_no_wrap_around_on_diagonals():
    # E4 (bottom-right corner), A1 (top-left), B2 would be a diagonal only on a torus;
    # so would A4 (bottom-left), E1 (top-right), D2.
    rules = sos(rows=4, cols=5)
    for moves in (["E4=S", "A1=O", "B2=S"], ["A4=S", "E1=O", "D2=S"]):
        state = replay_checked(rules, moves)
        assert state.points == (0, 0, 0), moves


# --- the end of the game --------------------------------------------------------------------

# 3x3, no SOS until the very last move C1=S by seat 0:
#   S O S
#   S S S
#   S S S
LAST_MOVE_SOS = ["A1=S", "B1=O", "A2=S", "B2=S", "C2=S", "A3=S", "B3=S", "C3=S", "C1=S"]


def test_sos_made_by_the_last_move_most():
    rules = sos()
    state = replay_checked(rules, LAST_MOVE_SOS)
    assert state.points == (0,) * 8 + (1,)
    assert state.scores == (1, 0)
    outcome = rules.outcome(state)
    assert outcome is not None
    assert outcome.winners == (0,)
    assert outcome.scores == (1, 0)
    assert not outcome.is_draw
    assert rules.to_move(state) is None
    assert rules.legal_moves(state) == []


def test_sos_made_by_the_last_move_first():
    rules = sos(mode="first")
    state = replay_checked(rules, LAST_MOVE_SOS)
    outcome = rules.outcome(state)
    assert outcome.winners == (0,)
    assert outcome.reason == "sos_first"
    assert rules.to_move(state) is None


def test_most_mode_full_grid_highest_score_wins():
    # Seat 1 closes A1-B1-C1 with its second move and moves again; nobody else scores.
    #   S O S
    #   S S S
    #   S S S
    rules = sos()
    moves = ["A1=S", "B1=O", "A2=S", "C1=S", "B2=S", "A3=S", "B3=S", "C2=S", "C3=S"]
    movers = [0, 1, 0, 1, 1, 0, 1, 0, 1]
    state = rules.start()
    for move, seat in zip(moves, movers, strict=True):
        assert rules.outcome(state) is None
        assert rules.to_move(state) == seat, move
        state = rules.play(state, move)
    outcome = rules.outcome(state)
    assert outcome.winners == (1,)
    assert outcome.scores == (0, 1)
    assert state.scores == (0, 1)
    assert not outcome.is_draw


def test_most_mode_equal_scores_is_a_draw():
    # Seat 0 closes row 1 (C1=S), seat 1 closes column A (A3=S): 1-1.
    #   S O S
    #   O S O
    #   S S O
    rules = sos()
    moves = ["A1=S", "C2=O", "B1=O", "B2=S", "C1=S", "A2=O", "A3=S", "B3=S", "C3=O"]
    movers = [0, 1, 0, 1, 0, 0, 1, 1, 0]
    state = rules.start()
    for move, seat in zip(moves, movers, strict=True):
        assert rules.to_move(state) == seat, move
        state = rules.play(state, move)
    assert state.scores == (1, 1)
    outcome = rules.outcome(state)
    assert outcome.winners == ()
    assert outcome.is_draw
    assert outcome.scores == (1, 1)


def test_most_mode_tie_of_every_seat_is_a_draw():
    # 3x3 filled with S only: nobody scores, both seats share the top score.
    rules = sos()
    state = replay_checked(rules, [f"{name(r, c)}=S" for r in range(3) for c in range(3)])
    outcome = rules.outcome(state)
    assert outcome.winners == ()
    assert outcome.is_draw
    assert outcome.scores == (0, 0)


def test_three_players_two_share_the_top_score():
    # 3 seats.  Seat 1 scores row 1 with C1=S and moves again; seat 2 scores column A with
    # A3=S and moves again.  Final grid:
    #   S O S
    #   O S O
    #   S S O
    rules = sos(players=3)
    moves = ["A1=S", "C2=O", "B1=O", "B2=S", "C1=S", "A2=O", "A3=S", "B3=S", "C3=O"]
    movers = [0, 1, 2, 0, 1, 1, 2, 2, 0]
    state = rules.start()
    for move, seat in zip(moves, movers, strict=True):
        assert rules.to_move(state) == seat, move
        state = rules.play(state, move)
    assert state.scores == (0, 1, 1)
    assert lines_of(state, 1) == {("A1", "B1", "C1")}
    assert lines_of(state, 2) == {("A1", "A2", "A3")}
    assert state.lines_by_seat(0) == ()
    outcome = rules.outcome(state)
    assert outcome.winners == (1, 2)
    assert not outcome.is_draw
    assert outcome.scores == (0, 1, 1)


def test_six_players_take_turns_in_order_and_all_tie():
    rules = sos(players=6)
    assert rules.players == 6
    state = rules.start()
    cells = [name(r, c) for r in range(3) for c in range(3)]
    for i, cell in enumerate(cells):
        assert rules.to_move(state) == i % 6
        state = rules.play(state, f"{cell}=S")
    outcome = rules.outcome(state)
    assert outcome.winners == ()
    assert outcome.scores == (0,) * 6


def test_six_players_scoring_seat_keeps_the_turn():
    # Seats 0..4 write S, O, ., ., . ; seat 5 closes A1-B1-C1 and moves again.
    rules = sos(rows=4, players=6)
    state = replay_checked(rules, ["A1=S", "B1=O", "D4=S", "A4=S", "D1=O", "C1=S"])
    assert state.scores == (0, 0, 0, 0, 0, 1)
    assert rules.to_move(state) == 5
    state = rules.play(state, "B3=O")
    assert rules.to_move(state) == 0


def test_first_mode_first_sos_wins_at_once():
    # Three seats: seat 2 makes the first SOS and wins; the grid still has empty cells.
    rules = sos(rows=4, players=3, mode="first")
    state = replay_checked(rules, ["A1=S", "B1=O", "C1=S"])
    outcome = rules.outcome(state)
    assert outcome.winners == (2,)
    assert outcome.reason == "sos_first"
    assert rules.to_move(state) is None
    assert rules.legal_moves(state) == []


def test_first_mode_full_grid_without_sos_is_a_draw():
    rules = sos(mode="first")
    state = replay_checked(rules, [f"{name(r, c)}=S" for r in range(3) for c in range(3)])
    outcome = rules.outcome(state)
    assert outcome.winners == ()
    assert outcome.is_draw
    assert outcome.reason == "full_grid"


def test_most_mode_game_goes_on_after_an_sos():
    rules = sos()
    state = replay_checked(rules, ["A1=S", "B1=O", "C1=S"])
    assert rules.outcome(state) is None
    assert len(rules.legal_moves(state)) == 12


@pytest.mark.parametrize("mode", ["most", "first"])
def test_every_move_rejected_once_over(mode):
    rules = sos(mode=mode)
    moves = LAST_MOVE_SOS if mode == "most" else ["A1=S", "B1=O", "C1=S"]
    state = replay_checked(rules, moves)
    assert rules.outcome(state) is not None
    for r in range(3):
        for c in range(3):
            for letter in "SO":
                with pytest.raises(IllegalMove) as err:
                    rules.play(state, f"{name(r, c)}={letter}")
                assert err.value.code == "game_over"


# --- a 26-wide grid -------------------------------------------------------------------------


def test_26_wide_grid_last_column_is_z_and_aa_is_off_board():
    rules = sos(rows=3, cols=26)
    state = rules.start()
    moves = rules.legal_moves(state)
    assert moves[-2:] == ["Z3=S", "Z3=O"]
    state = rules.play(state, "z3=s")
    assert state.moves == ("Z3=S",)
    assert state.grid[2][25] == "S"
    for bad in ("AA1=S", "ab2=O", "AA3=S"):
        with pytest.raises(IllegalMove) as err:
            rules.play(state, bad)
        assert err.value.code == "off_board"


def test_26_by_26_grid_corner_cells():
    rules = sos(rows=26, cols=26)
    state = rules.replay(["Z26=S", "A26=O", "Z1=S", "A1=O"])
    assert state.grid[25][25] == "S"
    assert state.grid[25][0] == "O"
    assert state.grid[0][25] == "S"
    assert state.grid[0][0] == "O"
    with pytest.raises(IllegalMove) as err:
        rules.play(state, "A27=S")
    assert err.value.code == "off_board"
