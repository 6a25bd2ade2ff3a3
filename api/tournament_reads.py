"""The tournaments' public reads: the list, one tournament, its entries, rounds and pairings,
standings (with the tie-breaks' explanations) and crosstable. Everything is read through
``tournaments.queries``, as the tournament pages read it: no second computation."""

from __future__ import annotations

import datetime
import math
from typing import Any

from django.core.paginator import Paginator
from django.db.models import Count
from django.db.models.functions import Coalesce
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from ninja import Query, Router, Schema
from ninja.errors import HttpError
from pydantic import Field

from api import schemas, stage_reads
from api.http import cached_conditional, conditional_openapi
from games.panel import kind_label
from tournaments import queries
from tournaments.acts.revision import games_stamp
from tournaments.acts.versions import make_version
from tournaments.models import ResultRecord, RoundStatus, Tournament

router = Router(tags=["tournaments"])

PAGE_SIZE = 30
MAX_PAGE_SIZE = 100


class Paging(Schema):
    page: int = Field(1, ge=1, description="The page, counted from 1.")
    page_size: int = Field(PAGE_SIZE, ge=1, le=MAX_PAGE_SIZE)


class TournamentFilters(Paging):
    kind: str | None = Field(None, description="A game kind's value (see /kinds).")
    format: str | None = Field(None, description="A tournament format's value.")
    status: str | None = Field(None, description="registration, running or finished.")
    date_from: datetime.date | None = Field(None, description="Running on or after this day.")
    date_to: datetime.date | None = Field(None, description="Running on or before this day.")


def page_of(queryset: Any, paging: Paging) -> tuple[list[Any], dict[str, int]]:
    """One page of ``queryset`` (two queries: the count and the page) and its figures; a page
    past the last is empty."""
    paginator = Paginator(queryset, paging.page_size)
    count = paginator.count
    figures = {
        "count": count,
        "page": paging.page,
        "pages": max(1, math.ceil(count / paging.page_size)),
        "page_size": paging.page_size,
    }
    if paging.page > figures["pages"]:
        return [], figures
    return list(paginator.page(paging.page).object_list), figures


def tournament_out(t: Tournament) -> dict[str, Any]:
    entry = t.format_entry
    return {
        "id": t.pk,
        "name": t.name,
        "kind": t.kind,
        "kind_label": kind_label(t.kind),
        "options": t.options,
        "format": t.format,
        "format_label": str(entry.label),
        "status": t.status,
        "status_label": t.get_status_display(),
        "start_date": t.start_date,
        "end_date": t.end_date,
        "rounds": t.rounds,
        "online": t.online,
        "time_control": t.time_control,
        "points": {
            "win": float(t.points_win),
            "draw": float(t.points_draw),
            "loss": float(t.points_loss),
            "bye": float(t.points_bye),
        },
        "tiebreaks": list(t.tiebreaks),
        "has_crosstable": entry.has_crosstable,
        "url": t.get_absolute_url(),
        **stage_reads.stage_links(t),
    }


@router.get("/tournaments", response=schemas.TournamentPage, url_name="tournaments")
def tournament_list(request: HttpRequest, filters: Query[TournamentFilters]) -> dict[str, Any]:
    """Every tournament, newest first (as the site's list), filtered and paginated."""
    found = Tournament.objects.select_related("next_stage")
    for name in ("kind", "format", "status"):
        value = getattr(filters, name)
        if value:
            found = found.filter(**{name: value})
    if filters.date_from or filters.date_to:
        found = found.annotate(last_day=Coalesce("end_date", "start_date")).exclude(start_date=None)
        if filters.date_from:
            found = found.filter(last_day__gte=filters.date_from)
        if filters.date_to:
            found = found.filter(start_date__lte=filters.date_to)
    items, figures = page_of(found, filters)
    return {**figures, "items": [tournament_out(t) for t in items]}


def _tournament(pk: int) -> Tournament:
    return get_object_or_404(Tournament, pk=pk)


def _stamp(t: Tournament, *more: Any) -> str:
    """What a tournament read's ETag is made of (with ``api.http.cached_conditional``'s path,
    query and language): the tournament's change stamp, and ``more`` (the games' moves)."""
    return ":".join(str(part) for part in (t.pk, t.revision, *more))


@router.get(
    "/tournaments/{int:pk}",
    response=schemas.TournamentOut,
    url_name="tournament",
    openapi_extra=conditional_openapi(),
)
def tournament_detail(request: HttpRequest, pk: int) -> HttpResponse:
    t = get_object_or_404(Tournament.objects.select_related("next_stage"), pk=pk)
    return cached_conditional(
        request, _stamp(t), lambda: schemas.TournamentOut(**tournament_out(t))
    )


@router.get(
    "/tournaments/{int:pk}/entries",
    response=list[schemas.EntryOut],
    url_name="entries",
    openapi_extra=conditional_openapi(),
)
def tournament_entries(request: HttpRequest, pk: int) -> HttpResponse:
    """The players entered, by starting rank."""
    t = _tournament(pk)

    def build() -> Any:
        entries = sorted(t.entries.select_related("player"), key=lambda e: (e.rank or 10**6, e.pk))
        return _Listed([schemas.EntryOut(**entry_out(e)) for e in entries])

    return cached_conditional(request, _stamp(t), build)


class _Listed:
    """A list of schemas dumped as one JSON array (``cached_conditional`` dumps a schema)."""

    def __init__(self, items: list[Schema]) -> None:
        self.items = items

    def model_dump_json(self) -> str:
        return "[" + ",".join(item.model_dump_json() for item in self.items) + "]"


def entry_out(e: Any) -> dict[str, Any]:
    return {
        "id": e.pk,
        "player": e.player_id,
        "name": e.player.name,
        "club": e.player.club,
        "rank": e.rank,
        "rating": e.rating,
        "joined_round": e.joined_round,
        "withdrawn_from_round": e.withdrawn_from_round,
    }


def _side(entry: Any) -> dict[str, Any] | None:
    if entry is None:
        return None
    return {"entry": entry.pk, "player": entry.player_id, "name": entry.player.name}


def _record_counts(t: Tournament) -> dict[int, int]:
    """The number of result records of each of ``t``'s pairings (a board's version), one query."""
    rows = (
        ResultRecord.objects.filter(pairing__round__tournament=t)
        .values("pairing")
        .annotate(n=Count("id"))
        .values_list("pairing", "n")
    )
    return dict(rows)


def _version(p: Any, counts: dict[int, int]) -> str:
    """What a result entered for ``p`` is based on (``tournaments.acts.versions.version_of``)."""
    if p is None:
        return ""
    return make_version(p.game.ply if p.game_id else 0, counts.get(p.pk, 0))


def _starts(t: Tournament) -> dict[int, datetime.datetime]:
    return dict(t.round_times.values_list("number", "starts_at"))


def _round_out(
    scheduled: queries.ScheduledRound,
    counts: dict[int, int],
    starts: dict[int, datetime.datetime],
) -> dict[str, Any]:
    stored = scheduled.round
    boards = []
    for b in scheduled.boards:
        p = b.pairing
        first_score, second_score = p.game_scores if p is not None else (None, None)
        boards.append(
            {
                "board": b.board,
                "group": b.first.group,
                "first": _side(b.first),
                "second": _side(b.second),
                "result": p.result if p is not None else "",
                "result_label": p.get_result_display() if p is not None and p.result else "",
                "first_score": first_score,
                "second_score": second_score,
                "game": p.game_id if p is not None else None,
                "version": _version(p, counts),
            }
        )
    status = stored.status if stored is not None else RoundStatus.PENDING
    return {
        "number": scheduled.number,
        "status": status,
        "status_label": str(RoundStatus(status).label),
        "paired": scheduled.paired,
        "paired_at": stored.paired_at if stored is not None else None,
        "finished_at": stored.finished_at if stored is not None else None,
        "starts_at": starts.get(scheduled.number),
        "boards": boards,
    }


@router.get(
    "/tournaments/{int:pk}/rounds",
    response=schemas.RoundsOut,
    url_name="rounds",
    openapi_extra=conditional_openapi(),
)
def tournament_rounds(request: HttpRequest, pk: int) -> HttpResponse:
    """Every round paired so far with its pairings and results (and, for a format that
    publishes its schedule, the later rounds as it will pair them: ``paired`` false)."""
    t = _tournament(pk)

    def build() -> schemas.RoundsOut:
        counts, starts = _record_counts(t), _starts(t)
        rounds = [_round_out(r, counts, starts) for r in queries.schedule(t)]
        return schemas.RoundsOut(tournament=t.pk, rounds=rounds)

    return cached_conditional(request, _stamp(t, *games_stamp(t)), build)


@router.get(
    "/tournaments/{int:pk}/rounds/{int:number}",
    response=schemas.RoundOut,
    url_name="round",
    openapi_extra=conditional_openapi(),
)
def tournament_round(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """One round's pairings and results."""
    t = _tournament(pk)

    def build() -> schemas.RoundOut:
        found = [r for r in queries.schedule(t) if r.number == number]
        if not found:
            raise Http404
        return schemas.RoundOut(**_round_out(found[0], _record_counts(t), _starts(t)))

    return cached_conditional(request, _stamp(t, *games_stamp(t)), build)


def _standing_out(table: queries.Standings, row: Any) -> dict[str, Any]:
    entry = table.entries[row.entry]
    return {
        "group": entry.group,
        "place": row.place,
        "place_label": row.place_label,
        "shared": row.shared,
        "entry": row.entry,
        "player": entry.player_id,
        "name": entry.player.name,
        "start_rank": row.start_rank,
        "points": row.points,
        "tiebreaks": {
            key: value
            for (key, _label, _abbr), value in zip(table.labels, row.tiebreaks, strict=True)
        },
    }


@router.get(
    "/tournaments/{int:pk}/standings",
    response=schemas.StandingsOut,
    url_name="standings",
    openapi_extra=conditional_openapi(),
)
def tournament_standings(request: HttpRequest, pk: int) -> HttpResponse:
    """The standings with every tie-break's value, in the tournament's order (the standings
    page's table; a group stage's, one table a group); each entry's explanation at
    ``standings/{entry}``. Computed once for the same tournament's change stamp: the ETag is a
    digest of it."""
    t = _tournament(pk)

    def build() -> schemas.StandingsOut:
        tables = stage_reads.standings_tables(t)
        table = tables[0][1]
        return schemas.StandingsOut(
            tournament=t.pk,
            rounds_played=table.rounds_played,
            tiebreaks=[{"key": k, "label": lbl, "abbr": abbr} for k, lbl, abbr in table.labels],
            groups=[label for label, _table in tables if label],
            rows=[_standing_out(each, row) for _label, each in tables for row in each.rows],
        )

    return cached_conditional(request, _stamp(t), build)


@router.get(
    "/tournaments/{int:pk}/standings/{int:entry}",
    response=schemas.ExplainedStandingOut,
    url_name="standing",
    openapi_extra=conditional_openapi(),
)
def tournament_standing(request: HttpRequest, pk: int, entry: int) -> HttpResponse:
    """One entry's line of the standings and how each of its tie-breaks was computed (the
    standings page's "how?")."""
    t = _tournament(pk)

    def build() -> schemas.ExplainedStandingOut:
        table = queries.standings(t, group=stage_reads.entry_group(t, entry))  # its group's
        row = next((r for r in table.rows if r.entry == entry), None)
        if row is None:
            raise Http404
        explanations = [
            {**ex, "label": str(ex["label"]), "abbr": str(ex["abbr"]), "help": str(ex["help"])}
            | {"terms": [_term(term) for term in ex["terms"]]}
            for ex in table.explain(entry)
        ]
        return schemas.ExplainedStandingOut(
            tournament=t.pk, row=_standing_out(table, row), explanations=explanations
        )

    return cached_conditional(request, _stamp(t), build)


def _term(term: dict[str, Any]) -> dict[str, Any]:
    return {**term, "kind": str(term["kind"]), "note": str(term["note"])}


@router.get(
    "/tournaments/{int:pk}/crosstable",
    response=schemas.CrosstableOut,
    url_name="crosstable",
    openapi_extra=conditional_openapi(),
)
def tournament_crosstable(request: HttpRequest, pk: int) -> HttpResponse:
    """The crosstable, where the tournament's format has one (404 otherwise); a group stage's,
    one crosstable a group."""
    t = _tournament(pk)
    if not t.format_entry.has_crosstable:
        raise HttpError(404, _("This tournament's format has no crosstable."))

    def build() -> schemas.CrosstableOut:
        return stage_reads.crosstable_out(t)

    return cached_conditional(request, _stamp(t), build)
