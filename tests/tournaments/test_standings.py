"""Standings through ``tournaments.queries.standings``: a hand-computed Swiss, the explanation of
a tie-break, and a number of queries that does not grow with the number of players."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from tests.tournaments.helpers import (
    enter_results,
    finish,
    new_tournament,
    pair,
    play_round,
    register_all,
    seed_players,
    set_boards,
)
from tournaments import queries
from tournaments.acts import services
from tournaments.models import Tournament
from tournaments.standings import SWISS_ORDER

pytestmark = pytest.mark.django_db

# Four players, three rounds; "X-Y" means X had the first move.
#
#     round 1   A-C 1-0    D-B 0-1
#     round 2   B-A ½-½    C-D ½-½
#     round 3   A-D 1-0    B-C 0-1
#
# Points:     A 1 + ½ + 1 = 2.5    B 1 + ½ + 0 = 1.5    C 0 + ½ + 1 = 1.5    D 0 + ½ + 0 = 0.5
# Buchholz (the opponents' points; everyone met everyone):
#             A  C + B + D = 1.5 + 1.5 + 0.5 = 3.5
#             B  D + A + C = 0.5 + 2.5 + 1.5 = 4.5
#             C  A + D + B = 2.5 + 0.5 + 1.5 = 4.5
#             D  B + C + A = 1.5 + 1.5 + 2.5 = 5.5
# Buchholz cut 1 (less the lowest): A 3.5 - 0.5 = 3, B 4.5 - 0.5 = 4, C 4.5 - 0.5 = 4,
#             D 5.5 - 1.5 = 4
# Sonneborn-Berger (opponent's points × points earned):
#             A  1.5×1 + 1.5×½ + 0.5×1 = 2.75       B  0.5×1 + 2.5×½ + 1.5×0 = 1.75
#             C  2.5×0 + 0.5×½ + 1.5×1 = 1.75       D  1.5×0 + 1.5×½ + 2.5×0 = 0.75
# B and C are level on points, BH-C1, BH and SB: direct encounter decides, C beat B.
# Wins: A 2, B 1, C 1, D 0.
SCHEDULE = [
    [("A", "C", "1-0"), ("D", "B", "0-1")],
    [("B", "A", "½-½"), ("C", "D", "½-½")],
    [("A", "D", "1-0"), ("B", "C", "0-1")],
]
EXPECTED = [
    # place, name, points, (BH-C1, BH, SB, DE, WON)
    ("1", "A", 2.5, (3.0, 3.5, 2.75, 0.0, 2.0)),
    ("2", "C", 1.5, (4.0, 4.5, 1.75, 1.0, 1.0)),
    ("3", "B", 1.5, (4.0, 4.5, 1.75, 0.0, 1.0)),
    ("4", "D", 0.5, (4.0, 5.5, 0.75, 0.0, 0.0)),
]


def hand_computed_swiss(arbiter: User) -> Tournament:
    # The usual Swiss order (an SOS tournament would lead with the SOS points by default).
    t = new_tournament(arbiter, rounds=3, tiebreaks=list(SWISS_ORDER))
    entries = register_all(t, arbiter, [("A", 1800), ("B", 1700), ("C", 1600), ("D", 1500)])
    by_name = {e.player.name: e for e in entries}
    for games in SCHEDULE:
        rnd = pair(t, arbiter)
        set_boards(rnd, arbiter, [(by_name[f], by_name[s]) for f, s, _ in games])
        for p, (_, _, result) in zip(rnd.pairings.order_by("board"), games, strict=True):
            services.record_result(pairing=p, result=result, user=arbiter)
        finish(rnd, arbiter)
    return t


def test_a_hand_computed_swiss(arbiter: User) -> None:
    t = hand_computed_swiss(arbiter)
    table = queries.standings(t)
    assert table.rounds_played == 3
    assert [key for key, _label, _abbr in table.labels] == [
        "buchholz_cut1",
        "buchholz",
        "sonneborn_berger",
        "direct_encounter",
        "wins",
    ]
    got = [
        (row.place_label, entry.player.name, row.points, tuple(row.tiebreaks))
        for row, entry in table.lines()
    ]
    assert got == EXPECTED


def test_the_explanation_of_a_buchholz_names_the_opponents(arbiter: User) -> None:
    t = hand_computed_swiss(arbiter)
    table = queries.standings(t)
    d = t.entries.get(player__name="D")
    explained = {tb["key"]: tb for tb in table.explain(d.pk)}
    cut1 = explained["buchholz_cut1"]
    assert cut1["value"] == 4.0
    assert [(x["round"], x["opponent"], x["score"], x["cut"]) for x in cut1["terms"]] == [
        (1, "B", 1.5, True),  # the lowest, earliest contribution is cut
        (2, "C", 1.5, False),
        (3, "A", 2.5, False),
    ]
    assert table.explain(10**9) == []


def test_the_tournaments_own_tie_break_order_is_used(arbiter: User) -> None:
    t = new_tournament(arbiter, rounds=1, tiebreaks=["wins", "buchholz"])
    seed_players(t, arbiter, 2)
    play_round(t, arbiter)
    table = queries.standings(t)
    assert [key for key, _label, _abbr in table.labels] == ["wins", "buchholz"]
    assert [(row.points, row.tiebreaks) for row in table.rows] == [
        (1.0, (1.0, 0.0)),
        (0.0, (0.0, 1.0)),
    ]


def test_standings_before_any_round_list_everyone_level(arbiter: User) -> None:
    t = new_tournament(arbiter)
    seed_players(t, arbiter, 3)
    table = queries.standings(t)
    assert table.rounds_played == 0
    assert [row.points for row in table.rows] == [0, 0, 0]
    assert {row.place_label for row in table.rows} == {"1-3"}


def swiss_of(arbiter: User, players: int, name: str) -> Tournament:
    """A paper Swiss of ``players`` after two finished rounds and a third paired, half played."""
    t = new_tournament(arbiter, name=name, rounds=5)
    seed_players(t, arbiter, players)
    for result in ("1-0", "½-½"):
        play_round(t, arbiter, result)
    rnd = pair(t, arbiter)
    for p in list(rnd.pairings.filter(second__isnull=False))[::2]:
        services.record_result(pairing=p, result="0-1", user=arbiter)
    return t


def test_standings_take_the_same_number_of_queries_for_8_and_40_players(
    arbiter: User, django_assert_num_queries
) -> None:
    small = swiss_of(arbiter, 8, "Small")
    big = swiss_of(arbiter, 40, "Big")
    with CaptureQueriesContext(connection) as captured:
        small_table = queries.standings(Tournament.objects.get(pk=small.pk))
        small_table.lines()
    assert len(small_table.rows) == 8
    with django_assert_num_queries(len(captured)):
        big_table = queries.standings(Tournament.objects.get(pk=big.pk))
        big_table.lines()
        big_table.explain(big_table.rows[0].entry)
    assert len(big_table.rows) == 40
    assert len(captured) <= 4


def test_the_odd_player_out_is_not_left_out_of_the_standings(arbiter: User) -> None:
    t = new_tournament(arbiter, rounds=2)
    seed_players(t, arbiter, 5)
    rnd = pair(t, arbiter)
    enter_results(rnd, arbiter, "0-1")
    finish(rnd, arbiter)
    table = queries.standings(t)
    points = {entry.player.name: row.points for row, entry in table.lines()}
    assert points["P05"] == 1.0  # the pairing-allocated bye scores a win's points
    assert sum(points.values()) == 3.0


def test_the_page_says_what_the_direct_encounter_value_is(arbiter: User, client_for) -> None:
    t = hand_computed_swiss(arbiter)
    d = t.entries.get(player__name="D")
    url = reverse("tournaments:standings", args=[t.pk])
    page = client_for(None).get(f"{url}?explain={d.pk}").content.decode()
    assert "that direct encounter ranks below it" in page
    ru = client_for(None).get(f"{url}?explain={d.pk}", HTTP_ACCEPT_LANGUAGE="ru")
    assert "которых личная встреча ставит ниже" in ru.content.decode()


# The C.07 tie-breaks of issue 27 on the same Swiss (round 3 is the last):
# Fore Buchholz, round 3's games A-D and B-C as draws: A 1 + ½ + ½ = 2, B 2, C 1, D 1;
#   A: C 1 + B 2 + D 1 = 4    B: D 1 + A 2 + C 1 = 4    C: A 2 + D 1 + B 2 = 5    D: 5
# AOB (the opponents' Buchholz averaged): A (4.5 + 4.5 + 5.5) / 3, B (5.5 + 3.5 + 4.5) / 3 = 4.5,
#   C (3.5 + 5.5 + 4.5) / 3 = 4.5, D (4.5 + 4.5 + 3.5) / 3
# SB-C1 (the lowest-scored opponent's product goes): A 2.75 - D 0.5 = 2.25, B 1.75 - D 0.5 = 1.25,
#   C 1.75 - D 0.25 = 1.5, D: B and C 1.5 each, the lower product (B, 0) goes: 0.75
# WIN: A 2, B 1, C 1, D 0. BWG: B (D-B) and C (B-C) 1 each. REP: 3 each.
NEW_ORDER = [
    "fore_buchholz",
    "average_opponents_buchholz",
    "sonneborn_berger_cut1",
    "rounds_won",
    "second_move_wins",
    "rounds_elected",
]
NEW_EXPECTED = [
    ("1", "A", 2.5, (4.0, 14.5 / 3, 2.25, 2.0, 0.0, 3.0)),
    ("2", "C", 1.5, (5.0, 4.5, 1.5, 1.0, 1.0, 3.0)),
    ("3", "B", 1.5, (4.0, 4.5, 1.25, 1.0, 1.0, 3.0)),
    ("4", "D", 0.5, (5.0, 12.5 / 3, 0.75, 0.0, 0.0, 3.0)),
]


def with_new_tiebreaks(arbiter: User) -> Tournament:
    t = hand_computed_swiss(arbiter)
    t.tiebreaks = NEW_ORDER
    t.save(update_fields=["tiebreaks"])
    return t


def test_the_new_c07_tie_breaks_in_the_standings(arbiter: User) -> None:
    with translation.override("en"):
        table = queries.standings(with_new_tiebreaks(arbiter))
    assert [abbr for _key, _label, abbr in table.labels] == [
        "FB",
        "AOB",
        "SB-C1",
        "WIN",
        "BWG",
        "REP",
    ]
    got = [
        (row.place_label, entry.player.name, row.points, tuple(row.tiebreaks))
        for row, entry in table.lines()
    ]
    assert got == [
        (place, name, pts, pytest.approx(values)) for place, name, pts, values in NEW_EXPECTED
    ]


def test_the_page_explains_the_new_tie_breaks(arbiter: User, client_for) -> None:
    t = with_new_tiebreaks(arbiter)
    a = t.entries.get(player__name="A")
    url = reverse("tournaments:standings", args=[t.pk])
    page = client_for(None).get(f"{url}?explain={a.pk}").content.decode()
    assert "Average of opponents&#x27;" in page and "4.83" in page
    assert "as if every game of the last round had been drawn" in page
    assert "got a win&#x27;s points, played or not" in page
    ru = client_for(None).get(f"{url}?explain={a.pk}", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Предварительный Бухгольц" in ru and "Средний Бухгольц соперников" in ru
    assert "закончились вничью" in ru


# The rating tie-breaks (C.07 art. 10) on the same Swiss; ratings A 1800, B 1700, C 1600,
# D 1500; every game was played over the board.
#   ARO    A (1600 + 1700 + 1500) / 3 = 1600     B (1500 + 1800 + 1600) / 3 = 1633.33 -> 1633
#          C (1800 + 1500 + 1700) / 3 = 1666.67 -> 1667      D (1700 + 1600 + 1800) / 3 = 1700
#   ARO-C1 (the lowest goes) A 1650, B 1700, C 1750, D (1700 + 1800) / 2 = 1750
#   TPR    A 2.5 / 3 = 0.83: dp 273, 1873    B, C 0.50: dp 0, 1633 and 1667
#          D 0.5 / 3 = 0.17: dp -273, 1427
#   PTP    A 2.5 against 1600, 1700, 1500: at 1889 (289, 189, 389) 0.84 + 0.75 + 0.91 = 2.50,
#          at 1888 0.84 + 0.74 + 0.91 = 2.49: 1889. Likewise B 1630, C 1668, D 1410.
#   APRO   A (C 1667 + B 1633 + D 1427) / 3 = 1575.67 -> 1576    B (1427 + 1873 + 1667) / 3 -> 1656
#          C (1873 + 1427 + 1633) / 3 = 1644.33 -> 1644          D (1633 + 1667 + 1873) / 3 -> 1724
#   APPO   A (1668 + 1630 + 1410) / 3 = 1569.33 -> 1569    B (1410 + 1889 + 1668) / 3 -> 1656
#          C (1889 + 1410 + 1630) / 3 = 1643                D (1630 + 1668 + 1889) / 3 = 1729
# B and C are level on points; C's ARO is higher.
RATING_ORDER = [
    "average_rating_opponents",
    "average_rating_opponents_cut1",
    "performance_rating",
    "perfect_performance",
    "average_performance_opponents",
    "average_perfect_performance_opponents",
]

RATING_EXPECTED = [
    ("1", "A", 2.5, (1600, 1650, 1873, 1889, 1576, 1569)),
    ("2", "C", 1.5, (1667, 1750, 1667, 1668, 1644, 1643)),
    ("3", "B", 1.5, (1633, 1700, 1633, 1630, 1656, 1656)),
    ("4", "D", 0.5, (1700, 1750, 1427, 1410, 1724, 1729)),
]


def with_rating_tiebreaks(arbiter: User) -> Tournament:
    t = hand_computed_swiss(arbiter)
    t.tiebreaks = RATING_ORDER
    t.save(update_fields=["tiebreaks"])
    return t


def test_the_rating_tie_breaks_in_the_standings(arbiter: User) -> None:
    with translation.override("en"):
        table = queries.standings(with_rating_tiebreaks(arbiter))
    assert [abbr for _key, _label, abbr in table.labels] == [
        "ARO",
        "ARO-C1",
        "TPR",
        "PTP",
        "APRO",
        "APPO",
    ]
    got = [
        (row.place_label, entry.player.name, row.points, tuple(row.tiebreaks))
        for row, entry in table.lines()
    ]
    assert got == RATING_EXPECTED


def test_the_page_explains_the_rating_tie_breaks(arbiter: User, client_for) -> None:
    t = with_rating_tiebreaks(arbiter)
    a = t.entries.get(player__name="A")
    url = reverse("tournaments:standings", args=[t.pk])
    page = client_for(None).get(f"{url}?explain={a.pk}").content.decode()
    assert "Tournament performance rating" in page and "1873" in page
    assert "p = 2.5 / 3 = 0.83, dp = 273" in page
    assert "expected score at this rating 2.50, one point lower 2.49" in page
    assert "4800 / 3, rounded to a whole number." in page
    ru = client_for(None).get(f"{url}?explain={a.pk}", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Средний рейтинг соперников" in ru and "Рейтинг турнирного выступления" in ru


def test_an_unrated_opponent_is_left_out_on_the_page(arbiter: User) -> None:
    t = with_rating_tiebreaks(arbiter)
    t.entries.filter(player__name="D").update(rating=None)
    a = t.entries.get(player__name="A")
    with translation.override("en"):
        aro = next(
            tb
            for tb in queries.standings(t).explain(a.pk)
            if tb["key"] == "average_rating_opponents"
        )
        last = (aro["terms"][-1]["cut"], str(aro["terms"][-1]["note"]))
    # A's opponents C 1600 and B 1700 count: 1650; D, unrated, is shown cut.
    assert aro["value"] == 1650
    assert last == (True, "unrated opponent: left out")
