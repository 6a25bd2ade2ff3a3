"""SOS tables: hand-worked rounds, seats and reasons (no database)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tournaments.pairing import tables_messages
from tournaments.pairing.tables import TablePlayer, seat_round
from tournaments.pairing.tables_cost import Cost
from tournaments.pairing.tables_messages import MESSAGES, TableReason, TablesImpossible


def players(scores: dict[int, float]) -> list[TablePlayer]:
    return [TablePlayer(entry=e, rank=e, score=s) for e, s in scores.items()]


def codes(reasons: tuple[TableReason, ...]) -> list[str]:
    return [r.code for r in reasons]


def test_round_one_is_a_snake_by_rank_lowest_placed_first() -> None:
    result = seat_round(players({e: 0 for e in range(1, 11)}), round_no=1, size=4)
    assert result.method == "snake"
    assert [t.seats for t in result.tables] == [(10, 7, 6, 1), (8, 5, 2), (9, 4, 3)]
    assert result.tables[0].reasons[0] == TableReason(
        "tables_snake", {"table": 1, "seeds": [1, 6, 7, 10], "tables": 3}
    )
    assert result.byes == ()


def test_round_two_of_nine_at_three_meets_nobody_again() -> None:
    history = [(3, 2, 1), (6, 5, 4), (9, 8, 7)]  # seats: 3, 6 and 9 moved first
    scores = {1: 2, 4: 2, 7: 2, 2: 1, 5: 1, 8: 1, 3: 0, 6: 0, 9: 0}
    result = seat_round(players(scores), round_no=2, size=3, history=history)
    assert result.method == "exact" and result.optimal
    assert result.cost == Cost(worst=0, spread=0, repeats=0, seats=0)
    assert [sorted(t.seats) for t in result.tables] == [[1, 4, 7], [2, 5, 8], [3, 6, 9]]
    # Nobody at tables 1 and 2 has been first: the lowest-placed sits first. At table 3 all
    # three have been first once: again the lowest-placed (9) first.
    assert [t.seats[0] for t in result.tables] == [7, 8, 9]
    assert codes(result.tables[0].reasons) == [
        "tables_score_group",
        "tables_no_repeat",
        "tables_seat_first",
        "tables_seat_order",
    ]
    assert codes(result.reasons) == ["tables_exact"]


def test_round_two_of_eight_repeats_only_as_needed() -> None:
    """Two tables of 4 after two tables of 4: every table holds two players of each earlier
    table (criterion A: 2 repeats at the worst table, no better seating), and the top four
    scores together (criterion B)."""
    history = [(4, 3, 2, 1), (8, 7, 6, 5)]
    scores = {1: 3, 5: 3, 2: 2, 6: 2, 3: 1, 7: 1, 4: 0, 8: 0}
    result = seat_round(players(scores), round_no=2, size=4, history=history)
    assert result.cost == Cost(worst=2, spread=200, repeats=4, seats=0)
    assert [sorted(t.seats) for t in result.tables] == [[1, 2, 5, 6], [3, 4, 7, 8]]
    repeats = [r for r in result.tables[0].reasons if r.code == "tables_repeat"]
    assert [(r.params["first"], r.params["second"]) for r in repeats] == [(1, 2), (5, 6)]
    assert "players 1 and 2 meet again (they met 1 times before)" in repeats[0].message()


def test_first_seat_goes_to_who_has_been_first_least() -> None:
    # Three players of one score: 1 and 2 have each been first once, 3 never.
    history = [(1, 4, 5), (2, 6, 7), (8, 3, 9)]
    result = seat_round(players({1: 1, 2: 1, 3: 1}), round_no=2, size=3, history=history)
    (table,) = result.tables
    assert table.seats[0] == 3
    # Seat 1: 1 and 2 have sat in seats 0-1 once each, 3 once (seat 1): lowest-placed first.
    assert table.seats == (3, 2, 1)


def test_a_bye_when_no_split_exists() -> None:
    scores = {1: 3, 2: 2, 3: 1, 4: 1, 5: 0}
    result = seat_round(players(scores), round_no=2, size=4, byes=[5])
    assert result.byes == (4,)
    assert result.bye_reasons[0].code == "tables_bye"
    again = seat_round(players(scores), round_no=3, size=4, byes=[1, 2, 3, 4, 5])
    assert again.byes == (5,)
    assert again.bye_reasons[0].code == "tables_bye_again"
    assert "every player has had a bye" in again.bye_reasons[0].message()


def test_errors_are_typed() -> None:
    with pytest.raises(TablesImpossible) as caught:
        seat_round(players({1: 0, 2: 0, 3: 0}), round_no=1, size=8)
    assert caught.value.code == "tables_bad_size"
    twice = [TablePlayer(1, 1), TablePlayer(1, 2), TablePlayer(3, 3)]
    with pytest.raises(TablesImpossible) as caught:
        seat_round(twice, round_no=1, size=3)
    assert caught.value.code == "tables_duplicate"


def test_every_code_has_a_template_and_reasons_round_trip() -> None:
    assert all(code.startswith("tables_") for code in MESSAGES)
    reason = TableReason("tables_repeat", {"table": 2, "first": 4, "second": 9, "times": 1})
    assert TableReason.from_dict(reason.to_dict()) == reason
    with pytest.raises(ValueError):
        TableReason("no_such_code")


def test_templates_are_marked_for_makemessages() -> None:
    """Every template is a literal inside a ``gettext_noop(...)`` call and a sentence."""
    path = Path(tables_messages.__file__)
    marked = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "gettext_noop":
            (arg,) = node.args
            assert isinstance(arg, ast.Constant) and isinstance(arg.value, str)
            marked.add(arg.value)
    assert set(MESSAGES.values()) <= marked
    assert all(t.endswith(".") for t in MESSAGES.values())
