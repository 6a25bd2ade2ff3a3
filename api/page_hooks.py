"""The api app's links on the site's pages (answering :mod:`tournaments.hooks` and
:mod:`games.hooks`): a tournament's widgets and calendar beside its tabs, and, on the home page,
a player's calendar of his rounds."""

from __future__ import annotations

from collections.abc import Iterator

from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _

from games.hooks import HOME, Html, Item, Link
from tournaments.authority import player_of
from tournaments.hooks import TABS
from tournaments.models import Tournament


def tournament_page(request: HttpRequest, tournament: Tournament) -> Iterator[Item]:
    url = reverse("api_pages:snippets", args=[tournament.pk])
    yield Link(_("Widgets and calendar"), url, order=900, slot=TABS)


def home_page(request: HttpRequest) -> Iterator[Item]:
    if player_of(request.user) is None:
        return
    html = format_html(
        '<p class="calendar-link"><a href="{}">{}</a></p>',
        reverse("api_pages:calendar"),
        _("My rounds in a calendar"),
    )
    yield Html(html, order=900, slot=HOME)
