"""Events in stages in the API (issue 29): a group stage's standings, explanations, rounds and
crosstable carry each row's group (one table a group, its own places and numbers, as the site
shows them), and every tournament read links the stage it was fed from and the play-off it
feeds."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.tournaments.helpers import make_user
from tests.tournaments.stage_helpers import new_groups, play_all
from tournaments import queries
from tournaments.acts import playoff
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def api() -> Client:
    return Client(HTTP_ACCEPT_LANGUAGE="en")


@pytest.fixture
def arbiter(db: None) -> User:
    return make_user("arbiter")


@pytest.fixture
def groups(arbiter: User) -> Tournament:
    """Two groups of four played through: A = P01, P04, P05, P08; B = P02, P03, P06, P07."""
    t = new_groups(arbiter, players=8, size=4)
    play_all(t, arbiter, draws=frozenset({"P01", "P05"}))
    return t


def get(api: Client, path: str) -> Any:
    response = api.get(f"/api/v1/tournaments/{path}")
    assert response.status_code == 200, response.content
    return response.json()


def test_the_standings_of_a_group_stage_are_one_table_a_group(
    api: Client, groups: Tournament
) -> None:
    answer = get(api, f"{groups.pk}/standings")
    assert answer["groups"] == ["A", "B"]
    tables = dict(queries.group_standings(groups))
    for label in "AB":
        rows = [row for row in answer["rows"] if row["group"] == label]
        expected = [(r.place_label, e.player.name) for r, e in tables[label].lines()]
        assert [(row["place_label"], row["name"]) for row in rows] == expected
        assert rows[0]["place"] == 1  # each group's own places
    assert [row["group"] for row in answer["rows"]] == ["A"] * 4 + ["B"] * 4
    assert [t["key"] for t in answer["tiebreaks"]] == list(groups.tiebreaks)
    # One entry explained within its group: its place and tie-breaks are the group's
    second = next(row for row in answer["rows"] if row["group"] == "B" and row["place"] == 2)
    explained = get(api, f"{groups.pk}/standings/{second['entry']}")
    assert explained["row"] == second


def test_the_crosstable_of_a_group_stage_is_one_a_group(api: Client, groups: Tournament) -> None:
    assert get(api, str(groups.pk))["has_crosstable"] is True
    answer = get(api, f"{groups.pk}/crosstable")
    assert answer["groups"] == ["A", "B"]
    rows = answer["rows"]
    assert [(r["group"], r["number"]) for r in rows] == [(g, n) for g in "AB" for n in range(1, 5)]
    group_a = [r for r in rows if r["group"] == "A"]
    assert [r["name"] for r in group_a] == ["P01", "P04", "P05", "P08"]
    assert group_a[0]["cells"] == [[], ["1"], ["½"], ["1"]]  # within the group
    assert group_a[0]["points"] == 2.5 and group_a[0]["place_label"] == "1"
    assert all(len(r["cells"]) == 4 for r in rows)


def test_the_rounds_of_a_group_stage_name_each_board_s_group(
    api: Client, groups: Tournament
) -> None:
    rounds = get(api, f"{groups.pk}/rounds")["rounds"]
    assert [b["group"] for b in rounds[0]["boards"]] == ["A", "A", "B", "B"]


def test_one_table_has_no_groups(api: Client, arbiter: User) -> None:
    t = new_groups(arbiter, players=4, size=4)  # not drawn yet: one table
    answer = get(api, f"{t.pk}/standings")
    assert answer["groups"] == [] and {row["group"] for row in answer["rows"]} == {""}
    assert get(api, f"{t.pk}/crosstable")["groups"] == []


def test_every_tournament_read_links_its_stages(
    api: Client, arbiter: User, groups: Tournament, django_assert_max_num_queries: Any
) -> None:
    first = get(api, str(groups.pk))
    assert first["previous_stage"] is None and first["next_stage"] is None
    etag = api.get(f"/api/v1/tournaments/{groups.pk}").headers["ETag"]
    stage = playoff.start_playoff(tournament=groups, user=arbiter, qualifiers=2)
    changed = api.get(f"/api/v1/tournaments/{groups.pk}", HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200  # the play-off's start changed the first stage's read
    assert changed.json()["next_stage"] == {
        "id": stage.pk,
        "url": f"/tournaments/{stage.pk}/",
        "api_url": f"/api/v1/tournaments/{stage.pk}",
    }
    following = get(api, str(stage.pk))
    assert following["previous_stage"]["id"] == groups.pk
    assert following["previous_stage"]["url"] == groups.get_absolute_url()
    assert following["next_stage"] is None
    assert api.get(following["previous_stage"]["api_url"]).json()["id"] == groups.pk
    with django_assert_max_num_queries(4):  # the next stages selected with the page
        items = api.get("/api/v1/tournaments").json()["items"]
    links = {item["id"]: (item["previous_stage"], item["next_stage"]) for item in items}
    assert links[groups.pk][1]["id"] == stage.pk and links[stage.pk][0]["id"] == groups.pk


def test_the_standings_widget_of_a_group_stage_is_one_table_a_group(
    api: Client, groups: Tournament
) -> None:
    html = api.get(f"/embed/tournaments/{groups.pk}/standings").content.decode()
    assert html.count("<table>") == 2
    assert html.index("Group A") < html.index("P04") < html.index("Group B") < html.index("P03")
