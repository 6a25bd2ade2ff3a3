"""A group stage's crosstable sheet (issue 29, docs/stages.md): one crosstable a group, one
under the other, each under its heading ("Group A") with its own players numbered 1… within
the group, a column a member, the points and the place in the group's standings. Written for
reading, as the round robin's crosstable: the import recognises it by its title in A1."""

from __future__ import annotations

from collections.abc import Iterator

from sheets import layout as L
from sheets.boards.write import LABEL, TITLE
from sheets.xlsx.writer import Cell, SheetSpec, Style
from tournaments.acts.group_reads import GroupCrosstable

THIN = "thin"
HEAD = Style(bold=True, fill="EEEEEE", border=(THIN, THIN, THIN, THIN), h="center", wrap=True)
CENTRED = Style(h="center")
DIAGONAL = Style(fill="808080")
FIRST_ROW = 3  # the first group's heading (the sheet's title in A1)


def group_crosstable_sheet(groups: list[GroupCrosstable]) -> SheetSpec:
    """The crosstable sheet of a group stage: ``groups`` (``group_crosstables``) in order."""
    widest = max(len(g.entries) for g in groups)

    def rows() -> Iterator:
        yield 1, [(1, Cell(L.t(L.CROSSTABLE_SHEET), TITLE))]
        n = FIRST_ROW
        for group in groups:
            size = len(group.entries)
            yield n, [(1, Cell(L.t(L.GROUP_TITLE, group=group.label), LABEL))]
            head = [L.t(L.NUMBER), L.t(L.NAME), *(str(k) for k in range(1, size + 1))]
            head += [L.t(L.POINTS), L.t(L.PLACE)]
            yield n + 1, [(c, Cell(text, HEAD)) for c, text in enumerate(head, 1)]
            n += 2
            for entry, line, place in group.lines():
                cells = [Cell(" ".join(c) or None, CENTRED) for c in line.cells]
                cells[line.number - 1] = Cell(None, DIAGONAL)
                values = [Cell(line.number), Cell(entry.player.name), *cells]
                values += [Cell(line.points), Cell(place or None, CENTRED)]
                yield n, [(c, v) for c, v in enumerate(values, 1)]
                n += 1
            n += 1  # a blank row between two groups

    widths = {1: 5, 2: 28, **{c: 5 for c in range(3, 3 + widest)}}
    widths.update({3 + widest: 8, 4 + widest: 8})
    return SheetSpec(
        title=L.t(L.CROSSTABLE_SHEET),
        rows=rows(),
        widths=widths,
        landscape=widest > 12,
    )
