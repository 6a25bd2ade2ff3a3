"""The heuristic's last step on middle fields: windows of neighbouring tables re-solved
exactly (a large-neighbourhood search).

For fields of at most ``LNS_LIMIT`` players (above it the time target of 500 players in under
a second rules it out), the tables in standing order (by their best-placed player) are taken
``WINDOW`` at a time, stepping ``WINDOW - 1`` (so each window shares a table with the next);
the players of a window are seated again at tables of the same sizes by ``solve_exact`` on the
window alone (criteria A–D, ``TIME_LIMIT`` deterministic units each), and the window's new
tables are kept only when the whole seating's cost drops (a window's own optimum can raise
the spread while lowering a most-repeats that does not decide the round's A).
"""

from __future__ import annotations

from collections.abc import Sequence

from .tables_cost import Field, seating_cost
from .tables_exact import solve_exact
from .tables_search import as_sorted

LNS_LIMIT = 200
WINDOW = 3
TIME_LIMIT = 0.5


def sub_field(field: Field, members: Sequence[int], sizes: Sequence[int]) -> Field:
    """The part of ``field`` of the players ``members`` (in standing order), renumbered."""
    index = {g: i for i, g in enumerate(members)}
    met = {
        (min(index[a], index[b]), max(index[a], index[b])): times
        for (a, b), times in field.met.items()
        if a in index and b in index
    }
    return Field(
        [field.entries[g] for g in members],
        [field.points[g] for g in members],
        met,
        [field.firsts[g] for g in members],
        [field.share[g] for g in members],
        [field.seat_counts[g] for g in members],
        [field.due[g] for g in members],
        sorted(sizes, reverse=True),
    )


def resolve_windows(field: Field, tables: Sequence[Sequence[int]]) -> list[list[int]]:
    current = as_sorted(tables)
    if field.n > LNS_LIMIT or len(current) < 2:
        return current
    best = seating_cost(field, current)
    for start in range(0, max(1, len(current) - WINDOW + 1), WINDOW - 1):
        window = current[start : start + WINDOW]
        members = sorted(i for t in window for i in t)
        part = sub_field(field, members, [len(t) for t in window])
        local = {g: i for i, g in enumerate(members)}
        hint = [[local[g] for g in t] for t in window]
        solved = solve_exact(part, hint, time_limit=TIME_LIMIT)
        if solved.tables is None:
            continue
        seated = [[members[i] for i in t] for t in solved.tables]
        candidate = [*current[:start], *seated, *current[start + WINDOW :]]
        cost = seating_cost(field, candidate)
        if cost < best:
            best, current = cost, candidate
    return current
