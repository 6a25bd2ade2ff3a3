"""Security headers on every kind of response, and templates that a strict CSP does not break."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.test import Client, RequestFactory, override_settings

from config.security import ContentSecurityPolicyMiddleware, build_policy
from games.models import Game, Player
from tests.security.conftest import ClientFor, Club

pytestmark = pytest.mark.django_db

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
}

PAGES = [
    "/",
    "/games/",
    "/games/{game}/",
    "/games/{game}/panel/",
    "/games/{game}/live/",
    "/players/",
    "/players/{player}/",
    "/tournaments/",
    "/tournaments/{t}/",
    "/tournaments/{t}/rounds/1/",
    "/tournaments/{t}/standings/",
    "/tournaments/{t}/crosstable/",
    "/accounts/login/",
    "/admin/login/",
    "/no/such/page/",
]


def fill(url: str, game: Game, club: Club) -> str:
    return url.format(game=game.pk, player=club.entries[0].player.pk, t=club.pk)


def assert_headers(response: HttpResponseBase, where: str) -> None:
    for name, value in HEADERS.items():
        assert response.get(name) == value, f"{name} on {where}: {response.get(name)!r}"
    # Development serves plain HTTP: no HSTS (it would stick in the browser).
    assert "Strict-Transport-Security" not in response, where


def test_the_policy_is_built_from_the_settings() -> None:
    assert build_policy(settings.CONTENT_SECURITY_POLICY) == CSP


@pytest.mark.parametrize("url", PAGES)
def test_pages_carry_the_headers(client_for: ClientFor, game: Game, club_a: Club, url: str) -> None:
    response = client_for(None).get(fill(url, game, club_a))
    assert response.status_code in (200, 404), url
    assert_headers(response, url)


@pytest.mark.parametrize("url", ["/", "/games/{game}/", "/tournaments/{t}/rounds/1/override/"])
def test_pages_of_a_logged_in_arbiter_carry_the_headers(
    client_for: ClientFor, game: Game, club_a: Club, url: str
) -> None:
    response = client_for(club_a.arbiter).get(fill(url, game, club_a))
    assert response.status_code == 200, url
    assert_headers(response, url)


def test_redirects_errors_and_json_carry_the_headers(
    client_for: ClientFor, game: Game, alice: Player, club_a: Club
) -> None:
    anonymous = client_for(None)
    assert_headers(anonymous.get("/games/new/"), "a redirect to the login page")
    assert_headers(anonymous.post(f"/tournaments/{club_a.pk}/pair/"), "a 403")
    client = client_for(alice.user)
    moved = client.post(f"/games/{game.pk}/move/", {"cell": "E5"}, HTTP_ACCEPT="application/json")
    assert moved.json() == {"ok": True}
    assert_headers(moved, "a JSON answer")
    assert_headers(client.get(f"/games/{game.pk}/move/"), "a 405")


def test_a_csrf_failure_carries_the_headers(alice: Player, game: Game) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice.user)
    response = client.post(f"/games/{game.pk}/move/", {"cell": "E5"})
    assert response.status_code == 403
    assert_headers(response, "a CSRF failure")


def test_a_view_may_set_its_own_policy(rf: RequestFactory) -> None:
    def view(request: HttpRequest) -> HttpResponse:
        response = HttpResponse("ok")
        response["Content-Security-Policy"] = "default-src 'none'"
        return response

    response = ContentSecurityPolicyMiddleware(view)(rf.get("/"))
    assert response["Content-Security-Policy"] == "default-src 'none'"


@override_settings(DEBUG=True)
def test_debug_error_pages_go_without_csp(client: Client) -> None:
    """Django's technical 404 page (DEBUG only) styles itself inline: no CSP to break it."""
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    assert "Content-Security-Policy" not in response
    assert response["X-Frame-Options"] == "DENY"


def test_static_files_are_served_with_nosniff(client: Client) -> None:
    response = client.get("/static/css/site.css")
    assert response.status_code == 200
    assert response["X-Content-Type-Options"] == "nosniff"


# -- nothing inline that the policy would block ----------------------------------------------------

INLINE_PATTERNS = {
    "inline <script>": re.compile(r"<script\b(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE),
    "<style> element": re.compile(r"<style\b", re.IGNORECASE),
    "style= attribute": re.compile(r"\sstyle\s*=", re.IGNORECASE),
    "event handler attribute": re.compile(r"\son[a-z]+\s*=", re.IGNORECASE),
    "javascript: URL": re.compile(r"javascript:", re.IGNORECASE),
}


def project_templates() -> list[Path]:
    roots = [Path(d) for t in settings.TEMPLATES for d in t.get("DIRS", [])]
    roots += [Path(settings.BASE_DIR) / app / "templates" for app in ("games", "tournaments")]
    return sorted(p for root in roots if root.is_dir() for p in root.rglob("*.html"))


def test_there_are_templates_to_check() -> None:
    names = {p.name for p in project_templates()}
    assert {"base.html", "game_detail.html", "login.html"} <= names


@pytest.mark.parametrize("path", project_templates(), ids=lambda p: p.name)
def test_templates_have_nothing_inline(path: Path) -> None:
    """Scripts live in static/js and styles in static/css: the CSP allows nothing inline."""
    text = path.read_text(encoding="utf-8")
    found = [what for what, pattern in INLINE_PATTERNS.items() if pattern.search(text)]
    assert found == [], f"{path}: {', '.join(found)}"


class _InlineAudit(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name.lower(): value or "" for name, value in attrs}
        if tag == "script" and "src" not in values:
            self.problems.append("inline <script>")
        if tag == "style":
            self.problems.append("<style>")
        if "style" in values:
            self.problems.append(f"style= on <{tag}>")
        self.problems.extend(f"{n}= on <{tag}>" for n in values if n.startswith("on"))
        if any(v.strip().lower().startswith("javascript:") for v in values.values()):
            self.problems.append(f"javascript: URL on <{tag}>")


@pytest.mark.parametrize("url", [u for u in PAGES if u != "/no/such/page/"])
def test_rendered_pages_have_nothing_inline(
    client_for: ClientFor, game: Game, club_a: Club, superuser: User, url: str
) -> None:
    for user in (None, club_a.arbiter, superuser):
        response = client_for(user).get(fill(url, game, club_a))
        if "html" not in response.get("Content-Type", ""):
            continue
        audit = _InlineAudit()
        audit.feed(response.content.decode())
        assert audit.problems == [], (url, user)
