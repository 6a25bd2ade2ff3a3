"""Printing: pairings, standings and the crosstable under print media, and as PDFs on A4.

Each page is opened by the arbiter (so the arbiter's forms and buttons are on the screen) at the
width of an A4 sheet, then switched to print media: the menu, every form and button are gone,
the tables keep their header on each page and no row is split. ``BROWSER_SHOTS=<folder>`` keeps
the print-media screenshots.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path

import pypdf
import pytest
from django.conf import settings
from playwright.sync_api import Browser, BrowserContext, Page

from games.models import Player
from tests.browser.club import Club, make_club, save_shot
from tests.browser.conftest import TIMEOUT_MS, session_cookie
from tournaments import pairings
from tournaments.acts import services
from tournaments.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

A4_PX = {"width": 794, "height": 1123}  # 210 × 297 mm at 96 px per inch
A4_PT = (595, 842)  # the PDF's page box in points, portrait

# What must not print, by selector.
NOT_PRINTED = [".site-header", "nav", "form", "button", "select", "input:not([type=hidden])"]


@pytest.fixture
def club() -> Club:
    return make_club()


@pytest.fixture
def printing(browser: Browser, live_server, club: Club) -> Iterator:
    """``printing(kind)``: the club's page ``kind`` as the arbiter sees it, in print media."""
    contexts: list[BrowserContext] = []

    def open_(kind: str) -> Page:
        context = browser.new_context(locale="en-US", viewport=A4_PX)
        context.set_default_timeout(TIMEOUT_MS)
        contexts.append(context)
        context.add_cookies(
            [
                {
                    "name": settings.SESSION_COOKIE_NAME,
                    "value": session_cookie(club.arbiter),
                    "url": live_server.url,
                }
            ]
        )
        page = context.new_page()
        response = page.goto(live_server.url + club.pages[kind])
        assert response is not None and response.ok
        return page

    yield open_
    for context in contexts:
        context.close()


def visible_count(page: Page, selector: str) -> int:
    """How many elements matching ``selector`` take space on the page (not display:none, not
    inside a hidden ancestor)."""
    return page.evaluate(
        """sel => [...document.querySelectorAll(sel)].filter(el => {
                 const r = el.getBoundingClientRect();
                 return el.getClientRects().length > 0 && r.width > 0 && r.height > 0
                        && getComputedStyle(el).visibility !== 'hidden';
               }).length""",
        selector,
    )


def assert_print_shows_only_the_content(page: Page, table: str) -> None:
    on_screen = {sel: visible_count(page, sel) for sel in NOT_PRINTED}
    # The arbiter sees the menu, forms and buttons on the screen…
    assert on_screen[".site-header"] == 1 and on_screen["form"] >= 1 and on_screen["button"] >= 1
    page.emulate_media(media="print")
    # …and none of them on paper.
    printed = {sel: visible_count(page, sel) for sel in NOT_PRINTED}
    assert printed == dict.fromkeys(NOT_PRINTED, 0)
    assert page.locator(".site-header").evaluate("el => getComputedStyle(el).display") == "none"
    # The table is there, its header repeats on each page and no row breaks across two.
    assert visible_count(page, table) == 1
    styles = page.locator(table).evaluate(
        """t => [getComputedStyle(t).display,
                 getComputedStyle(t.tHead).display,
                 getComputedStyle(t.tBodies[0].rows[0]).breakInside]"""
    )
    assert styles == ["table", "table-header-group", "avoid"]


def print_shot(page: Page, tmp_path: Path, name: str) -> Path:
    shot = tmp_path / f"{name}.png"
    page.screenshot(path=str(shot), full_page=True)
    save_shot(page, name)
    return shot


def pdf_pages(page: Page) -> list[tuple[int, int]]:
    """The page boxes (width, height in points) of ``page`` printed to PDF by chromium, which
    follows the stylesheet's ``@page`` sizes (``prefer_css_page_size``)."""
    pdf = page.pdf(prefer_css_page_size=True, print_background=True)
    boxes = re.findall(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf)
    return [(round(float(w)), round(float(h))) for w, h in boxes]


def test_the_pairings_print_with_the_scores_and_without_the_menu(
    printing, club: Club, tmp_path: Path
) -> None:
    page = printing("round")
    assert_print_shows_only_the_content(page, "table.pairings")
    # The points before the round print in columns of their own; the arbiter's do not.
    assert visible_count(page, "table.pairings th.score-before") == 2
    assert visible_count(page, "table.pairings .arbiter-col") == 0
    assert visible_count(page, "table.pairings .pairing-notes") == 0
    assert page.get_by_role("link", name="Change the pairings").is_hidden()
    points = page.locator("table.pairings tbody td.score-before").all_inner_texts()
    assert len(points) == 6 and all(re.fullmatch(r"\d+½?|½|\d+[.,]\d+", p) for p in points), points
    assert page.locator(".back").inner_text() == club.tournament.name
    print_shot(page, tmp_path, "print round")
    assert set(pdf_pages(page)) == {A4_PT}


def test_the_standings_print_as_a_wall_chart(printing, club: Club, tmp_path: Path) -> None:
    page = printing("standings")
    # The standings page has no form of its own: the one on the screen is the header's.
    assert_print_shows_only_the_content(page, "table.standings")
    assert visible_count(page, "table.standings .explain-col") == 0
    print_shot(page, tmp_path, "print standings")
    # A4 across.
    assert set(pdf_pages(page)) == {A4_PT[::-1]}


def test_the_crosstable_prints_as_a_wall_chart(printing, club: Club, tmp_path: Path) -> None:
    page = printing("crosstable")
    assert_print_shows_only_the_content(page, "table.crosstable")
    print_shot(page, tmp_path, "print crosstable")
    assert set(pdf_pages(page)) == {A4_PT[::-1]}


def test_the_wall_chart_prints_every_round_on_a4_across(
    printing, club: Club, tmp_path: Path
) -> None:
    page = printing("wall chart")
    assert_print_shows_only_the_content(page, "table.standings")
    # Every round of the round robin (played, paired and published ahead), none split across
    # two sheets, each with its header; the standings begin a sheet of their own.
    rounds = page.locator(".schedule-round")
    t = Tournament.objects.get(pk=club.tournament.pk)
    assert rounds.count() == t.rounds >= 3
    assert visible_count(page, ".schedule-table") == rounds.count()
    assert set(rounds.evaluate_all("els => els.map(e => getComputedStyle(e).breakInside)")) == {
        "avoid"
    }
    assert page.locator(".schedule-table").first.evaluate(
        "t => getComputedStyle(t.tHead).display"
    ) == ("table-header-group")
    assert page.locator(".wall-standings").evaluate("e => getComputedStyle(e).breakBefore") in (
        "page",
        "always",
    )
    # Rounds side by side on a sheet across.
    boxes = rounds.evaluate_all("els => els.map(e => e.getBoundingClientRect().top)")
    assert len(set(boxes)) < len(boxes), "every round on a line of its own"
    print_shot(page, tmp_path, "print wall chart")
    sheets = pdf_pages(page)
    assert set(sheets) == {A4_PT[::-1]} and len(sheets) >= 2


def test_the_tournament_page_prints_its_pairings_and_standings(printing, club: Club) -> None:
    page = printing("tournament detail")
    assert_print_shows_only_the_content(page, "table.pairings")
    assert visible_count(page, "table.standings") == 1
    assert visible_count(page, ".arbiter-panel") == 0
    assert visible_count(page, "table.entries .arbiter-col") == 0
    assert page.get_by_role("heading", name="Late entry").is_hidden()
    assert set(pdf_pages(page)) == {A4_PT}


@pytest.fixture
def big_swiss(club: Club) -> Tournament:
    """A paper Swiss of 90 players after round 1 (first movers won), round 2 paired: its
    standings and pairings take several sheets."""
    t = services.create_tournament(
        name="Big Open",
        kind="uttt",
        format="swiss",
        rounds=5,
        online=False,
        created_by=club.arbiter,
    )
    for n in range(1, 91):
        player = Player.objects.create(name=f"Player {n:02d}")
        services.register(tournament=t, player=player, user=club.arbiter)
    rnd = pairings.pair_round(tournament=t, user=club.arbiter)
    for p in rnd.pairings.filter(result=""):
        services.record_result(pairing=p, result="1-0", user=club.arbiter)
    services.finish_round(round=rnd, user=club.arbiter)
    pairings.pair_round(tournament=t, user=club.arbiter)
    return t


def pdf_texts(page: Page) -> list[str]:
    reader = pypdf.PdfReader(io.BytesIO(page.pdf(prefer_css_page_size=True)))
    return [p.extract_text() for p in reader.pages]


@pytest.mark.parametrize(
    ("where", "heading"),
    [("standings", "Place"), ("rounds/2", "Board")],
    ids=["standings", "round"],
)
def test_a_long_table_repeats_its_header_on_every_sheet(
    browser: Browser, live_server, big_swiss: Tournament, where: str, heading: str
) -> None:
    context = browser.new_context(locale="en-US", viewport=A4_PX)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/tournaments/{big_swiss.pk}/{where}/")
        page.emulate_media(media="print")
        texts = pdf_texts(page)
    finally:
        context.close()
    assert len(texts) >= 2, "90 players fit on one sheet?"
    for n, text in enumerate(texts, 1):
        assert heading in text.split(), f"sheet {n} has no table header: {text[:200]}"
    # Every player is on exactly one sheet: no row is cut in two.
    every = "\n".join(texts)
    for n in range(1, 91):
        assert every.count(f"Player {n:02d}") == 1, n


@pytest.mark.parametrize("kind", ["round", "standings", "crosstable"])
def test_the_print_button_prints_where_javascript_runs(
    browser: Browser, live_server, club: Club, kind: str
) -> None:
    url = live_server.url + club.pages[kind]
    context = browser.new_context(locale="en-US", java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(url)
        # Without JavaScript the button could do nothing: it is not shown.
        assert page.get_by_role("button", name="Print").is_hidden()
    finally:
        context.close()
    context = browser.new_context(locale="en-US")
    try:
        page = context.new_page()
        page.add_init_script("window.print = () => { window.__printed = true; };")
        page.goto(url)
        page.get_by_role("button", name="Print").click()
        assert page.evaluate("window.__printed") is True
    finally:
        context.close()
