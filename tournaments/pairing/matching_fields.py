"""The bit widths of a packed weight's fields, for :mod:`tournaments.pairing.matching`.

A field needs the width of the largest sum of its values over a matching: at most ``count``
edges of a matching have it set, each at most ``top``. The bounds on ``count`` are here, and one
exact rewriting of a field that makes it narrower: the *complement* (``flips``).

Complement. Let a higher field ``f`` be an indicator (every edge's value 0 or 1) set on every
edge where a field ``g`` is set, and ``t`` the largest value of ``g``. Where two matchings are
compared on ``g`` (lexicographically), their sums of ``f`` are equal, so the sum of ``g`` orders
them as the sum of ``g - t * f`` does: ``g`` can be replaced by ``g - t * f`` (zero or below).
The replacement is nonzero only where ``g`` is short of its best, e.g. a pair of the bracket
that misses a colour criterion, rather than on every pair of the bracket that meets it; a big
bracket with many criteria is mostly pairs that meet them, so the complements need far fewer
bits than the fields (and the weights stay within the fast matcher's 120 bits).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import chain

import rustworkx as rx

FAST_BITS = 120  # rustworkx keeps weights and duals (up to a few times the widest edge) in i128
Parts = tuple[tuple[int, int], ...]  # a weight's nonzero fields: (field index, value)
# ``support``'s counts: how many vertices have an edge with each field set, how many have an
# edge, each vertex's fields
Support = tuple[list[int], int, list[set[int]]]
# a packing's bounds: each field's largest value, each weight's fields set, how many pairs of a
# matching can carry each field, and the support
Fields = tuple[list[int], dict[int, tuple[int, ...]], list[int], Support]


def offsets_for(top: list[int], count: list[int]) -> tuple[list[int], int, int]:
    """The fields' offsets when a matching has at most ``count[f]`` edges with field f set
    (each at most ``top[f]`` in absolute value), the bits they need and the widest edge's
    width."""
    last = len(top) - 1
    offsets = [0] * len(top)
    bit = 0
    edge_bits = 0  # the widest edge weight (without the ties)
    for f in range(last, -1, -1):
        if top[f]:
            offsets[f] = bit
            edge_bits = bit + top[f].bit_length()
            # the most a matching can sum in this field (twice for the signed low bits)
            cap = top[f] * count[f] * (2 if f == last else 1)
            bit += max(cap.bit_length(), 1)
    return offsets, bit, edge_bits


def field_tops(
    distinct: set[int], parts_of: Callable[[int], Parts], nfields: int
) -> tuple[list[int], dict[int, tuple[int, ...]]]:
    """The largest absolute value of each field over the weights, and each weight's fields
    set."""
    top = [0] * nfields
    kinds: dict[int, tuple[int, ...]] = {}
    for w in distinct:
        parts = parts_of(w)
        kinds[w] = tuple(f for f, _ in parts)
        for f, v in parts:
            if abs(v) > top[f]:
                top[f] = abs(v)
    return top, kinds


def support(values: list[set[int]], kinds: dict[int, tuple[int, ...]], nfields: int) -> Support:
    """How many vertices have an edge with each field set, how many have an edge, and each
    vertex's fields."""
    having = [0] * nfields
    active = 0
    kinds_of = kinds.__getitem__
    fields: list[set[int]] = []
    for row_values in values:
        if not row_values:
            fields.append(set())
            continue
        active += 1
        row_fields = set(chain.from_iterable(map(kinds_of, row_values)))
        fields.append(row_fields)
        for f in row_fields:
            having[f] += 1
    return having, active, fields


def field_counts(
    values: list[set[int]], kinds: dict[int, tuple[int, ...]], nfields: int
) -> tuple[list[int], int, Support]:
    """How many edges of a matching can have each field set (at most half the vertices
    with such an edge), the most pairs a matching can have, and ``support``'s counts."""
    counted = support(values, kinds, nfields)
    having, active, _ = counted
    pairs = active // 2
    return [min(pairs, having[f] // 2) for f in range(nfields)], pairs, counted


class Room:
    """The packing's bounds on how many pairs of a matching carry each field, kept valid as
    edges change between repackings (``grow``), against the most that each field's width
    (and the ties' width) holds. A field's bound: the packing's count plus the edges that have
    newly taken the field since (each adds at most one such pair to a matching), and half the
    vertices with such an edge, and half the vertices with an edge."""

    def __init__(
        self,
        counted: Support,
        count: list[int],
        top: list[int],
        offsets: list[int],
        ties: tuple[int, int],
    ) -> None:
        self.having, self.active, self.fields = counted
        self.having = list(self.having)
        self.count = list(count)
        last = len(top) - 1
        self.room: list[int | None] = [None] * len(top)  # (None: no bound, the first field)
        above = None
        for f, t in enumerate(top):
            if not t:
                continue
            if above is not None:
                width = offsets[above] - offsets[f]
                self.room[f] = ((1 << width) - 1) // (t * (2 if f == last else 1))
            above = f
        tie_top, tie_bits = ties
        self.pair_room = ((1 << tie_bits) - 1) // tie_top if tie_top else None

    def grow(self, i: int, j: int, fields: set[int]) -> bool:
        """The edge ``i``-``j`` (the graph's vertices) has newly taken ``fields``: False when
        a bound now goes past what its width holds (the weights must be repacked)."""
        having, count, active = self.having, self.count, self.active
        for v in (i, j):
            have = self.fields[v]
            if not have:
                self.active += 1
            for f in fields - have:
                having[f] += 1
            have |= fields
        for f in fields:
            count[f] += 1
        pairs = self.active // 2
        room = self.room
        # (one more vertex with an edge can raise every field's bound)
        for f in fields if self.active == active else range(len(count)):
            cap = room[f]
            if cap is not None and min(count[f], having[f] // 2, pairs) > cap:
                return False
        return self.pair_room is None or pairs <= self.pair_room


def closer_counts(
    lows: list[dict[int, int]],
    kinds: dict[int, tuple[int, ...]],
    count: list[int],
    local: dict[int, int] | None,
    top: list[int],
) -> None:
    """Closer bounds on ``count`` (updated in place), for when the first ones are too wide.
    ``lows``: each vertex's edges to lower vertices (``local`` maps their ends to the graph's
    vertices, when the graph is part of the whole)."""
    nfields = len(count)
    # The edges with a field set all touch their lower (or their higher) players, so a
    # matching has no more of them than there are such players.
    lower: list[set[int]] = [set() for _ in range(nfields)]
    higher: list[set[int]] = [set() for _ in range(nfields)]
    for li, row in enumerate(lows):
        for j, w in row.items():
            for f in kinds[w]:
                lower[f].add(j)
                higher[f].add(li)
    for f in range(nfields):
        count[f] = min(count[f], len(lower[f]), len(higher[f]))
    if min(offsets_for(top, count)[1:]) <= FAST_BITS:
        return
    # Closer still: the largest matching of each field's edges (a few small matchings are
    # much cheaper than one over Python integers).
    for f in range(1, nfields):
        if count[f] <= 1:
            continue
        h = rx.PyGraph(multigraph=False)
        h.add_nodes_from(range(len(lows)))
        h.add_edges_from_no_data(
            [
                (li, j if local is None else local[j])
                for li, row in enumerate(lows)
                for j, w in row.items()
                if f in kinds[w]
            ]
        )
        count[f] = len(rx.max_weight_matching(h, max_cardinality=True))


def flips(
    distinct: set[int],
    parts_of: Callable[[int], Parts],
    top: list[int],
    values: list[set[int]],
    kinds: dict[int, tuple[int, ...]],
) -> dict[int, tuple[int, int]]:
    """The fields worth replacing by their complement: ``{g: (f, t)}`` for ``g - t * f``,
    where fewer vertices have an edge with the complement set than with the field."""
    nfields = len(top)
    last = nfields - 1
    having: list[set[int]] = [set() for _ in range(nfields)]  # the weights with each field set
    for w in distinct:
        for f in kinds[w]:
            having[f].add(w)
    indicators = [f for f in range(1, last) if top[f] == 1]
    chosen: dict[int, tuple[int, int]] = {}
    for g in range(2, last):
        if not having[g]:
            continue
        # the nearest higher indicator set wherever g is
        pivot = next((f for f in reversed(indicators) if f < g and having[g] <= having[f]), None)
        if pivot is not None:
            chosen[g] = (pivot, top[g])
    if not chosen:
        return {}
    flipped = {}
    memo: dict[Parts, tuple[int, ...]] = {}  # by the fields above the low bits (not flipped)
    for w in distinct:
        parts = parts_of(w)
        key = parts[:-1] if parts and parts[-1][0] == last else parts
        out = memo.get(key)
        if out is None:
            out = memo[key] = tuple(f for f, _ in complement(key, chosen))
        flipped[w] = out + kinds[w][len(key) :]
    before = support(values, kinds, nfields)[0]
    after = support(values, flipped, nfields)[0]
    return {g: pt for g, pt in chosen.items() if after[g] < before[g]}


def complement(parts: Parts, chosen: dict[int, tuple[int, int]]) -> Parts:
    """A weight's fields with those of ``chosen`` replaced by their complements."""
    original = dict(parts)
    values = dict(parts)
    for g, (f, t) in chosen.items():
        if f in original:
            v = original.get(g, 0) - t * original[f]
            if v:
                values[g] = v
            else:
                values.pop(g, None)
    return tuple(sorted(values.items()))


def edges_with(
    lows: list[dict[int, int]],
    kinds: dict[int, tuple[int, ...]],
    fields: dict[int, tuple[int, int]],
    chosen: list[int] | None,
) -> set[tuple[int, int]]:
    """The edges (``(larger, smaller)`` vertices; ``chosen``: the vertices of ``lows``' rows,
    when the graph is part of the whole) with one of ``fields`` set."""
    having = {w for w, k in kinds.items() if not fields.keys().isdisjoint(k)}
    return {
        (li if chosen is None else chosen[li], j)
        for li, row in enumerate(lows)
        for j, w in row.items()
        if w in having
    }


def packed_graph(
    lows: list[dict[int, int]],
    packed: dict[int, int],
    ties: dict[tuple[int, int], int],
    chosen: list[int] | None,
    local: dict[int, int],
) -> rx.PyGraph:
    """The graph for the blossom: the packed weights of ``lows``' edges (each vertex's edges to
    lower ones; ``chosen``: the vertices of its rows and ``local`` their indices, when the
    graph is part of the whole), with the ties in the low bits."""
    g = rx.PyGraph(multigraph=False)
    g.add_nodes_from(range(len(lows)))
    tied = {i for i, _ in ties}
    edges: list[tuple[int, int, int]] = []
    if chosen is None:
        for i, row in enumerate(lows):
            if i in tied:
                edges.extend((i, j, packed[w] + ties.get((i, j), 0)) for j, w in row.items())
            else:
                edges.extend((i, j, packed[w]) for j, w in row.items())
    else:
        for li, row in enumerate(lows):
            i = chosen[li]
            if i in tied:
                edges.extend(
                    (li, local[j], packed[w] + ties.get((i, j), 0)) for j, w in row.items()
                )
            else:
                edges.extend((li, local[j], packed[w]) for j, w in row.items())
    g.add_edges_from(edges)
    return g
