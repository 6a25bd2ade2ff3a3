"""SOS tables (issue 30): a round's players seated at tables of 3 to 6, by standing, without
avoidable repeats, with seats rotated fairly. docs/tables-core.md states the rules.

``seat_round`` is the one entry: it splits the field (``tables_split``), gives the byes when no
split exists, seats round 1 in a snake by starting rank and later rounds by the criteria A–D
(``tables_cost``) — exactly with CP-SAT (``tables_exact``) up to ``EXACT_LIMIT`` players, by the
heuristic (``tables_search``) above it, with a lower bound — and orders each table's seats
(``tables_seats``). Each table carries its reasons (``tables_messages``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import astuple, dataclass

from .tables_cost import Cost, Field, lower_bound, make_field, seating_cost, table_cost
from .tables_exact import solve_exact
from .tables_lns import resolve_windows
from .tables_messages import (
    TABLES_BYE,
    TABLES_BYE_AGAIN,
    TABLES_DUPLICATE,
    TABLES_EXACT,
    TABLES_HEURISTIC,
    TABLES_NO_REPEAT,
    TABLES_REPEAT,
    TABLES_SCORE_GROUP,
    TABLES_SCORE_SPAN,
    TABLES_SNAKE,
    TableReason,
    TablesImpossible,
)
from .tables_search import as_sorted, heuristic
from .tables_seats import seat_order, seat_reasons
from .tables_split import byes_needed, choose_byes, smallest_table, snake, split

# Measured by bench/tables.py (docs/tables-core.md): at tables of 4, CP-SAT proved round 9
# optimal on every field of up to 21 players measured (at most about 8 CPU seconds), and
# on none of 26. TIME_LIMIT is CP-SAT's deterministic time for each criterion.
EXACT_LIMIT = 20
TIME_LIMIT = 3.0


@dataclass(frozen=True)
class TablePlayer:
    """An active entry of the round: ``rank`` = starting rank (1 = top seed); ``score``: his
    points so far (placement points, or whatever the event ranks by)."""

    entry: int
    rank: int
    score: float = 0.0


@dataclass(frozen=True)
class Table:
    """One table: ``number`` from 1 (the best-placed player's table first); ``seats``: the
    entries in seat order, seat 0 moves first."""

    number: int
    seats: tuple[int, ...]
    reasons: tuple[TableReason, ...] = ()


@dataclass(frozen=True)
class TablesRound:
    """A seated round. ``method``: "snake" (round 1), "exact" or "heuristic". ``cost`` under
    criteria A–D and ``bound``, a cost no seating beats (equal when ``optimal``)."""

    tables: tuple[Table, ...]
    byes: tuple[int, ...]
    bye_reasons: tuple[TableReason, ...]
    cost: Cost
    bound: Cost
    optimal: bool
    method: str
    reasons: tuple[TableReason, ...] = ()


def standing(players: Sequence[TablePlayer]) -> list[TablePlayer]:
    """Best first: higher score, then better starting rank (then entry, for a total order)."""
    return sorted(players, key=lambda p: (-p.score, p.rank, p.entry))


def seat_round(
    players: Sequence[TablePlayer],
    *,
    round_no: int,
    size: int = 4,
    history: Iterable[Sequence[int]] = (),
    byes: Iterable[int] = (),
    allow_small: bool = False,
    exact_limit: int = EXACT_LIMIT,
    time_limit: float = TIME_LIMIT,
) -> TablesRound:
    """Seat round ``round_no`` (from 1).

    ``players``: the active entries (withdrawn ones left out, late entries in); ``history``:
    every earlier table as its entries in seat order; ``byes``: the entries that had a bye,
    once per bye. Fields of at most ``exact_limit`` players are solved exactly (CP-SAT, at
    most ``time_limit`` units of its deterministic time a criterion; past it, the heuristic's
    seating with the solver's bound). Raises ``TablesImpossible`` for a bad size or an entry
    listed twice.
    """
    ordered = standing(players)
    entries = [p.entry for p in ordered]
    if len(set(entries)) != len(entries):
        dup = next(e for e in entries if entries.count(e) > 1)
        raise TablesImpossible(TABLES_DUPLICATE, entry=dup)
    had: dict[int, int] = {}
    for e in byes:
        had[e] = had.get(e, 0) + 1
    n_byes = byes_needed(len(entries), size, allow_small=allow_small)
    out = choose_byes(entries, n_byes, had)
    bye_reasons = _bye_reasons(ordered, out, had, size, allow_small)
    seated = [p for p in ordered if p.entry not in out]
    sizes = split(len(seated), size, allow_small=allow_small)
    field = make_field(
        [p.entry for p in seated], {p.entry: p.score for p in seated}, history, sizes
    )
    if round_no == 1 or not seated:
        tables = snake(range(field.n), sizes)
        method, optimal, bound, reasons = "snake", True, None, ()
    else:
        tables, method, optimal, bound = _later_round(field, exact_limit, time_limit)
    cost = seating_cost(field, tables)
    bound = cost if optimal else bound
    if method != "snake":
        reasons = (_round_reason(field, method, cost, bound),)
    ordered_tables = tables if method == "snake" else as_sorted(tables)
    result = tuple(
        _table(field, number, members, method, len(sizes))
        for number, members in enumerate(ordered_tables, start=1)
    )
    return TablesRound(
        result, tuple(out), bye_reasons, cost, bound, optimal, method, tuple(reasons)
    )


def _later_round(
    field: Field, exact_limit: int, time_limit: float
) -> tuple[list[list[int]], str, bool, Cost]:
    tables = heuristic(field)
    bound = lower_bound(field)
    if field.n <= exact_limit:
        exact = solve_exact(field, tables, time_limit=time_limit)
        if exact.tables is not None:
            return exact.tables, "exact", True, exact.bound
        pairs = zip(astuple(bound), astuple(exact.bound), strict=True)
        bound = Cost(*(max(a, b) for a, b in pairs))
    tables = resolve_windows(field, tables)
    cost = seating_cost(field, tables)
    return tables, "heuristic", cost == bound, bound


def _table(field: Field, number: int, members: list[int], method: str, count: int) -> Table:
    order = seat_order(field, members)
    reasons: list[TableReason] = []
    if method == "snake":
        seeds = sorted(i + 1 for i in members)
        reasons.append(
            TableReason(TABLES_SNAKE, {"table": number, "seeds": seeds, "tables": count})
        )
    else:
        reasons.extend(_score_and_repeats(field, number, members))
    reasons.extend(seat_reasons(field, order))
    return Table(number, tuple(field.entries[i] for i in order), tuple(reasons))


def _score_and_repeats(field: Field, number: int, members: list[int]) -> list[TableReason]:
    reps, spread, _ = table_cost(field, members)
    pts = [field.points[i] / 100 for i in members]
    if spread == 0:
        out = [TableReason(TABLES_SCORE_GROUP, {"table": number, "score": pts[0]})]
    else:
        params = {"table": number, "high": max(pts), "low": min(pts)}
        out = [TableReason(TABLES_SCORE_SPAN, params)]
    if reps == 0:
        return [*out, TableReason(TABLES_NO_REPEAT, {"table": number})]
    for a in sorted(members):
        for b in sorted(members):
            if a < b and field.times_met(a, b):
                params = {
                    "table": number,
                    "first": field.entries[a],
                    "second": field.entries[b],
                    "times": field.times_met(a, b),
                }
                out.append(TableReason(TABLES_REPEAT, params))
    return out


def _round_reason(field: Field, method: str, cost: Cost, bound: Cost) -> TableReason:
    params = {
        "players": field.n,
        "worst": cost.worst,
        "spread": cost.spread / 100,
        "repeats": cost.repeats,
        "seats": cost.seats,
    }
    if method == "exact":
        return TableReason(TABLES_EXACT, params)
    params.update(
        worst_bound=bound.worst,
        spread_bound=bound.spread / 100,
        repeats_bound=bound.repeats,
        seats_bound=bound.seats,
    )
    return TableReason(TABLES_HEURISTIC, params)


def _bye_reasons(
    ordered: Sequence[TablePlayer],
    out: Sequence[int],
    had: dict[int, int],
    size: int,
    allow_small: bool,
) -> tuple[TableReason, ...]:
    scores = {p.entry: p.score for p in ordered}
    reasons = []
    for e in out:
        code = TABLES_BYE_AGAIN if had.get(e, 0) else TABLES_BYE
        params = {
            "entry": e,
            "players": len(ordered),
            "smallest": smallest_table(allow_small),
            "size": size,
            "score": scores[e],
        }
        reasons.append(TableReason(code, params))
    return tuple(reasons)
