"""Properties over random tournaments paired by the Dutch system: the absolute rules always.

Seeded simulations (``tournaments.pairing.simulate``) of 2–80 players, with draws, forfeits,
withdrawals, requested byes and late entries, for up to n − 1 rounds (at most 9). Whatever the
history: every player is paired once, no rematch, at most one bye and only to a player without a
bye or forfeit win, no absolute colour rule broken (a third same move in a row, a difference over
2), boards in the published order; and when the pairing is refused, an independent matching shows
that no pairing satisfies those rules.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

import pytest
import rustworkx as rx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments.core.history import History
from tournaments.pairing import Pair, PairingImpossible, check_pairings
from tournaments.pairing.simulate import RoundLog, SwissSimulation


def absolute_wish(h: History | None) -> str | None:
    """The move a player must have (difference over 1, or the same move twice in a row)."""
    played = [c for c in (h.colours if h else []) if c in "FS"]
    diff = played.count("F") - played.count("S")
    if diff > 1 or played[-2:] == ["F", "F"]:
        return "S"
    if diff < -1 or played[-2:] == ["S", "S"]:
        return "F"
    return None


def pairable(a: int, b: int, hist: Mapping[int, History]) -> bool:
    ha, hb = hist.get(a), hist.get(b)
    if (ha and b in ha.opponents) or (hb and a in hb.opponents):
        return False
    wa, wb = absolute_wish(ha), absolute_wish(hb)
    return wa is None or wa != wb


def bye_ok(e: int, hist: Mapping[int, History]) -> bool:
    h = hist.get(e)
    return h is None or h.pairing_byes == 0


def perfect_pairing_exists(entries: list[int], hist: Mapping[int, History]) -> bool:
    """Independently of the pairing code: a plain maximum-cardinality matching."""
    graph = rx.PyGraph()
    graph.add_nodes_from(entries)
    n = len(entries)
    edges = [
        (i, j, None)
        for i in range(n)
        for j in range(i + 1, n)
        if pairable(entries[i], entries[j], hist)
    ]
    if n % 2:
        graph.add_node("bye")
        edges += [(i, n, None) for i in range(n) if bye_ok(entries[i], hist)]
    graph.add_edges_from(edges)
    matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda _: 1)
    return 2 * len(matching) == n + n % 2


def standing_key(e: int, hist: Mapping[int, History], rank: dict[int, int]) -> tuple:
    h = hist.get(e)
    return (-(h.points if h else 0.0), rank[e])


def check_round(log: RoundLog, rank: dict[int, int]) -> Counter:
    """Assert the hard rules for one round; count the colour warnings."""
    hist, pairs, active = log.histories, log.pairs, log.active
    seen = Counter(e for p in pairs for e in p.entries)
    assert sorted(seen) == sorted(active) and set(seen.values()) <= {1}
    assert [p.board for p in pairs] == list(range(1, len(pairs) + 1))
    byes = [p for p in pairs if p.is_bye]
    assert len(byes) == len(active) % 2
    assert all(not p.is_bye for p in pairs[: len(pairs) - len(byes)])  # the bye is last
    for p in pairs:
        if p.second is not None:
            assert pairable(p.first, p.second, hist)
    warnings = check_pairings(pairs, hist, round_no=log.round_no, entries=active)
    assert not warnings, warnings  # no absolute colour rule broken
    if byes:
        (bye,) = byes
        assert bye_ok(bye.first, hist)
        assert bye.reasons[0].code == "dutch_bye"

    # Boards: the higher player's score first, then the lower player's, then the higher's rank.
    def key(p: Pair) -> tuple:
        pts = sorted(
            ((hist[e].points if e in hist else 0.0, -rank[e]) for e in p.entries), reverse=True
        )
        return (-pts[0][0], -pts[1][0], -pts[0][1])

    played = [p for p in pairs if not p.is_bye]
    assert [key(p) for p in played] == sorted(key(p) for p in played)
    return Counter(w.code for w in warnings)


def run(sim: SwissSimulation, rounds: int) -> tuple[int, Counter, int]:
    """Play up to ``rounds`` rounds; return (rounds played, colour warnings, boards)."""
    rank = {p.entry: p.rank for p in sim.roster}
    warnings: Counter = Counter()
    boards = 0
    for _ in range(rounds):
        try:
            log = sim.play_round()
        except PairingImpossible as error:
            assert error.code in ("no_complete_pairing", "no_bye_candidate")
            assert sim.attempt is not None
            _, hist, entries = sim.attempt
            assert not perfect_pairing_exists(entries, hist)  # nobody could have been paired
            return len(sim.log), warnings, boards
        warnings += check_round(log, rank)
        boards += len(log.pairs)
    return len(sim.log), warnings, boards


SIZES = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 16, 19, 24, 31, 40, 57, 80]


@pytest.mark.parametrize("n", SIZES)
def test_random_tournaments(n: int) -> None:
    total_boards = 0
    seeds = 4 if n <= 13 else 1
    for seed in range(seeds):
        sim = SwissSimulation(
            n,
            seed=seed,
            draw_rate=0.25,
            forfeit_rate=0.03,
            withdraw_rate=0.02 if seed % 2 else 0.0,
            bye_request_rate=0.04 if seed % 2 else 0.0,
            late_entries=n // 10 if seed % 2 else 0,
        )
        _, warnings, boards = run(sim, min(max(n - 1, 1), 9))
        assert not warnings
        total_boards += boards
    assert total_boards > 0


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(2, 24),
    seed=st.integers(0, 10**6),
    draw_rate=st.floats(0, 0.6),
    forfeit_rate=st.floats(0, 0.1),
    withdraw_rate=st.floats(0, 0.1),
    bye_request_rate=st.floats(0, 0.15),
    late=st.integers(0, 4),
)
def test_hypothesis_tournaments(
    n, seed, draw_rate, forfeit_rate, withdraw_rate, bye_request_rate, late
) -> None:
    sim = SwissSimulation(
        n,
        seed=seed,
        draw_rate=draw_rate,
        forfeit_rate=forfeit_rate,
        withdraw_rate=withdraw_rate,
        bye_request_rate=bye_request_rate,
        late_entries=late,
    )
    run(sim, min(max(n - 1, 1), 9))
