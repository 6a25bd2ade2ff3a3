"""Perft: the number of distinct move sequences of each length from the start.

Standard ultimate tic-tac-toe has 81, 720, 6336 and 55080 sequences of length 1 to 4. No small
board can be decided within four moves, so both presets must give the same counts. With
`no_send_back` the second move loses exactly one cell of the 9 in the board sent to (8 x 81 = 648)
and so does the third (8 x 648 = 5184); the length-4 count comes from the test's reference
implementation (tests/rules/rules_oracle.py), which reproduces the standard counts above.
"""

from __future__ import annotations

import pytest

from games.rules import get_rules

STANDARD = (81, 720, 6336, 55080)
NO_SEND_BACK = (81, 648, 5184, 40968)


def perft(rules, state, depth: int) -> int:
    """Count move sequences of length ``depth`` by legal_moves + play recursion."""
    if depth == 0:
        return 1
    total = 0
    for move in rules.legal_moves(state):
        total += perft(rules, rules.play(state, move), depth - 1)
    return total


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({"preset": "tactical"}, STANDARD),
        ({"preset": "classic"}, STANDARD),
        ({"preset": "tactical", "no_send_back": True}, NO_SEND_BACK),
        ({"preset": "classic", "no_send_back": True}, NO_SEND_BACK),
    ],
    ids=["tactical", "classic", "tactical-no_send_back", "classic-no_send_back"],
)
@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_uttt_perft(options, expected, depth):
    rules = get_rules("uttt", **options)
    assert perft(rules, rules.start(), depth) == expected[depth - 1]


def test_sos_perft_3x3():
    # 9 cells x 2 letters, then 8 x 2, then 7 x 2: no SOS is possible within two moves, and a
    # scoring third move does not change the count of sequences.
    rules = get_rules("sos")
    start = rules.start()
    assert [perft(rules, start, d) for d in (1, 2, 3)] == [18, 18 * 16, 18 * 16 * 14]
