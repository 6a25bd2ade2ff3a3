"""A 6-player Swiss tournament of 3 rounds, played on paper, run by an arbiter through the pages.

The arbiter creates the tournament, registers the players, pairs each round, enters the results
and finishes the round; after each round the test reads the pairings and the standings back from
the page. The expected points come from the results the test chose, never from the app.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Locator, Page, expect

from games.bidi import ltr_text
from games.models import Player
from tests.adjudication.helpers import arbiter_group
from tests.browser.conftest import PageFactory
from tournaments.acts import services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Registered through the player select: players the club already knows, with their ratings.
KNOWN_PLAYERS = {"Alice Aumont": 1900, "Boris Belov": 1750, "Chen Wei": 1600}
# Registered through the "…or a new player's name" field (one with a rating typed in).
NEW_PLAYERS = {"Dana Dufour": 1680, "Émile Ebert": None, "Farida Fahmy": None}
PLAYERS = [*KNOWN_PLAYERS, *NEW_PLAYERS]

# The result of boards 1, 2 and 3 of each round, from the first mover's side.
RESULTS = [
    ["1-0", "½-½", "0-1"],
    ["0-1", "+/-", "1-0"],
    ["½-½", "1-0", "0-1"],
]
# The points of the first and the second player for each result (win 1, draw ½, loss 0).
POINTS = {"1-0": (1, 0), "0-1": (0, 1), "½-½": (0.5, 0.5), "+/-": (1, 0)}
RESULT_LABELS = ["1-0", "½-½", "0-1", "+/-", "-/+", "-/-"]


def arbiter(username: str) -> User:
    """A member of the Arbiter group, which migration 0003 makes (made again here if an earlier
    transactional test flushed the tables after the migrations)."""
    user = User.objects.create_user(username=username)
    user.groups.add(arbiter_group())
    return user


def board_rows(page: Page) -> Locator:
    return page.locator('table.pairings tbody tr[id^="board-"]')


def read_pairings(page: Page) -> list[list[str]]:
    """[first, second] names of each board, in board order."""
    expect(board_rows(page)).to_have_count(3)
    return board_rows(page).evaluate_all(
        "rows => rows.map(r => [r.cells[2].innerText.trim(), r.cells[4].innerText.trim()])"
    )


def read_standings(page: Page) -> list[tuple[str, str, float]]:
    """(place, name, points) of each line of the standings table, top down."""
    lines = page.locator("table.standings tbody tr")
    expect(lines).to_have_count(6)
    cells = lines.evaluate_all("rows => rows.map(r => [...r.cells].map(c => c.innerText.trim()))")
    return [(place, name, score(points)) for place, name, points, *_ in cells]


def score(text: str) -> float:
    """A score in the site's number style (``0``, ``½``, ``1½``, ``2``) as a number."""
    whole, half = (text[:-1], 0.5) if text.endswith("½") else (text, 0.0)
    return float(whole or 0) + half


def enter_result(page: Page, board: int, result: str) -> None:
    """Choose ``result`` in the board's select and save it (the page reloads with it)."""
    row = page.locator(f"table.pairings tr#board-{board}")
    # The choices are left-to-right islands (LRI … PDI), as on every page.
    row.locator('select[name="result"]').select_option(label=ltr_text(result))
    row.get_by_role("button", name="Save").click()
    expect(page.locator("ul.messages")).to_contain_text("Result saved.")
    expect(row.locator("td.result-cell")).to_have_text(result)


def places(label: str) -> range:
    """The places a place label covers: "3" or, shared, "3-4"."""
    first, _, last = label.partition("-")
    return range(int(first), int(last or first) + 1)


def create_tournament(page: Page) -> None:
    page.get_by_label("Name", exact=True).fill("Spring Swiss")
    page.get_by_label("Ultimate tic-tac-toe").check()
    page.get_by_label("Format", exact=True).select_option(label="Swiss")
    page.get_by_label("Rounds", exact=True).fill("3")
    page.get_by_label("Games are played on the site").uncheck()
    page.get_by_role("button", name="Create the tournament").click()
    expect(page.locator("h1")).to_have_text("Spring Swiss")


def register_players(page: Page) -> None:
    form = page.locator("form.entry-form")
    for n, name in enumerate(PLAYERS, 1):
        if name in KNOWN_PLAYERS:
            form.get_by_label("Player", exact=True).select_option(label=name)
        else:
            form.get_by_label("…or a new player's name").fill(name)
            if NEW_PLAYERS[name] is not None:
                form.get_by_label("Rating", exact=True).fill(str(NEW_PLAYERS[name]))
        form.get_by_role("button", name="Register").click()
        expect(page.locator("ul.messages")).to_have_text(f"{name} is registered.")
        expect(page.locator("table.entries tbody tr")).to_have_count(n)
    expect(page.locator("table.entries")).to_contain_text("1680")  # the rating typed in


def test_a_swiss_tournament_of_three_rounds_through_the_pages(open_page: PageFactory) -> None:
    for name, rating in KNOWN_PLAYERS.items():
        Player.objects.create(name=name, rating=rating)
    page = open_page("/tournaments/new/", arbiter("arbiter"), locale="en-US")
    create_tournament(page)
    match = re.search(r"/tournaments/(\d+)/$", page.url)
    assert match, page.url
    home = f"/tournaments/{match[1]}/"
    summary = page.locator("p.rules-summary")
    expect(summary).to_have_text(
        "Ultimate tic-tac-toe · Swiss · 3 rounds · Registration · played on paper"
    )
    register_players(page)

    expected = dict.fromkeys(PLAYERS, 0.0)
    met: set[frozenset[str]] = set()
    spectator = None
    for number, results in enumerate(RESULTS, 1):
        pair = "Pair round 1" if number == 1 else "Pair the next round"
        page.get_by_role("button", name=pair).click()
        expect(page.locator("ul.messages")).to_have_text("The next round is paired.")
        expect(page.get_by_role("heading", name=f"Round {number} · Paired")).to_be_visible()

        boards = read_pairings(page)
        seated = [name for board in boards for name in board]
        assert sorted(seated) == sorted(PLAYERS), f"round {number}: {boards}"
        pairs = {frozenset(board) for board in boards}
        assert not pairs & met, f"round {number} repeats a pairing: {pairs & met}"
        met |= pairs

        if number == 3:
            # Someone who is not logged in sees the round being played, and no arbiter's form.
            spectator = open_page(home)
            expect(board_rows(spectator)).to_have_count(3)
            for p in (spectator, open_page(f"{home}rounds/3/")):
                expect(p.locator('select[name="result"]')).to_have_count(0)
                arbiter_buttons = p.get_by_role("button", name=re.compile("Pair|Finish|Save"))
                expect(arbiter_buttons).to_have_count(0)
                expect(p.locator("section.arbiter-panel, form.entry-form")).to_have_count(0)

        # The results are entered on the round's page (see the second test for why).
        page.locator("nav.tabs").get_by_role("link", name=f"Round {number}", exact=True).click()
        expect(page).to_have_url(re.compile(rf"{home}rounds/{number}/$"))
        for board, result in enumerate(results, 1):
            enter_result(page, board, result)
            first, second = boards[board - 1]
            expected[first] += POINTS[result][0]
            expected[second] += POINTS[result][1]
        page.get_by_role("link", name="← Spring Swiss").click()
        expect(page).to_have_url(re.compile(rf"{home}$"))

        page.get_by_role("button", name=f"Finish round {number}").click()
        # The second look: what closing the round does, then the act itself.
        expect(page.locator(".confirm")).to_contain_text(f"Round {number} is closed")
        page.get_by_role("button", name="Yes, finish the round").click()
        expect(page.locator("ul.messages")).to_have_text(f"Round {number} is finished.")
        expect(page.get_by_role("heading", name=f"Round {number} · Finished")).to_be_visible()
        assert read_pairings(page) == boards
        expect(page.locator("table.pairings td.result-cell")).to_have_text(results)
        standings = read_standings(page)
        assert {name: points for _, name, points in standings} == expected, f"round {number}"
        assert [points for *_, points in standings] == sorted(expected.values(), reverse=True)

    expect(summary).to_have_text(
        "Ultimate tic-tac-toe · Swiss · 3 rounds · Finished · played on paper"
    )
    expect(page.locator("#pair-next, #finish-round, form.entry-form")).to_have_count(0)

    page.locator("nav.tabs").get_by_role("link", name="Standings").click()
    expect(page.locator("p.rules-summary")).to_contain_text("After round 3.")
    standings = read_standings(page)
    assert sorted(name for _, name, _ in standings) == sorted(PLAYERS)
    for line, (label, name, _) in enumerate(standings, 1):
        assert line in places(label), f"line {line}: {name} is placed {label}"
    leader = standings[0][1]
    page.locator("table.standings tbody tr").first.get_by_role("link", name="how?").click()
    expect(page).to_have_url(re.compile(r"/standings/\?explain=\d+#explain$"))
    explain = page.locator("#explain")
    expect(explain).to_be_visible()
    expect(explain.locator("h2")).to_have_text(f"How {leader}'s tie-breaks were computed")
    expect(explain.locator("h3").first).to_be_visible()
    expect(page.locator("table.standings tr.current")).to_contain_text(leader)

    # The spectator reads the same standings, without a single arbiter's form.
    assert spectator is not None
    spectator.goto(page.url.split("?")[0])
    assert read_standings(spectator) == standings
    expect(spectator.locator("main form")).to_have_count(0)
    spectator.get_by_role("link", name="← Spring Swiss").click()
    expect(spectator.locator("p.rules-summary")).to_contain_text(" · Finished · ")
    expect(spectator.locator("#pair-next, #finish-round, select[name='result']")).to_have_count(0)
    expect(spectator.locator("main form")).to_have_count(0)


def test_results_are_entered_on_the_tournament_page(open_page: PageFactory) -> None:
    """The tournament page shows a result select and Save on each board of the open round."""
    user = arbiter("arbiter")
    t = services.create_tournament(
        name="Spring Swiss", kind="uttt", rounds=3, online=False, created_by=user
    )
    for name in PLAYERS:
        services.register(tournament=t, player=Player.objects.create(name=name), user=user)
    page = open_page(t.get_absolute_url(), user, locale="en-US")
    page.get_by_role("button", name="Pair round 1").click()
    expect(page.locator("ul.messages")).to_have_text("The next round is paired.")
    select = page.locator('table.pairings tr#board-1 select[name="result"]')
    expect(select).to_be_visible()
    # The select starts empty (no result preset), then offers every result.
    expect(select.locator("option")).to_have_text(["—", *map(ltr_text, RESULT_LABELS)])
    expect(select).to_have_value("")
    enter_result(page, 1, "1-0")
