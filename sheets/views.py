"""Spreadsheet pages: downloads (a game, a tournament, a round's blank score sheets) and the
arbiter's two-step import (upload and preview, then apply). Views stay short: the work is in
:mod:`sheets.services`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Model
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from games.authority import is_arbiter_member, may_arbitrate_game
from games.models import Game
from sheets import services
from sheets.errors import ImportConflict, ImportRefused, WorkbookRefused
from sheets.forms import ApplyForm, PaperApplyForm, SheetUploadForm, UploadForm
from sheets.imports.game import already_recorded
from sheets.imports.plan import ImportPlan
from sheets.xlsx.safety import Limits, check_size
from sheets.xlsx.uploads import discard_upload, load_upload, save_upload
from tournaments.authority import may_arbitrate
from tournaments.models import Round, Tournament

FORM_OVERHEAD = 64 * 1024  # the multipart envelope around the file


def _download(data: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(data, content_type=services.XLSX)
    response["Content-Disposition"] = content_disposition_header(True, filename)
    return response


def _name(text: str, fallback: str) -> str:
    return slugify(text, allow_unicode=True) or fallback


@require_safe
def game_xlsx(request: HttpRequest, pk: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=pk)
    return _download(services.export_game(game), f"game-{game.pk}.xlsx")


@require_safe
def tournament_xlsx(request: HttpRequest, pk: int) -> HttpResponse:
    t = get_object_or_404(Tournament, pk=pk)
    return _download(services.export_tournament(t), f"{_name(t.name, 'tournament')}.xlsx")


@require_safe
def round_blank_xlsx(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    t = get_object_or_404(Tournament, pk=pk)
    rnd = get_object_or_404(Round, tournament=t, number=number)
    name = f"{_name(t.name, 'tournament')}-{number}.xlsx"
    return _download(services.blank_round_sheets(rnd), name)


Plan = services.GamePlan | ImportPlan


@dataclass(frozen=True)
class _Import:
    """What differs between the import pages: a tournament's workbook, one game's sheet, a paper
    game's sheet. The steps are the same for all (:func:`_upload`, :func:`_preview`,
    :func:`_apply`): read and check, keep the upload, preview, confirm, apply."""

    template: str
    context: dict[str, object]  # what the page shows the upload for (``t`` or ``game``)
    upload_form: type[UploadForm]
    apply_form: type[ApplyForm]
    tournament_id: int | None  # whom the kept upload is for (with ``scope``)
    scope: str
    upload_url: str  # the page, again (the kept upload has expired)
    expired: str
    changed: str
    read: Callable[[bytes], Plan]
    apply: Callable[[Plan, Any, bool], Model | str]  # (plan, user, again): where to go next
    done: Callable[[Plan], str]

    def page(self, request: HttpRequest, **context: object) -> HttpResponse:
        context.setdefault("form", self.upload_form())
        return render(request, self.template, {**self.context, **context})

    def keep(self, request: HttpRequest, data: bytes) -> str:
        """Keep ``data`` for the apply step; the token that finds it again."""
        return save_upload(data, user_id=request.user.pk, **self._kept_for())

    def load(self, request: HttpRequest, token: str) -> bytes | None:
        """The upload ``token`` names, if it is this page's and this user's and still kept."""
        return load_upload(token, user_id=request.user.pk, **self._kept_for())

    def _kept_for(self) -> dict[str, Any]:
        return {"tournament_id": self.tournament_id, "scope": self.scope}


def _upload(request: HttpRequest, flow: _Import) -> HttpResponse:
    """GET: the upload form. POST: read and check the file, and show what it would change."""
    if request.method != "POST":
        return flow.page(request)
    try:  # refuse a huge upload before Django parses its body
        check_size(int(request.META.get("CONTENT_LENGTH") or 0) - FORM_OVERHEAD, Limits.default())
    except (ValueError, WorkbookRefused) as err:
        return flow.page(request, refused=getattr(err, "message", str(err)))
    form = flow.upload_form(request.POST, request.FILES)
    if not form.is_valid():
        return flow.page(request, form=form)
    return _preview(request, flow, form.cleaned_data["file"], None)


def _preview(request: HttpRequest, flow: _Import, data: bytes, token: str | None) -> HttpResponse:
    try:
        plan = flow.read(data)
    except WorkbookRefused as err:
        if token:
            discard_upload(token)
        return flow.page(request, refused=err.message)
    apply_form = None
    if plan.ok and not plan.empty:
        token = token or flow.keep(request, data)
        apply_form = flow.apply_form.for_preview(
            token=token, digest=plan.digest(), repeat=_repeats(plan)
        )
    return flow.page(request, plan=plan, apply_form=apply_form)


def _repeats(plan: Plan) -> bool:
    """Is ``plan`` a paper game the site has already (see ``GamePlan.same_as``)?"""
    return isinstance(plan, services.GamePlan) and plan.same_as is not None


def _apply(request: HttpRequest, flow: _Import) -> HttpResponse:
    """Apply the previewed file, if it still makes exactly the changes previewed."""
    form = flow.apply_form(request.POST)
    data, token = None, ""
    if form.is_valid():
        token = form.cleaned_data["token"]
        data = flow.load(request, token)
    if data is None:
        messages.error(request, flow.expired)
        return redirect(flow.upload_url)
    try:
        plan = flow.read(data)
    except WorkbookRefused as err:
        discard_upload(token)
        return flow.page(request, refused=err.message)
    if not plan.ok or plan.digest() != form.cleaned_data["digest"]:
        messages.warning(request, flow.changed)
        return _preview(request, flow, data, token)
    again = bool(form.cleaned_data.get("again"))
    if _repeats(plan) and not again:
        messages.warning(request, already_recorded(plan.same_as))  # type: ignore[union-attr]
        return _preview(request, flow, data, token)
    try:
        written = flow.apply(plan, request.user, again)
    except ImportConflict as err:
        messages.warning(request, err.message)
        return _preview(request, flow, data, token)
    except ImportRefused as err:
        return flow.page(request, refused=err.message, plan=plan)
    discard_upload(token)
    messages.success(request, flow.done(plan))
    return redirect(written)


# The flow for the apps above sheets (the ratings' list import): the same steps, checks and
# kept upload; their plan has ``ok``, ``empty`` and ``digest()`` as ``ImportPlan`` has.
ImportFlow = _Import
upload_step = _upload
apply_step = _apply


# -- A tournament's workbook: *Import a workbook* (the tournament's arbiter) ---------------------


def _workbook(request: HttpRequest, pk: int) -> _Import:
    t = get_object_or_404(Tournament, pk=pk)
    if not may_arbitrate(request.user, t):
        raise PermissionDenied

    def apply(plan: Plan, user: Any, again: bool) -> Model:
        services.apply_plan(plan, user=user)  # type: ignore[arg-type]
        return t

    return _Import(
        template="sheets/import.html",
        context={"t": t},
        upload_form=UploadForm,
        apply_form=ApplyForm,
        tournament_id=t.pk,
        scope="",
        upload_url=reverse("sheets:import", args=[t.pk]),
        expired=_("The uploaded workbook has expired: upload it again."),
        changed=_("The tournament changed since the preview: check the changes again."),
        read=lambda data: services.read_workbook(data, tournament=t),
        apply=apply,
        done=_summary,
    )


def _summary(plan: Plan) -> str:
    assert isinstance(plan, ImportPlan)
    return _("Imported: %(players)s new player(s), %(results)s result(s), %(games)s game(s).") % {
        "players": len(plan.new_entries),
        "results": len(plan.results) + len(plan.tables),
        "games": len(plan.games),
    }


@login_required
def tournament_import(request: HttpRequest, pk: int) -> HttpResponse:
    """GET: the upload form. POST: read and check the workbook, and show what it would change."""
    return _upload(request, _workbook(request, pk))


@require_POST
@login_required
def tournament_import_apply(request: HttpRequest, pk: int) -> HttpResponse:
    """Apply the previewed workbook, if it still makes exactly the changes previewed."""
    return _apply(request, _workbook(request, pk))


# -- One game's sheet: *Import a score sheet* (a game's arbiter) and *Record a paper game* ------


def _sheet(game: Game | None) -> _Import:
    """The flow of one game's sheet: ``game``'s, or a new paper game's (``None``)."""

    def read(data: bytes) -> Plan:
        if game is None:
            return services.read_paper_game(data)
        return services.read_game_sheet(data, game=game)

    def apply(plan: Plan, user: Any, again: bool) -> Model:
        if isinstance(plan, ImportPlan):
            services.apply_plan(plan, user=user)
            assert game is not None
            return game
        return services.apply_game_plan(plan, user=user, again=again)

    return _Import(
        template="sheets/game_import.html",
        context={"game": game},
        upload_form=SheetUploadForm,
        apply_form=PaperApplyForm,
        tournament_id=None,
        scope=f"game:{game.pk}" if game is not None else "paper",
        upload_url=(
            reverse("sheets:game_import", args=[game.pk]) if game else reverse("sheets:paper_game")
        ),
        expired=_("The uploaded sheet has expired: upload it again."),
        changed=_("The game changed since the preview: check the changes again."),
        read=read,
        apply=apply,
        done=lambda plan: _("The score sheet is imported."),
    )


def _game_of_arbiter(request: HttpRequest, pk: int) -> Game:
    game = get_object_or_404(Game, pk=pk)
    if not may_arbitrate_game(request.user, game):
        raise PermissionDenied
    return game


def _paper_arbiter(request: HttpRequest) -> None:
    if not is_arbiter_member(request.user):
        raise PermissionDenied


@login_required
def game_import(request: HttpRequest, pk: int) -> HttpResponse:
    """*Import a score sheet* of a game: GET the form, POST a sheet to see what it adds."""
    return _upload(request, _sheet(_game_of_arbiter(request, pk)))


@require_POST
@login_required
def game_import_apply(request: HttpRequest, pk: int) -> HttpResponse:
    return _apply(request, _sheet(_game_of_arbiter(request, pk)))


@login_required
def paper_game(request: HttpRequest) -> HttpResponse:
    """*Record a paper game*: a casual game created from a filled-in board sheet."""
    _paper_arbiter(request)
    return _upload(request, _sheet(None))


@require_POST
@login_required
def paper_game_apply(request: HttpRequest) -> HttpResponse:
    _paper_arbiter(request)
    return _apply(request, _sheet(None))
