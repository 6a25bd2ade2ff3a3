"""The criteria of a later round's seating, in order, and what a seating costs under them.

A seating puts every player of the round at one table of the split. Its cost is compared
lexicographically, in this order (the A–D of docs/tables-core.md):

A. ``worst`` (absolute): the most repeat meetings at one table — a table's repeats are the
   earlier meetings of every two players at it (a pair that met twice counts 2). No table has
   more repeats than unavoidable.
B. ``spread``: the sum over the tables of (highest score − lowest score) at the table, in
   hundredths of a point: players of like score sit together.
C. ``repeats``: the sum of every table's repeats.
D. ``seats``: the tables at which no player is *due* to sit first. A player is due when he has
   been first no more often than anyone else at his score (``due`` below); a table without one
   must seat someone first who has been first more often than someone at his score.

Players are numbered by their place in the standing (0 = best: highest score, then best rank).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Cost:
    """A seating's cost, criteria A–D in order (lower is better, compared as a tuple)."""

    worst: int = 0
    spread: int = 0
    repeats: int = 0
    seats: int = 0


@dataclass
class Field:
    """One round's players as the seating sees them: index = place in the standing."""

    entries: list[int]
    points: list[int]  # hundredths of a point
    met: dict[tuple[int, int], int]  # (i, j), i < j: earlier meetings
    firsts: list[int]  # times seated first
    share: list[float]  # fair share of firsts: the sum of 1 / table size over his games
    seat_counts: list[list[int]]  # times in each seat 0..5
    due: list[bool]
    sizes: list[int]

    @property
    def n(self) -> int:
        return len(self.entries)

    def times_met(self, i: int, j: int) -> int:
        return self.met.get((i, j) if i < j else (j, i), 0)


def make_field(
    entries: Sequence[int],
    scores: Mapping[int, float],
    history: Iterable[Sequence[int]],
    sizes: Sequence[int],
) -> Field:
    """``entries`` in standing order; ``history``: every earlier table in seat order."""
    index = {e: i for i, e in enumerate(entries)}
    met: dict[tuple[int, int], int] = {}
    firsts = [0] * len(entries)
    share = [0.0] * len(entries)
    seat_counts = [[0] * 6 for _ in entries]
    for table in history:
        here = [index[e] for e in table if e in index]
        for seat, e in enumerate(table):
            if e in index:
                seat_counts[index[e]][min(seat, 5)] += 1
                firsts[index[e]] += seat == 0
                share[index[e]] += 1 / len(table)
        for a in range(len(here)):
            for b in range(a + 1, len(here)):
                key = (min(here[a], here[b]), max(here[a], here[b]))
                met[key] = met.get(key, 0) + 1
    points = [round(scores[e] * 100) for e in entries]
    least: dict[int, int] = {}
    for i, p in enumerate(points):
        least[p] = min(least.get(p, firsts[i]), firsts[i])
    due = [firsts[i] == least[points[i]] for i in range(len(entries))]
    return Field(list(entries), points, met, firsts, share, seat_counts, due, list(sizes))


def table_cost(field: Field, members: Sequence[int]) -> tuple[int, int, int]:
    """(repeats, spread, 1 if no player is due to sit first else 0) of one table."""
    reps = 0
    for a in range(len(members)):
        for b in range(a + 1, len(members)):
            reps += field.times_met(members[a], members[b])
    pts = [field.points[i] for i in members]
    nodue = 0 if any(field.due[i] for i in members) else 1
    return reps, max(pts) - min(pts), nodue


def seating_cost(field: Field, tables: Sequence[Sequence[int]]) -> Cost:
    costs = [table_cost(field, t) for t in tables]
    return Cost(
        worst=max((c[0] for c in costs), default=0),
        spread=sum(c[1] for c in costs),
        repeats=sum(c[0] for c in costs),
        seats=sum(c[2] for c in costs),
    )


def spread_bound(points: Sequence[int], sizes: Sequence[int]) -> int:
    """The least score spread (criterion B) of any seating, repeats ignored: the players in
    score order cut into consecutive blocks (an exchange argument: two tables whose score
    ranges cross can be uncrossed without widening either), the order of the two block
    sizes chosen by dynamic programming over how many tables of each size are used."""
    pts = sorted(points, reverse=True)
    big, small = max(sizes, default=0), min(sizes, default=0)
    nb = sum(1 for s in sizes if s == big)
    ns = len(sizes) - nb if big != small else 0
    best: dict[tuple[int, int], int] = {(0, 0): 0}
    for _ in sizes:
        nxt: dict[tuple[int, int], int] = {}
        for (b, s), v in best.items():
            start = b * big + s * small
            for db, size in ((1, big), (0, small)):
                nb2, ns2 = b + db, s + 1 - db
                if nb2 > nb or ns2 > ns or (db == 0 and big == small):
                    continue
                val = v + pts[start] - pts[start + size - 1]
                if nxt.get((nb2, ns2), val + 1) > val:
                    nxt[(nb2, ns2)] = val
        best = nxt
    return min(best.values(), default=0)


def lower_bound(field: Field) -> Cost:
    """A bound no seating beats: A and C at least 0, B by ``spread_bound``, D at least the
    tables left when every due player heads his own table."""
    return Cost(
        worst=0,
        spread=spread_bound(field.points, field.sizes),
        repeats=0,
        seats=max(0, len(field.sizes) - sum(field.due)),
    )
