"""The acts on rating lists that move ratings: a tournament rated or unrated, a result changed
(``ratings.receivers``), the entries' starting ratings taken from a list. Each ends in
a rebuild by ``ratings.services.rebuild`` (the one writer of the derived rows), queued
for the worker (``ratings.queue``), or, for the starting ratings,
in the tournaments' own entries' service (``tournaments.acts.services.update_entry``).
"""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.bidi import isolate
from ratings import queue, sources
from ratings.errors import RatingError
from ratings.models import Cause, RatedTournament, RatingChange, RatingList, StartingRating
from tournaments.acts import services as entries
from tournaments.authority import AnyUser, may_arbitrate
from tournaments.models import Act, Entry, Tournament

# The acts of a result record that cannot change a result: no recalculation for them.
UNRATED_ACTS = {
    Act.ADD_TIME,
    Act.PAUSE_CLOCKS,
    Act.RESUME_CLOCKS,
    Act.START_ROUND,
    Act.CLAIM_REJECTED,
}


def _require(user: AnyUser | None, tournament: Tournament) -> None:
    staff = user is not None and user.is_authenticated and user.is_staff
    if not (staff or may_arbitrate(user, tournament)):
        raise RatingError(_("Only this tournament's arbiters may do that."), "not_allowed")


def check_fits(rating_list: RatingList, tournament: Tournament) -> None:
    if tournament.format_entry.plays_tables:  # no pairwise games to rate (docs/ratings.md)
        raise RatingError(
            _("SOS at tables is not rated yet: a rating list rates games of two players."),
            "tables",
        )
    if tournament.kind != rating_list.kind or (
        rating_list.preset and (tournament.options or {}).get("preset") != rating_list.preset
    ):
        raise RatingError(
            _("The rating list %(list)s is for another game.") % {"list": isolate(rating_list)},
            "kind",
        )


def mark_rated(
    *,
    tournament: Tournament,
    rating_list: RatingList,
    user: AnyUser | None,
    seed_from_list: bool = False,
) -> RatedTournament:
    """Let ``tournament``'s played games feed ``rating_list`` (or move it there from another
    list) and recalculate the lists it touches from its period."""
    _require(user, tournament)
    check_fits(rating_list, tournament)
    with transaction.atomic():
        rated = RatedTournament.objects.select_for_update().filter(tournament=tournament).first()
        old = rated.list if rated is not None else None
        if rated is None:
            rated = RatedTournament(tournament=tournament)
        rated.list, rated.seed_from_list = rating_list, seed_from_list
        rated.save()
        for each in {rating_list, *([old] if old is not None else [])}:
            queue.request(
                each,
                from_period=sources.first_key(each, tournament.pk),
                cause=Cause.RATED,
                user=user,
                tournament_id=tournament.pk,
            )
    return rated


def unmark_rated(*, tournament: Tournament, user: AnyUser | None) -> None:
    """``tournament`` no longer feeds its list: recalculated from its period without it."""
    _require(user, tournament)
    with transaction.atomic():
        rated = RatedTournament.objects.select_for_update().filter(tournament=tournament).first()
        if rated is None:
            return
        rating_list = rated.list
        key = sources.first_key(rating_list, tournament.pk)
        rated.delete()
        queue.request(
            rating_list, from_period=key, cause=Cause.RATED, user=user, tournament_id=tournament.pk
        )


def result_changed(
    *, record_id: int | None, act: str, tournament_id: int | None, pairing_id: int | None
) -> None:
    """A result record of a rated tournament: its list recalculated from the period it
    touches (idempotent: a second time rewrites the same rows)."""
    if tournament_id is None or act in UNRATED_ACTS:
        return
    for rating_list in sources.lists_of(tournament_id):
        queue.request(
            rating_list,
            from_period=sources.first_key(rating_list, tournament_id, pairing_id),
            cause=Cause.RESULT,
            result_record_id=record_id,
            tournament_id=tournament_id,
        )


def ratings_on(rating_list: RatingList, players: list[int], day: dt.date) -> dict[int, float]:
    """Each player's rating on ``rating_list`` when ``day`` begins: after the last period that
    ended before it, else the starting rating of the club's list if dated by then; players
    without one (or unrated then) are absent."""
    out: dict[int, float] = {}
    for player, rating in StartingRating.objects.filter(
        list=rating_list, player_id__in=players, as_of__lte=day
    ).values_list("player_id", "rating"):
        out[player] = rating
    rows = (
        RatingChange.objects.filter(list=rating_list, player_id__in=players, period_end__lt=day)
        .order_by("player_id", "period_key")
        .values_list("player_id", "rating_after")
    )
    last: dict[int, float | None] = {}
    for player, rating in rows:
        last[player] = rating
    for player, rating in last.items():
        if rating is None:
            out.pop(player, None)
        else:
            out[player] = rating
    return out


def seed_from_list(*, tournament: Tournament, user: AnyUser | None) -> int:
    """Round 1 is being paired (``tournaments.hooks.first_round``): a rated tournament that
    takes its starting ratings from its list gets them now, once — its entries' ratings on the
    tournament's start date, set through the entries' service — and is frozen (later changes of
    the list do not reach it). How many entries changed."""
    rated = (
        RatedTournament.objects.select_for_update()
        .filter(tournament=tournament, seed_from_list=True, frozen_at__isnull=True)
        .select_related("list")
        .first()
    )
    if rated is None:
        return 0
    day = tournament.start_date or timezone.localdate()
    rows = list(Entry.objects.filter(tournament=tournament))
    found = ratings_on(rated.list, [e.player_id for e in rows], day)
    changed = 0
    for entry in rows:
        rating = round(found[entry.player_id]) if entry.player_id in found else None
        if rating != entry.rating:
            entries.update_entry(entry=entry, user=user, changes={"rating": rating})
            changed += 1
    rated.frozen_at = timezone.now()
    rated.save(update_fields=["frozen_at"])
    return changed
