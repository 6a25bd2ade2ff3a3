"""A group stage group by group on the site (issue 29): the wall chart draws one chart a group
(its rounds with its own boards, its standings with its own places), the crosstable one
crosstable a group; before the draw both are the ordinary pages."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.tournaments.stage_helpers import new_groups, play_all
from tests.views.helpers import parse
from tournaments import queries
from tournaments.acts import group_reads

pytestmark = pytest.mark.django_db


@pytest.fixture
def anon() -> Client:
    return Client(HTTP_ACCEPT_LANGUAGE="en")


def test_the_wall_chart_of_a_group_stage_is_one_chart_a_group(arbiter: User, anon: Client) -> None:
    t = new_groups(arbiter, players=7, size=4)  # A = P01, P04, P05; B = P02, P03, P06, P07
    play_all(t, arbiter)
    page = parse(anon.get(f"/tournaments/{t.pk}/wallchart/"))
    groups = page.find_all("section", cls="wall-group")
    assert [g.attrs["id"] for g in groups] == ["group-A", "group-B"]
    assert [g.find("h2").text() for g in groups] == ["Group A", "Group B"]
    members = {"A": {"P01", "P04", "P05"}, "B": {"P02", "P03", "P06", "P07"}}
    for group, label in zip(groups, "AB", strict=True):
        rounds = group.find_all("section", cls="schedule-round")
        assert len(rounds) == 3  # the largest group's round robin
        names = {a.text() for r in rounds for a in r.find("tbody").find_all("a")}
        assert names == members[label]  # its own boards only
        table = group.find("table", cls="standings")
        rows = table.find("tbody").find_all("tr")
        assert [r.find_all("td")[0].text() for r in rows] == [
            str(n) for n in range(1, len(members[label]) + 1)
        ]  # its own places
        assert {r.find_all("a")[0].text() for r in rows} == members[label]
    # Group A's three: a game and a free round each round
    first = groups[0].find_all("section", cls="schedule-round")[0]
    assert len(first.find("tbody").find_all("tr")) == 2  # a game and the free round
    assert not page.has(cls="podium")  # no winner of a whole group stage
    assert not page.has(cls="wall-standings")


def test_the_wall_chart_before_the_draw_is_the_ordinary_one(arbiter: User, anon: Client) -> None:
    t = new_groups(arbiter, players=6, size=3)
    page = parse(anon.get(f"/tournaments/{t.pk}/wallchart/"))
    assert not page.has(cls="wall-group")
    assert page.has(cls="wall-standings")


def test_the_crosstable_of_a_group_stage_is_one_a_group(
    arbiter: User, anon: Client, django_assert_max_num_queries
) -> None:
    t = new_groups(arbiter, players=8, size=4)
    play_all(t, arbiter, draws=frozenset({"P01", "P05"}))
    detail = parse(anon.get(t.get_absolute_url()))
    assert detail.has("a", href=f"/tournaments/{t.pk}/crosstable/")
    page = parse(anon.get(f"/tournaments/{t.pk}/crosstable/"))
    sections = page.find_all("section", cls="group-crosstable")
    assert [s.find("h2").text() for s in sections] == ["Group A", "Group B"]
    standings = dict(queries.group_standings(t))
    for section, label in zip(sections, "AB", strict=True):
        head = [th.text() for th in section.find("thead").find_all("th")]
        assert head == ["№", "Player", "1", "2", "3", "4", "Points", "Place"]
        places = {e.player.name: r.place_label for r, e in standings[label].lines()}
        for n, row in enumerate(section.find("tbody").find_all("tr"), 1):
            cells = [td.text() for td in row.find_all("td")]
            assert cells[0] == str(n) and cells[1 + n] == ""  # the diagonal
            assert cells[-1] == places[cells[1]]
    group_a = sections[0].find("tbody").find_all("tr")
    assert [r.find("a").text() for r in group_a] == ["P01", "P04", "P05", "P08"]
    assert [td.text() for td in group_a[0].find_all("td")][2:6] == ["", "1", "½", "1"]
    with django_assert_max_num_queries(6):
        assert len(group_reads.group_crosstables(t)) == 2  # whatever the number of groups
