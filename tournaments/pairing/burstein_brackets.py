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

LOOKAHEAD = 3  # players whose mates one matching decides (``_pair_group``)


@dataclass(frozen=True, slots=True)
class Weights:
    """The fields of an edge's weight for ``n`` players, each wide enough for its sum over a
    matching (so the fields compare in order): the pair, inside one bracket, compatible
    colours, and the low bits for the candidates' order (a priority up to ``n`` on an edge)."""

    n: int

    @property
    def low(self) -> int:
        # up to LOOKAHEAD players' bits as digits of base n + 1, and a floater's beside them
        return (2 * (self.n + 1) ** LOOKAHEAD).bit_length()

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
        group = merge_sort(group, _higher(index))
        for k, a in enumerate(group):
            for u in group[k + 1 :]:
                m.set(a, u, edge(w, v[a], v[u], True, True))
        floater = _pair_group(m, w, v, group, end, taken, out)
        if floater == LEFT_ALONE:
            return None
        begin = end
    return out


LEFT_ALONE = -1


def _candidates(
    w: Weights, v: Sequence[DutchPlayer], group: Sequence[int], k: int, taken: set[int]
) -> list[tuple[int, int]]:
    """Player ``group[k]``'s candidates (the players below him in the group, not taken, whom
    he may meet) with their plain weights, in the group's order (the last one his best)."""
    a = group[k]
    out = []
    for u in group[k + 1 :]:
        weight = 0 if u in taken else edge(w, v[a], v[u], True, True)
        if weight:
            out.append((u, weight))
    return out


def _pair_group(
    m: Matcher,
    w: Weights,
    v: Sequence[DutchPlayer],
    group: list[int],
    end: int,
    taken: set[int],
    out: list[Paired],
) -> int | None:
    """Pair one bracket's ``group`` (sorted by the index) top against bottom; its floater (a
    player matched below ``end``), ``None``, or ``LEFT_ALONE`` when a player has no mate.

    The rule is a matching per player, from the top: his candidates get low bits 1, 2, … (the
    lowest in the group highest) and his mate in a maximum matching is his opponent, the pair
    fixed; a player matched below the bracket floats, his low bits staying on his edges. Up to
    ``LOOKAHEAD`` players share one matching, their low bits as digits (the first the most
    significant): a maximum of (the fields above, the first player's bits, the second's, …)
    gives the first his mate of a matching of his own; fixing that pair leaves a maximum of
    the rest whose second digit is the second player's best, as his own matching would give
    him (the pairs that maximise his bits among the maxima of the fields above are those that
    maximise them after the first pair is fixed), and so on. A floater breaks the chain: his
    bits then add to the next player's in one field, so the players after him in the bracket
    each get a matching of their own, as the rule says."""
    base = w.n + 1  # a digit: a player's bits are at most his number of candidates < n + 1
    floater: int | None = None
    position = {a: k for k, a in enumerate(group)}
    pending = [a for a in group if a not in taken]
    while pending:
        window = [a for a in pending if a not in taken][: 1 if floater is not None else LOOKAHEAD]
        if not window:
            break
        for d, a in enumerate(window):
            scale = base ** (len(window) - 1 - d)
            for priority, (u, weight) in enumerate(_candidates(w, v, group, position[a], taken), 1):
                m.set(a, u, weight + priority * scale)
        mate = m.solve()
        for d, a in enumerate(window):
            if a in taken:
                continue
            if mate[a] == a:
                return LEFT_ALONE
            if mate[a] >= end:
                floater = a
                _unscale(m, w, v, group, position, window[d:], taken)
                break
            taken.update((a, mate[a]))
            out.append(Paired(a, mate[a]))
            m.fix(a, mate[a])
        pending = [a for a in pending if a not in taken and a != floater]
    return floater


def _unscale(
    m: Matcher,
    w: Weights,
    v: Sequence[DutchPlayer],
    group: Sequence[int],
    position: dict[int, int],
    rest: Sequence[int],
    taken: set[int],
) -> None:
    """After ``rest[0]`` floats: his low bits as his own matching set them (1, 2, … over his
    candidates now), and none on the players after him in the window (not their turn yet)."""
    first, *later = rest
    for priority, (u, weight) in enumerate(_candidates(w, v, group, position[first], taken), 1):
        m.set(first, u, weight + priority)
    for a in later:
        for u, weight in _candidates(w, v, group, position[a], taken):
            m.set(a, u, weight)


def _higher(index: Sequence[Index]) -> Callable[[int, int], bool]:
    return lambda a, b: index[b].below(index[a])
