"""Hand-worked Burstein pairings (FIDE C.04.4.2, as bbpPairings' ``--burstein`` pairs them), one
rule at a time. Every pairing of a full round here was also checked with bbpPairings (``-p`` on
the same state)."""

from __future__ import annotations

import pytest

from tournaments.core.history import (
    BYE,
    DRAW,
    HALF_BYE,
    LOSS,
    WIN,
    ZERO_BYE,
    GameRecord,
    PointSystem,
)
from tournaments.pairing import MESSAGES, PairingImpossible, SwissPlayer, pair_burstein
from tournaments.pairing.burstein import colour_of
from tournaments.pairing.burstein_index import Index, indexes, merge_sort, outcomes, seeded
from tournaments.pairing.dutch_records import DutchPlayer

from .helpers import boards


def roster(n: int) -> list[SwissPlayer]:
    return [SwissPlayer(entry=i, rank=i) for i in range(1, n + 1)]


def pairs_of(pairs) -> set[frozenset[int | None]]:
    return {frozenset((p.first, p.second)) for p in pairs}


def test_seeding_round_one_pairs_each_half_top_against_bottom() -> None:
    # 10 players: 1-5 get a win's virtual points. That bracket (odd) pairs 1-5, 2-4 and
    # floats 3 down; the lower bracket, 3 first, pairs 3-10, 6-9, 7-8. E.5 gives the colours.
    pairs = pair_burstein(roster(10), round_no=1)
    assert boards(pairs) == [(1, 5), (4, 2), (3, 10), (9, 6), (7, 8)]
    assert pairs[0].reasons[0].to_dict() == {"code": "burstein_seeding", "round": 1, "score": 0.0}
    assert pairs[1].reasons[1].to_dict() == {"code": "dutch_e5", "entry": 4}
    black1 = pair_burstein(roster(10), round_no=1, top_seed_first=False)
    assert boards(black1) == [(5, 1), (2, 4), (10, 3), (6, 9), (8, 7)]


def test_seeding_goes_by_pairing_number_not_by_given_virtual_points() -> None:
    pushed = [SwissPlayer(i, i, 3.0 if i == 10 else 0.0) for i in range(1, 11)]
    assert boards(pair_burstein(pushed, round_no=1)) == boards(
        pair_burstein(roster(10), round_no=1)
    )


def test_the_seeded_half_counts_only_players_in_round_ones_pairing() -> None:
    ranks = {e: e for e in range(1, 8)}
    # 7 took part (1 did not): 1 is in the list but not counted; 2, 3, 4 make the half.
    assert seeded(ranks, {2, 3, 4, 5, 6, 7}, 6, gaps=False) == {1, 2, 3, 4}
    assert seeded(ranks, set(ranks), 7, gaps=False) == {1, 2, 3}
    # a rank missing (a player not paired this round) counts as one who took part
    assert seeded({1: 1, 3: 3, 4: 4, 5: 5}, {1, 3, 4, 5}, 5, gaps=True) == {1}


ROUNDS_1_2 = [
    GameRecord(1, 1, 4, WIN),
    GameRecord(1, 3, 2, LOSS),
    GameRecord(1, 5, 8, WIN),
    GameRecord(1, 7, 6, DRAW),
    GameRecord(2, 2, 1, LOSS),
    GameRecord(2, 6, 5, WIN),
    GameRecord(2, 8, 7, DRAW),
    GameRecord(2, 4, 3, WIN),
]


def test_after_the_seeding_a_bracket_is_ordered_by_the_index() -> None:
    # The 1-point group {2, 4, 5, 7}: Sonneborn-Berger 7 (½×1.5 + ½×0.5 = 1.0), 5 (1×0.5),
    # then 2 and 4 (0, Buchholz 2 each: pairing number). Top against bottom: 7-4 and 5-2;
    # 1 (2 points) floats down to 6 (1.5), 8 (0.5) to 3 (0).
    scores = {e: (s, e) for e, s in {2: 10, 4: 10, 5: 10, 7: 10}.items()}
    rounds = outcomes(ROUNDS_1_2, PointSystem(), frozenset())
    ix = indexes(scores, rounds, played_rounds=2, extra={}, system=PointSystem())
    assert [e for e in sorted(ix, key=lambda e: ix[e].key())] == [7, 5, 2, 4]
    assert (ix[7].sb, ix[5].sb, ix[2].sb, ix[2].bh) == (100, 50, 0, 20)
    pairs = pair_burstein(roster(8), round_no=3, games=ROUNDS_1_2)
    assert boards(pairs) == [(1, 6), (5, 2), (7, 4), (3, 8)]
    assert pairs[2].reasons[0].to_dict() == {"code": "burstein_pair", "score": 1.0}
    assert pairs[0].reasons[0].to_dict() == {
        "code": "burstein_float",
        "entry": 1,
        "from": 2.0,
        "to": 1.5,
    }


def test_an_unplayed_round_counts_a_virtual_opponent() -> None:
    games = [
        GameRecord(1, 1, None, HALF_BYE),
        GameRecord(1, 3, 2, WIN),
        GameRecord(2, 1, 2, WIN),
        GameRecord(2, 3, None, ZERO_BYE),
    ]
    rounds = outcomes(games, PointSystem(), frozenset())
    ix = indexes({1: (15, 1), 3: (10, 3)}, rounds, played_rounds=2, extra={}, system=PointSystem())
    # 1: round 1's virtual opponent has ½ (his score before) + ½ (the bye's draw) + ½ (a draw
    # for round 2) = 1; round 2's opponent 2 has 0 (his unplayed games count as draws: none).
    assert (ix[1].bh, ix[1].sb) == (10, 5 * 10)
    # 3: round 2's absence is a loss: the virtual opponent has 1 (3's score) + 1 (the win).
    assert (ix[3].bh, ix[3].sb) == (20, 0)


def test_index_across_two_scores_multiplies_buchholz_by_the_score() -> None:
    floater = Index(score=20, sb=50, bh=10, median=0, rank=9)
    resident = Index(score=10, sb=50, bh=15, median=0, rank=2)
    assert resident.below(floater)  # 15 × 1 < 10 × 2
    assert not Index(10, 50, 25, 0, 2).below(floater)


def test_a_cyclic_order_sorts_as_cpp_list_sort() -> None:
    order = {(1, 2), (2, 3), (3, 1)}  # a before b: 1 > 2 > 3 > 1

    def less(a: int, b: int) -> bool:
        return (a, b) in order

    # 3, then 2 merged before it ([2, 3]), then 1 alone; the last merge puts 1 before 2:
    # libstdc++'s order, not a transitive sort's
    assert merge_sort([3, 2, 1], less) == [1, 2, 3]
    assert merge_sort([2, 1, 3], less) == [3, 1, 2]  # [1, 2] and [3]: 3 goes before 1
    assert merge_sort([5, 1, 4, 2, 3], lambda a, b: a < b) == [1, 2, 3, 4, 5]


def _player(entry: int, rank: int, colours: str) -> DutchPlayer:
    return DutchPlayer(entry=entry, rank=rank, score=10, real_score=10, colours=tuple(colours))


def test_e4_the_higher_index_gets_his_preference() -> None:
    a, b = _player(1, 1, "FS"), _player(2, 2, "FS")
    low = {1: Index(10, 0, 10, 0, 1), 2: Index(10, 50, 10, 0, 2)}
    assert colour_of(a, b, low, True) == ("S", "E4")  # 2's index is higher: he moves first
    high = {1: Index(10, 60, 10, 0, 1), 2: Index(10, 50, 10, 0, 2)}
    assert colour_of(a, b, high, True) == ("F", "E4")
    assert MESSAGES["burstein_e4"]


def test_bye_to_the_lowest_without_a_bye_yet() -> None:
    games = [
        GameRecord(1, 1, 2, WIN),
        GameRecord(1, 3, 4, WIN),
        GameRecord(1, 5, None, BYE),
        GameRecord(2, 1, 3, WIN),
        GameRecord(2, 4, 5, WIN),
        GameRecord(2, 2, None, BYE),
    ]
    # The 1-point players by index: 3, 4, 5, 2 (2's bye counts its virtual opponent: 0).
    # 2 and 5 had the bye: it goes to 4, before the brackets are made.
    pairs = pair_burstein(roster(5), round_no=3, games=games)
    assert boards(pairs) == [(5, 1), (2, 3), (4, None)]
    assert pairs[-1].reasons[0].to_dict() == {"code": "burstein_bye", "entry": 4, "score": 1.0}


def test_no_bye_candidate_raises() -> None:
    games = [GameRecord(1, 1, None, BYE)]
    with pytest.raises(PairingImpossible) as e:
        pair_burstein([SwissPlayer(1, 1)], round_no=2, games=games)
    assert e.value.code == "no_bye_candidate"


def test_rematch_impossible_raises() -> None:
    games = [GameRecord(1, 1, 2, WIN)]
    with pytest.raises(PairingImpossible) as e:
        pair_burstein(roster(2), round_no=2, games=games)
    assert e.value.code == "no_complete_pairing"
    assert e.value.params["round"] == 2


def test_requested_byes_are_not_paired() -> None:
    pairs = pair_burstein(roster(5), round_no=1, requested_byes={5})
    assert 5 not in {e for p in pairs for e in p.entries}
    assert pairs_of(pairs) == {frozenset((1, 2)), frozenset((3, 4))}


def test_one_matching_decides_the_mates_of_several_players(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Round 1 of 40: each half (20, no meeting forbidden) is paired top against bottom. A
    matching decides the mates of up to three players (``burstein_brackets.LOOKAHEAD``, their
    candidates' low bits as digits), so the 20 pairs take fewer than 10 matchings, and the
    boards are those of a matching per player (1-20, 2-19, …)."""
    from tournaments.pairing import burstein, burstein_brackets
    from tournaments.pairing.matching import Matcher

    real = Matcher.solve
    calls: list[int] = []

    def counting(m: Matcher) -> list[int]:
        calls.append(1)
        return real(m)

    real_form = burstein_brackets.form_brackets
    forming: list[int] = []

    def form(*args):
        bounds = real_form(*args)
        forming.append(len(calls))  # the matchings that found the brackets
        return bounds

    monkeypatch.setattr(Matcher, "solve", counting)
    monkeypatch.setattr(burstein, "form_brackets", form)
    pairs = pair_burstein(roster(40), round_no=1)
    assert {frozenset(b) for b in boards(pairs)} == {
        frozenset((i, 21 - i)) for i in range(1, 11)
    } | {frozenset((i, 61 - i)) for i in range(21, 31)}
    in_brackets = len(calls) - forming[0]
    assert 2 <= in_brackets < len(pairs) // 2
