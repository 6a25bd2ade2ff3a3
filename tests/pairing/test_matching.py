"""The matcher's packing (``tournaments.pairing.matching``): weights with many criteria fields
that a plain packing makes wider than rustworkx's integers stay on the fast matcher when the
fields are packed as their complements (``matching_fields.flips``), and the matching is still a
maximum of the unpacked (Python integer) weights, which networkx finds on its own.
"""

from __future__ import annotations

import random

import networkx as nx
import pytest

from tournaments.pairing import matching_fields
from tournaments.pairing.matching import FAST_BITS, Matcher

WIDTH = 8  # each field's width in the unpacked weight


def _layout(fields: int) -> list[tuple[int, int]]:
    """``fields`` fields of WIDTH bits, then signed low bits, most significant first."""
    return [((fields - f) * WIDTH, WIDTH) for f in range(fields)] + [(0, WIDTH)]


def _weights(n: int, fields: int, seed: int, miss: float) -> dict[tuple[int, int], int]:
    """A bracket's weights: completion (field 0), in the bracket (field 1, an indicator on
    most edges, the others only there), then criteria met (1; 2 for every fifth field) or
    missed (less, with chance ``miss``) by the pairs in the bracket, and low bits."""
    rng = random.Random(seed)
    out = {}
    for i in range(n):
        for j in range(i):
            if rng.random() < 0.1:
                continue  # players who may not meet
            in_bracket = rng.random() < 0.8
            values = [rng.randint(1, 3), int(in_bracket)]
            for f in range(2, fields):
                met = int(in_bracket and rng.random() >= miss)
                if f % 5 == 0 and met:  # a criterion worth 2, sometimes half met
                    met = 2 - (rng.random() < miss)
                values.append(met)
            w = 0
            for v in values:
                w = (w << WIDTH) | v
            out[i, j] = (w << WIDTH) + rng.randint(-5, 5)
    return out


def _total(weights: dict[tuple[int, int], int], mate: list[int]) -> int:
    return sum(weights[max(v, u), min(v, u)] for v, u in enumerate(mate) if u < v)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_complements_keep_wide_weights_on_the_fast_matcher(seed: int) -> None:
    n, fields = 60, 26  # 30 pairs: 5 bits a field, 26 fields: beyond FAST_BITS
    weights = _weights(n, fields, seed, miss=0.005)
    m = Matcher(n, _layout(fields))
    for (i, j), w in weights.items():
        m.set(i, j, w)
    top = [0] * (fields + 1)
    for w in weights.values():
        for f, v in m.split(w):
            top[f] = max(top[f], abs(v))
    plain = matching_fields.offsets_for(top, [n // 2] * (fields + 1))
    assert min(plain[1:]) > FAST_BITS  # the plain packing would not fit

    mate = m.solve()

    assert m.slow_calls == 0
    assert m._flips  # the complements were used
    g = nx.Graph()
    g.add_weighted_edges_from((i, j, w) for (i, j), w in weights.items())
    best = nx.max_weight_matching(g)
    expected = sum(g[a][b]["weight"] for a, b in best)
    assert _total(weights, mate) == expected


def test_updates_beyond_a_complement_s_edges_repack() -> None:
    """After the first matching, an edge given a missed criterion where the complements had
    none is repacked, not packed out of the complement's bound; the matching stays exact."""
    n, fields = 60, 26
    weights = _weights(n, fields, 4, miss=0.005)
    m = Matcher(n, _layout(fields))
    for (i, j), w in weights.items():
        m.set(i, j, w)
    m.solve()
    assert m._flips
    g_field = next(iter(m._flips))
    offset = _layout(fields)[g_field][0]
    changed = 0
    for (i, j), w in weights.items():
        parts = dict(m.split(w))
        if parts.get(g_field) == 1 and (i, j) not in m._flip_edges:
            weights[i, j] = w - (1 << offset)  # now misses the criterion g_field
            m.set(i, j, weights[i, j])
            changed += 1
            if changed == 30:
                break
    mate = m.solve()
    assert m.slow_calls == 0
    g = nx.Graph()
    g.add_weighted_edges_from((i, j, w) for (i, j), w in weights.items())
    expected = sum(g[a][b]["weight"] for a, b in nx.max_weight_matching(g))
    assert _total(weights, mate) == expected


def test_updates_reaching_edgeless_vertices_recount_the_fields() -> None:
    """Edges given, after a matching, to vertices that had none raise the number of pairs that
    can carry a field; the field's sum must not run into the next field. Fields: the pair
    (0), a criterion (1), low bits (none used). First two pairs carry both; then a path of 12
    vertices that had no edges: its perfect matching (6 pairs) carries the pair only, its other
    one (5 pairs) both fields. A packing sized for the first two pairs (a 2-bit field 1) lets the
    5 criteria outweigh the sixth pair."""
    layout = [(16, 8), (8, 8), (0, 8)]
    both, pair_only = (1 << 16) + (1 << 8), 1 << 16
    weights = {(1, 0): both, (3, 2): both}
    m = Matcher(16, layout)
    for (i, j), w in weights.items():
        m.set(i, j, w)
    m.solve()
    for k in range(4, 15):  # the path 4-5-...-15
        weights[k + 1, k] = pair_only if k % 2 == 0 else both
        m.set(k + 1, k, weights[k + 1, k])

    mate = m.solve()

    g = nx.Graph()
    g.add_weighted_edges_from((i, j, w) for (i, j), w in weights.items())
    expected = sum(g[a][b]["weight"] for a, b in nx.max_weight_matching(g))
    assert expected == 8 * pair_only + 2 * (both - pair_only)
    assert _total(weights, mate) == expected
