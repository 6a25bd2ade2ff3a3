"""The standings of an SOS event at tables (issue 30): points (placement points or SOS counts,
and the byes'), then the tables' tie-breaks in this order:

- ``tables_opponents``: opponents' points, the multiplayer Buchholz — the sum, over every table
  played, of the final points of each other player at it;
- ``tables_sos``: SOS made, the sum of the player's SOS counts;
- ``tables_wins``: wins, the tables at which the player made the most SOS (a shared first place
  counts);

then the starting rank. Pure: plain records in, ``StandingRow``s out, each tie-break with the
terms it was summed from (the standings page's *how?*).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .results import PAIRING_BYE, PLAYED
from .table import StandingRow
from .terms import Term
from .tiebreaks import Explanation

TABLES_OPPONENTS = "tables_opponents"
TABLES_SOS = "tables_sos"
TABLES_WINS = "tables_wins"
TABLES_TIEBREAKS = (TABLES_OPPONENTS, TABLES_SOS, TABLES_WINS)


@dataclass(frozen=True)
class TableResult:
    """A table with its result: entries in seat order and, seat by seat, the SOS counts, the
    places and the points."""

    round: int
    seats: tuple[int, ...]
    counts: tuple[int, ...]
    points: tuple[float, ...]


@dataclass(frozen=True)
class TableBye:
    round: int
    entry: int
    points: float


def table_standings(
    entries: Sequence[int],
    tables: Sequence[TableResult],
    byes: Sequence[TableBye] = (),
    ranks: Mapping[int, int | None] | None = None,
) -> list[StandingRow]:
    """Every entry's row, best first; rows equal on points and every tie-break share places."""
    ranks = ranks or {}
    points = {e: 0.0 for e in entries}
    for t in tables:
        for e, p in zip(t.seats, t.points, strict=True):
            points[e] = points.get(e, 0.0) + p
    for b in byes:
        points[b.entry] = points.get(b.entry, 0.0) + b.points
    terms: dict[int, dict[str, list[Term]]] = {
        e: {key: [] for key in TABLES_TIEBREAKS} for e in points
    }
    for t in tables:
        best = max(t.counts)
        for e, count, p in zip(t.seats, t.counts, t.points, strict=True):
            own = terms[e]
            for other in t.seats:
                if other != e:
                    value = points[other]
                    own[TABLES_OPPONENTS].append(
                        Term(t.round, PLAYED, other, value, score=value, points=p)
                    )
            own[TABLES_SOS].append(Term(t.round, PLAYED, None, float(count), points=p))
            if count == best:
                own[TABLES_WINS].append(Term(t.round, PLAYED, None, 1.0, points=p))
    for b in byes:
        terms[b.entry][TABLES_SOS].append(Term(b.round, PAIRING_BYE, None, 0.0, points=b.points))

    def explained(e: int) -> dict[str, Explanation]:
        return {
            key: Explanation(sum(t.value for t in terms[e][key]), tuple(terms[e][key]))
            for key in TABLES_TIEBREAKS
        }

    lines = [(e, points[e], explained(e)) for e in points]
    lines.sort(
        key=lambda line: (
            -round(line[1], 6),
            *(-round(line[2][k].value, 6) for k in TABLES_TIEBREAKS),
            ranks.get(line[0]) or 10**9,
            line[0],
        )
    )
    return _placed(lines, ranks)


def _placed(
    lines: list[tuple[int, float, dict[str, Explanation]]], ranks: Mapping[int, int | None]
) -> list[StandingRow]:
    def key(line: tuple[int, float, dict[str, Explanation]]) -> tuple[float, ...]:
        return (round(line[1], 6), *(round(line[2][k].value, 6) for k in TABLES_TIEBREAKS))

    rows = []
    start = 0
    while start < len(lines):
        end = start
        while end + 1 < len(lines) and key(lines[end + 1]) == key(lines[start]):
            end += 1
        for e, pts, ex in lines[start : end + 1]:
            rows.append(
                StandingRow(
                    place=start + 1,
                    entry=e,
                    points=pts,
                    tiebreaks=tuple(ex[k].value for k in TABLES_TIEBREAKS),
                    explanations=ex,
                    shared=end > start,
                    place_to=end + 1,
                    start_rank=ranks.get(e),
                )
            )
        start = end + 1
    return rows
