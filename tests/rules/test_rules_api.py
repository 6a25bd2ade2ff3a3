"""The API common to both games: options, notation, errors, states, serialisation, replay."""

from __future__ import annotations

import dataclasses
import json

import pytest
from rules_oracle import name, rc

from games.rules import IllegalMove, InvalidMove, MoveError, Outcome, get_rules

# --- options --------------------------------------------------------------------------------


def test_sos_default_options():
    rules = get_rules("sos")
    assert rules.kind == "sos"
    assert rules.options == {"rows": 3, "cols": 3, "players": 2, "mode": "most"}
    assert (rules.rows, rules.cols, rules.players) == (3, 3, 2)


def test_sos_cols_default_to_rows():
    rules = get_rules("sos", rows=5)
    assert (rules.rows, rules.cols) == (5, 5)
    assert rules.options["cols"] == 5


def test_uttt_default_options():
    rules = get_rules("uttt")
    assert rules.kind == "uttt"
    assert rules.options == {
        "preset": "tactical",
        "all_draw_line": "draw",
        "decided_boards_free": False,
        "no_send_back": False,
    }
    assert (rules.rows, rules.cols, rules.players) == (9, 9, 2)
    assert rules.marks == ("X", "O")


def test_kind_is_case_insensitive():
    assert get_rules("SOS").kind == "sos"
    assert get_rules("UtTT").kind == "uttt"


@pytest.mark.parametrize(
    ("kind", "options"),
    [
        ("sos", {}),
        ("sos", {"rows": 4, "cols": 7, "players": 5, "mode": "first"}),
        ("sos", {"rows": 26, "cols": 3, "players": 6}),
        ("sos", {"rows": 3, "cols": 26}),
        ("uttt", {}),
        ("uttt", {"preset": "classic"}),
        ("uttt", {"preset": "classic", "no_send_back": True}),
        ("uttt", {"all_draw_line": "continue", "decided_boards_free": True, "no_send_back": True}),
    ],
)
def test_options_round_trip_and_rules_are_cached(kind, options):
    rules = get_rules(kind, **options)
    for key, value in options.items():
        assert rules.options[key] == value
    assert json.loads(json.dumps(rules.options)) == rules.options
    assert get_rules(kind, **rules.options) is rules
    assert get_rules(kind, **options) is rules


def test_classic_accepts_the_tactical_options_at_their_defaults():
    rules = get_rules("uttt", preset="classic", all_draw_line="draw", decided_boards_free=False)
    assert rules is get_rules("uttt", preset="classic")


@pytest.mark.parametrize(
    ("kind", "options"),
    [
        ("chess", {}),
        ("sos", {"rows": 2}),
        ("sos", {"rows": 27}),
        ("sos", {"rows": 5, "cols": 2}),
        ("sos", {"cols": 27}),
        ("sos", {"players": 1}),
        ("sos", {"players": 7}),
        ("sos", {"mode": "bogus"}),
        ("sos", {"rows": True}),
        ("sos", {"players": True}),
        ("sos", {"rows": "5"}),
        ("sos", {"size": 5}),
        ("sos", {"preset": "classic"}),
        ("uttt", {"preset": "bogus"}),
        ("uttt", {"all_draw_line": "bogus"}),
        ("uttt", {"decided_boards_free": "yes"}),
        ("uttt", {"no_send_back": "no"}),
        ("uttt", {"rows": 9}),
        ("uttt", {"players": 3}),
        ("uttt", {"preset": "classic", "all_draw_line": "continue"}),
        ("uttt", {"preset": "classic", "decided_boards_free": True}),
    ],
)
def test_bad_options_raise_value_error_with_a_sentence(kind, options):
    with pytest.raises(ValueError) as err:
        get_rules(kind, **options)
    assert str(err.value).strip()


# --- cell names -----------------------------------------------------------------------------


def test_cell_name_example_from_the_docs():
    assert get_rules("sos").cell_name(2, 1) == "B3"
    assert get_rules("uttt").cell_name(2, 1) == "B3"


def test_cell_name_and_parse_cell_on_a_26_by_26_grid():
    rules = get_rules("sos", rows=26, cols=26)
    for r in range(26):
        for c in range(26):
            cell = rules.cell_name(r, c)
            assert cell == name(r, c)
            assert rules.parse_cell(cell) == (r, c)
            assert rules.parse_cell(f"  {cell.lower()} ") == (r, c)
    assert rules.cell_name(25, 25) == "Z26"
    assert rules.cell_name(0, 25) == "Z1"


@pytest.mark.parametrize("cell", ["AA1", "AB3", "aa26", " ab1 ", "A27"])
def test_columns_past_z_are_well_formed_but_off_a_26_wide_grid(cell):
    rules = get_rules("sos", rows=26, cols=26)
    with pytest.raises(IllegalMove) as err:
        rules.parse_cell(cell)
    assert err.value.code == "off_board"


def test_spreadsheet_columns_in_the_reference_helper():
    # The test's own helper, so that the expectations above are spreadsheet names.
    assert [name(0, c) for c in (0, 25, 26, 27, 51, 52)] == ["A1", "Z1", "AA1", "AB1", "AZ1", "BA1"]
    assert rc("AB3") == (2, 27)


def test_uttt_parse_cell():
    rules = get_rules("uttt")
    assert rules.parse_cell("E5") == (4, 4)
    assert rules.parse_cell(" i9 ") == (8, 8)
    assert rules.parse_cell("a1") == (0, 0)
    for cell in ("J1", "A10", "Z9", "AA1"):
        with pytest.raises(IllegalMove) as err:
            rules.parse_cell(cell)
        assert err.value.code == "off_board", cell


@pytest.mark.parametrize("text", ["", "   ", "5E", "E", "hello", "E5E", "-1"])
def test_parse_cell_bad_notation(text):
    rules = get_rules("uttt")
    with pytest.raises(InvalidMove) as err:
        rules.parse_cell(text)
    assert err.value.code == "bad_notation"


# --- move notation --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("B3=S", "B3=S"),
        ("b3=s", "B3=S"),
        ("  b3 = o  ", "B3=O"),
        ("B3 =S", "B3=S"),
        ("B3=С", "B3=S"),  # Cyrillic Es
        ("b3=с", "B3=S"),  # Cyrillic es
        ("B3=О", "B3=O"),  # Cyrillic O
        ("b3=о", "B3=O"),  # Cyrillic o
    ],
)
def test_sos_move_notation_is_case_insensitive_with_spaces(text, canonical):
    rules = get_rules("sos")
    state = rules.play(rules.start(), text)
    assert state.moves == (canonical,)
    assert state.grid[2][1] == canonical[-1]


@pytest.mark.parametrize("text", ["e5", " E5 ", "  e5", "E5  "])
def test_uttt_move_notation_is_case_insensitive_with_spaces(text):
    rules = get_rules("uttt")
    state = rules.play(rules.start(), text)
    assert state.moves == ("E5",)
    assert state.grid[4][4] == "X"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "bad_notation"),
        ("hello", "bad_notation"),
        ("3B=S", "bad_notation"),
        ("=S", "bad_notation"),
        ("B3", "missing_letter"),
        (" b3 ", "missing_letter"),
        ("B3=X", "bad_letter"),
        ("B3=Q", "bad_letter"),
    ],
)
def test_sos_invalid_notation_codes(text, code):
    rules = get_rules("sos")
    with pytest.raises(InvalidMove) as err:
        rules.play(rules.start(), text)
    assert err.value.code == code


@pytest.mark.parametrize("text", ["D1=S", "A4=O", "AA1=S", "Z26=S"])
def test_sos_off_board(text):
    rules = get_rules("sos")
    with pytest.raises(IllegalMove) as err:
        rules.play(rules.start(), text)
    assert err.value.code == "off_board"


@pytest.mark.parametrize("text", ["", "5E", "E", "E5=X", "E5=S", "hello"])
def test_uttt_invalid_notation(text):
    rules = get_rules("uttt")
    with pytest.raises(InvalidMove) as err:
        rules.play(rules.start(), text)
    assert err.value.code == "bad_notation"


@pytest.mark.parametrize("text", ["J1", "A10", "Z9", "AA1", "j10"])
def test_uttt_off_board(text):
    rules = get_rules("uttt")
    with pytest.raises(IllegalMove) as err:
        rules.play(rules.start(), text)
    assert err.value.code == "off_board"


# --- errors ---------------------------------------------------------------------------------


def test_error_classes():
    assert issubclass(MoveError, ValueError)
    assert issubclass(InvalidMove, MoveError)
    assert issubclass(IllegalMove, MoveError)
    assert not issubclass(InvalidMove, IllegalMove)
    assert not issubclass(IllegalMove, InvalidMove)


@pytest.mark.parametrize(
    ("kind", "moves", "bad", "cls", "code"),
    [
        ("uttt", ["E5"], "E5", IllegalMove, "occupied"),
        ("uttt", ["E5"], "A1", IllegalMove, "wrong_board"),
        ("uttt", [], "K2", IllegalMove, "off_board"),
        ("uttt", [], "XYZ", InvalidMove, "bad_notation"),
        ("sos", ["A1=S"], "A1=O", IllegalMove, "occupied"),
        ("sos", [], "A1=Z", InvalidMove, "bad_letter"),
        ("sos", [], "A1", InvalidMove, "missing_letter"),
    ],
)
def test_error_carries_code_message_template_params(kind, moves, bad, cls, code):
    rules = get_rules(kind)
    state = rules.replay(moves)
    with pytest.raises(cls) as err:
        rules.play(state, bad)
    exc = err.value
    assert exc.code == code
    assert isinstance(exc.message, str) and exc.message.strip()
    assert isinstance(exc.params, dict)
    assert exc.template % exc.params == exc.message
    assert exc.ply is None


def test_occupied_takes_the_cell_not_the_board():
    # After E5, O must play in the centre board; E5 itself is in it and occupied.
    rules = get_rules("uttt")
    with pytest.raises(IllegalMove) as err:
        rules.play(rules.replay(["E5"]), "e5")
    assert err.value.code == "occupied"


# --- replay ---------------------------------------------------------------------------------


def test_replay_of_nothing_is_the_start():
    for rules in (get_rules("sos"), get_rules("uttt")):
        assert rules.replay([]) == rules.start()
        assert rules.replay(()) == rules.start()


def test_replay_accepts_any_iterable_and_normalises():
    rules = get_rules("uttt")
    state = rules.replay(iter([" e5 ", "d4"]))
    assert state.moves == ("E5", "D4")
    assert state.ply == 2


@pytest.mark.parametrize(
    ("kind", "options", "moves", "cls", "code", "ply"),
    [
        ("uttt", {}, ["E5", "E5"], IllegalMove, "occupied", 2),
        ("uttt", {}, ["E5", "D4", "zz"], InvalidMove, "bad_notation", 3),
        ("uttt", {}, ["E5", "A1"], IllegalMove, "wrong_board", 2),
        ("uttt", {}, ["J9"], IllegalMove, "off_board", 1),
        ("sos", {}, ["A1=S", "B1=O", "A1=O"], IllegalMove, "occupied", 3),
        ("sos", {}, ["A1=S", "B1"], InvalidMove, "missing_letter", 2),
        ("sos", {"mode": "first"}, ["A1=S", "B1=O", "C1=S", "C3=S"], IllegalMove, "game_over", 4),
    ],
)
def test_replay_errors_carry_the_ply(kind, options, moves, cls, code, ply):
    rules = get_rules(kind, **options)
    with pytest.raises(cls) as err:
        rules.replay(moves)
    assert err.value.code == code
    assert err.value.ply == ply
    assert err.value.message.startswith(f"Move {ply}: ")


# --- states ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "moves"),
    [("uttt", ["E5", "D4", "B2"]), ("sos", ["A1=S", "B1=O", "C1=S", "C2=O"])],
)
def test_states_are_immutable(kind, moves):
    rules = get_rules(kind)
    before = rules.replay(moves[:-1])
    snapshot = (before.moves, before.ply, before.grid, rules.to_dict(before))
    after = rules.play(before, moves[-1])
    assert after is not before
    assert (before.moves, before.ply, before.grid, rules.to_dict(before)) == snapshot
    assert after.ply == before.ply + 1
    for attr in ("moves", "ply", "grid"):
        with pytest.raises(AttributeError):
            setattr(after, attr, None)
    assert isinstance(after.grid, tuple) and all(isinstance(row, tuple) for row in after.grid)
    assert isinstance(after.moves, tuple)


def test_sos_state_attributes_are_immutable():
    rules = get_rules("sos")
    state = rules.replay(["A1=S", "B1=O", "C1=S"])
    for attr in ("scores", "lines", "points", "extra_turn"):
        with pytest.raises(AttributeError):
            setattr(state, attr, None)
    assert isinstance(state.scores, tuple)
    assert isinstance(state.lines, tuple)
    (line,) = state.lines
    with pytest.raises(AttributeError):
        line.seat = 1
    assert isinstance(line.cells, tuple)


def test_uttt_state_attributes_are_immutable():
    rules = get_rules("uttt")
    state = rules.replay(["E5"])
    for attr in ("board_status", "board_full", "send_to"):
        with pytest.raises(AttributeError):
            setattr(state, attr, None)
    assert isinstance(state.board_status, tuple)


@pytest.mark.parametrize("kind", ["sos", "uttt"])
def test_states_are_hashable_and_equal_by_move_list(kind):
    rules = get_rules(kind)
    moves = ["A1=S", "B2=O"] if kind == "sos" else ["A1", "B2"]
    a = rules.replay(moves)
    b = rules.play(rules.play(rules.start(), moves[0]), moves[1])
    assert a == b
    assert hash(a) == hash(b)
    assert len({a, b, rules.start()}) == 2
    assert a != rules.start()


# --- serialisation --------------------------------------------------------------------------

# A finished classic game (X wins the top row of boards).
CLASSIC_FINISHED = [
    "A2", "C4", "I1", "H3", "F8", "I4", "I3", "H7", "E2", "E5", "F4", "G1", "B1",
    "F2", "I5", "G4", "B3", "F7", "I2", "H4", "E1", "D1", "B2", "E4", "E3",
]  # fmt: skip

SERIAL_CASES = [
    ("sos", {}, []),
    ("sos", {}, ["A1=S", "B1=O", "C1=S"]),
    ("sos", {"rows": 4, "cols": 6, "players": 3, "mode": "first"}, ["F4=S", "E4=O"]),
    ("sos", {}, ["A1=S", "B1=O", "A2=S", "B2=S", "C2=S", "A3=S", "B3=S", "C3=S", "C1=S"]),
    ("uttt", {}, []),
    ("uttt", {}, ["E5", "D4", "B2", "E4"]),
    ("uttt", {"preset": "classic"}, ["I4", "I2", "I6", "I8", "I5"]),
    ("uttt", {"no_send_back": True}, ["B2", "D5", "B4"]),
    ("uttt", {"decided_boards_free": True}, ["I4", "I2", "I6", "I8", "I5", "A1"]),
    ("uttt", {"preset": "classic"}, CLASSIC_FINISHED),
]


@pytest.mark.parametrize(("kind", "options", "moves"), SERIAL_CASES)
def test_to_dict_from_dict_round_trip_through_json(kind, options, moves):
    rules = get_rules(kind, **options)
    state = rules.replay(moves)
    data = json.loads(json.dumps(rules.to_dict(state)))
    back = rules.from_dict(data)
    assert back == state
    assert back == rules.replay(moves)
    assert back.moves == state.moves
    assert back.grid == state.grid
    assert rules.to_move(back) == rules.to_move(state)
    assert rules.legal_moves(back) == rules.legal_moves(state)
    assert rules.outcome(back) == rules.outcome(state)
    legal = rules.legal_moves(back)
    if legal:
        assert rules.play(back, legal[0]) == rules.replay([*moves, legal[0]])


# --- outcome --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "options", "moves", "winners"),
    [
        ("sos", {"mode": "first"}, ["A1=S", "B1=O", "C1=S"], (0,)),
        ("sos", {}, ["A1=S", "B1=S", "C1=S", "A2=S", "B2=S", "C2=S", "A3=S", "B3=S", "C3=S"], ()),
    ],
)
def test_outcome_is_a_frozen_dataclass(kind, options, moves, winners):
    rules = get_rules(kind, **options)
    outcome = rules.outcome(rules.replay(moves))
    assert isinstance(outcome, Outcome)
    assert dataclasses.is_dataclass(outcome)
    assert outcome.winners == winners
    assert outcome.is_draw == (winners == ())
    assert isinstance(outcome.scores, tuple)
    with pytest.raises(AttributeError):
        outcome.winners = (1,)
    assert outcome == rules.outcome(rules.replay(moves))
