"""How many tables, of what sizes; who has the byes; round 1's snake.

The split rule (issue 30): a round at tables of ``size`` (3 to 6) uses the fewest tables that
can seat everyone, ``k = ceil(n / size)``, with sizes as equal as possible (they differ by at
most one; the larger tables first). That split exists when its smallest table,
``floor(n / k)``, seats at least 3 players (at least 2 with ``allow_small``; a table of 1 is
never made). Otherwise the fewest byes ``b`` such that ``n - b`` players split are given.
Examples at size 4: 10 → [4, 3, 3]; 6 → [3, 3]; 5 → no split, 1 bye, [4]; 3 → [3].
"""

from __future__ import annotations

from collections.abc import Sequence

from .tables_messages import TABLES_BAD_SIZE, TABLES_NO_SPLIT, TablesImpossible

SIZES = range(3, 7)


def smallest_table(allow_small: bool) -> int:
    return 2 if allow_small else 3


def _balanced(players: int, size: int) -> list[int]:
    k = -(-players // size)
    base, extra = divmod(players, k)
    return [base + 1] * extra + [base] * (k - extra)


def byes_needed(players: int, size: int, *, allow_small: bool = False) -> int:
    """The fewest byes ``b`` such that ``players - b`` players split (0 when they do)."""
    if size not in SIZES:
        raise TablesImpossible(TABLES_BAD_SIZE, size=size)
    low = smallest_table(allow_small)
    for b in range(players + 1):
        rest = players - b
        if rest == 0 or min(_balanced(rest, size)) >= low:
            return b
    return players  # pragma: no cover - rest == 0 always ends the loop


def split(players: int, size: int, *, allow_small: bool = False) -> list[int]:
    """The table sizes of a round (larger tables first; see the module's rule).

    Raises ``TablesImpossible`` (code ``tables_no_split``, param ``byes``: how many byes are
    needed) when no split exists, and ``tables_bad_size`` for a size outside 3–6. Zero
    players give no tables.
    """
    byes = byes_needed(players, size, allow_small=allow_small)
    if byes:
        raise TablesImpossible(
            TABLES_NO_SPLIT,
            players=players,
            size=size,
            smallest=smallest_table(allow_small),
            byes=byes,
        )
    return _balanced(players, size) if players else []


def snake(order: Sequence[int], sizes: Sequence[int]) -> list[list[int]]:
    """Deal ``order`` (strongest first) across tables of ``sizes`` in a snake: row 1 from table
    1 to the last, row 2 back, and so on; a table that is full is skipped."""
    tables: list[list[int]] = [[] for _ in sizes]
    it = iter(order)
    for row in range(max(sizes, default=0)):
        open_tables = [t for t, s in enumerate(sizes) if s > row]
        if row % 2:
            open_tables.reverse()
        for t in open_tables:
            tables[t].append(next(it))
    return tables


def choose_byes(standing: Sequence[int], count: int, byes_had: dict[int, int]) -> list[int]:
    """The ``count`` players to sit out: from the lowest-placed up, those with the fewest byes
    (so nobody has a second bye while someone has none). ``standing`` is best first."""
    ranked = sorted(range(len(standing)), key=lambda i: (byes_had.get(standing[i], 0), -i))
    return [standing[i] for i in ranked[:count]]
