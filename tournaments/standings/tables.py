"""The standings of an SOS event at tables (issue 30): points (placement points or SOS counts,
and the byes'), then the tables' tie-breaks in the tournament's order, then the starting rank.

The tables' tie-breaks are a registry of their own, ``TABLE_TIEBREAKS`` (the two-player ones of
``tiebreaks.TIEBREAKS`` read games between two, which tables are not); each has a ``key``, a
``label``, an ``abbr`` and a ``help`` marked with ``gettext_noop`` (pages translate them), and
``compute(data, groups)``. ``TABLES_ORDER`` is the usual order:

- ``tables_opponents``: opponents' points, the multiplayer Buchholz — the sum, over every table
  played, of the final points of each other player at it;
- ``tables_sos``: SOS made, the sum of the player's SOS counts;
- ``tables_sos_difference``: SOS difference — at every table played, the player's SOS count
  less the average of the counts of the others at it (a table of four where he made 5 and the
  others 3, 2 and 1: 5 − 2 = 3), summed over the tables; a bye adds nothing;
- ``tables_wins``: wins, the tables at which the player made the most SOS (a shared first place
  counts);
- ``tables_direct``: direct placings between the tied (``tables_direct``), the multiplayer
  direct encounter.

Pure: plain records in, ``StandingRow``s out, each tie-break with the terms it was summed from
(the standings page's *how?*). docs/tables.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from .results import PAIRING_BYE, PLAYED
from .table import StandingRow
from .tables_direct import direct_placings
from .terms import Term
from .tiebreaks import Explanation, _r, gettext_noop

TABLES_OPPONENTS = "tables_opponents"
TABLES_SOS = "tables_sos"
TABLES_SOS_DIFFERENCE = "tables_sos_difference"
TABLES_WINS = "tables_wins"
TABLES_DIRECT = "tables_direct"
TABLES_ORDER = (TABLES_OPPONENTS, TABLES_SOS, TABLES_SOS_DIFFERENCE, TABLES_WINS, TABLES_DIRECT)
TABLES_TIEBREAKS = TABLES_ORDER  # the former name


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


@dataclass(frozen=True)
class TablesData:
    """What the tables' tie-breaks read: the tables with their results, the byes, and every
    entry's points."""

    tables: Sequence[TableResult]
    byes: Sequence[TableBye]
    points: Mapping[int, float]


class TableTieBreak:
    """A tie-break of the tables: ``key`` (stored in a tournament's order), ``label``, ``abbr``
    and ``help`` (marked for translation), and ``compute``. Higher values rank higher.
    ``grouped`` ones (direct placings) depend on who is still tied: they get ``groups``, the
    entries equal on points and on every earlier tie-break."""

    key: ClassVar[str] = ""
    label: ClassVar[str] = ""
    abbr: ClassVar[str] = ""
    help: ClassVar[str] = ""
    grouped: ClassVar[bool] = False

    def compute(
        self, data: TablesData, groups: Iterable[Sequence[int]] = ()
    ) -> dict[int, Explanation]:
        terms: dict[int, list[Term]] = {e: [] for e in data.points}
        self.add_terms(data, terms)
        return {e: Explanation(_r(sum(t.value for t in ts)), tuple(ts)) for e, ts in terms.items()}

    def add_terms(self, data: TablesData, terms: dict[int, list[Term]]) -> None:
        raise NotImplementedError


TABLE_TIEBREAKS: dict[str, TableTieBreak] = {}


def register(cls: type[TableTieBreak]) -> type[TableTieBreak]:
    """Class decorator: add one instance of ``cls`` to ``TABLE_TIEBREAKS`` under its key."""
    if not cls.key or cls.key in TABLE_TIEBREAKS:
        raise ValueError(f"tie-break key missing or taken: {cls.key!r}")
    TABLE_TIEBREAKS[cls.key] = cls()
    return cls


@register
class OpponentsPoints(TableTieBreak):
    key = TABLES_OPPONENTS
    label = gettext_noop("Opponents' points")
    abbr = gettext_noop("OPP")
    help = gettext_noop(
        "The multiplayer Buchholz: for every table played, the points of each other player at "
        "it, now."
    )

    def add_terms(self, data: TablesData, terms: dict[int, list[Term]]) -> None:
        for t in data.tables:
            for e, p in zip(t.seats, t.points, strict=True):
                for other in t.seats:
                    if other != e:
                        value = data.points[other]
                        terms[e].append(Term(t.round, PLAYED, other, value, score=value, points=p))


@register
class SosMade(TableTieBreak):
    key = TABLES_SOS
    label = gettext_noop("SOS made")
    abbr = gettext_noop("SOS")
    help = gettext_noop("The SOS counts made at every table.")

    def add_terms(self, data: TablesData, terms: dict[int, list[Term]]) -> None:
        for t in data.tables:
            for e, count, p in zip(t.seats, t.counts, t.points, strict=True):
                terms[e].append(Term(t.round, PLAYED, None, float(count), points=p))
        for b in data.byes:
            terms[b.entry].append(Term(b.round, PAIRING_BYE, None, 0.0, points=b.points))


@register
class SosDifference(TableTieBreak):
    key = TABLES_SOS_DIFFERENCE
    label = gettext_noop("SOS difference")
    abbr = gettext_noop("SOSD")
    help = gettext_noop(
        "For every table played: the SOS the player made (points earned) less the average of "
        "the SOS made by the others at the table (opponent's score used). A bye adds nothing."
    )

    def add_terms(self, data: TablesData, terms: dict[int, list[Term]]) -> None:
        for t in data.tables:
            total = sum(t.counts)
            others = len(t.seats) - 1
            for e, count in zip(t.seats, t.counts, strict=True):
                average = _r((total - count) / others) if others else 0.0
                value = _r(count - average)
                terms[e].append(Term(t.round, PLAYED, None, value, score=average, points=count))
        for b in data.byes:
            terms[b.entry].append(Term(b.round, PAIRING_BYE, None, 0.0))


@register
class TablesWon(TableTieBreak):
    key = TABLES_WINS
    label = gettext_noop("Tables won")
    abbr = gettext_noop("WIN")
    help = gettext_noop(
        "The tables at which the player made the most SOS (a shared first place counts)."
    )

    def add_terms(self, data: TablesData, terms: dict[int, list[Term]]) -> None:
        for t in data.tables:
            best = max(t.counts)
            for e, count, p in zip(t.seats, t.counts, t.points, strict=True):
                if count == best:
                    terms[e].append(Term(t.round, PLAYED, None, 1.0, points=p))


@register
class DirectPlacings(TableTieBreak):
    key = TABLES_DIRECT
    label = gettext_noop("Direct placings")
    abbr = gettext_noop("DP")
    help = gettext_noop(
        "Among the players tied with this one on points and on the tie-breaks before it: at "
        "every table shared with one of them, 1 for finishing ahead of him, ½ for the same SOS "
        "count, 0 behind (points earned); two who shared several tables count the average "
        "(adds). It counts only when every two of the tied players shared a table; otherwise "
        "it is 0 for all of them."
    )
    grouped = True

    def compute(
        self, data: TablesData, groups: Iterable[Sequence[int]] = ()
    ) -> dict[int, Explanation]:
        return direct_placings(data.tables, data.points, groups)


def _level(points: float, values: Sequence[float]) -> tuple[float, ...]:
    return (round(points, 6), *(round(v, 6) for v in values))


def table_standings(
    entries: Sequence[int],
    tables: Sequence[TableResult],
    byes: Sequence[TableBye] = (),
    ranks: Mapping[int, int | None] | None = None,
    order: Sequence[str] = TABLES_ORDER,
) -> list[StandingRow]:
    """Every entry's row, best first, by points then the tie-breaks of ``order`` (keys of
    ``TABLE_TIEBREAKS``; ``ValueError`` on another); rows equal on points and every tie-break
    share places."""
    unknown = [key for key in order if key not in TABLE_TIEBREAKS]
    if unknown or len(set(order)) != len(order):
        raise ValueError(f"not the tables' tie-breaks, or repeated: {list(order)}")
    ranks = ranks or {}
    points = {e: 0.0 for e in entries}
    for t in tables:
        for e, p in zip(t.seats, t.points, strict=True):
            points[e] = points.get(e, 0.0) + p
    for b in byes:
        points[b.entry] = points.get(b.entry, 0.0) + b.points
    data = TablesData(tables, byes, points)
    values: dict[int, list[float]] = {e: [] for e in points}
    explained: dict[int, dict[str, Explanation]] = {e: {} for e in points}
    for key in order:
        tb = TABLE_TIEBREAKS[key]
        if tb.grouped:
            groups: dict[tuple[float, ...], list[int]] = {}
            for e in points:
                groups.setdefault(_level(points[e], values[e]), []).append(e)
            computed = tb.compute(data, groups.values())
        else:
            computed = tb.compute(data)
        for e in points:
            values[e].append(computed[e].value)
            explained[e][key] = computed[e]
    ordered = sorted(
        points,
        key=lambda e: (
            *(-v for v in _level(points[e], values[e])),
            ranks.get(e) or 10**9,
            e,
        ),
    )
    rows = []
    start = 0
    while start < len(ordered):
        level = _level(points[ordered[start]], values[ordered[start]])
        end = start
        while (
            end + 1 < len(ordered)
            and _level(points[ordered[end + 1]], values[ordered[end + 1]]) == level
        ):
            end += 1
        for e in ordered[start : end + 1]:
            rows.append(
                StandingRow(
                    place=start + 1,
                    entry=e,
                    points=points[e],
                    tiebreaks=tuple(values[e]),
                    explanations=explained[e],
                    shared=end > start,
                    place_to=end + 1,
                    start_rank=ranks.get(e),
                )
            )
        start = end + 1
    return rows
