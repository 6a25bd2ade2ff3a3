"""Small helpers for the standings tests."""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.core.history import GameRecord, PointSystem
from tournaments.standings import TIEBREAKS, Explanation, ResultTable


def table(
    entries: Sequence[int],
    games: Sequence[GameRecord],
    rounds: int,
    system: PointSystem | None = None,
    *,
    round_robin: bool = False,
) -> ResultTable:
    return ResultTable.build(
        entries,
        games,
        system=system or PointSystem(),
        rounds_played=rounds,
        round_robin=round_robin,
    )


def explained(key: str, t: ResultTable) -> dict[int, Explanation]:
    """One tie-break that needs no tied groups, over a whole table."""
    tb = TIEBREAKS[key]
    assert not tb.grouped
    return tb.compute(t)


def values(key: str, t: ResultTable) -> dict[int, float]:
    return {e: ex.value for e, ex in explained(key, t).items()}


def cut_rounds(ex: Explanation) -> list[int]:
    return [term.round for term in ex.terms if term.cut]
