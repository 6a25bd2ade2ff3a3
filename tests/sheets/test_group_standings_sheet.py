"""A group stage's workbook (issue 29): its standings and crosstable sheets give each group's
table, titled ("Group A"), with the group's own places — as the site's pages do."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.utils import translation
from openpyxl.utils import get_column_letter

from sheets import services as sheets
from tests.ratings.sheet_helpers import cells
from tests.tournaments.stage_helpers import new_groups, play_all
from tournaments import queries

pytestmark = pytest.mark.django_db


def test_the_standings_sheet_of_a_group_stage_is_one_table_a_group(arbiter: User) -> None:
    t = new_groups(arbiter)
    play_all(t, arbiter)
    with translation.override("en"):
        data = sheets.export_tournament(t)
    found = cells(data, "Standings")
    column_a = [found.get(f"A{n}") for n in range(1, 30)]
    assert column_a[0] == "Standings"
    titles = [(n, v) for n, v in enumerate(column_a, 1) if isinstance(v, str) and "Group" in v]
    assert [v for _n, v in titles] == ["Group A", "Group B"]
    for (row, title), (label, table) in zip(titles, queries.group_standings(t), strict=True):
        assert title == f"Group {label}"
        assert found[f"A{row + 1}"] == "Place" and found[f"C{row + 1}"] == "Name"
        names = [found[f"C{row + 2 + i}"] for i in range(len(table.rows))]
        assert names == [entry.player.name for _row, entry in table.lines()]
        assert found[f"A{row + 2}"] in (1, "1")  # each group's own places
    with translation.override("ru"):
        russian = cells(sheets.export_tournament(t), "Турнирная таблица")
    assert "Группа A" in russian.values()


def test_the_crosstable_sheet_of_a_group_stage_is_one_crosstable_a_group(arbiter: User) -> None:
    """Each group's own crosstable: its heading, its members numbered 1… within it, a column a
    member (the diagonal empty), their points and their places in the group."""
    t = new_groups(arbiter, players=7, size=4)  # A = 1, 4, 5; B = 2, 3, 6, 7 (the snake)
    play_all(t, arbiter, draws=frozenset({"P02", "P03"}))
    with translation.override("en"):
        data = sheets.export_tournament(t)
    found = cells(data, "Crosstable")
    assert found["A1"] == "Crosstable"
    groups = {label: table for label, table in queries.group_standings(t)}
    members = {
        label: sorted(t.entries.filter(group=label), key=lambda e: e.rank) for label in groups
    }
    row = 3
    for label in sorted(groups):
        size = len(members[label])
        assert found[f"A{row}"] == f"Group {label}"
        head = [found.get(f"{get_column_letter(c)}{row + 1}") for c in range(1, size + 5)]
        assert head == ["No.", "Name", *(str(k) for k in range(1, size + 1)), "Points", "Place"]
        places = {entry.pk: r.place_label for r, entry in groups[label].lines()}
        points = {entry.pk: r.points for r, entry in groups[label].lines()}
        for k, entry in enumerate(members[label], 1):
            line = row + 1 + k
            assert found[f"A{line}"] == k
            assert found[f"B{line}"] == entry.player.name
            assert f"{get_column_letter(2 + k)}{line}" not in found  # the diagonal
            assert found[f"{get_column_letter(3 + size)}{line}"] == points[entry.pk]
            assert str(found[f"{get_column_letter(4 + size)}{line}"]) == places[entry.pk]
        row += size + 3  # heading, head, the members, a blank row
    # Group B: P02 and P03 drew (½ both ways); P02 beat P06 (B's 1st v 3rd)
    b = [e.player.name for e in members["B"]]
    first = row_of(found, "P02")
    assert found[f"{get_column_letter(2 + b.index('P03') + 1)}{first}"] == "½"
    assert found[f"{get_column_letter(2 + b.index('P06') + 1)}{first}"] == "1"


def row_of(found: dict, name: str) -> int:
    return next(int(key[1:]) for key, value in found.items() if value == name and key[0] == "B")
