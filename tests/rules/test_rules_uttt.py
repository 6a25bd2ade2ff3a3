"""Ultimate tic-tac-toe: one focused test per rule and per option.

Positions are written out as move lists. Boards are numbered 0-8 left to right, top to bottom;
``uc(board, position)`` turns (board, position inside it) into notation. Each hand-built list is
first checked against the test's own reference implementation (rules_oracle.py): a failure there is
an error in the test, not in the engine. Grids in comments: row 1 at the top, ``.`` empty.
"""

from __future__ import annotations

import pytest
from rules_oracle import RefUttt, bp, uc

from games.rules import IllegalMove, get_rules

ALL_CELLS = [uc(b, p) for b in range(9) for p in range(9)]


def uttt(**options):
    return get_rules("uttt", **options)


def replay_checked(rules, moves, *, over=None):
    """Replay a hand-built move list after checking it against the reference implementation.

    ``over``: whether the reference says the game has ended after the list (None: don't care).
    Every move but the last must leave the game going on.
    """
    ref = RefUttt(**rules.options)
    for i, move in enumerate(moves, start=1):
        if ref.over or move not in ref.legal():
            pytest.fail(f"test construction error: move {i} ({move}) is not legal by the spec")
        ref.play(move)
    if over is not None and ref.over != over:
        pytest.fail(f"test construction error: reference says over={ref.over}")
    return rules.replay(moves)


def empty_cells(state, boards=range(9)):
    """Empty cells of ``boards``, in the documented legal-move order."""
    grid = state.grid
    out = []
    for b in boards:
        for p in range(9):
            cell = uc(b, p)
            row = (b // 3) * 3 + p // 3
            col = (b % 3) * 3 + p % 3
            if not grid[row][col]:
                out.append(cell)
    return out


def rejected(rules, state, move):
    with pytest.raises(IllegalMove) as err:
        rules.play(state, move)
    return err.value.code


# --- helpers of the test itself -------------------------------------------------------------


def test_board_position_helper():
    assert uc(4, 4) == "E5"
    assert uc(0, 0) == "A1"
    assert uc(8, 8) == "I9"
    assert uc(2, 3) == "G2"
    assert uc(6, 8) == "C9"
    assert bp("C9") == (6, 8)
    assert all(bp(uc(b, p)) == (b, p) for b in range(9) for p in range(9))


# --- the start and sending ------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["tactical", "classic"])
def test_start_position(preset):
    rules = uttt(preset=preset)
    state = rules.start()
    assert rules.to_move(state) == 0
    assert rules.legal_moves(state) == ALL_CELLS  # board by board, row by row inside each board
    assert rules.allowed_boards(state) == tuple(range(9))
    assert state.send_to is None
    assert state.board_status == ("open",) * 9
    assert state.board_full == (False,) * 9
    assert state.grid == (("",) * 9,) * 9
    assert rules.outcome(state) is None


def test_x_moves_first_then_o():
    rules = uttt()
    state = rules.replay(["E5", "D4"])
    assert state.grid[4][4] == "X"
    assert state.grid[3][3] == "O"
    assert rules.to_move(state) == 0
    assert rules.to_move(rules.replay(["E5"])) == 1


@pytest.mark.parametrize(
    ("first", "board"),
    [("A1", 0), ("E5", 4), ("C9", 8), ("I1", 2), ("D8", 3), ("B2", 4), ("H6", 7)],
)
def test_position_of_the_cell_sends_the_opponent(first, board):
    rules = uttt()
    state = rules.play(rules.start(), first)
    assert state.send_to == board
    assert rules.allowed_boards(state) == (board,)
    assert rules.legal_moves(state) == [c for c in ALL_CELLS if bp(c)[0] == board and c != first]


def test_move_outside_the_board_sent_to_is_wrong_board():
    rules = uttt()
    state = rules.replay(["A1"])  # O must play in board 0
    for move in ("E5", "D1", "I9"):
        assert rejected(rules, state, move) == "wrong_board"
    assert rejected(rules, state, "A1") == "occupied"
    rules.play(state, "B1")


# --- small boards ---------------------------------------------------------------------------

# X wins board 6 (bottom left) with B9, C9, A9; the last move sends O back into board 6.
#    A B C
# 7  . . .
# 8  . . .
# 9  X X X   (and O at D9, G9)
X_WINS_BOARD_6 = ["B9", "D9", "C9", "G9", "A9"]


@pytest.mark.parametrize("preset", ["tactical", "classic"])
def test_three_in_a_row_wins_a_small_board(preset):
    rules = uttt(preset=preset)
    state = replay_checked(rules, X_WINS_BOARD_6)
    assert state.board_status == ("open",) * 6 + ("x", "open", "open")
    assert state.board_full == (False,) * 9
    assert rules.outcome(state) is None


def test_o_wins_a_small_board():
    # O plays A7, B7, C7 (top row of board 6).
    rules = uttt()
    state = replay_checked(rules, ["D6", "A7", "A3", "B7", "D3", "C7"])
    assert state.board_status == ("open",) * 6 + ("o", "open", "open")


def test_first_line_decides_a_small_board():
    # X makes A9 B9 C9 on move 5; O later makes A7 B7 C7 in the same board: still X's.
    #    A B C
    # 7  O O O
    # 8  . . .
    # 9  X X X
    rules = uttt()
    moves = [*X_WINS_BOARD_6, "A7", "C1", "I2", "H6", "F7", "H3", "E7", "D3", "C7", "G3", "B7"]
    state = replay_checked(rules, moves)
    assert [state.grid[6][c] for c in range(3)] == ["O", "O", "O"]
    assert [state.grid[8][c] for c in range(3)] == ["X", "X", "X"]
    assert state.board_status[6] == "x"
    assert rules.outcome(state) is None


def test_won_board_filled_up_stays_won_not_drawn():
    # Board 6 is won by X (A9 B9 C9) and later filled up (with O's A7 B7 C7 line too).
    #    A B C
    # 7  O O O
    # 8  X O X
    # 9  X X X
    rules = uttt()
    moves = ["A8", "A4", "C3", "G9", "B9", "D9", "C8", "G6", "C9", "G7", "A3", "C7"]
    moves += ["G3", "A7", "B1", "F3", "H8", "F4", "H1", "D3", "A9", "B8", "D6", "B7"]
    state = replay_checked(rules, moves)
    assert state.board_full[6] is True
    assert state.board_status[6] == "x"


# Board 0 ends full without a line (a draw) with move 17 (B1); move 18 (D1, position 0 of board 1)
# sends X to the full board 0.
#     A B C   D E F   G H I
#  1  X X O | O . . | X . .
#  2  O O X | . . . | . . .
#  3  X O O | . . . | . . .
#     ------+-------+------
#  4  X . . | X . . | O . .
#  5  . . . | . . . | . . .
#  6  . . . | . . . | . . .
#     ------+-------+------
#  7  O . . | O . . | X . .
#  8  . . . | . . . | . . .
#  9  . . . | . X . | . . .
SENT_TO_FULL = ["A1", "A2", "A4", "C3", "G7", "C1", "G1", "B2", "D4", "B3", "E9", "D7"]
SENT_TO_FULL += ["A3", "A7", "C2", "G4", "B1", "D1"]


def test_full_board_without_a_line_is_drawn():
    rules = uttt()
    state = replay_checked(rules, SENT_TO_FULL[:17])
    assert state.board_status == ("draw",) + ("open",) * 8
    assert state.board_full == (True,) + (False,) * 8
    assert rules.outcome(state) is None


@pytest.mark.parametrize("decided_boards_free", [False, True])
def test_tactical_sent_to_a_full_board_plays_any_empty_cell(decided_boards_free):
    rules = uttt(decided_boards_free=decided_boards_free)
    state = replay_checked(rules, SENT_TO_FULL)
    assert state.send_to == 0
    legal = rules.legal_moves(state)
    assert legal == empty_cells(state)
    assert len(legal) == 81 - 18
    assert rules.allowed_boards(state) == tuple(range(1, 9))
    rules.play(state, "I9")


def test_classic_sent_to_a_drawn_board_plays_any_open_board():
    rules = uttt(preset="classic")
    state = replay_checked(rules, SENT_TO_FULL)
    assert state.board_status[0] == "draw"
    assert rules.legal_moves(state) == empty_cells(state, range(1, 9))
    assert rules.allowed_boards(state) == tuple(range(1, 9))


# --- tactical: decided boards stay playable -------------------------------------------------


def test_tactical_won_board_stays_playable_and_sending_applies():
    rules = uttt()
    state = replay_checked(rules, X_WINS_BOARD_6)
    assert state.send_to == 6
    assert rules.allowed_boards(state) == (6,)
    assert rules.legal_moves(state) == ["A7", "B7", "C7", "A8", "B8", "C8"]
    assert rejected(rules, state, "E5") == "wrong_board"
    state = rules.play(state, "B8")  # O plays in the won board; position 4 sends X to board 4
    assert state.board_status[6] == "x"
    assert rules.allowed_boards(state) == (4,)


def test_decided_boards_free_sent_to_a_won_board():
    rules = uttt(decided_boards_free=True)
    state = replay_checked(rules, X_WINS_BOARD_6)
    legal = rules.legal_moves(state)
    assert legal == empty_cells(state)
    assert len(legal) == 76
    assert rules.allowed_boards(state) == tuple(range(9))
    for move in ("E5", "A7", "I1"):
        rules.play(state, move)


def test_decided_boards_free_does_not_free_open_boards():
    rules = uttt(decided_boards_free=True)
    state = rules.replay(["E5"])
    assert rules.allowed_boards(state) == (4,)
    assert rejected(rules, state, "A1") == "wrong_board"


# --- tactical: the big board ----------------------------------------------------------------

# Boards 0 and 1 drawn, then X wins board 2 with the last move (I3): D D X on the top row.
X_DRAWN_DRAWN = [
    "B1", "D1", "A1", "C1", "H1", "F1", "G1", "B2", "D4", "C3", "G7", "A2", "A4", "B3",
    "F7", "I1", "H3", "E7", "E1", "D2", "B4", "F2", "H4", "E3", "E9", "D7", "A3", "B7",
    "F3", "I7", "I3", "H7", "E2", "E4", "D3", "A7", "C2", "I4", "I2", "G4", "G3",
]  # fmt: skip


@pytest.mark.parametrize("all_draw_line", ["draw", "continue"])
def test_x_drawn_drawn_on_the_big_board_wins_for_x(all_draw_line):
    rules = uttt(all_draw_line=all_draw_line)
    before = replay_checked(rules, X_DRAWN_DRAWN[:-1])
    assert before.board_status == ("draw", "draw") + ("open",) * 7
    assert rules.outcome(before) is None
    state = rules.play(before, X_DRAWN_DRAWN[-1])
    assert state.board_status == ("draw", "draw", "x") + ("open",) * 6
    outcome = rules.outcome(state)
    assert outcome.winners == (0,)
    assert outcome.reason == "line"
    assert outcome.scores == (1, 0)
    assert not outcome.is_draw
    assert rules.to_move(state) is None
    assert rules.legal_moves(state) == []
    assert rules.allowed_boards(state) == ()


def test_x_drawn_drawn_is_no_line_in_classic():
    # The same first 40 moves are legal in classic (no board is won before the last move).
    rules = uttt(preset="classic")
    state = replay_checked(rules, X_DRAWN_DRAWN)
    assert state.board_status[:3] == ("draw", "draw", "x")
    assert rules.outcome(state) is None


# Boards 0, 1 and 2 drawn; the last move (I3, by X) draws board 2: a line of three drawn boards.
THREE_DRAWN = [
    "D1", "C1", "H1", "E1", "F1", "G1", "B1", "E2", "E4", "D3", "B7", "F2", "G4", "A1",
    "A3", "C7", "I1", "G3", "A7", "C3", "G7", "B3", "D7", "A2", "B4", "F3", "I7", "I2",
    "I4", "H2", "F4", "H3", "F8", "H4", "D2", "A4", "B2", "D4", "C2", "H6", "E9", "E7",
    "E3", "F7", "G2", "C4", "I3",
]  # fmt: skip


def test_three_drawn_boards_all_draw_line_draw_ends_the_game_drawn():
    rules = uttt(all_draw_line="draw")
    before = replay_checked(rules, THREE_DRAWN[:-1])
    assert rules.outcome(before) is None
    state = rules.play(before, THREE_DRAWN[-1])
    assert state.board_status == ("draw",) * 3 + ("open",) * 6
    outcome = rules.outcome(state)
    assert outcome.winners == ()
    assert outcome.is_draw
    assert outcome.reason == "all_draw_line"
    assert outcome.scores == (0, 0)
    assert rules.legal_moves(state) == []


def test_three_drawn_boards_all_draw_line_continue_goes_on():
    rules = uttt(all_draw_line="continue")
    state = replay_checked(rules, THREE_DRAWN)
    assert state.board_status == ("draw",) * 3 + ("open",) * 6
    assert rules.outcome(state) is None
    assert rules.to_move(state) == 1
    # I3 is position 8: O is sent to board 8.
    assert rules.legal_moves(state) == empty_cells(state, [8])


# Boards 0 and 1 drawn, boards 5 and 8 won by X; the last move (G3, by X) draws board 2, making
# both D D D (top row) and D X X (right column).  The winning line takes precedence.
DRAWN_LINE_AND_WIN = [
    "G4", "C3", "I7", "I3", "G7", "B1", "E1", "D1", "A1", "C2", "H4", "F1", "G1", "A3", "A7",
    "B2", "F5", "I4", "I2", "I5", "I6", "I9", "H7", "F2", "H5", "D4", "C1", "I1", "H1", "E3",
    "F7", "H2", "F4", "G2", "C4", "H3", "E7", "D2", "C5", "G5", "B6", "D7", "A2", "A4", "B3",
    "E9", "D8", "B4", "E2", "E4", "D3", "B7", "F3", "G8", "A6", "C7", "G3",
]  # fmt: skip


@pytest.mark.parametrize("all_draw_line", ["draw", "continue"])
def test_winning_line_takes_precedence_over_a_line_of_drawn_boards(all_draw_line):
    rules = uttt(all_draw_line=all_draw_line)
    before = replay_checked(rules, DRAWN_LINE_AND_WIN[:-1])
    assert before.board_status == ("draw", "draw", "open", "open", "open", "x", "open", "open", "x")
    state = rules.play(before, DRAWN_LINE_AND_WIN[-1])
    assert state.board_status == ("draw", "draw", "draw", "open", "open", "x", "open", "open", "x")
    outcome = rules.outcome(state)
    assert outcome.winners == (0,)
    assert outcome.reason == "line"
    assert outcome.scores == (2, 0)


# X's last move (A2, move 73) draws board 0: D D D on the diagonal 0-4-8, and D O O on the top
# row, a line for O only.  O wins.
DRAWN_LINE_AND_OPPONENT_WIN = [
    "E6", "F8", "G4", "B3", "E7", "F3", "G8", "A5", "A6", "C8", "I6", "I9", "G7", "C1", "H3",
    "D9", "C7", "I1", "I3", "I8", "G6", "A7", "A3", "B8", "E5", "E4", "E2", "D5", "A4", "A1",
    "C3", "H8", "D4", "C2", "H4", "E3", "E8", "F5", "H6", "E9", "F9", "H7", "F1", "H2", "F4",
    "G3", "C9", "G9", "B9", "F7", "I2", "I4", "H1", "D3", "A9", "A8", "B4", "D2", "B5", "F6",
    "I7", "G1", "B2", "D6", "B7", "D1", "B1", "F2", "G5", "C6", "H9", "D7", "A2",
]  # fmt: skip


def test_drawing_a_board_that_completes_drawn_line_and_opponents_line():
    rules = uttt()
    before = replay_checked(rules, DRAWN_LINE_AND_OPPONENT_WIN[:-1])
    assert rules.to_move(before) == 0
    state = rules.play(before, DRAWN_LINE_AND_OPPONENT_WIN[-1])
    assert state.board_status == ("draw", "o", "o", "open", "draw", "x", "x", "open", "draw")
    outcome = rules.outcome(state)
    assert outcome.winners == (1,)
    assert outcome.reason == "line"


# The last move (D6, by O) draws the centre board: X has boards 3 and 5 (X D X across the middle
# row) and O has boards 1 and 7 (O D O down the middle column).  The mover, O, wins.
BOTH_LINES = [
    "B4", "F2", "I5", "H5", "E5", "D5", "B6", "D8", "B5", "F5", "H6", "F8", "H4", "E2", "E6",
    "E8", "F4", "H2", "D4", "B1", "E1", "D2", "C5", "G6", "C8", "G4", "B2", "F6", "H8", "E4",
    "D1", "C2", "I4", "I2", "I6", "G8", "C6", "I7", "H1", "F1", "I1", "G3", "B8", "D6",
]  # fmt: skip


def test_one_move_completing_lines_for_both_players_wins_for_the_mover():
    rules = uttt()
    before = replay_checked(rules, BOTH_LINES[:-1])
    assert before.board_status == ("open", "o", "open", "x", "open", "x", "open", "o", "open")
    assert rules.to_move(before) == 1
    state = rules.play(before, BOTH_LINES[-1])
    assert state.board_status == ("open", "o", "open", "x", "draw", "x", "open", "o", "open")
    outcome = rules.outcome(state)
    assert outcome.winners == (1,)
    assert outcome.reason == "line"
    assert outcome.scores == (2, 2)


# X has boards 3 and 5; O's last move (E6) draws the centre board, completing X D X for X only.
OPPONENT_LINE = [
    "A5", "C5", "G5", "B5", "D5", "C4", "G2", "B4", "F2", "I5", "H5", "F5", "G6", "C8",
    "I6", "I8", "G4", "B2", "E5", "E4", "E2", "F6", "H8", "D4", "B3", "E8", "E6", "D8",
    "A4", "A2", "C6", "G8", "A6", "B8", "F4", "I1", "H2", "D6",
]  # fmt: skip


def test_move_that_draws_a_board_completing_only_the_opponents_line_loses():
    rules = uttt()
    before = replay_checked(rules, OPPONENT_LINE[:-1])
    assert before.board_status == ("open",) * 3 + ("x", "open", "x") + ("open",) * 3
    assert rules.to_move(before) == 1
    state = rules.play(before, OPPONENT_LINE[-1])
    assert state.board_status == ("open",) * 3 + ("x", "draw", "x") + ("open",) * 3
    outcome = rules.outcome(state)
    assert outcome.winners == (0,)
    assert outcome.reason == "line"
    assert outcome.scores == (2, 0)


# Every board decided (O X O / O X O / X O X) with empty cells left and no line: a draw.
ALL_DECIDED = [
    "C9", "H7", "D3", "A9", "A7", "A2", "C5", "H4", "D1", "A3", "A8", "C6", "H8", "D4", "C1",
    "I2", "I4", "I3", "I9", "G9", "C7", "G2", "A4", "B2", "F5", "H5", "E5", "F4", "I1", "H2",
    "F6", "I7", "G1", "A1", "C2", "H6", "E9", "D9", "B9", "F9", "G7", "C3", "I8", "G4", "B3",
    "F8", "G5", "B6", "D8", "B4", "E3", "F7", "H3", "E7", "F3", "G8", "A5", "A6", "B7", "E2",
    "D5",
]  # fmt: skip


@pytest.mark.parametrize("all_draw_line", ["draw", "continue"])
def test_tactical_every_board_decided_without_a_line_is_a_draw(all_draw_line):
    rules = uttt(all_draw_line=all_draw_line)
    before = replay_checked(rules, ALL_DECIDED[:-1])
    assert rules.outcome(before) is None
    state = rules.play(before, ALL_DECIDED[-1])
    assert state.board_status == ("o", "x", "o", "o", "x", "o", "x", "o", "x")
    assert any(not cell for row in state.grid for cell in row)
    outcome = rules.outcome(state)
    assert outcome.winners == ()
    assert outcome.reason == "all_decided"
    assert outcome.scores == (4, 5)
    assert rules.legal_moves(state) == []


# --- no_send_back ---------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["tactical", "classic"])
def test_no_send_back_first_move_is_free(preset):
    rules = uttt(preset=preset, no_send_back=True)
    assert rules.legal_moves(rules.start()) == ALL_CELLS


@pytest.mark.parametrize("preset", ["tactical", "classic"])
def test_no_send_back_forbids_sending_straight_back(preset):
    # X plays B2 in board 0 (position 4): O must play in board 4 but not at D4 (position 0),
    # which would send X straight back to board 0.
    rules = uttt(preset=preset, no_send_back=True)
    state = rules.replay(["B2"])
    board4 = empty_cells(state, [4])
    assert rules.legal_moves(state) == [c for c in board4 if c != "D4"]
    assert rules.allowed_boards(state) == (4,)
    assert rejected(rules, state, "D4") == "send_back"
    state = rules.play(state, "E4")  # position 1: X to board 1, and X may not play E2 (pos 4)
    assert rejected(rules, state, "E2") == "send_back"
    assert "D1" in rules.legal_moves(state)
    # Without the option D4 is an ordinary move.
    assert "D4" in uttt(preset=preset).legal_moves(uttt(preset=preset).replay(["B2"]))


def test_no_send_back_same_board_needs_no_restriction():
    # E5 is position 4 of board 4: the forbidden cell (E5) is the one just played.
    rules = uttt(no_send_back=True)
    state = rules.replay(["E5"])
    assert len(rules.legal_moves(state)) == 8


# After move 26 (G9, by O: board 8, position 6) X is sent to board 6, whose only empty cell is
# C9 - position 8, which would send O back to board 8.  The restriction is lifted, and C9
# completes X's bottom row.
#     A B C
#  7  X O X
#  8  O O X
#  9  X X .
NO_SEND_BACK_LIFTED = [
    "A9", "A8", "B4", "D3", "B9", "D8", "A6", "B7", "D2", "A5", "B6", "D9", "C8",
    "G5", "C4", "G3", "A7", "A2", "C5", "G6", "C7", "G1", "A3", "B8", "F6", "G9",
]  # fmt: skip


@pytest.mark.parametrize("preset", ["tactical", "classic"])
def test_no_send_back_lifted_when_it_leaves_no_legal_cell(preset):
    rules = uttt(preset=preset, no_send_back=True)
    state = replay_checked(rules, NO_SEND_BACK_LIFTED)
    assert state.board_status == ("open",) * 9
    assert state.send_to == 6
    assert rules.legal_moves(state) == ["C9"]
    assert rules.allowed_boards(state) == (6,)
    state = rules.play(state, "C9")
    assert state.board_status[6] == "x"


# --- classic --------------------------------------------------------------------------------


def test_classic_won_board_is_closed():
    rules = uttt(preset="classic")
    state = replay_checked(rules, X_WINS_BOARD_6)  # O is sent to the won board 6
    assert state.board_status[6] == "x"
    assert rules.legal_moves(state) == empty_cells(state, [0, 1, 2, 3, 4, 5, 7, 8])
    assert len(rules.legal_moves(state)) == 81 - 5 - 6
    assert rules.allowed_boards(state) == (0, 1, 2, 3, 4, 5, 7, 8)
    assert rejected(rules, state, "A7") == "closed_board"
    state = rules.play(state, "E5")
    assert rules.allowed_boards(state) == (4,)


def test_classic_sent_to_an_open_board_must_play_there():
    # Board 6 is closed; O's free move D4 (position 0) sends X to board 0, which is open.
    rules = uttt(preset="classic")
    state = replay_checked(rules, [*X_WINS_BOARD_6, "D4"])
    assert rules.allowed_boards(state) == (0,)
    assert rejected(rules, state, "A7") in ("closed_board", "wrong_board")


# Boards 3 and 4 won by X; the last move (H6, by X) draws board 5: X X D across the middle row.
#     A B C   D E F   G H I
#  4  . . . | . . . | X O X
#  5  O O X | X X X | O O X
#  6  X X X | . . . | O X O
CLASSIC_X_X_DRAWN = [
    "D5", "B5", "F5", "H5", "E5", "A5", "C5", "G5", "B6", "D8", "A6", "A8", "C6", "I8",
    "I5", "G6", "C8", "I6", "G8", "H4", "E3", "F8", "G4", "C2", "I4", "I2", "H6",
]  # fmt: skip


def test_classic_drawn_boards_count_for_nobody():
    rules = uttt(preset="classic")
    state = replay_checked(rules, CLASSIC_X_X_DRAWN)
    assert state.board_status == ("open",) * 3 + ("x", "x", "draw") + ("open",) * 3
    assert rules.outcome(state) is None
    # H6 is position 7: O is sent to board 7, which is open.
    assert rules.legal_moves(state) == empty_cells(state, [7])


# X wins boards 0, 1 and 2 (the top row) with the last move, E3.
CLASSIC_X_LINE = [
    "A2", "C4", "I1", "H3", "F8", "I4", "I3", "H7", "E2", "E5", "F4", "G1", "B1",
    "F2", "I5", "G4", "B3", "F7", "I2", "H4", "E1", "D1", "B2", "E4", "E3",
]  # fmt: skip


def test_classic_three_won_boards_in_a_line_win():
    rules = uttt(preset="classic")
    before = replay_checked(rules, CLASSIC_X_LINE[:-1])
    assert rules.outcome(before) is None
    state = rules.play(before, CLASSIC_X_LINE[-1])
    assert state.board_status == ("x", "x", "x", "open", "open", "o", "open", "open", "open")
    outcome = rules.outcome(state)
    assert outcome.winners == (0,)
    assert outcome.reason == "line"
    assert outcome.scores == (3, 1)


# Every board decided, no line: D O O / O X O / X O X.  O has five boards, yet it is a draw.
CLASSIC_NO_OPEN_BOARD = [
    "F7", "I3", "I7", "I2", "I4", "I1", "H7", "E2", "D5", "B5", "D6", "C9", "G7", "A2", "B4",
    "F1", "C5", "H5", "D4", "C3", "B9", "D7", "C2", "I6", "A7", "B2", "B6", "F8", "H4", "D3",
    "B7", "A3", "C7", "G4", "B3", "D9", "A6", "D8", "A5", "A4", "A1", "B1", "C1", "C6",
]  # fmt: skip


def test_classic_no_open_board_left_is_a_draw():
    rules = uttt(preset="classic")
    before = replay_checked(rules, CLASSIC_NO_OPEN_BOARD[:-1])
    assert rules.outcome(before) is None
    state = rules.play(before, CLASSIC_NO_OPEN_BOARD[-1])
    assert state.board_status == ("draw", "o", "o", "o", "x", "o", "x", "o", "x")
    outcome = rules.outcome(state)
    assert outcome.winners == ()
    assert outcome.is_draw
    assert outcome.reason == "no_open_board"
    assert outcome.scores == (3, 5)
    assert rules.legal_moves(state) == []
    assert rules.to_move(state) is None


# --- after the end --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "moves"),
    [
        ({}, X_DRAWN_DRAWN),
        ({}, THREE_DRAWN),
        ({}, BOTH_LINES),
        ({"preset": "classic"}, CLASSIC_X_LINE),
        ({"preset": "classic"}, CLASSIC_NO_OPEN_BOARD),
    ],
    ids=["x-line", "all-draw-line", "both-lines", "classic-line", "classic-no-open-board"],
)
def test_every_move_rejected_once_the_game_is_over(options, moves):
    rules = uttt(**options)
    state = replay_checked(rules, moves, over=True)
    assert rules.outcome(state) is not None
    for cell in ALL_CELLS:  # empty and occupied cells alike
        assert rejected(rules, state, cell) == "game_over", cell
    with pytest.raises(IllegalMove) as err:
        rules.replay([*moves, "E5"])
    assert err.value.code == "game_over"
    assert err.value.ply == len(moves) + 1
