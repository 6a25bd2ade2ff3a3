"""Hand-checked Swiss pairings, one rule at a time."""

from __future__ import annotations

import pytest

from tournaments.pairing import (
    MESSAGES,
    PairingImpossible,
    SwissPlayer,
    check_pairings,
    pair_swiss,
)
from tournaments.records import DRAW, LOSS, WIN, GameRecord, histories

from .helpers import boards, hist


def roster(n: int) -> list[SwissPlayer]:
    return [SwissPlayer(entry=i, rank=i) for i in range(1, n + 1)]


def test_round_one_top_half_against_bottom_half_alternating() -> None:
    pairs = pair_swiss(roster(8), round_no=1, histories={})
    assert boards(pairs) == [(1, 5), (6, 2), (3, 7), (8, 4)]
    assert [p.board for p in pairs] == [1, 2, 3, 4]
    assert pairs[0].reasons[0].to_dict() == {"code": "score_group", "score": 0.0}
    assert pairs[1].reasons[1].to_dict() == {"code": "colour_by_rank", "entry": 2, "colour": "S"}


def test_round_one_odd_bye_to_the_last_seed() -> None:
    pairs = pair_swiss(roster(5), round_no=1, histories={})
    assert boards(pairs) == [(1, 3), (4, 2), (5, None)]
    assert pairs[-1].board == 3
    assert pairs[-1].reasons[0].to_dict() == {"code": "bye_lowest", "entry": 5, "score": 0.0}


def test_bye_to_the_lowest_score_then_lowest_rank() -> None:
    h = {
        1: hist(1, 1.0, "F"),
        2: hist(2, 0.0, "S"),
        3: hist(3, 1.0, "F"),
        4: hist(4, 0.0, "S"),
        5: hist(5, 1.0, "-", byes=1),
    }
    pairs = pair_swiss(roster(5), round_no=2, histories=h)
    assert pairs[-1].entries == (4,)  # 0 points, and rank 4 is below rank 2
    assert pairs[-1].reasons[0].code == "bye_lowest"
    # 2 floats up to the 1-point group (to 3, who wants S as 2 wants F), and 1 meets 5.
    assert boards(pairs) == [(5, 1), (2, 3), (4, None)]


def test_no_second_bye() -> None:
    h = {
        1: hist(1, 1.0, "F"),
        2: hist(2, 0.0, "S"),
        3: hist(3, 1.0, "F"),
        4: hist(4, 0.0, "S", byes=1),  # a forfeit win counts as a bye, too
        5: hist(5, 1.0, "-", byes=1),
    }
    pairs = pair_swiss(roster(5), round_no=2, histories=h)
    assert pairs[-1].entries == (2,)
    assert pairs[-1].reasons[0].code == "bye_lowest"


def test_bye_forced_higher_when_the_lowest_cannot_take_it() -> None:
    # 3 must not get the bye: then 1 and 2 would have to meet again.
    h = {1: hist(1, 1.0, "F", (2,)), 2: hist(2, 0.0, "S", (1,)), 3: hist(3, 0.0, "-")}
    pairs = pair_swiss(roster(3), round_no=2, histories=h)
    assert pairs[-1].entries == (2,)
    assert pairs[-1].reasons[0].code == "bye_forced"


def test_no_bye_candidate() -> None:
    h = {i: hist(i, 1.0, "-", byes=1) for i in (1, 2, 3)}
    with pytest.raises(PairingImpossible) as info:
        pair_swiss(roster(3), round_no=4, histories=h)
    assert info.value.code == "no_bye_candidate"
    assert isinstance(info.value, ValueError)


def test_rematch_avoided_even_when_it_forces_floats() -> None:
    h = {
        1: hist(1, 2.0, "FS", (2, 5)),
        2: hist(2, 2.0, "SF", (1, 6)),
        3: hist(3, 1.0, "FS", (4, 7)),
        4: hist(4, 1.0, "SF", (3, 8)),
    }
    pairs = pair_swiss(roster(4), round_no=3, histories=h)
    met = {frozenset(p.entries) for p in pairs}
    assert frozenset((1, 2)) not in met and frozenset((3, 4)) not in met
    floats = [r.params for p in pairs for r in p.reasons if r.code == "floater"]
    assert len(floats) == 2 and all(f["from"] == 2.0 and f["to"] == 1.0 for f in floats)
    # 1 and 3 both want F (mildly): they cannot both have it, so 1–4 and 2–3 it is, and the
    # Dutch order (floater from the bottom, opponent from the top) breaks no tie here.
    assert sorted(met, key=min) == [frozenset((1, 4)), frozenset((2, 3))]
    assert boards(pairs) == [(1, 4), (3, 2)]


def test_everyone_met_everyone() -> None:
    h = {i: hist(i, 1.5, "FSF", tuple(j for j in (1, 2, 3, 4) if j != i)) for i in (1, 2, 3, 4)}
    with pytest.raises(PairingImpossible) as info:
        pair_swiss(roster(4), round_no=4, histories=h)
    error = info.value
    assert error.code == "no_complete_pairing"
    assert error.params == {"round": 4, "unpaired": 4, "players": 4}
    assert str(error) == MESSAGES["no_complete_pairing"] % error.params
    assert "Round 4 cannot be paired" in str(error)


def test_colour_alternation_after_round_one() -> None:
    games = [GameRecord(1, 1, 3, WIN), GameRecord(1, 4, 2, WIN)]
    h = histories([1, 2, 3, 4], games)
    pairs = pair_swiss(roster(4), round_no=2, histories=h)
    # Winners 1 and 4 both had F and now both strongly want S: the higher-ranked 1 gets it.
    assert boards(pairs) == [(4, 1), (2, 3)]
    assert pairs[0].reasons[1].to_dict() == {"code": "colour_higher_rank", "entry": 1}


def test_colours_decide_among_equal_score_pairings_and_no_three_in_a_row() -> None:
    # All on 1 point; the Dutch order would pair 1–3 and 2–4, both pairs wanting the same move.
    h = {
        1: hist(1, 1.0, "FF"),
        2: hist(2, 1.0, "SS"),
        3: hist(3, 1.0, "FF"),
        4: hist(4, 1.0, "SS"),
    }
    pairs = pair_swiss(roster(4), round_no=3, histories=h)
    # As Dutch: 1–3 fails on colours, so S2 is transposed (1–4, 2–3), not exchanged (1–2, 3–4).
    assert boards(pairs) == [(4, 1), (2, 3)]
    assert check_pairings(pairs, h, round_no=3) == []


def test_score_beats_colours_by_default_and_colour_rules_first_on_request() -> None:
    h = {
        1: hist(1, 2.0, "FF", (5, 6)),
        2: hist(2, 2.0, "FF", (7, 8)),
        3: hist(3, 1.0, "SS", (9, 10)),
        4: hist(4, 1.0, "SS", (11, 12)),
    }
    pairs = pair_swiss(roster(4), round_no=3, histories=h)
    assert {frozenset(p.entries) for p in pairs} == {frozenset((1, 2)), frozenset((3, 4))}
    broken = [r.params["entry"] for p in pairs for r in p.reasons if r.code == "colour_rule_broken"]
    assert len(broken) == 4  # one player per pair: three in a row and difference 3
    codes = {w.code for w in check_pairings(pairs, h, round_no=3)}
    assert codes == {"three_in_a_row", "colour_difference"}

    pairs = pair_swiss(roster(4), round_no=3, histories=h, colour_rules_over_score=True)
    assert boards(pairs) == [(3, 1), (4, 2)]
    assert check_pairings(pairs, h, round_no=3) == []


def test_floater_from_the_bottom_meets_the_top_of_the_next_group() -> None:
    h = {i: hist(i, 1.0 if i <= 3 else 0.0, "-") for i in range(1, 7)}
    pairs = pair_swiss(roster(6), round_no=2, histories=h)
    assert [set(p.entries) for p in pairs] == [{1, 2}, {3, 4}, {5, 6}]
    assert pairs[1].reasons[0].to_dict() == {"code": "floater", "entry": 3, "from": 1.0, "to": 0.0}


def test_dutch_order_in_a_larger_group() -> None:
    # Ten players on 1 point without colour history: 1–6, 2–7, 3–8, 4–9, 5–10.
    h = {i: hist(i, 1.0, "-") for i in range(1, 11)}
    pairs = pair_swiss(roster(10), round_no=2, histories=h)
    assert [tuple(sorted(p.entries)) for p in pairs] == [(1, 6), (2, 7), (3, 8), (4, 9), (5, 10)]


def test_requested_byes_and_late_entries() -> None:
    games = [GameRecord(1, 1, 3, WIN), GameRecord(1, 4, 2, DRAW), GameRecord(1, 5, 6, LOSS)]
    h = histories(range(1, 8), games)  # 7 joins late, with no points
    pairs = pair_swiss(roster(7), round_no=2, histories=h, requested_byes={6})
    paired = sorted(e for p in pairs for e in p.entries)
    assert paired == [1, 2, 3, 4, 5, 7]
    assert all(p.second is not None for p in pairs)  # six to pair: no bye
    assert check_pairings(pairs, h, round_no=2, entries=[1, 2, 3, 4, 5, 7]) == []


def test_board_order_by_top_score_then_sum_then_rank() -> None:
    h = {
        1: hist(1, 1.0, "F"),
        2: hist(2, 0.5, "S"),
        3: hist(3, 0.5, "F"),
        4: hist(4, 1.0, "S"),
        5: hist(5, 0.0, "S"),
        6: hist(6, 0.0, "F"),
        7: hist(7, 0.0, "F"),
    }
    pairs = pair_swiss(roster(7), round_no=2, histories=h)
    scores = {e: h[e].points for e in h}
    keys = [(-max(scores[e] for e in p.entries), -sum(scores[e] for e in p.entries)) for p in pairs]
    assert keys[:-1] == sorted(keys[:-1])
    assert pairs[-1].is_bye and pairs[-1].entries == (7,)


def test_empty_and_single() -> None:
    assert pair_swiss([], round_no=1, histories={}) == []
    assert boards(pair_swiss(roster(1), round_no=1, histories={})) == [(1, None)]
    assert pair_swiss(roster(2), round_no=1, histories={}, requested_byes={1, 2}) == []
    with pytest.raises(ValueError):
        pair_swiss([SwissPlayer(1, 1), SwissPlayer(1, 2)], round_no=1, histories={})


def test_three_one_zero_points() -> None:
    # Scores 3, 1, 1, 0: 1–2 + 3–4 and 1–3 + 2–4 tie on score differences (2² + 1² points²,
    # against 3² + 0² for 1–4 + 2–3); colours pick the first (1 and 3 both want S).
    h = {1: hist(1, 3.0, "F"), 2: hist(2, 1.0, "S"), 3: hist(3, 1.0, "F"), 4: hist(4, 0.0, "S")}
    pairs = pair_swiss(roster(4), round_no=2, histories=h)
    assert boards(pairs) == [(2, 1), (4, 3)]
