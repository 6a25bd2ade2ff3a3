"""A group stage's wall chart and crosstable (issue 29), one a group: on a 390 px phone nothing
scrolls sideways; printed, each group starts a sheet of its own, A4 across."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from tests.browser.club import open_in
from tests.browser.test_phone import assert_no_sideways_scroll
from tests.browser.test_print import A4_PT, pdf_pages
from tests.tournaments.helpers import make_creator
from tests.tournaments.stage_helpers import new_groups, play_all
from tournaments.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def stage() -> Tournament:
    """Two groups of five played through (five rounds each)."""
    arbiter = make_creator("arbiter")
    t = new_groups(arbiter, players=10, size=5)
    play_all(t, arbiter)
    return t


@pytest.mark.parametrize("page_name", ["wallchart", "crosstable"])
def test_a_group_stage_s_charts_fit_a_phone_and_print_a_group_a_sheet(
    browser: Browser,
    live_server,
    stage: Tournament,
    contexts: list[BrowserContext],
    page_name: str,
) -> None:
    url = f"{live_server.url}/tournaments/{stage.pk}/{page_name}/"
    section = ".wall-group" if page_name == "wallchart" else ".group-crosstable"
    page = open_in(browser, url, contexts=contexts)
    expect(page.locator(section)).to_have_count(2)
    expect(page.locator(f"{section} h2").first).to_have_text("Group A")
    assert_no_sideways_scroll(page)
    assert page.evaluate("window.visualViewport.scale") == 1
    paper = open_in(browser, url, phone=False, contexts=contexts)
    paper.emulate_media(media="print")
    breaks = paper.locator(section).evaluate_all(
        "els => els.map(e => getComputedStyle(e).breakBefore)"
    )
    assert breaks[0] not in ("page", "always") and breaks[1] in ("page", "always")
    sheets = pdf_pages(paper)
    assert set(sheets) == {A4_PT[::-1]} and len(sheets) >= 2
