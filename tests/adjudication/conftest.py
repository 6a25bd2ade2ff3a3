"""Fixtures for the adjudication tests: the tournament world with every role, and a browser in a
thread of its own. ``client_for`` (English) is the suite's (tests/conftest.py)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings as django_settings

from tests.adjudication.helpers import World, build_world


@pytest.fixture
def world(db: None) -> World:
    return build_world()


# -- Real browser (Playwright + Debian's chromium) against the live server ----------------------
# Playwright's sync API allows one instance per thread, and tests/browser keeps its own for the
# whole session in the main thread (its fixtures do not cross folders). Ours therefore lives in a
# thread of its own, for this folder's browser tests only: every browser step is run there
# (``BrowserThread.run``), while the database is read and written in the test's thread.

CHROMIUM = Path("/usr/bin/chromium")
TIMEOUT_MS = 5_000


class BrowserThread:
    """A headless chromium driven from one worker thread."""

    def __init__(self, screenshots: Path) -> None:
        self.screenshots = screenshots
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="playwright")
        self.executor.submit(self._start).result()

    def _start(self) -> None:
        from playwright.sync_api import expect, sync_playwright

        expect.set_options(timeout=TIMEOUT_MS)
        self.playwright = sync_playwright().start()
        self.browser = self.playwright.chromium.launch(
            executable_path=str(CHROMIUM),
            headless=True,
            args=["--no-sandbox", "--disable-gpu", "--no-first-run"],
        )

    def _stop(self) -> None:
        self.browser.close()
        self.playwright.stop()

    def close(self) -> None:
        try:
            self.executor.submit(self._stop).result()
        finally:
            self.executor.shutdown()

    def run(self, steps: Callable[..., Any], *args: Any) -> Any:
        """Run ``steps(page_opener, *args)`` in the browser's thread and return what it returns;
        pages still open on a failure are saved as PNG files next to the test's tmp_path."""
        return self.executor.submit(self._run, steps, *args).result()

    def _run(self, steps: Callable[..., Any], *args: Any) -> Any:
        contexts = []
        pages = []

        def open_page(base_url: str, path: str, session: str | None = None) -> Any:
            context = self.browser.new_context(locale="en-US")
            context.set_default_timeout(TIMEOUT_MS)
            contexts.append(context)
            if session is not None:
                cookie = {"name": SESSION_COOKIE, "value": session, "url": base_url}
                context.add_cookies([cookie])
            page = context.new_page()
            pages.append(page)
            response = page.goto(base_url + path)
            assert response is not None and response.ok, f"GET {path}: {response.status}"
            return page

        try:
            return steps(open_page, *args)
        except BaseException:
            for n, page in enumerate(pages):
                shot = self.screenshots / f"{steps.__name__}-{n}.png"
                page.screenshot(path=str(shot), full_page=True)
                print(f"screenshot: {shot}")
            raise
        finally:
            for context in contexts:
                context.close()


SESSION_COOKIE = django_settings.SESSION_COOKIE_NAME


@pytest.fixture(scope="module")
def browser_thread(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrowserThread]:
    if not CHROMIUM.exists():
        message = f"{CHROMIUM} is missing: the browser tests need Debian's chromium."
        if os.environ.get("CI", "").strip().lower() in {"1", "true", "yes", "on"}:
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    thread = BrowserThread(tmp_path_factory.mktemp("screenshots"))
    try:
        yield thread
    finally:
        thread.close()
