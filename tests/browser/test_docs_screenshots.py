"""The pictures of the guides (docs/img/*.png), taken by a real browser so they stay current.

``test_the_guides_pictures`` opens each page the guides show (the small club of
tests/browser/club.py, plus a tournament open for registration) and saves a PNG of the window into
docs/img/, overwriting the last one: run it after a change of a page and commit the pictures
(``make screenshots``). ``test_every_picture_the_docs_show_is_one_this_file_takes`` (no browser)
checks that README.md and docs/*.md show no picture but these, and every one of them somewhere.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from playwright.sync_api import Browser, BrowserContext, Page

from games.models import Player
from tests.browser.club import PHONE, Club, make_club, open_in
from tests.browser.conftest import PASSWORD
from tournaments.acts import registration
from tournaments.acts import services as tournament_services

ROOT = Path(__file__).resolve().parents[2]
IMG = ROOT / "docs" / "img"
DESKTOP = {"width": 1280, "height": 900}


@dataclass(frozen=True)
class Shot:
    """One picture: the page (a key of :func:`pages`), who looks at it, and on what screen."""

    file: str
    page: str
    user: str | None  # "arbiter", "alice", "nina" or None for a visitor
    phone: bool = False


SHOTS = (
    Shot("home.png", "home", None),
    Shot("standings.png", "standings", None),
    Shot("round.png", "round", "alice"),
    Shot("game-sos.png", "game SOS 12x12", "alice"),
    Shot("game-uttt.png", "game UTTT", "alice"),
    Shot("arbiter-round.png", "round", "arbiter"),
    Shot("arbiter-decide.png", "adjudicate", "arbiter"),
    Shot("join.png", "join", "nina"),
    Shot("phone-game.png", "game UTTT", "alice", phone=True),
)
# Where the docs show their pictures: Markdown images and <img src="…">.
IMAGE_LINK = re.compile(r"!\[[^\]]*\]\(([^)\s]+)\)|<img[^>]*\bsrc=\"([^\"]+)\"")


def docs_files() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def shown_pictures() -> dict[Path, set[str]]:
    """Each picture the docs show (its path, resolved) and the files that show it."""
    shown: dict[Path, set[str]] = {}
    for doc in docs_files():
        for match in IMAGE_LINK.finditer(doc.read_text(encoding="utf-8")):
            target = (match.group(1) or match.group(2)).split("#")[0]
            path = (doc.parent / target).resolve()
            shown.setdefault(path, set()).add(doc.relative_to(ROOT).as_posix())
    return shown


def test_every_picture_the_docs_show_is_one_this_file_takes() -> None:
    taken = {(IMG / shot.file).resolve() for shot in SHOTS}
    shown = shown_pictures()
    strays = {
        path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path): sorted(docs)
        for path, docs in shown.items()
        if path not in taken
    }
    assert not strays, f"pictures the screenshot test does not take: {strays}"
    unshown = sorted(shot.file for shot in SHOTS if (IMG / shot.file).resolve() not in shown)
    assert not unshown, f"pictures taken but shown by no doc: {unshown}"
    missing = sorted(shot.file for shot in SHOTS if not (IMG / shot.file).is_file())
    assert not missing, f"run `make screenshots` and commit docs/img/: {missing}"
    assert len({shot.file for shot in SHOTS}) == len(SHOTS)


def pages(club: Club, open_cup_path: str) -> dict[str, str]:
    return {**club.pages, "join": open_cup_path}


def open_cup(arbiter: User) -> str:
    """A Swiss not started yet whose registration is open: the path of its public join page."""
    cup = tournament_services.create_tournament(
        name="Riverside Spring Swiss",
        kind="uttt",
        format="swiss",
        rounds=5,
        created_by=arbiter,
    )
    registration.set_registration(tournament=cup, user=arbiter, open=True, approval=False)
    for name in ("Boris Belov", "Chen Wei"):
        tournament_services.register(
            tournament=cup, player=Player.objects.get(name=name), user=arbiter
        )
    return reverse("tournaments:join", args=[cup.pk])


def settle(page: Page) -> None:
    """Wait for the vendored font, so the picture shows the page as a reader sees it."""
    page.evaluate("document.fonts.ready.then(() => true)")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_guides_pictures(browser: Browser, live_server, contexts: list[BrowserContext]) -> None:
    club = make_club()
    nina = User.objects.create_user(username="nina", password=PASSWORD)
    Player.objects.create(name="Nina Novak", user=nina)
    users = {"arbiter": club.arbiter, "alice": club.player_user, "nina": nina}
    paths = pages(club, open_cup(club.arbiter))
    IMG.mkdir(parents=True, exist_ok=True)
    for shot in SHOTS:
        page = open_in(
            browser,
            live_server.url + paths[shot.page],
            user=users[shot.user] if shot.user else None,
            phone=shot.phone,
            contexts=contexts,
        )
        if not shot.phone:
            page.set_viewport_size(DESKTOP)
        settle(page)
        page.screenshot(path=str(IMG / shot.file), full_page=False)
        size = page.viewport_size
        assert size == (PHONE if shot.phone else DESKTOP), (shot.file, size)
        assert (IMG / shot.file).stat().st_size > 0
