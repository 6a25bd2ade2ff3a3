"""The ratings pages (docs/ratings.md, "Pages"): the lists, a list's table and log, managing a
list, a tournament's list and its rating report. Every write goes through ``ratings.lists`` or
``ratings.acts``; who may do what is ``ratings.authority``'s answer."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models import Count
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from games.bidi import isolate
from ratings import acts, authority, lists, queries, queue
from ratings.errors import RatingError
from ratings.filters import ListFilter
from ratings.forms import RatedForm, RatingListForm
from ratings.models import Method, PeriodKind, RatedTournament, RatingList
from tournaments.models import Tournament

PAGE_SIZE = 50
RECORDS = 20


@require_safe
def index(request: HttpRequest) -> HttpResponse:
    rating_lists = RatingList.objects.annotate(players=Count("ratings"))
    return render(
        request,
        "ratings/index.html",
        {"rating_lists": rating_lists, "can_create": authority.may_create_list(request.user)},
    )


@require_safe
def detail(request: HttpRequest, pk: int) -> HttpResponse:
    rating_list = get_object_or_404(RatingList, pk=pk)
    shown = ListFilter(request.GET or None)
    values = shown.values()
    rows = queries.list_rows(
        rating_list,
        today=timezone.localdate(),
        active_months=values["active"],
        query=values["q"],
        sort=values["sort"],
    )
    page = Paginator(rows, PAGE_SIZE).get_page(request.GET.get("page"))
    return render(
        request,
        "ratings/list.html",
        {
            "rating_list": rating_list,
            "glicko": rating_list.method == Method.GLICKO2,
            "filter": shown,
            "sort": values["sort"],
            "columns": shown.columns(rating_list.method == Method.GLICKO2),
            "page": page,
            "keep": shown.query_without("sort", "page"),
            "keep_page": shown.query_without("page"),
            "records": rating_list.records.select_related("by", "tournament")[:RECORDS],
            "can_change": authority.may_change_list(request.user, rating_list),
            "can_rebuild": authority.may_rebuild(request.user),
            "updating": queue.pending(rating_list.pk),
        },
    )


@login_required
def create(request: HttpRequest) -> HttpResponse:
    if not authority.may_create_list(request.user):
        raise PermissionDenied
    form = RatingListForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            rating_list = lists.create_list(user=request.user, values=form.cleaned_data)
        except RatingError as e:
            form.add_error(None, e.message)
        else:
            messages.success(request, _("The rating list was created."))
            return redirect("ratings:list", rating_list.pk)
    return render(request, "ratings/list_form.html", {"form": form, "rating_list": None})


@login_required
def edit(request: HttpRequest, pk: int) -> HttpResponse:
    rating_list = get_object_or_404(RatingList, pk=pk)
    if not authority.may_change_list(request.user, rating_list):
        raise PermissionDenied
    form = RatingListForm(request.POST or None, instance=RatingList.objects.get(pk=pk))
    if request.method == "POST" and form.is_valid():
        try:
            record = lists.update_list(
                rating_list=rating_list, user=request.user, values=form.cleaned_data
            )
        except RatingError as e:
            form.add_error(None, e.message)
        else:
            if record is not None:
                messages.success(request, _("The settings were saved and the list recalculated."))
            else:
                messages.success(request, _("The settings were saved."))
            return redirect("ratings:list", rating_list.pk)
    return render(request, "ratings/list_form.html", {"form": form, "rating_list": rating_list})


@require_POST
@login_required
def rebuild(request: HttpRequest, pk: int) -> HttpResponse:
    rating_list = get_object_or_404(RatingList, pk=pk)
    if not authority.may_rebuild(request.user):
        raise PermissionDenied
    record = lists.rebuild_now(rating_list=rating_list, user=request.user)
    messages.success(
        request,
        _("The list was recalculated from scratch. Rows rewritten: %(rows)s.")
        % {"rows": record.rows},
    )
    return redirect("ratings:list", rating_list.pk)


@login_required
def rated(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    if not authority.may_rate(request.user, tournament):
        raise PermissionDenied
    current = queries.rated_of(tournament.pk)
    initial = (
        {"rating_list": current.list_id, "seed_from_list": current.seed_from_list}
        if current
        else {}
    )
    form = RatedForm(request.POST or None, tournament=tournament, initial=initial)
    if request.method == "POST":
        try:
            if request.POST.get("action") == "unrate":
                acts.unmark_rated(tournament=tournament, user=request.user)
                messages.success(request, _("The tournament is no longer rated."))
                return redirect(tournament)
            if form.is_valid():
                acts.mark_rated(
                    tournament=tournament,
                    rating_list=form.cleaned_data["rating_list"],
                    user=request.user,
                    seed_from_list=form.cleaned_data["seed_from_list"],
                )
                messages.success(
                    request,
                    _("The tournament is rated in %(list)s.")
                    % {"list": isolate(form.cleaned_data["rating_list"])},
                )
                return redirect(tournament)
        except RatingError as e:
            form.add_error(None, e.message)
    return render(
        request,
        "ratings/rated.html",
        {"t": tournament, "form": form, "current": current},
    )


@require_safe
def report(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    rated_tournament: RatedTournament | None = queries.rated_of(tournament.pk)
    if rated_tournament is None:
        raise Http404(_("This tournament is not rated."))
    by_month = rated_tournament.list.period == PeriodKind.MONTH
    return render(
        request,
        "ratings/report.html",
        {
            "t": tournament,
            "rated": rated_tournament,
            "glicko": rated_tournament.list.method == Method.GLICKO2,
            "by_month": by_month,
            "rows": queries.report_rows(rated_tournament),
            "updating": queue.pending(rated_tournament.list_id),
        },
    )
