"""An automated accessibility check of the main pages: axe-core run in the same chromium.

axe-core comes from the npm registry into a cache folder outside the project
(``scripts/ensure_axe.sh``, run here when it is missing). Every page kind of the club is checked
on a desktop window, as the arbiter (who sees the most forms), and the pages a player uses most
also on a phone with the menu open; a player to move is checked on his own game. No violation of
``serious`` or ``critical`` impact may be left.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from tests.browser.club import ANONYMOUS_PAGES, PAGE_KINDS, Club, make_club, open_in
from tests.browser.conftest import _is_ci

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ENSURE_AXE = Path(__file__).resolve().parents[2] / "scripts" / "ensure_axe.sh"
# AXE_IMPACTS=minor,moderate,serious,critical lists the lesser findings too (to look at them).
BLOCKING = set(os.environ.get("AXE_IMPACTS", "serious,critical").split(","))
PHONE_PAGES = ["home", "game UTTT", "tournament detail", "round", "standings"]


@pytest.fixture(scope="session")
def axe_source() -> str:
    """The text of axe.min.js (installed into the cache by scripts/ensure_axe.sh if missing)."""
    try:
        done = subprocess.run(
            ["sh", str(ENSURE_AXE)], capture_output=True, text=True, timeout=300, check=True
        )
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired, OSError) as err:
        stderr = getattr(err, "stderr", "") or ""
        message = f"axe-core could not be installed ({ENSURE_AXE}): {err}\n{stderr}"
        if _is_ci():
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    return Path(done.stdout.strip().splitlines()[-1]).read_text(encoding="utf-8")


@pytest.fixture
def club() -> Club:
    return make_club()


def axe_violations(page: Page, source: str) -> list[dict]:
    """The serious and critical violations axe finds on ``page`` (all its rules run)."""
    page.evaluate(source)
    result = page.evaluate(
        """async () => {
             const r = await window.axe.run(document, {resultTypes: ['violations']});
             return r.violations.map(v => ({
               id: v.id, impact: v.impact, help: v.help,
               nodes: v.nodes.slice(0, 5).map(n => ({target: n.target, summary: n.failureSummary})),
             }));
           }"""
    )
    return [v for v in result if v["impact"] in BLOCKING]


def report(violations: list[dict]) -> str:
    return json.dumps(violations, indent=1, ensure_ascii=False)


@pytest.mark.parametrize("kind", PAGE_KINDS)
def test_no_serious_violation_on_a_desktop(
    browser: Browser,
    live_server,
    club: Club,
    contexts: list[BrowserContext],
    axe_source: str,
    kind: str,
) -> None:
    page = open_in(
        browser,
        live_server.url + club.pages[kind],
        user=club.arbiter,
        phone=False,
        contexts=contexts,
    )
    violations = axe_violations(page, axe_source)
    assert not violations, report(violations)


@pytest.mark.parametrize("kind", PHONE_PAGES)
def test_no_serious_violation_on_a_phone_with_the_menu_open(
    browser: Browser,
    live_server,
    club: Club,
    contexts: list[BrowserContext],
    axe_source: str,
    kind: str,
) -> None:
    page = open_in(
        browser, live_server.url + club.pages[kind], user=club.arbiter, contexts=contexts
    )
    page.locator(".menu-toggle").click()
    violations = axe_violations(page, axe_source)
    assert not violations, report(violations)


@pytest.mark.parametrize("kind", ["game SOS 3x3", "game UTTT"])
def test_no_serious_violation_for_the_player_to_move(
    browser: Browser,
    live_server,
    club: Club,
    contexts: list[BrowserContext],
    axe_source: str,
    kind: str,
) -> None:
    """The player to move sees the board as buttons, the letter choice and the typed move."""
    page = open_in(
        browser, live_server.url + club.pages[kind], user=club.player_user, contexts=contexts
    )
    assert page.locator("button.cell").count() > 0
    violations = axe_violations(page, axe_source)
    assert not violations, report(violations)


@pytest.mark.parametrize(
    "kind", ["home", "game UTTT", "tournament detail", "standings", "wall chart", "tournament form"]
)
def test_no_serious_violation_on_a_persian_page(
    browser: Browser,
    live_server,
    club: Club,
    contexts: list[BrowserContext],
    axe_source: str,
    kind: str,
) -> None:
    """The same check on pages laid out right to left, in Persian."""
    page = open_in(
        browser,
        live_server.url + club.pages[kind],
        user=club.arbiter,
        phone=False,
        locale="fa-IR",
        contexts=contexts,
    )
    assert page.locator("html").get_attribute("dir") == "rtl"
    violations = axe_violations(page, axe_source)
    assert not violations, report(violations)


@pytest.mark.parametrize("kind", list(ANONYMOUS_PAGES))
def test_no_serious_violation_for_a_visitor(
    browser: Browser, live_server, contexts: list[BrowserContext], axe_source: str, kind: str
) -> None:
    page = open_in(browser, live_server.url + ANONYMOUS_PAGES[kind], phone=False, contexts=contexts)
    violations = axe_violations(page, axe_source)
    assert not violations, report(violations)


def test_the_checker_finds_a_violation(
    browser: Browser, live_server, contexts: list[BrowserContext], axe_source: str
) -> None:
    """The check itself works: an input without a label is reported as critical."""
    page = open_in(browser, live_server.url + "/", phone=False, contexts=contexts)
    page.evaluate(
        "document.querySelector('main').insertAdjacentHTML('beforeend', '<input type=text>')"
    )
    assert "label" in {v["id"] for v in axe_violations(page, axe_source)}
