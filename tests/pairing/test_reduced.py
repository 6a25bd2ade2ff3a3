"""The smaller graphs the Dutch system pairs a large field's brackets on give the same pairing as
the whole graph: random tournaments (seeded simulations with draws, forfeits, withdrawals,
requested byes and late entries) are paired round by round both ways and must agree board for
board, with the explanations; and the smaller graphs must really have been used (else the
comparison proves nothing).
"""

from __future__ import annotations

import functools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments.pairing import dutch, reduction, swiss
from tournaments.pairing.dutch_round import DutchRound
from tournaments.pairing.simulate import SwissSimulation


class _Counts:
    """Counts the brackets paired on smaller graphs, and their whole-graph fallbacks."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.brackets = 0
        self.full_solves = 0
        original = dutch.pair_round
        counts = self

        def pair(state: DutchRound):  # type: ignore[no-untyped-def]
            out = original(state)
            counts.brackets += state.reduced_brackets
            counts.full_solves += state.full_solves
            return out

        monkeypatch.setattr(dutch, "pair_round", pair)


def _boards(pairs: list) -> list[tuple]:
    return [(p.board, p.first, p.second, tuple(p.reasons)) for p in pairs]


def play_and_compare(sim: SwissSimulation, rounds: int, monkeypatch: pytest.MonkeyPatch) -> int:
    """Play ``rounds`` rounds (paired the fast way); pair each one again on the whole graph and
    compare. Returns the rounds compared."""
    compared = 0
    whole = functools.partial(dutch.pair_dutch, reduced=False)
    for _ in range(rounds):
        log = sim.play_round()
        rn = log.round_no
        games = [g for g in sim.games if g.round < rn]
        with monkeypatch.context() as m:
            m.setattr(swiss, "pair_dutch", whole)
            again = swiss.pair_swiss(
                sim.roster_at(rn),
                round_no=rn,
                games=games,
                total_rounds=sim.total_rounds,
                requested_byes=log.requested_byes,
            )
        assert _boards(log.pairs) == _boards(again), f"round {rn}"
        compared += 1
    return compared


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(min_value=17, max_value=70),
    seed=st.integers(min_value=0, max_value=10**6),
    draw_rate=st.sampled_from([0.0, 0.2, 0.5]),
    forfeit_rate=st.sampled_from([0.0, 0.05]),
    withdraw_rate=st.sampled_from([0.0, 0.03]),
    bye_request_rate=st.sampled_from([0.0, 0.05]),
    late_entries=st.sampled_from([0, 3]),
)
def test_smaller_graphs_pair_as_the_whole_graph(
    n: int,
    seed: int,
    draw_rate: float,
    forfeit_rate: float,
    withdraw_rate: float,
    bye_request_rate: float,
    late_entries: int,
) -> None:
    sim = SwissSimulation(
        n,
        seed=seed,
        draw_rate=draw_rate,
        forfeit_rate=forfeit_rate,
        withdraw_rate=withdraw_rate,
        bye_request_rate=bye_request_rate,
        late_entries=late_entries,
        total_rounds=7,
    )
    with pytest.MonkeyPatch.context() as monkeypatch:
        assert play_and_compare(sim, 7, monkeypatch) == 7


@pytest.mark.parametrize("representatives", [0, 1, reduction.REPRESENTATIVES])
def test_the_smaller_graphs_are_used_and_fall_back_to_the_whole_graph(
    representatives: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With no representatives at all, every matching whose bracket floats a player out is
    computed again on the whole graph (and the number grows); the pairing stays the same."""
    monkeypatch.setattr(reduction, "REPRESENTATIVES", representatives)
    counts = _Counts(monkeypatch)
    sim = SwissSimulation(64, seed=5, draw_rate=0.2, forfeit_rate=0.03, total_rounds=8)
    assert play_and_compare(sim, 8, monkeypatch) == 8
    assert counts.brackets > 20
    if representatives == 0:
        assert counts.full_solves > 0


def test_a_round_with_a_bye_uses_the_smaller_graphs(monkeypatch: pytest.MonkeyPatch) -> None:
    counts = _Counts(monkeypatch)
    sim = SwissSimulation(41, seed=3, draw_rate=0.3, bye_request_rate=0.05, total_rounds=6)
    assert play_and_compare(sim, 6, monkeypatch) == 6
    assert counts.brackets > 0
    assert any(p.second is None for log in sim.log[1:] for p in log.pairs)
