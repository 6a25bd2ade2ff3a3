"""A group stage's workbook (issue 29): its standings sheet gives each group's table, titled
("Group A"), with the group's own places — as the site's standings page does."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.utils import translation

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
