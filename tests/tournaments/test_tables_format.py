"""SOS at tables on the site (issue 30): the format's entry and options, a 20-player event at
tables of four over three rounds (every player seated once a round, results over the board,
standings, a correction), a field of ten (4 + 3 + 3), the refusals, and the pages in en/ru/fa."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.tournaments.helpers import make_creator, new_tournament, register_all, seed_players
from tests.web.test_bidi import IsolationChecker
from tests.web.test_every_page_bidi import NAMES, PLAYERS, TOURNAMENT, LtrChecker
from tournaments import formats, pairings, queries
from tournaments.acts import given_pairings, services, tables
from tournaments.errors import TournamentError
from tournaments.models import (
    Act,
    Pairing,
    ResultRecord,
    Round,
    RoundStatus,
    TableSeat,
    TableSeating,
    Tournament,
)
from tournaments.trf_io import export_trf

pytestmark = pytest.mark.django_db
ClientFor = Callable[..., Client]


def new_event(arbiter: User, players: int, **options: object) -> Tournament:
    t = new_tournament(arbiter, name="Table Night", format="sos_tables", format_options=options)
    seed_players(t, arbiter, players)
    return t


def seats_of(rnd: Round) -> list[list[TableSeat]]:
    out = []
    for row in rnd.tables.order_by("number"):
        out.append(list(row.seats.select_related("entry__player").order_by("seat")))
    return out


def play(rnd: Round, arbiter: User) -> None:
    """Every table's result: seat ``k`` makes ``table + 2 * k`` SOS (the last seat the most)."""
    for row in rnd.tables.all():
        n = row.seats.count()
        tables.record_table(table=row, counts=[row.number + 2 * k for k in range(n)], user=arbiter)


def test_the_format_is_registered_with_its_options() -> None:
    entry = formats.get("sos_tables")
    assert entry.plays_tables and not entry.plays_matches
    assert entry.clean_options({}) == {
        "size": 4,
        "allow_small": False,
        "scoring": "placement",
        "scheme": [],
    }
    assert entry.clean_options({"size": "5", "scheme": "6-3-1-0-0"})["scheme"] == [
        6.0,
        3.0,
        1.0,
        0.0,
        0.0,
    ]
    for bad in ({"size": 7}, {"size": 2}, {"scoring": "x"}, {"scheme": "1-2-3-0"}, {"x": 1}):
        with pytest.raises(TournamentError):
            entry.clean_options(bad)


def test_twenty_players_at_tables_of_four_over_three_rounds(arbiter: User) -> None:
    t = new_event(arbiter, 20)
    ids = set(t.entries.values_list("pk", flat=True))
    for number in (1, 2, 3):
        rnd = pairings.pair_round(tournament=t, user=arbiter)
        assert rnd.number == number
        tabled = seats_of(rnd)
        assert [len(s) for s in tabled] == [4] * 5
        seated = [s.entry_id for table in tabled for s in table]
        assert sorted(seated) == sorted(ids)  # every player once
        assert not Pairing.objects.filter(round=rnd).exists()  # no bye
        with pytest.raises(TournamentError):
            services.finish_round(round=rnd, user=arbiter)  # tables without results
        play(rnd, arbiter)
        services.finish_round(round=rnd, user=arbiter)
    # seat 0 of every table scores 0 a round: 3-2-1-0 by counts, the last seat best
    first = TableSeat.objects.filter(table__round__tournament=t, seat=3)
    assert {s.points for s in first} == {3.0} and {s.place for s in first} == {1.0}
    table = queries.standings(t)
    points = [row.points for row in table.rows]
    assert points == sorted(points, reverse=True)
    assert sum(points) == 3 * 5 * 6  # 3 rounds, 5 tables of 6 points
    assert [key for key, _l, _a in table.labels] == [
        "tables_opponents",
        "tables_sos",
        "tables_sos_difference",
        "tables_wins",
        "tables_direct",
    ]
    keys = [(r.points, *r.tiebreaks) for r in table.rows]
    assert keys == sorted(keys, reverse=True)
    # a repeat only where unavoidable: 20 players in 3 rounds of fours need none
    met = Counter()
    for row in TableSeating.objects.filter(round__tournament=t):
        es = sorted(row.seats.values_list("entry_id", flat=True))
        met.update((a, b) for a in es for b in es if a < b)
    assert max(met.values()) == 1
    t.refresh_from_db()
    assert t.status == "finished"


def test_a_correction_computes_places_and_points_again(arbiter: User) -> None:
    t = new_event(arbiter, 8)
    rnd = pairings.pair_round(tournament=t, user=arbiter)
    row = rnd.tables.get(number=1)
    tables.record_table(table=row, counts=[5, 3, 3, 1], user=arbiter)
    assert [s.place for s in row.seats.order_by("seat")] == [1, 2.5, 2.5, 4]
    assert [s.points for s in row.seats.order_by("seat")] == [3, 1.5, 1.5, 0]
    tables.record_table(table=row, counts=[0, 3, 4, 1], user=arbiter)
    assert [s.points for s in row.seats.order_by("seat")] == [0, 2, 3, 1]
    acts = list(
        ResultRecord.objects.filter(tournament=t).exclude(act=Act.RESULT, pairing__isnull=False)
    )
    assert [r.act for r in acts] == [Act.CORRECT_RESULT, Act.RESULT]
    assert acts[0].before["counts"] == [5, 3, 3, 1] and acts[0].after["counts"] == [0, 3, 4, 1]
    with translation.override("en"):
        assert acts[0].note_text == "Table 1 of round 1."


def test_ten_players_sit_four_three_three_and_three_scores_as_four(arbiter: User) -> None:
    t = new_event(arbiter, 10)
    rnd = pairings.pair_round(tournament=t, user=arbiter)
    assert [len(s) for s in seats_of(rnd)] == [4, 3, 3]
    row = rnd.tables.get(number=2)
    tables.record_table(table=row, counts=[9, 5, 1], user=arbiter)
    assert [s.points for s in row.seats.order_by("seat")] == [2.25, 1.5, 0.75]


def test_five_players_at_four_give_a_bye_to_the_lowest(arbiter: User) -> None:
    t = new_event(arbiter, 5)
    rnd = pairings.pair_round(tournament=t, user=arbiter)
    bye = Pairing.objects.get(round=rnd)
    assert bye.second_id is None and bye.first.player.name == "P05"
    assert ResultRecord.objects.filter(pairing=bye).count() == 1
    play(rnd, arbiter)
    services.finish_round(round=rnd, user=arbiter)
    row = next(r for r in queries.standings(t).rows if r.entry == bye.first_id)
    assert row.points == 1.5  # a table's average
    rnd2 = pairings.pair_round(tournament=t, user=arbiter)
    assert Pairing.objects.get(round=rnd2).first_id != bye.first_id


def test_counts_are_all_or_none_and_whole(arbiter: User, plain_user: User) -> None:
    t = new_event(arbiter, 8)
    rnd = pairings.pair_round(tournament=t, user=arbiter)
    row = rnd.tables.get(number=1)
    for counts in ([1, 2, None, 3], [1, 2, 3], [1, 2, 3, -1], [1, 2, 3, 5000]):
        with pytest.raises(TournamentError):
            tables.record_table(table=row, counts=counts, user=arbiter)
    with pytest.raises(TournamentError):
        tables.record_table(table=row, counts=[1, 2, 3, 4], user=plain_user)
    assert not row.seats.filter(sos_count__isnull=False).exists()


def test_only_sos_and_no_trf(arbiter: User) -> None:
    with pytest.raises(TournamentError) as err:
        new_tournament(arbiter, kind="uttt", format="sos_tables")
    assert err.value.code == "format"
    t = new_event(arbiter, 8)
    with translation.override("en"), pytest.raises(TournamentError) as err:
        export_trf(t)
    assert "TRF has no format for tables" in err.value.message


def test_the_form_posts_a_tables_result_and_refuses_others(
    arbiter: User, plain_user: User, client_for: ClientFor
) -> None:
    t = new_event(arbiter, 8)
    rnd = pairings.pair_round(tournament=t, user=arbiter)
    url = reverse("tournaments:table_result", args=[t.pk, 1, 1])
    data = {"seat_0": "4", "seat_1": "1", "seat_2": "7", "seat_3": "0"}
    assert client_for(plain_user).post(url, data).status_code == 403
    assert client_for(None).post(url, data).status_code == 403
    response = client_for(arbiter).post(url, {**data, "seat_3": "x"}, follow=True)
    assert "whole number" in response.content.decode()
    response = client_for(arbiter).post(url, {"seat_0": "4"}, follow=True)
    assert "or of none" in response.content.decode()
    client_for(arbiter).post(url, data)
    row = rnd.tables.get(number=1)
    assert [s.sos_count for s in row.seats.order_by("seat")] == [4, 1, 7, 0]
    missing = reverse("tournaments:table_result", args=[t.pk, 1, 9])
    assert client_for(arbiter).post(missing, data).status_code == 404


def test_the_new_tournament_form_takes_the_tables_options(client_for: ClientFor) -> None:
    creator = make_creator()
    data = {
        "name": "Table Night",
        "kind": "sos",
        "format": "sos_tables",
        "rounds": "3",
        "points_win": "1",
        "points_draw": "0.5",
        "points_loss": "0",
        "points_bye": "1",
        "acceleration": "none",
        "tables_size": "5",
        "tables_scoring": "placement",
        "tables_scheme": "4-3-2-1-0",
        "cup_games": "1",
        "cup_reset": "on",
    }
    response = client_for(creator).post(reverse("tournaments:new"), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    t = Tournament.objects.get(name="Table Night")
    assert t.format_options == {
        "size": 5,
        "allow_small": False,
        "scoring": "placement",
        "scheme": [4.0, 3.0, 2.0, 1.0, 0.0],
    }


@pytest.mark.parametrize("language", ["en", "ru", "fa"])
def test_the_pages_render(arbiter: User, language: str) -> None:
    t = new_event(arbiter, 10)
    rnd = pairings.pair_round(tournament=t, user=arbiter)
    play(rnd, arbiter)
    services.finish_round(round=rnd, user=arbiter)
    rnd2 = pairings.pair_round(tournament=t, user=arbiter)
    assert rnd2.status == RoundStatus.PAIRED
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(arbiter)
    for url in (
        reverse("tournaments:round", args=[t.pk, 1]),
        reverse("tournaments:round", args=[t.pk, 2]),
        reverse("tournaments:standings", args=[t.pk]),
        reverse("tournaments:standings", args=[t.pk])
        + f"?explain={rnd.tables.first().seats.first().entry_id}",
        reverse("tournaments:detail", args=[t.pk]),
        reverse("tournaments:log", args=[t.pk]),
        reverse("tournaments:settings", args=[t.pk]),
    ):
        response = client.get(url)
        assert response.status_code == 200, url
    page = client.get(reverse("tournaments:round", args=[t.pk, 1])).content.decode()
    assert 'id="table-3"' in page and "P01" in page
    if language == "en":
        assert "Why this table" in page
        assert "dealt in a snake" in page


def test_the_other_readers_of_the_standings_take_an_event_at_tables(
    arbiter: User, client_for: ClientFor
) -> None:
    t = new_event(arbiter, 8)
    rnd = pairings.pair_round(tournament=t, user=arbiter)
    play(rnd, arbiter)
    client = client_for(arbiter)
    for url in (
        f"/api/v1/tournaments/{t.pk}/standings",
        f"/embed/tournaments/{t.pk}/standings",
        reverse("sheets:tournament", args=[t.pk]),
        reverse("tournaments:wallchart", args=[t.pk]),
    ):
        assert client.get(url).status_code == 200, url
    data = client.get(f"/api/v1/tournaments/{t.pk}/standings").json()
    assert [tb["key"] for tb in data["tiebreaks"]] == [
        "tables_opponents",
        "tables_sos",
        "tables_sos_difference",
        "tables_wins",
        "tables_direct",
    ]


def test_two_players_cannot_make_a_table_of_three(arbiter: User) -> None:
    t = new_event(arbiter, 2)
    with pytest.raises(TournamentError) as err:
        pairings.pair_round(tournament=t, user=arbiter)
    assert "3" in err.value.message
    assert not Round.objects.filter(tournament=t).exists()


def test_the_tables_pages_isolate_names_and_results() -> None:
    """Names with a right-to-left override at every place the tables show them (seats, why this
    table, byes, standings and its *how?*), each isolated; no result outside an LTR island."""
    arbiter = make_creator()
    t = new_tournament(arbiter, name=TOURNAMENT, format="sos_tables", format_options={"size": 3})
    register_all(t, arbiter, [(name, 1500 - 10 * n) for n, name in enumerate(PLAYERS)])
    rnd = pairings.pair_round(tournament=t, user=arbiter)  # 4 at 3: a table and a bye
    play(rnd, arbiter)
    services.finish_round(round=rnd, user=arbiter)
    pairings.pair_round(tournament=t, user=arbiter)
    client = Client(HTTP_ACCEPT_LANGUAGE="fa")
    client.force_login(arbiter)
    entry = t.entries.first()
    for url in (
        reverse("tournaments:round", args=[t.pk, 1]),
        reverse("tournaments:round", args=[t.pk, 2]),
        reverse("tournaments:standings", args=[t.pk]) + f"?explain={entry.pk}",
        reverse("tournaments:log", args=[t.pk]),
    ):
        html = client.get(url).content.decode()
        names = IsolationChecker(NAMES)
        names.feed(html)
        names.close()
        results = LtrChecker()
        results.feed(html)
        results.close()
        assert not names.problems and not results.problems, (url, names.problems, results.problems)
        assert names.isolated >= 3, url


def test_no_pairings_are_given_by_hand_at_tables(arbiter: User) -> None:
    t = new_event(arbiter, 8)
    rnd = pairings.pair_round(tournament=t, user=arbiter)
    ids = list(t.entries.values_list("pk", flat=True))
    with pytest.raises(TournamentError) as err:
        given_pairings.set_pairings(round=rnd, boards=[(ids[0], ids[1])], user=arbiter)
    assert err.value.code == "tables"
