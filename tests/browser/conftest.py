"""Real-browser fixtures: Debian's chromium, driven by Playwright, against pytest-django's
live server.

Every browser test needs ``/usr/bin/chromium`` (``make browser`` installs it). Without it the
tests fail with a clear message when ``CI=true`` and are skipped otherwise.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client

from games.models import Player

# Playwright's sync API runs an event loop in the main thread; Django would then refuse the
# ORM calls the tests make between two browser actions ("You cannot call this from an async
# context"). The tests never share a connection with an event loop, so this is safe here.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

from playwright.sync_api import (
    Browser,
    BrowserContext,
    Page,
    expect,
    sync_playwright,
)

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# Auto-waiting limit of every locator action and expect(): a few seconds, never a fixed sleep.
TIMEOUT_MS = 5_000
PASSWORD = "browser-test-password"

expect.set_options(timeout=TIMEOUT_MS)


def _is_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes", "on"}


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """One headless chromium for the whole run (each test opens its own contexts)."""
    if not CHROMIUM.exists():
        message = (
            f"{CHROMIUM} is missing: the browser tests need Debian's chromium. "
            "Install it with `make browser` (as root) or `sudo apt-get install -y chromium`."
        )
        if _is_ci():
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):  # type: ignore[no-untyped-def]
    """Remember each phase's report on the item, so fixtures can tell a failed test."""
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


def make_user_player(name: str, username: str) -> tuple[User, Player]:
    """An account and the player linked to it."""
    user = User.objects.create_user(username=username, password=PASSWORD)
    return user, Player.objects.create(name=name, user=user)


def session_cookie(user: User) -> str:
    """The value of a fresh session cookie of ``user`` (no password hashing, no login form)."""
    client = Client()
    client.force_login(user)
    return client.cookies[settings.SESSION_COOKIE_NAME].value


PageFactory = Callable[..., Page]


@pytest.fixture
def contexts() -> Iterator[list[BrowserContext]]:
    """Browser contexts a test opens (one per user or viewport), closed after it."""
    opened: list[BrowserContext] = []
    yield opened
    for context in opened:
        context.close()


@pytest.fixture
def open_page(
    browser: Browser, live_server, request: pytest.FixtureRequest, tmp_path: Path
) -> Iterator[PageFactory]:
    """``open_page(path, user=None, locale="en-US", javascript=True)``: a page in a new context.

    The context sends ``Accept-Language`` for ``locale`` and, for ``user``, carries a session
    cookie of that user. On failure every page still open is saved as a PNG under ``tmp_path``.
    """
    contexts: list[BrowserContext] = []
    pages: list[Page] = []

    def open_(
        path: str, user: User | None = None, locale: str = "en-US", javascript: bool = True
    ) -> Page:
        context = browser.new_context(
            locale=locale, java_script_enabled=javascript, viewport={"width": 1200, "height": 900}
        )
        context.set_default_timeout(TIMEOUT_MS)
        contexts.append(context)
        if user is not None:
            context.add_cookies(
                [
                    {
                        "name": settings.SESSION_COOKIE_NAME,
                        "value": session_cookie(user),
                        "url": live_server.url,
                    }
                ]
            )
        page = context.new_page()
        pages.append(page)
        response = page.goto(live_server.url + path)
        assert response is not None and response.ok, f"GET {path}: {response and response.status}"
        return page

    yield open_

    failed = getattr(request.node, "rep_call", None)
    if failed is not None and failed.failed:
        for n, page in enumerate(pages):
            if not page.is_closed():
                shot = tmp_path / f"page-{n}.png"
                page.screenshot(path=str(shot), full_page=True)
                print(f"screenshot of page {n} ({page.url}): {shot}")
    for context in contexts:
        context.close()
