"""Spreadsheet pages: downloads (a game, a tournament, a round's blank score sheets) and the
arbiter's two-step import (upload and preview, then apply). Views stay short: the work is in
:mod:`sheets.services`."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
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


def _arbiter_tournament(request: HttpRequest, pk: int) -> Tournament:
    t = get_object_or_404(Tournament, pk=pk)
    if not may_arbitrate(request.user, t):
        raise PermissionDenied
    return t


def _page(request: HttpRequest, t: Tournament, **context: object) -> HttpResponse:
    context.setdefault("form", UploadForm())
    return render(request, "sheets/import.html", {"t": t, **context})


@login_required
def tournament_import(request: HttpRequest, pk: int) -> HttpResponse:
    """GET: the upload form. POST: read and check the workbook, and show what it would change."""
    t = _arbiter_tournament(request, pk)
    if request.method != "POST":
        return _page(request, t)
    try:  # refuse a huge upload before Django parses its body
        check_size(int(request.META.get("CONTENT_LENGTH") or 0) - FORM_OVERHEAD, Limits.default())
    except (ValueError, WorkbookRefused) as err:
        return _page(request, t, refused=getattr(err, "message", str(err)))
    form = UploadForm(request.POST, request.FILES)
    if not form.is_valid():
        return _page(request, t, form=form)
    data: bytes = form.cleaned_data["file"]
    return _preview(request, t, data, None)


def _preview(request: HttpRequest, t: Tournament, data: bytes, token: str | None) -> HttpResponse:
    try:
        plan = services.read_workbook(data, tournament=t)
    except WorkbookRefused as err:
        if token:
            discard_upload(token)
        return _page(request, t, refused=err.message)
    apply_form = None
    if plan.ok and not plan.empty:
        token = token or save_upload(data, tournament_id=t.pk, user_id=request.user.pk)
        apply_form = ApplyForm(initial={"token": token, "digest": plan.digest()})
    return _page(request, t, plan=plan, apply_form=apply_form)


@require_POST
@login_required
def tournament_import_apply(request: HttpRequest, pk: int) -> HttpResponse:
    """Apply the previewed workbook, if it still makes exactly the changes previewed."""
    t = _arbiter_tournament(request, pk)
    form = ApplyForm(request.POST)
    data, token = None, ""
    if form.is_valid():
        token = form.cleaned_data["token"]
        data = load_upload(token, tournament_id=t.pk, user_id=request.user.pk)
    if data is None:
        messages.error(request, _("The uploaded workbook has expired: upload it again."))
        return redirect("sheets:import", pk=t.pk)
    try:
        plan = services.read_workbook(data, tournament=t)
    except WorkbookRefused as err:
        discard_upload(token)
        return _page(request, t, refused=err.message)
    if not plan.ok or plan.digest() != form.cleaned_data["digest"]:
        messages.warning(
            request, _("The tournament changed since the preview: check the changes again.")
        )
        return _preview(request, t, data, token)
    try:
        services.apply_plan(plan, user=request.user)
    except ImportConflict as err:
        messages.warning(request, err.message)
        return _preview(request, t, data, token)
    except ImportRefused as err:
        return _page(request, t, refused=err.message, plan=plan)
    discard_upload(token)
    messages.success(request, _summary(plan))
    return redirect(t)


def _summary(plan: ImportPlan) -> str:
    return _("Imported: %(players)s new player(s), %(results)s result(s), %(games)s game(s).") % {
        "players": len(plan.new_entries),
        "results": len(plan.results),
        "games": len(plan.games),
    }


# -- One game's sheet: *Import a score sheet* (a game's arbiter) and *Record a paper game* ------


def _sheet_page(request: HttpRequest, game: Game | None, **context: object) -> HttpResponse:
    context.setdefault("form", SheetUploadForm())
    return render(request, "sheets/game_import.html", {"game": game, **context})


def _game_of_arbiter(request: HttpRequest, pk: int) -> Game:
    game = get_object_or_404(Game, pk=pk)
    if not may_arbitrate_game(request.user, game):
        raise PermissionDenied
    return game


def _paper_arbiter(request: HttpRequest) -> None:
    if not is_arbiter_member(request.user):
        raise PermissionDenied


def _scope(game: Game | None) -> str:
    return f"game:{game.pk}" if game is not None else "paper"


def _read_sheet(data: bytes, game: Game | None) -> services.GamePlan | ImportPlan:
    if game is None:
        return services.read_paper_game(data)
    return services.read_game_sheet(data, game=game)


def _sheet_preview(
    request: HttpRequest, game: Game | None, data: bytes, token: str | None
) -> HttpResponse:
    try:
        plan = _read_sheet(data, game)
    except WorkbookRefused as err:
        if token:
            discard_upload(token)
        return _sheet_page(request, game, refused=err.message)
    apply_form = None
    if plan.ok and not plan.empty:
        token = token or save_upload(
            data, tournament_id=None, user_id=request.user.pk, scope=_scope(game)
        )
        initial = {"token": token, "digest": plan.digest()}
        apply_form = PaperApplyForm(initial=initial, repeat=_repeats(plan))
    return _sheet_page(request, game, plan=plan, apply_form=apply_form)


def _repeats(plan: services.GamePlan | ImportPlan) -> bool:
    """Is ``plan`` a paper game the site has already (see ``GamePlan.same_as``)?"""
    return isinstance(plan, services.GamePlan) and plan.same_as is not None


def _sheet_upload(request: HttpRequest, game: Game | None) -> HttpResponse:
    if request.method != "POST":
        return _sheet_page(request, game)
    try:
        check_size(int(request.META.get("CONTENT_LENGTH") or 0) - FORM_OVERHEAD, Limits.default())
    except (ValueError, WorkbookRefused) as err:
        return _sheet_page(request, game, refused=getattr(err, "message", str(err)))
    form = SheetUploadForm(request.POST, request.FILES)
    if not form.is_valid():
        return _sheet_page(request, game, form=form)
    return _sheet_preview(request, game, form.cleaned_data["file"], None)


def _sheet_apply(request: HttpRequest, game: Game | None) -> HttpResponse:
    form = PaperApplyForm(request.POST)
    data, token = None, ""
    if form.is_valid():
        token = form.cleaned_data["token"]
        data = load_upload(token, tournament_id=None, user_id=request.user.pk, scope=_scope(game))
    again = redirect("sheets:game_import", pk=game.pk) if game else redirect("sheets:paper_game")
    if data is None:
        messages.error(request, _("The uploaded sheet has expired: upload it again."))
        return again
    try:
        plan = _read_sheet(data, game)
    except WorkbookRefused as err:
        discard_upload(token)
        return _sheet_page(request, game, refused=err.message)
    if not plan.ok or plan.digest() != form.cleaned_data["digest"]:
        messages.warning(request, _("The game changed since the preview: check the changes again."))
        return _sheet_preview(request, game, data, token)
    again = bool(form.cleaned_data.get("again"))
    if _repeats(plan) and not again:
        messages.warning(request, already_recorded(plan.same_as))  # type: ignore[union-attr]
        return _sheet_preview(request, game, data, token)
    try:
        if isinstance(plan, ImportPlan):
            services.apply_plan(plan, user=request.user)
            written = game
        else:
            written = services.apply_game_plan(plan, user=request.user, again=again)
    except ImportConflict as err:
        messages.warning(request, err.message)
        return _sheet_preview(request, game, data, token)
    except ImportRefused as err:
        return _sheet_page(request, game, refused=err.message, plan=plan)
    discard_upload(token)
    messages.success(request, _("The score sheet is imported."))
    assert written is not None
    return redirect(written)


@login_required
def game_import(request: HttpRequest, pk: int) -> HttpResponse:
    """*Import a score sheet* of a game: GET the form, POST a sheet to see what it adds."""
    return _sheet_upload(request, _game_of_arbiter(request, pk))


@require_POST
@login_required
def game_import_apply(request: HttpRequest, pk: int) -> HttpResponse:
    return _sheet_apply(request, _game_of_arbiter(request, pk))


@login_required
def paper_game(request: HttpRequest) -> HttpResponse:
    """*Record a paper game*: a casual game created from a filled-in board sheet."""
    _paper_arbiter(request)
    return _sheet_upload(request, None)


@require_POST
@login_required
def paper_game_apply(request: HttpRequest) -> HttpResponse:
    _paper_arbiter(request)
    return _sheet_apply(request, None)
