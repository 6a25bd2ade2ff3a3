"""``dutch_remainder.transpose`` lets one matching choose the partners of up to ``LOOKAHEAD``
S1 players (their preferences as digits of the low bits): the pairing must be the one of a
matching per player (``LOOKAHEAD = 1``), with fewer matchings."""

from __future__ import annotations

import pytest

from tournaments.pairing import dutch_remainder, swiss
from tournaments.pairing import matching as matching_module
from tournaments.pairing.simulate import SwissSimulation


def _pair(sim: SwissSimulation, rn: int, log, monkeypatch, ahead: int):  # type: ignore[no-untyped-def]
    """Round ``rn`` paired again with ``LOOKAHEAD = ahead``: (the boards, the matchings)."""
    calls = 0
    solve = matching_module.Matcher.solve

    def counting(matcher):  # type: ignore[no-untyped-def]
        nonlocal calls
        calls += 1
        return solve(matcher)

    with monkeypatch.context() as m:
        m.setattr(dutch_remainder, "LOOKAHEAD", ahead)
        m.setattr(matching_module.Matcher, "solve", counting)
        pairs = swiss.pair_swiss(
            sim.roster_at(rn),
            round_no=rn,
            games=[g for g in sim.games if g.round < rn],
            total_rounds=sim.total_rounds,
            requested_byes=log.requested_byes,
        )
    return [(p.board, p.first, p.second, tuple(p.reasons)) for p in pairs], calls


@pytest.mark.parametrize(
    ("n", "seed", "draw_rate"), [(90, 1, 0.3), (131, 2, 0.2), (200, 3, 0.3), (75, 4, 0.0)]
)
def test_the_lookahead_pairs_as_a_matching_per_player(
    n: int, seed: int, draw_rate: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    sim = SwissSimulation(n, seed=seed, draw_rate=draw_rate, bye_request_rate=0.02, total_rounds=8)
    one_total = many_total = 0
    for _ in range(sim.total_rounds):
        log = sim.play_round()
        rn = log.round_no
        one, one_calls = _pair(sim, rn, log, monkeypatch, 1)
        for ahead in (2, 6):
            many, many_calls = _pair(sim, rn, log, monkeypatch, ahead)
            assert many == one, f"round {rn}, LOOKAHEAD {ahead}"
        many_total += many_calls
        one_total += one_calls
    assert many_total < one_total  # the lookahead spares matchings
