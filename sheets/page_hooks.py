"""The spreadsheets app's part of the game, tournament and round pages (answering
:mod:`games.hooks` and :mod:`tournaments.hooks`): the sheets to download, the import."""

from __future__ import annotations

from collections.abc import Iterator

from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import escape
from django.utils.translation import gettext as _

from games.authority import is_arbiter_member, may_arbitrate_game
from games.hooks import ASIDE, HEAD, Html, Item, Link
from games.models import Game
from games.panel import url_with_pk
from tournaments.authority import may_arbitrate
from tournaments.hooks import ARBITER, DOWNLOADS, TABS
from tournaments.models import Round, Tournament


def game_page(request: HttpRequest, game: Game) -> Iterator[Item]:
    yield Link(
        _("Download the score sheet (.xlsx)"),
        url_with_pk("sheets:game", game.pk),
        order=100,
        slot=ASIDE,
        download=True,
    )
    if may_arbitrate_game(request.user, game):
        yield Link(
            _("Import a score sheet"),
            url_with_pk("sheets:game_import", game.pk),
            order=110,
            slot=ASIDE,
        )


def game_list(request: HttpRequest) -> Iterator[Item]:
    if is_arbiter_member(request.user):
        yield Link(_("Record a paper game"), reverse("sheets:paper_game"), slot=HEAD)


def tournament_page(request: HttpRequest, tournament: Tournament) -> Iterator[Item]:
    yield Link(
        _("Workbook (.xlsx)"),
        reverse("sheets:tournament", args=[tournament.pk]),
        slot=TABS,
        download=True,
    )
    problem = tournament.format_entry.trf_problem()
    if problem:  # where a TRF would be offered beside the workbook: why there is none
        yield Html(f'<span class="no-trf">{escape(problem)}</span>', slot=TABS)
    if may_arbitrate(request.user, tournament):
        yield Link(
            _("Import a workbook"), reverse("sheets:import", args=[tournament.pk]), slot=ARBITER
        )


def round_page(request: HttpRequest, rnd: Round) -> Iterator[Item]:
    yield Link(
        _("Blank score sheets for this round (.xlsx)"),
        reverse("sheets:round_blank", args=[rnd.tournament_id, rnd.number]),
        slot=DOWNLOADS,
        download=True,
    )
