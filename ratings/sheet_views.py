"""The ratings' spreadsheet pages: a rating list and a tournament's rating report to download,
and the import of a club's list, in the site's two steps (upload and preview, then apply:
``sheets.views.ImportFlow``). Who may import: :func:`may_manage_lists`."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST, require_safe

from ratings import authority, sheet_export, sheet_import
from ratings.models import RatingList
from sheets.forms import ApplyForm, UploadForm
from sheets.services import XLSX
from sheets.views import ImportFlow, apply_step, upload_step
from tournaments.authority import AnyUser
from tournaments.models import Tournament


def may_manage_lists(user: AnyUser | None, rating_list: RatingList) -> bool:
    """Who may import a club's list into ``rating_list``: whoever may change the list
    (:func:`ratings.authority.may_change_list`: staff, and the arbiter who made it)."""
    return authority.may_change_list(user, rating_list)


class ListUploadForm(UploadForm):
    file = forms.FileField(
        label=gettext_lazy("Rating list (.xlsx)"),
        help_text=gettext_lazy(
            "A list exported from this site, or a sheet with a header row "
            "“Name | Rating | Games” (optional: Deviation, Club, and an “As of:” date above)."
        ),
    )


def _download(data: bytes, name: str, fallback: str) -> HttpResponse:
    response = HttpResponse(data, content_type=XLSX)
    filename = f"{slugify(name, allow_unicode=True) or fallback}.xlsx"
    response["Content-Disposition"] = content_disposition_header(True, filename)
    return response


@require_safe
def list_xlsx(request: HttpRequest, pk: int) -> HttpResponse:
    rating_list = get_object_or_404(RatingList, pk=pk)
    return _download(sheet_export.export_list(rating_list), rating_list.name, "rating-list")


@require_safe
def report_xlsx(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    data = sheet_export.export_report(tournament)
    if data is None:
        raise Http404(_("This tournament is not rated."))
    return _download(data, f"{tournament.name}-ratings", "rating-report")


def _flow(request: HttpRequest, pk: int) -> ImportFlow:
    rating_list = get_object_or_404(RatingList, pk=pk)
    if not may_manage_lists(request.user, rating_list):
        raise PermissionDenied
    page = reverse("rating_sheets:import", args=[rating_list.pk])

    def apply(plan: Any, user: Any, again: bool) -> str:
        sheet_import.apply_list_plan(plan, rating_list=rating_list, user=user)
        return page

    def done(plan: Any) -> str:
        return _(
            "Imported: %(rows)s starting ratings, %(new)s new players, %(removed)s removed; "
            "the list is recalculated."
        ) % {"rows": len(plan.rows), "new": len(plan.new_players), "removed": len(plan.removed)}

    return ImportFlow(
        template="ratings/list_import.html",
        context={"rating_list": rating_list},
        upload_form=ListUploadForm,
        apply_form=ApplyForm,
        tournament_id=None,
        scope=f"ratings:{rating_list.pk}",
        upload_url=page,
        expired=_("The uploaded list has expired: upload it again."),
        changed=_("The list changed since the preview: check the changes again."),
        read=lambda data: sheet_import.read_list(data, rating_list=rating_list),
        apply=apply,
        done=done,
    )


@login_required
def list_import(request: HttpRequest, pk: int) -> HttpResponse:
    """GET: the upload form. POST: read and check the list, and show what it would change."""
    return upload_step(request, _flow(request, pk))


@require_POST
@login_required
def list_import_apply(request: HttpRequest, pk: int) -> HttpResponse:
    """Apply the previewed list, if it still makes exactly the changes previewed."""
    return apply_step(request, _flow(request, pk))
