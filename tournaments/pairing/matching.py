"""Maximum-weight matching over integer weights of any size, with fixed pairs.

``Matcher(n, layout)`` holds a graph on vertices ``0..n-1``; ``set(i, j, w)`` sets an edge's
weight (0 removes it; ``set_edges`` many of one vertex), ``fix(i, j)`` takes the pair out of the
graph for good, ``solve()`` returns ``mate`` (``mate[v] == v`` for a vertex left unmatched) of a
maximum-weight matching of the remaining graph, with the fixed pairs.

The weights are wide (one bit field per pairing criterion, sized for the worst case). Before
each matching they are repacked: every field gets just the width that the sum of its values over
a matching can need, fields that are zero on every edge get none, and the packed weights go to
rustworkx's blossom (integers up to 2**127) when they fit. When they do not (a big bracket with
many criteria), the fields met by most pairs are packed as their complements, nonzero only on the
pairs that miss them (``matching_fields``), and the bounds are made closer; networkx's blossom,
which works on Python integers of any size, is left for what still does not fit. The repacking
keeps the order of any two matchings' total weights, so both give a maximum of the same weight.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence

import rustworkx as rx

from .matching_fields import (
    FAST_BITS,
    Fields,
    Parts,
    Room,
    closer_counts,
    complement,
    edges_with,
    field_counts,
    field_tops,
    flips,
    offsets_for,
    packed_graph,
)

__all__ = ["FAST_BITS", "Matcher"]


class Matcher:
    """``layout``: (offset, width) of the weight's fields, most significant first; the last
    field is signed (the low bits, which may go below zero), the first unbounded.

    The packed graph is kept between matchings: ``refresh()`` (at each new bracket) repacks
    every edge; between refreshes only the edges changed are updated, as long as their fields,
    and how many pairs of a matching can carry each field (``matching_fields.Room``), stay
    within the packing's bounds (otherwise everything is repacked).
    """

    def __init__(self, n: int, layout: Sequence[tuple[int, int]]) -> None:
        self.n = n
        self.w: list[dict[int, int]] = [{} for _ in range(n)]
        # the edges (i, j) with j < i, row i in the order of ``w[i]`` (the graph's edge order)
        self.lo: list[dict[int, int]] = [{} for _ in range(n)]
        self.fixed: dict[int, int] = {}
        self.layout = list(layout)
        self._split: dict[int, Parts] = {}
        self._split_high: dict[int, Parts] = {}  # the same for the weights' fields above the low
        self._starts: list[int] | None = None  # the fields' offsets, lowest first
        self.calls = self.slow_calls = 0
        # the edges changed since the graph was last brought up to date, with their weights then
        self._stale, self._dirty = True, dict[tuple[int, int], int]()
        self._graph: rx.PyGraph | None = None
        self._offsets: list[int] = []
        self._top: list[int] = []
        self._fast = False
        self._ties: dict[tuple[int, int], int] = {}
        self._tie_bits = self._tie_top = 0
        # fields packed as their complements (``matching_fields.flips``), this packing's
        self._flips: dict[int, tuple[int, int]] = {}
        self._flipped: dict[int, Parts] = {}  # the weights' fields with the complements
        self._flip_edges: set[tuple[int, int]] = set()  # the edges with a complement set
        # the packed fields above the low bits, this packing's (see ``_pack_high``)
        self._packed_high: dict[int, tuple[int | None, bool]] = {}
        self._kinds: dict[int, tuple[int, ...]] = {}  # the packed weights' fields set
        self._room: Room | None = None  # the bounds on the fields' counts, kept up to date
        # the vertices of the graph matched (None: all); edges leaving them are left out
        self.active: list[int] | None = None
        self._local: dict[int, int] = {}

    def set_active(self, vertices: Sequence[int] | None) -> None:
        """Match only ``vertices`` (the others and their edges are left out of the graph)."""
        self.active = None if vertices is None else list(vertices)
        self._local = {} if vertices is None else {v: k for k, v in enumerate(self.active)}
        self._stale = True

    def set(self, i: int, j: int, weight: int) -> None:
        self.set_edges(i, ((j, weight),))

    def set_edges(self, i: int, edges: Iterable[tuple[int, int]]) -> None:
        """``set(i, j, w)`` for each ``(j, w)`` of ``edges``, in order."""
        fixed = self.fixed
        if i in fixed:
            return
        lo, w, dirty = self.lo, self.w, self._dirty
        lo_i, w_i = lo[i], w[i]
        for j, weight in edges:
            if j < i:
                row, key = lo_i, (i, j)
            else:
                row, key = lo[j], (j, i)
            old = row.get(key[1], 0)
            if old == weight or j in fixed:
                continue
            if weight:
                row[key[1]] = w_i[j] = w[j][i] = weight
            else:
                del row[key[1]], w_i[j], w[j][i]
            dirty.setdefault(key, old)

    def set_ties(self, ties: dict[tuple[int, int], int]) -> None:
        """Small tie-break values (``(larger, smaller)`` vertex keys) below every field: among
        the maximum matchings of the weights, one of the largest total tie value is returned
        (to find the candidate the caller will choose without more matchings)."""
        self._ties = ties
        self._stale = True

    def get(self, i: int, j: int) -> int:
        return self.w[i].get(j, 0)

    def refresh(self, layout: Sequence[tuple[int, int]] | None = None) -> None:
        """Repack everything at the next matching (a new bracket, or a new layout)."""
        if layout is not None:
            self.layout = list(layout)
            self._split.clear()
            self._split_high.clear()
            self._starts = None
        self._stale = True

    def fix(self, i: int, j: int) -> None:
        for v in (i, j):
            for u, old in list(self.w[v].items()):
                self.w[u].pop(v, None)
                if u > v:
                    self.lo[u].pop(v, None)
                self._dirty.setdefault((u, v) if u > v else (v, u), old)
            self.w[v] = {}
            self.lo[v] = {}
        self.fixed[i] = j
        self.fixed[j] = i

    def split(self, weight: int) -> Parts:
        """The weight's nonzero fields as (field index, value)."""
        out = self._split.get(weight)
        if out is not None:
            return out
        low, high = self._cut(weight)
        parts = self._split_high.get(high)
        if parts is None:
            parts = self._split_high[high] = self._split_fields(high)
        out = (*parts, (len(self.layout) - 1, low)) if low else parts
        self._split[weight] = out
        return out

    def _cut(self, weight: int) -> tuple[int, int]:
        """The weight's low bits (signed) and the rest."""
        low_width = self.layout[-1][1]
        half = 1 << (low_width - 1)
        low = ((weight + half) & ((1 << low_width) - 1)) - half
        return low, weight - low

    def _split_fields(self, high: int) -> Parts:
        """The nonzero fields above the low bits of ``high`` (whose low bits are zero)."""
        parts = []
        last = len(self.layout) - 1
        if high > 0:
            # the fields with a bit set, from the most significant one down
            starts = self._starts
            if starts is None:
                starts = self._starts = [offset for offset, _ in reversed(self.layout[:-1])]
            while high:
                k = bisect_right(starts, high.bit_length() - 1) - 1
                f = last - 1 - k
                offset = starts[k]
                v = high >> offset
                if f:
                    v &= (1 << self.layout[f][1]) - 1
                parts.append((f, v))
                high -= v << offset
        elif high:
            for f, (offset, width) in enumerate(self.layout[:-1]):
                v = high >> offset
                if f:
                    v &= (1 << width) - 1
                if v:
                    parts.append((f, v))
        return tuple(parts)

    def _parts(self, weight: int) -> Parts:
        """The weight's nonzero fields as packed: with the complements of ``_flips``."""
        if not self._flips:
            return self.split(weight)
        out = self._flipped.get(weight)
        if out is None:  # (the complements of the fields above the low bits, once each)
            self.split(weight)
            low, high = self._cut(weight)
            out = self._flipped.get(high)
            if out is None:
                out = self._flipped[high] = complement(self._split_high[high], self._flips)
            out = self._flipped[weight] = (*out, (len(self.layout) - 1, low)) if low else out
        return out

    def _pack(self, weight: int, edge: tuple[int, int]) -> int | None:
        """The packed weight, or None when a field is out of the packing's bounds."""
        low, high = self._cut(weight)
        hit = self._packed_high.get(high)
        if hit is None:
            hit = self._packed_high[high] = self._pack_high(high)
        total, flipped = hit
        if total is None or abs(low) > self._top[-1]:
            return None
        if flipped and edge not in self._flip_edges:
            return None  # (a complement's bound holds for the edges it was set on)
        return total + (low << self._offsets[-1])

    def _pack_high(self, high: int) -> tuple[int | None, bool]:
        """The packed fields above the low bits (None when out of bounds), and whether a
        complement is set."""
        parts = self._split_high.get(high)
        if parts is None:
            parts = self._split_high[high] = self._split_fields(high)
        chosen = self._flips
        if chosen:
            parts = complement(parts, chosen)
        top, offsets = self._top, self._offsets
        total = 0
        flipped = False
        for f, v in parts:
            if abs(v) > top[f]:
                return None, False
            if f in chosen:
                if v > 0:
                    return None, False
                flipped = True
            total += v << offsets[f]
        return total, flipped

    def _rebuild(self) -> None:
        """Repack every edge of the graph matched (the fields' widths for this graph, then the
        packed graph itself)."""
        rows, lows = self._rows()
        values = [set(row.values()) for row in rows]
        distinct: set[int] = set().union(*values)
        nfields = len(self.layout)
        self._flips = {}
        self._packed_high = {}
        top, kinds = field_tops(distinct, self.split, nfields)
        count, pairs, counted = field_counts(values, kinds, nfields)
        tie_top = self._tie_top_of(rows)
        tie_bits = (tie_top * pairs).bit_length()
        offsets, bit, edge_bits = offsets_for(top, count)
        if min(bit, edge_bits) > FAST_BITS:
            (top, kinds, count, counted), offsets, bit, edge_bits = self._narrow(
                distinct, values, lows, (top, kinds, count, counted), tie_bits
            )
        ties = self._ties
        if bit + tie_bits > FAST_BITS:  # the ties are only a help: not at the price of speed
            ties, tie_top, tie_bits = {}, 0, 0
        self._tie_top, self._tie_bits = tie_top, tie_bits
        self._top, self._offsets, self._kinds = top, offsets, kinds
        self._room = Room(counted, count, top, offsets, (tie_top, tie_bits))
        # No field lies above the most significant one: it needs no room for a matching's sum,
        # and the blossom's duals and slacks stay within a few times the widest edge weight
        # (no matching's total is computed), so the edges' width is what must fit.
        self._fast = min(bit, edge_bits) + tie_bits <= FAST_BITS
        parts = self._parts
        packed = {w: sum(v << offsets[f] for f, v in parts(w)) << tie_bits for w in distinct}
        self._graph = packed_graph(lows, packed, ties, self.active, self._local)
        self._stale = False
        self._dirty.clear()

    def _narrow(
        self,
        distinct: set[int],
        values: list[set[int]],
        lows: list[dict[int, int]],
        fields: Fields,
        tie_bits: int,
    ) -> tuple[Fields, list[int], int, int]:
        """Narrower fields when the weights are too wide for the fast matcher (and the ties):
        the complements, then closer bounds. Returns the fields' bounds (``top``, kinds,
        ``count``, support), the offsets, the bits and the widest edge's width."""
        top, kinds, count, counted = fields
        nfields = len(top)
        self._flips = flips(distinct, self.split, top, values, kinds)
        if self._flips:
            self._flipped = {}
            top, kinds = field_tops(distinct, self._parts, nfields)
            count, _, counted = field_counts(values, kinds, nfields)
            self._flip_edges = edges_with(lows, kinds, self._flips, self.active)
        offsets, bit, edge_bits = offsets_for(top, count)
        if min(bit, edge_bits) > FAST_BITS or bit + tie_bits > FAST_BITS:
            local = None if self.active is None else self._local
            closer_counts(lows, kinds, count, local, top)
            offsets, bit, edge_bits = offsets_for(top, count)
        return (top, kinds, count, counted), offsets, bit, edge_bits

    def _rows(self) -> tuple[list[dict[int, int]], list[dict[int, int]]]:
        """The rows of the graph matched (every vertex, or the active ones): all edges, and
        those to lower vertices."""
        chosen, local = self.active, self._local
        if chosen is None:
            return self.w, self.lo
        rows = [{j: w for j, w in self.w[v].items() if j in local} for v in chosen]
        lows = [{j: w for j, w in self.lo[v].items() if j in local} for v in chosen]
        return rows, lows

    def _tie_top_of(self, rows: list[dict[int, int]]) -> int:
        """The largest tie on an edge of the graph matched."""
        local, best = self._local, 0
        for (i, j), t in self._ties.items():
            if t > best:
                li = i if self.active is None else local.get(i)
                if li is not None and j in rows[li]:
                    best = t
        return best

    def _update(self) -> bool:
        """Apply the changed edges; False when a repacking is needed."""
        g = self._graph
        assert g is not None
        local = self._local if self.active is not None else None
        w_rows, ties, tie_bits, tie_top = self.w, self._ties, self._tie_bits, self._tie_top
        room, kinds_of = self._room, self._kinds_of
        assert room is not None
        for (gi, gj), old in self._dirty.items():
            i, j = gi, gj
            if local is not None:
                i, j = local.get(gi, -1), local.get(gj, -1)
                if i < 0 or j < 0:
                    continue
            w = w_rows[gi].get(gj, 0)
            if not w:
                if g.has_edge(i, j):
                    g.remove_edge(i, j)
                continue
            packed = self._pack(w, (gi, gj))
            if packed is None:
                return False
            new, was = kinds_of(w), kinds_of(old) if old else ()
            if new != was:  # (a field newly on the edge: more pairs may carry it)
                grown = set(new).difference(was)
                if grown and not room.grow(i, j, grown):
                    return False
            packed <<= tie_bits
            if tie_bits:
                tie = ties.get((gi, gj), 0)
                if tie > tie_top:
                    return False
                packed += tie
            try:
                g.update_edge(i, j, packed)
            except rx.NoEdgeBetweenNodes:
                g.add_edge(i, j, packed)
        self._dirty.clear()
        return True

    def _kinds_of(self, weight: int) -> tuple[int, ...]:
        """The fields set in the weight as packed."""
        out = self._kinds.get(weight)
        if out is None:
            out = self._kinds[weight] = tuple(f for f, _ in self._parts(weight))
        return out

    def solve(self) -> list[int]:
        self.calls += 1
        mate = list(range(self.n))
        for v, u in self.fixed.items():
            mate[v] = u
        if self._stale or not self._update():
            self._rebuild()
        g = self._graph
        assert g is not None
        if g.num_edges() == 0:
            return mate
        if self._fast:
            found = rx.max_weight_matching(g, weight_fn=int)
        else:
            import networkx as nx  # (slow to import, and rarely needed)

            self.slow_calls += 1
            h = nx.Graph()
            h.add_weighted_edges_from(g.weighted_edge_list())
            found = nx.max_weight_matching(h)
        if self.active is not None:
            active = self.active
            found = {(active[a], active[b]) for a, b in found}
        for a, b in found:
            mate[a], mate[b] = b, a
        return mate
