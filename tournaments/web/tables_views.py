"""An event at tables from the round page: the arbiter's act of one table's result over the
board (``tournaments.acts.tables.record_table``; a refusal is a 403, bad counts a message), and
the round's score slips to print."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from tournaments import authority
from tournaments.acts import tables
from tournaments.errors import TournamentError
from tournaments.models import Round, TableSeating
from tournaments.web import tables_page
from tournaments.web.action_views import _back
from tournaments.web.views import _tournament

MAX_NOTE = 500


def _count(raw: str) -> int | None:
    """A posted count: ``None`` when left empty, -1 (refused by the act) when not a number."""
    raw = raw.strip()
    if not raw:
        return None
    try:
        return int(raw)
    except ValueError:
        return -1


@require_POST
def table_result(request: HttpRequest, pk: int, number: int, table: int) -> HttpResponse:
    """The arbiter's form of one table: every seat's SOS count (``seat_0`` …), and a note."""
    t = _tournament(pk)
    row = get_object_or_404(TableSeating, round__tournament=t, round__number=number, number=table)
    if not authority.may_arbitrate(request.user, t):
        raise PermissionDenied
    seats = row.seats.count()
    counts = [_count(request.POST.get(f"seat_{k}", "")) for k in range(seats)]
    note = request.POST.get("note", "").strip()[:MAX_NOTE]
    try:
        tables.record_table(table=row, counts=counts, user=request.user, note=note)
    except TournamentError as err:
        messages.error(request, err.message)
    else:
        messages.success(request, _("Result saved."))
    return _back(request, row.get_absolute_url())


@require_safe
def table_slips(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """A score slip for every table of the round, to print on A4 and hand out: the seats in
    order with the players' names, empty boxes for the SOS made and the signatures."""
    t = _tournament(pk)
    rnd = get_object_or_404(Round, tournament=t, number=number)
    context = {"t": t, "rnd": rnd, **tables_page.tables_context(t, rnd)}
    return render(request, "tournaments/table_slips.html", context)
