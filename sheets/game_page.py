"""The spreadsheets app's part of a game page (answering :mod:`games.hooks`): the score sheet
to download."""

from __future__ import annotations

from collections.abc import Iterator

from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import gettext as _

from games.hooks import ASIDE, Item, Link
from games.models import Game


def game_page(request: HttpRequest, game: Game) -> Iterator[Item]:
    yield Link(
        _("Download the score sheet (.xlsx)"),
        reverse("sheets:game", args=[game.pk]),
        order=100,
        slot=ASIDE,
        download=True,
    )
