"""The Burstein system's brackets as weighted matchings (C.04.4.2, as bbpPairings pairs them).

The players to pair (the bye's taken out) are the vertices ``0..n-1`` in the order of the
whole field (score, then the index, ``burstein_index``). An edge joins two players who may meet
(never met over the board, not the same absolute colour preference); its weight's fields, from
the most significant down: the pair is made (completion), the pair is inside one bracket, the
pair's colour preferences are compatible (inside the bracket being paired only), and low bits
for the order of the candidates.

``form_brackets`` finds the brackets from the top: a score group is a bracket when the players
above it and it can all be paired with at most one player moving down out of each bracket (and
only across an odd boundary); otherwise it is merged with the next score group. ``pair_brackets``
then pairs each bracket, its incoming floater included and sorted by the index, from the top:
each player against the lowest player of the bracket that keeps the rest pairable (the
matching's low bits rank his candidates, the lowest highest); a player matched below the
bracket is its floater.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .burstein_index import Index, merge_sort
from .dutch_records import DutchPlayer, compatible_colours
from .matching import Matcher


@dataclass(frozen=True, slots=True)
class Weights:
    """The fields of an edge's weight for ``n`` players, each wide enough for its sum over a
    matching (so the fields compare in order): the pair, inside one bracket, compatible
    colours, and the low bits for the candidates' order (a priority up to ``n`` on an edge)."""

    n: int

    @property
    def low(self) -> int:
        return (self.n * self.n + 1).bit_length()

    @property
    def width(self) -> int:
        return (self.n // 2 + 1).bit_length()

    @property
    def colour(self) -> int:
        return 1 << self.low

    @property
    def same(self) -> int:
        return 1 << (self.low + self.width)

    @property
    def pair(self) -> int:
        return 1 << (self.low + 2 * self.width)

    def layout(self) -> list[tuple[int, int]]:
        lo, k = self.low, self.width
        return [(lo + 2 * k, k), (lo + k, k), (lo, k), (0, lo)]


def can_meet(a: DutchPlayer, b: DutchPlayer) -> bool:
    """The absolute criteria: not met over the board, not the same absolute preference."""
    if b.entry in a.forbidden:
        return False
    return not (a.absolute and b.absolute and a.preference == b.preference)


def edge(w: Weights, a: DutchPlayer, b: DutchPlayer, same: bool, colour: bool) -> int:
    """The weight of the pair ``a``-``b`` (0: they may not meet); ``same``: inside one
    bracket; ``colour``: count the colour preferences (the bracket being paired)."""
    if not can_meet(a, b):
        return 0
    fits = same and colour and compatible_colours(a.preference, b.preference)
    return w.pair + same * w.same + fits * w.colour


def valid(mate: Sequence[int], bounds: Sequence[int]) -> bool:
    """Whether the matching pairs every bracket of ``bounds`` (bracket starts; a repeated one
    marks a boundary no floater crosses) with at most one player leaving it downwards and one
    coming in: every player above the last bracket matched, and at most one player of each
    bracket matched outside it (two when the players above its end are odd in number)."""
    at = count = begin = 0
    for v, m in enumerate(mate):
        if v >= bounds[-1]:
            return True
        if v >= bounds[at]:
            count, begin = 0, v
            at += 1
            while v >= bounds[at]:
                at += 1
        if m == v and v < bounds[-2]:
            return False
        if m == v or m < begin or m >= bounds[at]:
            count += 1
            if count > (2 if bounds[at] % 2 else 1):
                return False
    return True


def form_brackets(m: Matcher, w: Weights, v: Sequence[DutchPlayer]) -> list[int] | None:
    """The brackets' bounds (see ``valid``), the matcher holding every pair's weight outside
    the brackets; None when the round cannot be paired."""
    n = len(v)
    b = [0, 0]
    ok = True
    while b[-1] < n:
        b.append(b[-1])
        while True:
            start = b[-1]
            while True:  # one score group more in the bracket
                new = b[-1]
                for u in range(b[-3], new):
                    m.set(new, u, edge(w, v[u], v[new], u >= b[-2], False))
                b[-1] += 1
                if b[-1] >= n or v[b[-1]].score != v[start].score:
                    break
            if b[-1] % 2:  # the next player stands in for the one floating down
                for u in range(b[-2], b[-1]):
                    m.set(b[-1], u, w.pair)
            ok = valid(m.solve(), b)
            if b[-1] >= n or ok:
                break
        if b[-1] < n and b[-1] % 2 == 0:
            b.append(b[-1])
    while len(b) > 3 and not ok:  # the last bracket takes in the one above
        b.pop()
        boundary = b.pop()
        begin = b.pop()
        for outer in range(b[-1], boundary):
            for inner in range(boundary, n):
                m.set(outer, inner, edge(w, v[outer], v[inner], outer >= begin, False))
        b += [begin, n]
        ok = valid(m.solve(), b)
    return b if ok else None


@dataclass(frozen=True, slots=True)
class Paired:
    """One pair: ``higher`` the one ranked above in its bracket (vertices)."""

    higher: int
    lower: int


def pair_brackets(
    m: Matcher,
    w: Weights,
    v: Sequence[DutchPlayer],
    index: Sequence[Index],
    bounds: Sequence[int],
) -> list[Paired] | None:
    """Each bracket from the top, its incoming floater included, sorted by the index: each
    player against the lowest one possible (None if a player is left alone)."""
    out: list[Paired] = []
    taken: set[int] = set()
    floater: int | None = None
    begin = bounds[0]
    for end in bounds[1:]:
        if end == begin:
            continue
        group = list(range(begin, end)) + ([floater] if floater is not None else [])
        floater = None
        group = merge_sort(group, _higher(index))
        for k, a in enumerate(group):
            for u in group[k + 1 :]:
                m.set(a, u, edge(w, v[a], v[u], True, True))
        for k, a in enumerate(group):
            if a in taken:
                continue
            priority = 1
            for u in group[k + 1 :]:
                weight = 0 if u in taken else edge(w, v[a], v[u], True, True)
                if weight:
                    m.set(a, u, weight + priority)
                    priority += 1
            mate = m.solve()[a]
            if mate == a:
                return None
            if mate >= end:
                floater = a
                continue
            taken.update((a, mate))
            out.append(Paired(a, mate))
            m.fix(a, mate)
        begin = end
    return out


def _higher(index: Sequence[Index]) -> Callable[[int, int], bool]:
    return lambda a, b: index[b].below(index[a])
