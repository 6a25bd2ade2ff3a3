"""A group stage read group by group (issue 29, docs/stages.md): each group's crosstable (its
own players, numbered within the group, and their places in the group's standings) and each
group's rounds, for the crosstable page and sheet, the wall chart and the API. Reads only: a
fixed number of queries, whatever the number of groups. The groups' standings are
``tournaments.queries.group_standings``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from tournaments import queries
from tournaments.models import Entry, Tournament
from tournaments.pairings import tournament_records
from tournaments.standings import CrosstableRow, crosstable


@dataclass
class GroupCrosstable:
    """One group's crosstable: its entries by starting rank, their rows (numbered 1… within the
    group, a cell a member of the group) and each entry's place in the group ("1", "2-3")."""

    label: str
    entries: list[Entry]
    rows: list[CrosstableRow]
    places: dict[int, str] = field(default_factory=dict)

    def lines(self) -> list[tuple[Entry, CrosstableRow, str]]:
        return [
            (e, row, self.places.get(e.pk, ""))
            for e, row in zip(self.entries, self.rows, strict=True)
        ]


def group_crosstables(t: Tournament) -> list[GroupCrosstable]:
    """A group stage's crosstables, one a group in group order; none without groups (before
    the draw, or another format). Six queries in all, whatever the number of groups."""
    if not t.format_entry.has_groups:
        return []
    entries = sorted(t.entries.select_related("player"), key=lambda e: (e.rank or 10**6, e.pk))
    labels = sorted({e.group for e in entries if e.group})
    if not labels:
        return []
    games = tournament_records(t)
    played = queries.rounds_played(t)
    standings = dict(queries.group_standings(t))
    out = []
    for label in labels:
        members = [e for e in entries if e.group == label]
        rows = crosstable(
            [e.pk for e in members], games, system=t.point_system, rounds_played=played
        )
        table = standings.get(label)
        places = {row.entry: row.place_label for row in table.rows} if table else {}
        out.append(GroupCrosstable(label, members, rows, places))
    return out


def group_schedules(
    schedule: list[queries.ScheduledRound],
) -> list[tuple[str, list[queries.ScheduledRound]]]:
    """``schedule`` (``tournaments.queries.schedule``) split group by group: each group's rounds
    with its own boards only (a board belongs to its first player's group). None when no
    board's player has a group."""
    labels = sorted({b.first.group for r in schedule for b in r.boards if b.first.group})
    out = []
    for label in labels:
        rounds = [_of_group(r, label) for r in schedule]
        out.append((label, [r for r in rounds if r.boards]))
    return out


def _of_group(scheduled: queries.ScheduledRound, label: str) -> queries.ScheduledRound:
    return replace(scheduled, boards=[b for b in scheduled.boards if b.first.group == label])
