"""The public pages: list, tournament, round, standings (with an explanation) and crosstable,
for anonymous visitors; and no arbiter form for anyone who is not an arbiter."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.tournaments.helpers import (
    boards,
    entry_of,
    new_tournament,
    pair,
    play_round,
    seed_players,
)
from tests.views.helpers import parse
from tournaments.acts import services
from tournaments.models import Tournament
from tournaments.standings import SWISS_ORDER

pytestmark = pytest.mark.django_db

ClientFor = Callable[..., Client]


@pytest.fixture
def anon(client_for: ClientFor) -> Client:
    return client_for(None)


@pytest.fixture
def running(arbiter: User) -> Tournament:
    """A paper Swiss of five after round 1 (first movers won), round 2 paired."""
    t = new_tournament(arbiter, name="Autumn Swiss", rounds=3, tiebreaks=list(SWISS_ORDER))
    seed_players(t, arbiter, 5)
    play_round(t, arbiter, "1-0")
    pair(t, arbiter)
    return t


def url(name: str, *args: object) -> str:
    return reverse(f"tournaments:{name}", args=args)


def test_the_list_shows_every_tournament(anon: Client, arbiter: User) -> None:
    new_tournament(arbiter, name="Spring Swiss")
    new_tournament(arbiter, name="Club Championship", format="round_robin")
    page = parse(anon.get(url("list")))
    rows = [row.text() for row in page.find("table").find_all("tr")[1:]]
    assert any("Spring Swiss" in r and "Swiss" in r for r in rows)
    assert any("Club Championship" in r and "Round robin" in r for r in rows)
    assert not page.find_all("a", href=url("new"))  # anonymous visitors create nothing


def test_the_list_says_when_there_is_no_tournament(anon: Client) -> None:
    assert "No tournaments yet." in parse(anon.get(url("list"))).text()


def test_the_detail_page_shows_the_round_the_standings_and_the_players(
    anon: Client, running: Tournament
) -> None:
    page = parse(anon.get(url("detail", running.pk)))
    assert page.find("h1").text() == "Autumn Swiss"
    assert "Round 2 · Paired" in page.text()
    assert len(page.find("table", cls="pairings").find_all("tr", id=None)) >= 1
    standings = page.find("table", cls="standings").find("tbody").find_all("tr")
    assert sorted(tr.find_all("td")[1].text() for tr in standings) == [
        f"P0{n}" for n in range(1, 6)
    ]
    players = page.find("table", cls="entries").text()
    for n in range(1, 6):
        assert f"P0{n}" in players
    for number in (1, 2):
        assert page.has("a", href=url("round", running.pk, number))


def test_the_round_page_lists_the_boards_with_their_results(
    anon: Client, running: Tournament
) -> None:
    page = parse(anon.get(url("round", running.pk, 1)))
    assert page.find("h1").text() == "Round 1 · Finished"
    rows = page.find("table", cls="pairings").find("tbody").find_all("tr", cls=None)
    boards_text = [r.text() for r in rows if r.attrs.get("id", "").startswith("board-")]
    assert len(boards_text) == 3
    assert sum("1-0" in b for b in boards_text) == 2
    assert any("bye" in b for b in boards_text)


def test_an_unknown_tournament_or_round_is_not_found(anon: Client, running: Tournament) -> None:
    assert anon.get(url("detail", running.pk + 100)).status_code == 404
    assert anon.get(url("round", running.pk, 9)).status_code == 404
    assert anon.get(url("standings", running.pk + 100)).status_code == 404


def test_the_standings_explain_an_entrys_tie_breaks(anon: Client, running: Tournament) -> None:
    entry = entry_of(running, "P01")
    page = parse(anon.get(url("standings", running.pk), {"explain": entry.pk}))
    section = page.find("section", id="explain")
    assert section.find("h2").text() == "How P01's tie-breaks were computed"
    headings = [h.text() for h in section.find_all("h3")]
    assert headings[0].startswith("Buchholz cut 1 (BH-C1):")
    assert len(headings) == 5
    # Round 1: P01 (top seed) met P03 (third; P05, the lowest, had the bye).
    first_table = section.find_all("table", cls="explain")[0]
    first_row = first_table.find("tbody").find_all("tr")[0].text()
    assert first_row.startswith("1 P03")
    current = page.find("table", cls="standings").find("tr", cls="current")
    assert "P01" in current.text()


@pytest.mark.parametrize("explain", ["", "abc", "999999"])
def test_the_standings_ignore_a_bad_explain(
    anon: Client, running: Tournament, explain: str
) -> None:
    page = parse(anon.get(url("standings", running.pk), {"explain": explain}))
    assert not page.has("section", id="explain")
    assert page.has("table", cls="standings")


def test_the_crosstable_of_a_round_robin(anon: Client, arbiter: User) -> None:
    t = new_tournament(arbiter, format="round_robin", name="All Play All")
    seed_players(t, arbiter, 3)
    for _ in range(3):
        play_round(t, arbiter, "1-0")
    detail = parse(anon.get(url("detail", t.pk)))
    assert detail.has("a", href=url("crosstable", t.pk))
    page = parse(anon.get(url("crosstable", t.pk)))
    rows = page.find("table", cls="crosstable").find("tbody").find_all("tr")
    cells = {}
    for row in rows:
        tds = [td.text() for td in row.find_all("td")]
        cells[tds[1]] = tds[2:]
    # Each player won the game in which he had the first move and lost the other.
    assert sorted(cells) == ["P01", "P02", "P03"]
    for name, line in cells.items():
        results = line[:3]
        assert sorted(results) == ["", "0", "1"], (name, results)
        assert float(line[3]) == 1
    for i, name in enumerate(["P01", "P02", "P03"]):
        assert cells[name][i] == ""  # the diagonal


def test_a_swiss_has_no_crosstable_link(anon: Client, running: Tournament) -> None:
    assert not parse(anon.get(url("detail", running.pk))).has(
        "a", href=url("crosstable", running.pk)
    )


# --- arbiter forms are for arbiters ------------------------------------------------------------


def arbiter_forms(page, t: Tournament) -> list[str]:
    """The actions of the forms on ``page`` that post to an arbiter's URL of ``t``."""
    prefix = f"/tournaments/{t.pk}/"
    actions = [f.attrs.get("action", "") for f in page.find_all("form")]
    return [a for a in actions if a.startswith(prefix)]


@pytest.mark.parametrize("who", ["anonymous", "plain_user", "other_arbiter"])
def test_no_arbiter_form_for_others(
    who: str, running: Tournament, client_for: ClientFor, request: pytest.FixtureRequest
) -> None:
    user = None if who == "anonymous" else request.getfixturevalue(who)
    client = client_for(user)
    for page_url in (url("detail", running.pk), url("round", running.pk, 2)):
        page = parse(client.get(page_url))
        assert arbiter_forms(page, running) == []
        assert not page.has("section", cls="arbiter-panel")
        assert not page.has("a", href=url("override", running.pk, 2))
        links = [a.attrs.get("href", "") for a in page.find_all("a")]
        assert not [h for h in links if "/withdrawal/" in h or h.endswith("/decide/")]


@pytest.mark.parametrize("who", ["arbiter", "superuser"])
def test_the_arbiter_sees_the_forms(
    who: str, running: Tournament, client_for: ClientFor, request: pytest.FixtureRequest
) -> None:
    client = client_for(request.getfixturevalue(who))
    detail = parse(client.get(url("detail", running.pk)))
    actions = arbiter_forms(detail, running)
    assert url("finish_round", running.pk, 2) in actions
    assert url("entry_add", running.pk) in actions
    withdrawals = [
        a.attrs["href"] for a in detail.find_all("a") if "/withdrawal/" in a.attrs["href"]
    ]
    assert withdrawals == [url("withdrawal", running.pk, e.pk) for e in running.entries.all()]
    rnd = parse(client.get(url("round", running.pk, 2)))
    results = [a for a in arbiter_forms(rnd, running) if a.endswith("/result/")]
    games = [p for p in boards(running.round_set.get(number=2)) if p.second is not None]
    assert results == [url("result", running.pk, p.pk) for p in games]
    assert rnd.has("a", href=url("override", running.pk, 2))


def test_the_pair_button_shows_once_the_round_is_finished(
    arbiter: User, client_for: ClientFor
) -> None:
    t = new_tournament(arbiter)
    seed_players(t, arbiter, 2)
    client = client_for(arbiter)
    assert url("pair", t.pk) in arbiter_forms(parse(client.get(url("detail", t.pk))), t)
    rnd = pair(t, arbiter)
    assert url("pair", t.pk) not in arbiter_forms(parse(client.get(url("detail", t.pk))), t)
    services.record_result(pairing=boards(rnd)[0], result="1-0", user=arbiter)
    services.finish_round(round=rnd, user=arbiter)
    assert url("pair", t.pk) in arbiter_forms(parse(client.get(url("detail", t.pk))), t)


# --- a constant number of queries, whatever the number of players -------------------------------


def swiss_after_a_round(arbiter: User, players: int) -> Tournament:
    t = new_tournament(arbiter, name=f"Swiss of {players}", rounds=3)
    seed_players(t, arbiter, players)
    play_round(t, arbiter, "½-½")
    pair(t, arbiter)
    return t


@pytest.mark.parametrize("page", ["detail", "standings", "round"])
def test_pages_take_as_many_queries_for_40_players_as_for_8(
    page: str, arbiter: User, anon: Client, django_assert_num_queries
) -> None:
    small, big = swiss_after_a_round(arbiter, 8), swiss_after_a_round(arbiter, 40)

    def request(t: Tournament) -> tuple[str, dict]:
        args = (t.pk, 2) if page == "round" else (t.pk,)
        query = {"explain": entry_of(t, "P02").pk} if page == "standings" else {}
        return url(page, *args), query

    small_request, big_request = request(small), request(big)
    assert anon.get(*small_request).status_code == 200  # warm up (content types, …)
    with CaptureQueriesContext(connection) as captured:
        assert anon.get(*small_request).status_code == 200
    with django_assert_num_queries(len(captured)):
        assert anon.get(*big_request).status_code == 200


def test_the_pages_are_in_russian_by_default(running: Tournament, client_for: ClientFor) -> None:
    client = Client()  # no Accept-Language: the site's default, Russian
    page = parse(client.get(url("detail", running.pk)))
    headings = [h.text() for h in page.find_all("h2")]
    assert "Standings" not in headings
    assert "Players" not in headings
