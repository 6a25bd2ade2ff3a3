"""The standings: points, then the tournament's tie-breaks in order, then the starting rank."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tournaments.core.history import GameRecord, PointSystem

from .results import ResultTable
from .tiebreaks import TIEBREAKS, Explanation, TieBreak, _r


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One line of the standings.

    ``place``..``place_to`` is the range of places the entry shares with those tied with it on
    points and on every tie-break ("3-4"); ``shared`` says whether that range has more than one
    place. ``tiebreaks`` holds the values in the tournament's order; ``explanations`` maps each
    tie-break key to how its value was computed. Rows sharing a place are listed by starting rank.
    """

    place: int
    entry: int
    points: float
    tiebreaks: tuple[float, ...]
    explanations: dict[str, Explanation]
    shared: bool
    place_to: int
    start_rank: int | None = None

    @property
    def place_label(self) -> str:
        """ "3" or, for a shared place, "3-4"."""
        return f"{self.place}-{self.place_to}" if self.shared else str(self.place)


def tiebreaks_for(order: Sequence[str]) -> list[TieBreak]:
    """The registered tie-breaks for ``order``; ValueError on an unknown or repeated key."""
    if len(set(order)) != len(order):
        raise ValueError(f"tie-break repeated in {list(order)!r}")
    try:
        return [TIEBREAKS[key] for key in order]
    except KeyError as exc:
        raise ValueError(f"unknown tie-break {exc.args[0]!r}") from None


def compute_standings(
    entries: Sequence[int],
    games: Sequence[GameRecord],
    *,
    system: PointSystem,
    order: Sequence[str],
    rounds_played: int,
    ranks: Mapping[int, int] | None = None,
    round_robin: bool = False,
    dummy_cap: bool = False,
    ratings: Mapping[int, int | None] | None = None,
    unrated: int | None = None,
) -> list[StandingRow]:
    """Rank ``entries`` by points, then each tie-break of ``order`` (all higher-is-better).

    ``games`` are the records of rounds 1..``rounds_played`` (later ones are ignored); ``ranks``
    the starting ranks, which order the rows within a shared place (unranked entries last, by
    id). Direct encounter is computed within the groups still tied on points and on the
    tie-breaks before it in ``order``. ``round_robin`` switches to the all-play-all reading of
    unplayed rounds (see the package docstring); ``dummy_cap`` caps the dummy opponents'
    scores (C.07, 2026, art. 16.4). ``ratings`` and ``unrated``: see ``ResultTable``.
    """
    tiebreaks = tiebreaks_for(order)
    table = ResultTable.build(
        entries,
        games,
        system=system,
        rounds_played=rounds_played,
        round_robin=round_robin,
        dummy_cap=dummy_cap,
        ratings=ratings,
        unrated=unrated,
    )
    ids = table.entries
    points = {e: _r(table.points[e]) for e in ids}
    values: dict[int, list[float]] = {e: [] for e in ids}
    explained: dict[int, dict[str, Explanation]] = {e: {} for e in ids}
    for tb in tiebreaks:
        if tb.grouped:
            groups: dict[tuple[float, ...], list[int]] = {}
            for e in ids:
                groups.setdefault((points[e], *values[e]), []).append(e)
            computed = tb.compute(table, groups.values())
        else:
            computed = tb.compute(table)
        for e in ids:
            ex = computed[e]
            values[e].append(ex.value)
            explained[e][tb.key] = ex

    rank_of = ranks or {}

    def sort_key(e: int) -> tuple[object, ...]:
        rank = rank_of.get(e)
        return (-points[e], *(-v for v in values[e]), rank is None, rank or 0, e)

    ordered = sorted(ids, key=sort_key)
    rows: list[StandingRow] = []
    start = 0
    n = len(ordered)
    while start < n:
        level = (points[ordered[start]], values[ordered[start]])
        stop = start + 1
        while stop < n and (points[ordered[stop]], values[ordered[stop]]) == level:
            stop += 1
        for e in ordered[start:stop]:
            rows.append(
                StandingRow(
                    place=start + 1,
                    entry=e,
                    points=points[e],
                    tiebreaks=tuple(values[e]),
                    explanations=explained[e],
                    shared=stop - start > 1,
                    place_to=stop,
                    start_rank=rank_of.get(e),
                )
            )
        start = stop
    return rows
