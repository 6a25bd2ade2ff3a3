"""The heuristic seating for fields over the exact limit: score-ordered greedy, then improving
exchanges.

1. Greedy: table by table, in the split's order, the highest-placed player not yet seated
   heads the table; each next seat goes to the first of the following players in the standing
   who adds the fewest repeats to the table (the search looks ``LOOKAHEAD`` players ahead, so
   a player who would meet someone again floats down a little rather than repeat).
2. Exchanges: for two tables at most ``WINDOW`` apart in the split's order, exchange two of
   their players, or move one from a table of the larger size to one of the smaller, whenever
   that makes the two tables better under the criteria in order — their repeats compared as a
   sorted pair (largest first), then their spread, their repeats, their tables without a due
   player. Each accepted step lowers the whole seating's cost (A as a sorted vector of the
   tables' repeats, then B–D), so the search ends; it stops after ``MAX_PASSES`` passes
   anyway. Only tables that cost something start a step; of the steps that improve, the
   best is taken. A table with a repeat that no near table can take looks at every table.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from .tables_cost import Field, table_cost

LOOKAHEAD = 12
WINDOW = 4
MAX_PASSES = 40

Key = tuple[tuple[int, int], int, int, int]


def greedy(field: Field) -> list[list[int]]:
    free = list(range(field.n))
    tables: list[list[int]] = []
    for size in field.sizes:
        table = [free.pop(0)]
        while len(table) < size:
            best, best_pos = None, 0
            for pos, p in enumerate(free[:LOOKAHEAD]):
                reps = sum(field.times_met(p, q) for q in table)
                key = (reps, field.points[table[0]] - field.points[p], pos)
                if best is None or key < best:
                    best, best_pos = key, pos
            table.append(free.pop(best_pos))
        tables.append(table)
    return tables


def _pair_key(a: tuple[int, int, int], b: tuple[int, int, int]) -> Key:
    reps = (max(a[0], b[0]), min(a[0], b[0]))
    return reps, a[1] + b[1], a[0] + b[0], a[2] + b[2]


Step = tuple[int, int, int]  # (other table, player here, player there or -1 for a move)


def _steps(ta: list[int], tb: list[int]) -> Iterator[tuple[int, int, list[int], list[int]]]:
    """Every exchange of one player of ``ta`` with one of ``tb``, and every move of one
    player of ``ta`` to ``tb`` when ``ta`` is the larger by one: (i, j, new ta, new tb)."""
    for i in range(len(ta)):
        for j in range(len(tb)):
            yield i, j, [*ta[:i], tb[j], *ta[i + 1 :]], [*tb[:j], ta[i], *tb[j + 1 :]]
        if len(ta) == len(tb) + 1:
            yield i, -1, [*ta[:i], *ta[i + 1 :]], [*tb, ta[i]]


def _best_step(field: Field, tables: list[list[int]], a: int, window: int) -> Step | None:
    """The best improving step from table ``a`` to a table at most ``window`` away: the two
    tables' key must drop; among the steps that do, the least (new sorted repeats, then the
    change in spread, in repeats, in tables without a due player)."""
    ca = table_cost(field, tables[a])
    best: tuple[tuple[int, int], int, int, int] | None = None
    step: Step | None = None
    for b in range(max(0, a - window), min(len(tables), a + window + 1)):
        if b == a or len(tables[a]) < len(tables[b]) - 1:
            continue
        cb = table_cost(field, tables[b])
        old = _pair_key(ca, cb)
        for i, j, na, nb in _steps(tables[a], tables[b]):
            if j < 0 and len(na) + 1 != len(nb):
                continue
            new = _pair_key(table_cost(field, na), table_cost(field, nb))
            if new >= old:
                continue
            rank = (new[0], new[1] - old[1], new[2] - old[2], new[3] - old[3])
            if best is None or rank < best:
                best, step = rank, (b, i, j)
    return step


def improve(field: Field, tables: list[list[int]]) -> list[list[int]]:
    """Best improving steps, table by table, until none is found (or ``MAX_PASSES``)."""
    for _ in range(MAX_PASSES):
        changed = False
        for a in range(len(tables)):
            while (cost := table_cost(field, tables[a])) != (0, 0, 0):
                step = _best_step(field, tables, a, WINDOW)
                if step is None and cost[0]:
                    step = _best_step(field, tables, a, len(tables))
                if step is None:
                    break
                b, i, j = step
                if j < 0:
                    tables[b].append(tables[a].pop(i))
                else:
                    tables[a][i], tables[b][j] = tables[b][j], tables[a][i]
                changed = True
        if not changed:
            break
    return tables


def heuristic(field: Field) -> list[list[int]]:
    return improve(field, greedy(field))


def as_sorted(tables: Sequence[Sequence[int]]) -> list[list[int]]:
    """Tables in display order: by their best-placed player."""
    return sorted((sorted(t) for t in tables), key=lambda t: t[0])
