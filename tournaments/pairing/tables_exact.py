"""The exact seating: criteria A–D solved in order by OR-Tools' CP-SAT, each with its proof.

One model: ``x[i, t]`` — player ``i`` sits at table ``t`` (the split's sizes are fixed);
``b[i, j, t]`` — two players who met before both sit at table ``t`` (only pairs that met
get them; ``x[i, t] + x[j, t] - 1 <= b[i, j, t]``). A table's repeats are
``sum(times_met * b)`` over the pairs, bounded by ``worst``; its score range by
``high[t] >= points[i]`` and ``low[t] <= points[i]`` for its players; ``nodue[t] >= 1 -
sum(x[i, t] for due i)``. Tables of one size are interchangeable, so the ``j``-th table of a
size holds no player placed above ``j`` (a symmetry cut valid for any seating, sorting the
tables of a size by their best-placed player).

The criteria are minimised one after the other, each optimum fixed as a constraint for the
next (lexicographic order). CP-SAT's status OPTIMAL is its proof; if a stage runs out of
time (CP-SAT's *deterministic* time, about a second of work each, so that the result does not
depend on the machine's load; one worker, so that it is reproducible), the solver's best
bound is returned as the lower bound and the caller keeps the heuristic seating, which is
also given to the solver as its starting hint. A redundant constraint, the spread at least
``spread_bound`` (which needs no solver), shortens the proofs of B several times over.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .tables_cost import Cost, Field, spread_bound

STAGES = ("worst", "spread", "repeats", "seats")


@dataclass(frozen=True)
class ExactResult:
    tables: list[list[int]] | None  # None: no proof within the time
    bound: Cost  # proven lower bound (equal to the cost when optimal)
    optimal: bool


def solve_exact(
    field: Field, hint: Sequence[Sequence[int]], *, time_limit: float = 5.0, workers: int = 1
) -> ExactResult:
    # Imported here, not at the top: ortools brings pandas and numpy (about 1.5 s), which
    # only an exact solve needs; importing ``tournaments.pairing`` stays quick.
    from ortools.sat.python import cp_model

    n, sizes = field.n, field.sizes
    k = len(sizes)
    m = cp_model.CpModel()
    x = {(i, t): m.new_bool_var(f"x{i}_{t}") for i in range(n) for t in range(k)}
    for i in range(n):
        m.add_exactly_one(x[i, t] for t in range(k))
    for t, size in enumerate(sizes):
        m.add(sum(x[i, t] for i in range(n)) == size)
    for size in set(sizes):
        for j, t in enumerate(t for t, s in enumerate(sizes) if s == size):
            for i in range(j):
                m.add(x[i, t] == 0)
    top, bottom = max(field.points), min(field.points)
    worst = m.new_int_var(0, sum(field.met.values()), "worst")
    spread_terms, table_reps, nodue = [], [], []
    for t in range(k):
        high = m.new_int_var(bottom, top, f"hi{t}")
        low = m.new_int_var(bottom, top, f"lo{t}")
        for i in range(n):
            m.add(high >= field.points[i]).only_enforce_if(x[i, t])
            m.add(low <= field.points[i]).only_enforce_if(x[i, t])
        spread_terms.append(high - low)
        z = []
        for (i, j), times in field.met.items():
            both = m.new_bool_var(f"b{i}_{j}_{t}")
            m.add_bool_or([x[i, t].Not(), x[j, t].Not(), both])
            z.append(times * both)
        table_reps.append(sum(z))
        m.add(table_reps[-1] <= worst)
        d = m.new_bool_var(f"nd{t}")
        m.add(sum(x[i, t] for i in range(n) if field.due[i]) + d >= 1)
        nodue.append(d)
    m.add(sum(spread_terms) >= spread_bound(field.points, sizes))  # redundant: helps the proof
    objectives = {
        "worst": worst,
        "spread": sum(spread_terms),
        "repeats": sum(table_reps),
        "seats": sum(nodue),
    }
    for t, members in enumerate(_aligned(hint, sizes)):
        for i in members:
            m.add_hint(x[i, t], True)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    solver.parameters.max_deterministic_time = time_limit
    found: dict[str, int] = {}
    for stage in STAGES:
        m.minimize(objectives[stage])
        status = solver.solve(m)
        if status != cp_model.OPTIMAL:
            bound = {s: found.get(s, 0) for s in STAGES}
            bound[stage] = max(0, int(solver.best_objective_bound + 0.999)) if status else 0
            return ExactResult(None, Cost(**bound), optimal=False)
        found[stage] = round(solver.objective_value)
        m.add(objectives[stage] <= found[stage])
        m.clear_hints()
        for var in x.values():
            m.add_hint(var, solver.boolean_value(var))
    tables = [[i for i in range(n) if solver.boolean_value(x[i, t])] for t in range(k)]
    return ExactResult(tables, Cost(**found), optimal=True)


def _aligned(hint: Sequence[Sequence[int]], sizes: Sequence[int]) -> list[Sequence[int]]:
    """The hint's tables at the positions of their size, each size's in the order of their
    best-placed player (as the symmetry cut wants)."""
    out: list[Sequence[int]] = [() for _ in sizes]
    for size in set(sizes):
        slots = [t for t, s in enumerate(sizes) if s == size]
        mine = sorted((t for t in hint if len(t) == size), key=min)
        for t, members in zip(slots, mine, strict=False):
            out[t] = members
    return out
