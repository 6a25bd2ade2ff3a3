"""The site's header on every page (``{% site_header %}`` in ``base.html``).

The header (``templates/_site_header.html``: the menu, the account's links, the language
switcher) is the same on every page but for four things: the CSRF token of its forms, the
address to come back to after logging in or switching the language, the user's name and the
"My games" badges (in the menu, and as a link of their own beside the phone's *Menu* toggle).
Its template is rendered once per process for each language, script prefix and logged-in
state, with stand-ins for those four; each request puts its own values in their place
(escaped as the template would escape them). What is kept depends only on the code, the
settings and the language, never on a request: a changed setting (a test's
``override_settings``) empties it.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote

from django import template
from django.core.signals import setting_changed
from django.template.loader import get_template, render_to_string
from django.urls import get_script_prefix, reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from games.panel import escape

register = template.Library()

# Each request's values, by the stand-in the header is rendered with (letters only: no filter,
# escaping or URL encoding changes them).
CSRF, NEXT_PATH, NEXT_QUERY, USERNAME, BADGES, BADGE_LINK = (
    "QqCsrfTokenQq",
    "QqNextPathQq",
    "QqNextQueryQq",
    "QqUsernameQq",
    "QqBadgesQq",
    "QqBadgeLinkQq",
)
_STAND_IN = re.compile(r"(Qq[A-Za-z]+Qq)")
_CSRF_INPUT = format_html('<input type="hidden" name="csrfmiddlewaretoken" value="{}">', CSRF)

_parts: dict[tuple[str | None, str, bool], list[str]] = {}


class _Visitor:
    is_authenticated = False


class _Member:
    is_authenticated = True


def _header_parts(language: str | None, prefix: str, authenticated: bool) -> list[str]:
    """The header as text and stand-ins, alternately (a stand-in at every odd index)."""
    key = (language, prefix, authenticated)
    parts = _parts.get(key)
    if parts is None:
        html = get_template("_site_header.html").render(
            {
                "LANGUAGE_CODE": language,
                "authenticated": authenticated,
                "user": _Member() if authenticated else _Visitor(),
                "csrf_token": CSRF,
                "next_path": NEXT_PATH,
                "next_query": NEXT_QUERY,
                "username": USERNAME,
                "badges": BADGES,
                "badge_link": BADGE_LINK,
            }
        )
        # The whole hidden input is the stand-in: without a token, a form has none (as
        # ``{% csrf_token %}`` renders nothing then).
        html = html.rstrip("\n").replace(_CSRF_INPUT, CSRF)
        parts = _parts[key] = _STAND_IN.split(html)
    return parts


def _forget(**_kwargs: Any) -> None:
    _parts.clear()


setting_changed.connect(_forget, dispatch_uid="accounts.site_header")


def _csrf_input(token: object) -> str:
    if not token or str(token) == "NOTPROVIDED":
        return ""
    return format_html('<input type="hidden" name="csrfmiddlewaretoken" value="{}">', token)


@register.simple_tag(takes_context=True)
def site_header(context: template.Context) -> SafeString:
    """The header for this request: the kept markup with this request's values put in."""
    request = context.get("request")
    user = context.get("user")
    authenticated = bool(user is not None and user.is_authenticated)
    path = request.get_full_path() if request is not None else ""
    badges = _badges(context) if authenticated else ""
    values = {
        CSRF: _csrf_input(context.get("csrf_token")),
        NEXT_PATH: escape(path),
        # ``{{ path|urlencode }}``: Django's filter quotes all but "/" (then escapes: a no-op).
        NEXT_QUERY: escape(quote(path, safe="/")),
        USERNAME: escape(user.get_username()) if authenticated else "",
        BADGES: badges,
        # The same badges beside the phone's *Menu* toggle (where the menu is folded away).
        BADGE_LINK: format_html(
            '<a class="header-badges" href="{}">{}</a>', reverse("accounts:my_games"), badges
        )
        if badges
        else "",
    }
    parts = _header_parts(get_language(), get_script_prefix(), authenticated)
    return mark_safe(
        "".join(values.get(part, part) if n % 2 else part for n, part in enumerate(parts))
    )


def _badges(context: template.Context) -> str:
    """The "My games" badges (games waiting for the user's move, unseen news), if any."""
    counts = context.get("my_games")
    if not counts or not (counts.to_move or counts.new):
        return ""
    return render_to_string("_site_header_badges.html", {"my_games": counts})
