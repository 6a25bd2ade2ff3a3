"""Events in stages (issue 29): a group stage drawn by the serpentine and paired group by
group, its standings by group, and the play-off started from its standings (or a Swiss's)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from tests.tournaments.helpers import new_tournament, play_round, seed_players
from tests.tournaments.knockout_helpers import names, pair
from tests.tournaments.stage_helpers import new_groups, play_all
from tournaments import queries
from tournaments.acts import cup_play, playoff, stages
from tournaments.errors import TournamentError
from tournaments.models import Cup, Entry, Tournament, TournamentStatus

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    with translation.override("en"):
        yield


def group_of(t) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for e in Entry.objects.filter(tournament=t).order_by("rank").select_related("player"):
        out.setdefault(e.group, []).append(e.player.name)
    return out


def test_groups_are_drawn_by_the_serpentine_and_paired_apart(arbiter: User) -> None:
    t = new_groups(arbiter)
    rnd = pair(t, arbiter)
    t.refresh_from_db()
    assert t.rounds == 3
    assert group_of(t) == {"A": ["P01", "P04", "P05", "P08"], "B": ["P02", "P03", "P06", "P07"]}
    assert stages.group_labels(t) == ["A", "B"]
    groups = {e.pk: e.group for e in t.entries.all()}
    for p in rnd.pairings.all():
        assert groups[p.first_id] == groups[p.second_id]
    assert rnd.pairings.count() == 4


def test_each_group_has_its_own_standings(arbiter: User) -> None:
    t = new_groups(arbiter)
    play_all(t, arbiter)
    t.refresh_from_db()
    assert t.status == TournamentStatus.FINISHED
    table = queries.standings(t, group="B")
    assert [e.player.name for _row, e in table.lines()] == ["P02", "P03", "P06", "P07"]
    assert [row.points for row in table.rows] == [3, 2, 1, 0]


def test_playoff_from_two_groups_crosses_winners_and_runners_up(arbiter: User) -> None:
    t = new_groups(arbiter)
    play_all(t, arbiter)
    stage = playoff.start_playoff(tournament=t, user=arbiter, qualifiers=2)
    assert stage.previous_stage_id == t.pk
    assert stage.kind == t.kind and stage.online == t.online
    assert list(stage.arbiters.all()) == [arbiter]
    cup = Cup.objects.get(tournament=stage)
    origin = {Entry.objects.get(pk=int(pk)).player.name: where for pk, where in cup.origins.items()}
    assert origin == {"P01": "A1", "P02": "B1", "P04": "A2", "P03": "B2"}
    pair(stage, arbiter)
    assert [names(stage, n) for n in (1, 2)] == [("P01", "P03"), ("P02", "P04")]
    assert [s.pk for s in stages.stages(stage)] == [t.pk, stage.pk]
    assert [s.pk for s in stages.stages(t)] == [t.pk, stage.pk]
    with pytest.raises(TournamentError, match="seeded by the standings"):
        cup_play.seed_cup(tournament=stage, user=arbiter)


def test_playoff_from_a_swiss_top_four(arbiter: User) -> None:
    t = new_tournament(arbiter, rounds=3)
    seed_players(t, arbiter, 8)
    for _n in range(3):
        play_round(t, arbiter, "1-0")
    t.refresh_from_db()
    table = [e.pk for _row, e in queries.standings(t).lines()]
    if any(row.shared and row.place <= 4 < row.place_to for row in queries.standings(t).rows):
        pytest.skip("tied at the cut")
    stage = playoff.start_playoff(tournament=t, user=arbiter, qualifiers=4)
    cup = Cup.objects.get(tournament=stage)
    qualified = [Entry.objects.get(pk=pk).player_id for pk in cup.seeds]
    assert qualified == [Entry.objects.get(pk=pk).player_id for pk in table[:4]]
    assert sorted(cup.origins.values()) == ["1", "2", "3", "4"]
    assert stages.origin_text("3") == "place 3"


def test_refusals(arbiter: User) -> None:
    t = new_groups(arbiter)
    with pytest.raises(TournamentError, match="Finish this stage first"):
        playoff.start_playoff(tournament=t, user=arbiter, qualifiers=2)
    play_all(t, arbiter, draws=frozenset({"P04", "P05"}))
    with pytest.raises(TournamentError, match="One or two players"):
        playoff.start_playoff(tournament=t, user=arbiter, qualifiers=3)
    play = playoff.start_playoff(tournament=t, user=arbiter, qualifiers=1)
    assert Cup.objects.get(tournament=play).origins
    with pytest.raises(TournamentError, match="started already"):
        playoff.start_playoff(tournament=t, user=arbiter, qualifiers=1)
    with pytest.raises(TournamentError, match="not followed by a play-off"):
        playoff.start_playoff(tournament=play, user=arbiter, qualifiers=2)


def test_a_tie_across_the_line_is_refused(arbiter: User) -> None:
    t = new_groups(arbiter, players=6, size=3)  # two groups of three: 1,4,5 | 2,3,6
    t.tiebreaks = []
    t.save(update_fields=["tiebreaks"])
    play_all(t, arbiter, draws=frozenset({"P01", "P04", "P05"}))
    with pytest.raises(TournamentError, match="tied across the qualifying line"):
        playoff.start_playoff(tournament=t, user=arbiter, qualifiers=2)


def test_only_an_arbiter_starts_the_playoff(arbiter: User, other_arbiter: User) -> None:
    t = new_groups(arbiter)
    play_all(t, arbiter)
    for user in (other_arbiter, None):
        with pytest.raises(TournamentError) as refused:
            playoff.start_playoff(tournament=t, user=user, qualifiers=2)
        assert refused.value.code == "not_allowed"
    assert not stages.stages(t)[1:]


def test_one_qualifier_of_one_group_is_no_playoff(arbiter: User) -> None:
    t = new_groups(arbiter, players=4, size=4)
    play_all(t, arbiter)
    with pytest.raises(TournamentError, match="At least two players"):
        playoff.start_playoff(tournament=t, user=arbiter, qualifiers=1)


def test_too_many_groups_are_refused_when_round_one_is_paired(arbiter: User) -> None:
    t = new_groups(arbiter, players=54, size=2)
    with pytest.raises(TournamentError, match="At most 26 groups"):
        pair(t, arbiter)
    assert not t.round_set.exists()


def test_group_standings_take_the_same_queries_for_two_groups_as_for_four(
    arbiter: User, django_assert_num_queries
) -> None:
    small, big = new_groups(arbiter, players=8), new_groups(arbiter, players=16)
    small.name = "Small"
    small.save(update_fields=["name"])
    play_all(small, arbiter)
    play_all(big, arbiter)
    with CaptureQueriesContext(connection) as captured:
        assert len(queries.group_standings(Tournament.objects.get(pk=small.pk))) == 2
    with django_assert_num_queries(len(captured)):
        tables = queries.group_standings(Tournament.objects.get(pk=big.pk))
    assert [label for label, _table in tables] == ["A", "B", "C", "D"]
    assert len(captured) <= 4
