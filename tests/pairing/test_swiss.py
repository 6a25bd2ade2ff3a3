"""Hand-worked Dutch pairings (FIDE C.04.3), one rule at a time."""

from __future__ import annotations

import pytest

from tournaments.core.history import (
    BYE,
    DRAW,
    FORFEIT_LOSS,
    FORFEIT_WIN,
    LOSS,
    WIN,
    GameRecord,
)
from tournaments.pairing import MESSAGES, PairingImpossible, SwissPlayer, pair_swiss
from tournaments.pairing.dutch import pair_dutch
from tournaments.pairing.dutch_records import DOWN, FLOAT_NONE, UP, DutchPlayer
from tournaments.pairing.swiss import dutch_players

from .helpers import boards


def roster(n: int) -> list[SwissPlayer]:
    return [SwissPlayer(entry=i, rank=i) for i in range(1, n + 1)]


def test_round_one_top_half_against_bottom_half_by_pairing_number() -> None:
    pairs = pair_swiss(roster(8), round_no=1)
    # S1 = 1–4 against S2 = 5–8; E.5: the higher player moves first with an odd number.
    assert boards(pairs) == [(1, 5), (6, 2), (3, 7), (8, 4)]
    assert [p.board for p in pairs] == [1, 2, 3, 4]
    assert pairs[0].reasons[0].to_dict() == {"code": "dutch_pair", "score": 0.0}
    assert pairs[1].reasons[1].to_dict() == {"code": "dutch_e5", "entry": 6}
    black1 = pair_swiss(roster(8), round_no=1, top_seed_first=False)
    assert boards(black1) == [(5, 1), (2, 6), (7, 3), (4, 8)]


def test_round_one_odd_bye_to_the_last_seed() -> None:
    pairs = pair_swiss(roster(5), round_no=1)
    assert boards(pairs) == [(1, 3), (4, 2), (5, None)]
    assert pairs[-1].reasons[0].to_dict() == {"code": "dutch_bye", "entry": 5, "score": 0.0}
    assert MESSAGES["dutch_bye"] % pairs[-1].reasons[0].params


def test_winners_and_losers_with_equal_preferences_e4() -> None:
    games = [GameRecord(1, 1, 3, WIN), GameRecord(1, 4, 2, WIN)]
    pairs = pair_swiss(roster(4), round_no=2, games=games)
    # 1 and 4 both had the first move and both want the second, equally: the higher-ranked 1
    # gets it (E.4); likewise 2 (over 3) gets the first move.
    assert boards(pairs) == [(4, 1), (2, 3)]
    assert pairs[0].reasons[1].to_dict() == {"code": "dutch_e4", "entry": 4}


def test_a_floater_from_the_bottom_meets_the_top_of_the_next_group() -> None:
    games = [GameRecord(1, 1, 4, WIN), GameRecord(1, 5, 2, LOSS), GameRecord(1, 3, 6, WIN)]
    pairs = pair_swiss(roster(6), round_no=2, games=games)
    # 1-point group 1, 2, 3 is odd: 3, the lowest, floats to 4, the top of the 0-point group;
    # every colour preference is met (E.1).
    assert boards(pairs) == [(2, 1), (4, 3), (6, 5)]
    assert pairs[1].reasons[0].to_dict() == {
        "code": "dutch_float",
        "entry": 3,
        "from": 1.0,
        "to": 0.0,
    }
    assert {p.reasons[1].code for p in pairs} == {"dutch_e1"}


def test_a_forfeit_is_not_a_meeting_and_gives_no_colour() -> None:
    forfeit = [GameRecord(1, 1, 2, FORFEIT_WIN)]
    assert boards(pair_swiss(roster(2), round_no=2, games=forfeit)) == [(1, 2)]
    played = [GameRecord(1, 1, 2, DRAW)]
    with pytest.raises(PairingImpossible) as info:
        pair_swiss(roster(2), round_no=2, games=played)
    assert info.value.code == "no_complete_pairing"


def test_a_forfeit_win_uses_up_the_bye_and_an_unallocated_bye_does_not() -> None:
    games = [GameRecord(1, 1, None, BYE), GameRecord(1, 2, 3, FORFEIT_LOSS)]
    records = {r.entry: r for r in dutch_players(roster(3), round_no=2, games=games)}
    assert not records[1].bye_eligible and not records[3].bye_eligible
    assert records[2].bye_eligible
    records = dutch_players(roster(3), round_no=2, games=games, unallocated_byes={(1, 1)})
    assert records[0].bye_eligible
    # A bye or forfeit win is a down-float; an unplayed round without points is not.
    assert records[0].floats[0] == DOWN and records[1].floats[0] == FLOAT_NONE


def test_the_bye_goes_to_whom_the_rules_choose_not_always_the_last() -> None:
    games = [GameRecord(1, 1, 3, WIN), GameRecord(1, 4, 2, WIN), GameRecord(1, 5, None, BYE)]
    pairs = pair_swiss(roster(5), round_no=2, games=games)
    # 1 point: 1, 4, 5 (odd: 4 floats down; 5 has no preference, so 1–5 meets both
    # preferences). 0 points: 2 and 3. 4 has met 2, so he meets 3, and 2 gets the bye
    # although 3 ranks lower.
    assert boards(pairs) == [(5, 1), (3, 4), (2, None)]


def test_no_bye_candidate() -> None:
    games = [
        GameRecord(1, 1, None, BYE),
        GameRecord(1, 2, 3, FORFEIT_WIN),
        GameRecord(2, 3, None, BYE),
        GameRecord(2, 1, 2, FORFEIT_LOSS),
    ]
    # Each of the three has had a bye or a forfeit win: nobody may take this round's bye.
    with pytest.raises(PairingImpossible) as info:
        pair_swiss(roster(3), round_no=3, games=games)
    assert info.value.code == "no_bye_candidate"
    assert isinstance(info.value, ValueError)


def test_no_third_same_move_in_a_row_is_an_absolute_criterion() -> None:
    # 1 and 3 moved first twice, 2 and 4 second twice; the only pairs not met are 1–3 and 2–4,
    # each of two players who must have the same move: Dutch refuses the round.
    games = [
        GameRecord(1, 1, 2, WIN),
        GameRecord(1, 3, 4, WIN),
        GameRecord(2, 1, 4, WIN),
        GameRecord(2, 3, 2, WIN),
    ]
    with pytest.raises(PairingImpossible):
        pair_swiss(roster(4), round_no=3, games=games)


def test_top_scorers_may_break_colour_rules_in_the_last_round() -> None:
    a = DutchPlayer(entry=1, rank=1, score=20, real_score=20, colours=("F", "F"))
    b = DutchPlayer(entry=2, rank=2, score=20, real_score=20, colours=("F", "F"))
    kwargs = {"played_rounds": 2, "top_threshold": 10}
    assert pair_dutch([a, b], last_round=False, **kwargs) is None
    result = pair_dutch([a, b], last_round=True, **kwargs)
    assert result is not None and len(result.boards) == 1


def test_dutch_order_in_a_larger_group() -> None:
    players = [DutchPlayer(entry=i, rank=i, score=10, real_score=10) for i in range(1, 11)]
    result = pair_dutch(players, played_rounds=1, last_round=False, top_threshold=5)
    assert result is not None
    pairs = sorted(tuple(sorted((b.higher, b.lower))) for b in result.boards)
    assert pairs == [(1, 6), (2, 7), (3, 8), (4, 9), (5, 10)]


def test_colour_histories_are_compared_over_games_played_not_round_numbers() -> None:
    # 1 played F then S (his round 2 was a forfeit); 2 played S, F, F, S. Going back over the
    # games played they always had the same move, so E.3 does not decide: E.4 does (1 is
    # higher and wants F). Compared by round numbers they would have differed.
    a = DutchPlayer(entry=1, rank=1, score=10, real_score=10, colours=("F", "S"))
    b = DutchPlayer(entry=2, rank=2, score=10, real_score=10, colours=("S", "F", "F", "S"))
    result = pair_dutch([a, b], played_rounds=4, last_round=False, top_threshold=20)
    assert result is not None
    (board,) = result.boards
    assert board.first == 1 and board.colour_rule == "E4"


def test_virtual_points_place_a_player_in_a_higher_bracket() -> None:
    games = [GameRecord(1, 1, 3, WIN), GameRecord(1, 2, 4, WIN)]
    plain = pair_swiss(roster(4), round_no=2, games=games)
    assert {frozenset(p.entries) for p in plain} == {frozenset((1, 2)), frozenset((3, 4))}
    players = roster(4)
    players[2] = SwissPlayer(entry=3, rank=3, virtual_points=1.0)
    pairs = pair_swiss(players, round_no=2, games=games)
    # With a virtual point 3 sits with the winners 1 and 2: he has met 1, and 2–3 meets both
    # colour preferences (1–2 would not), so 1 floats down to 4.
    assert {frozenset(p.entries) for p in pairs} == {frozenset((2, 3)), frozenset((1, 4))}
    # The board order goes by the real scores.
    assert pairs[0].entries in ((1, 4), (4, 1))


def test_board_order_by_the_higher_players_score_then_the_lowers_then_rank() -> None:
    games = [
        GameRecord(1, 1, 5, WIN),
        GameRecord(1, 6, 2, DRAW),
        GameRecord(1, 3, 7, DRAW),
        GameRecord(1, 8, 4, LOSS),
    ]
    pairs = pair_swiss(roster(8), round_no=2, games=games)
    points = {1: 1, 4: 1, 2: 0.5, 3: 0.5, 6: 0.5, 7: 0.5, 5: 0, 8: 0}
    keys = [sorted((points[e] for e in p.entries), reverse=True) for p in pairs]
    assert keys == sorted(keys, reverse=True)


def test_empty_single_and_duplicates() -> None:
    assert pair_swiss([], round_no=1) == []
    assert boards(pair_swiss(roster(1), round_no=1)) == [(1, None)]
    assert pair_swiss(roster(2), round_no=1, requested_byes={1, 2}) == []
    with pytest.raises(ValueError):
        pair_swiss([SwissPlayer(1, 1), SwissPlayer(1, 2)], round_no=1)


def test_floats_are_judged_on_the_pairing_score_with_virtual_points() -> None:
    # Round 1: 1 beats 3, 2 loses to 4. Round 2: 1 (1 point) meets 2 (0 points, but 1 virtual
    # point that round): equal pairing scores, so neither floated (C.04.5 with A.4).
    games = [
        GameRecord(1, 1, 3, WIN),
        GameRecord(1, 2, 4, LOSS),
        GameRecord(2, 1, 2, DRAW),
        GameRecord(2, 3, 4, DRAW),
    ]
    roster = [SwissPlayer(e, e) for e in (1, 2, 3, 4)]
    plain = {p.entry: p.floats[0] for p in dutch_players(roster, round_no=3, games=games)}
    assert plain[1] == DOWN and plain[2] == UP
    accelerated = dutch_players(roster, round_no=3, games=games, acceleration={2: (0.0, 1.0)})
    assert {p.entry: p.floats[0] for p in accelerated}[1] == FLOAT_NONE
    # Round 1's virtual point alone makes a float between two players with no points yet.
    first = dutch_players(roster, round_no=2, games=games, acceleration={1: (1.0,)})
    assert {p.entry: p.floats[0] for p in first} == {1: DOWN, 2: FLOAT_NONE, 3: UP, 4: FLOAT_NONE}
