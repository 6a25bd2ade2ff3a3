"""The crosstable of a round robin (single or double cycle)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.core.history import (
    DOUBLE_FORFEIT,
    DRAW,
    FORFEIT_LOSS,
    FORFEIT_WIN,
    LOSS,
    WIN,
    GameRecord,
    PointSystem,
    game_points,
)

# Each result as (the first mover's cell, the second mover's cell).
CELLS: dict[str, tuple[str, str]] = {
    WIN: ("1", "0"),
    LOSS: ("0", "1"),
    DRAW: ("½", "½"),
    FORFEIT_WIN: ("+", "-"),
    FORFEIT_LOSS: ("-", "+"),
    DOUBLE_FORFEIT: ("-", "-"),
}


@dataclass(frozen=True, slots=True)
class CrosstableRow:
    """One row: ``cells[j]`` lists this entry's results against the j-th entry, by round.

    A cell holds one string per game ("1", "½", "0", "+", "-"): one in a single cycle, two in a
    double. The diagonal and pairs without a result yet are empty. ``points`` counts every
    result of the entry among ``games`` (byes too).
    """

    number: int  # 1-based position in ``entries_in_order``
    entry: int
    cells: tuple[tuple[str, ...], ...]
    points: float


def crosstable(
    entries_in_order: Sequence[int],
    games: Sequence[GameRecord],
    *,
    system: PointSystem | None = None,
    rounds_played: int | None = None,
) -> list[CrosstableRow]:
    """The rows of a round robin's crosstable, in the order of ``entries_in_order``.

    ``system`` gives the totals (1 / ½ / 0 by default); ``rounds_played`` ignores later rounds.
    Games against entries not listed count in the totals only.
    """
    system = system or PointSystem()
    index = {e: i for i, e in enumerate(entries_in_order)}
    found: dict[int, list[list[tuple[int, str]]]] = {
        e: [[] for _ in entries_in_order] for e in index
    }
    points = dict.fromkeys(index, 0.0)
    for g in sorted(games, key=lambda g: g.round):
        if g.result is None or (rounds_played is not None and g.round > rounds_played):
            continue
        for e in (g.first, g.second):
            if e in points:
                points[e] += game_points(g, e, system)
        if g.second is None or g.first not in index or g.second not in index:
            continue
        first_cell, second_cell = CELLS[g.result]
        found[g.first][index[g.second]].append((g.round, first_cell))
        found[g.second][index[g.first]].append((g.round, second_cell))
    return [
        CrosstableRow(
            number=i + 1,
            entry=e,
            cells=tuple(tuple(cell for _, cell in results) for results in found[e]),
            points=round(points[e], 9) + 0.0,
        )
        for i, e in enumerate(entries_in_order)
    ]
