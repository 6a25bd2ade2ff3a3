"""Direct placings between the tied: the multiplayer direct encounter of an event at tables
(issue 30; the tie-break ``tables_direct`` of ``tournaments.standings.tables``).

Among a group of players level on points and on every tie-break before this one:

- at every table where two members ``a`` and ``b`` both sat, ``a`` scores 1 against ``b`` for
  more SOS than ``b``, ½ for the same count, 0 for fewer (the finishing order at the table);
- two members who shared several tables score the average of those tables (so meeting more
  often weighs no more), as FIDE's direct encounter averages two games (C.07 6.1.2);
- a member's value is the sum of his averages against the other members: the separate standings
  of the group;
- it counts only when every two members shared at least one table. When some never met, the
  tie-break decides nothing: every member of the group gets 0 and the terms are shown as cut
  (params ``all_met`` False); the next tie-break (or the starting rank) decides.

A player tied with nobody gets 0. Each term is one shared table: its round, the tied opponent,
the table's score 1/½/0 (``points``) and what it adds (``value``, that score divided by the
number of tables the two shared).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol

from .results import PLAYED
from .terms import Term
from .tiebreaks import Explanation, _r


class TableLike(Protocol):
    round: int
    seats: tuple[int, ...]
    counts: tuple[int, ...]


def _score(own: int, other: int) -> float:
    return 1.0 if own > other else 0.5 if own == other else 0.0


def direct_placings(
    tables: Sequence[TableLike], points: Mapping[int, float], groups: Iterable[Sequence[int]]
) -> dict[int, Explanation]:
    """Every entry of ``points`` -> its direct placings within its group of ``groups``."""
    out = {e: Explanation(0.0) for e in points}
    for group in groups:
        if len(group) < 2:
            continue
        members = set(group)
        # (a, b) -> [(round, a's score against b)], one per table the two shared
        met: dict[tuple[int, int], list[tuple[int, float]]] = defaultdict(list)
        for t in tables:
            here = [(e, c) for e, c in zip(t.seats, t.counts, strict=True) if e in members]
            for a, count_a in here:
                for b, count_b in here:
                    if a != b:
                        met[a, b].append((t.round, _score(count_a, count_b)))
        all_met = all((a, b) in met for a in group for b in group if a != b)
        for a in group:
            terms = [
                Term(rnd, PLAYED, b, _r(score / len(met[a, b])), points=score, cut=not all_met)
                for b in group
                if b != a
                for rnd, score in met.get((a, b), ())
            ]
            terms.sort(key=lambda term: (term.round, term.opponent or 0))
            value = _r(sum(t.value for t in terms)) if all_met else 0.0
            out[a] = Explanation(value, tuple(terms), {"group": list(group), "all_met": all_met})
    return out
