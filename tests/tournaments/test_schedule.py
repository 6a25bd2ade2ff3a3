"""The tournament page: a round robin's whole schedule published once round 1 is paired, the
podium of a finished tournament, and the wall chart (every round's pairings and results)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.tournaments import helpers as h
from tests.views.helpers import parse
from tournaments import queries
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def schedule_on_page(client: Client, t: Tournament) -> dict[int, list[tuple[str, str]]]:
    """The schedule section of the tournament page: round number -> (first, second) names."""
    page = parse(client.get(t.get_absolute_url()))
    found = page.find_all("section", id="schedule")
    if not found:
        return {}
    section = found[0]
    out = {}
    for rnd in section.find_all("section", cls="schedule-round"):
        number = int(rnd.attrs["id"].rsplit("-", 1)[1])
        rows = rnd.find("tbody").find_all("tr")
        out[number] = [(r.find_all("td")[1].text(), r.find_all("td")[3].text()) for r in rows]
    return out


@pytest.fixture
def anon() -> Client:
    return Client(HTTP_ACCEPT_LANGUAGE="en")


@pytest.mark.parametrize(("players", "double"), [(5, False), (4, True)])
def test_a_round_robins_schedule_is_published_when_round_1_is_paired(
    arbiter: User, anon: Client, players: int, double: bool
) -> None:
    t = h.new_tournament(arbiter, format="double_round_robin" if double else "round_robin")
    h.seed_players(t, arbiter, players)
    assert schedule_on_page(anon, t) == {}  # nothing to publish before the ranks are drawn
    h.pair(t, arbiter)
    t = h.reload(t)
    published = schedule_on_page(anon, t)
    assert sorted(published) == list(range(1, t.rounds + 1))
    assert t.rounds == (players - 1 + players % 2) * (2 if double else 1)
    # Each published round is what the pairing then makes, board by board.
    rnd = t.round_set.get(number=1)
    for number in range(1, t.rounds + 1):
        made = [(first, second or "bye") for first, second, _ in h.names(rnd)]
        assert published[number] == made, number
        h.enter_results(rnd, arbiter)
        h.finish(rnd, arbiter)
        if number < t.rounds:
            rnd = h.pair(t, arbiter)
    # Every pair meets once a cycle.
    meetings = [frozenset(b) for boards in published.values() for b in boards if "bye" not in b]
    assert len(meetings) == len(set(meetings)) * (2 if double else 1)


def test_the_published_rounds_say_they_are_not_paired_yet(arbiter: User, anon: Client) -> None:
    t = h.new_tournament(arbiter, format="round_robin")
    h.seed_players(t, arbiter, 4)
    h.pair(t, arbiter)
    section = parse(anon.get(t.get_absolute_url())).find("section", id="schedule")
    headings = [s.find("h3").text() for s in section.find_all("section", cls="schedule-round")]
    assert headings == ["Round 1 · Paired"] + [f"Round {n} · Not paired yet" for n in (2, 3)]


def test_a_swiss_publishes_no_schedule_ahead(arbiter: User, anon: Client) -> None:
    t = h.new_tournament(arbiter)
    h.seed_players(t, arbiter, 6)
    h.pair(t, arbiter)
    assert schedule_on_page(anon, t) == {}
    assert [r.number for r in queries.schedule(t)] == [1]


def test_the_schedule_takes_a_fixed_number_of_queries(
    arbiter: User, django_assert_max_num_queries
) -> None:
    t = h.new_tournament(arbiter, format="round_robin")
    h.seed_players(t, arbiter, 10)
    h.play_round(t, arbiter)
    h.pair(t, arbiter)
    t = h.reload(t)
    with django_assert_max_num_queries(3):
        rounds = queries.schedule(t)
    assert len(rounds) == 9 and sum(r.paired for r in rounds) == 2


def podium_on_page(client: Client, t: Tournament) -> tuple[str, list[tuple[str, str]]] | None:
    found = parse(client.get(t.get_absolute_url())).find_all("section", id="podium")
    if not found:
        return None
    section = found[0]
    steps = [
        (li.find("span", cls="podium__place").text(), li.text())
        for li in section.find_all("li", cls="podium__step")
    ]
    return section.find("p", cls="winner").text(), steps


def test_a_finished_tournament_names_its_winner_and_podium(arbiter: User, anon: Client) -> None:
    t = h.new_tournament(arbiter, rounds=3, kind="uttt")
    h.seed_players(t, arbiter, 4)
    for _ in range(3):
        assert podium_on_page(anon, t) is None  # not before the end
        h.play_round(t, arbiter)
    t = h.reload(t)
    assert t.status == "finished"
    table = queries.standings(t)
    winner = table.lines()[0][1].player.name
    text, steps = podium_on_page(anon, t)
    assert text == f"Winner: {winner}"
    places = [row.place_label for row, _ in table.lines() if row.place <= 3]
    assert [place for place, _ in steps] == list(dict.fromkeys(places))
    assert steps[0][1].startswith(f"1 {winner}")


def test_tied_players_share_the_podium(arbiter: User, anon: Client) -> None:
    """Every game drawn: the four share first place, shown once as "1-4"."""
    t = h.new_tournament(arbiter, format="round_robin", kind="uttt")
    h.seed_players(t, arbiter, 4)
    for _ in range(3):
        h.play_round(t, arbiter, result="½-½")
    text, steps = podium_on_page(anon, h.reload(t))
    assert text.startswith("Winners, sharing first place:")
    assert all(f"P0{n}" in text for n in range(1, 5))
    assert len(steps) == 1 and steps[0][0] == "1-4" and "(shared place)" in steps[0][1]


def test_the_wall_chart_shows_every_round_and_the_standings(arbiter: User, anon: Client) -> None:
    t = h.new_tournament(arbiter, rounds=3)
    h.seed_players(t, arbiter, 5)
    h.play_round(t, arbiter)
    h.pair(t, arbiter)
    page = parse(anon.get(f"/tournaments/{t.pk}/wallchart/"))
    rounds = page.find_all("section", cls="schedule-round")
    assert [r.find("h3").text() for r in rounds] == ["Round 1 · Finished", "Round 2 · Paired"]
    first = rounds[0].find("tbody").find_all("tr")
    assert len(first) == 3 and sum("1-0" in r.text() for r in first) == 2
    assert len(page.find_all("table", cls="standings")) == 1
    assert page.find_all("form", cls="result-form") == []  # nothing to fill in on the wall
    assert anon.get(f"/tournaments/{t.pk + 9}/wallchart/").status_code == 404
