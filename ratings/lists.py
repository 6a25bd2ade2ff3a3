"""The acts on the rating lists themselves (the pages' forms call them): create a list, change
its settings, rebuild it by hand. Each asks :mod:`ratings.authority` and ends, where figures can
move, in ``ratings.services.rebuild`` (the one writer of the derived rows) with its record.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from ratings import authority, services
from ratings.errors import RatingError
from ratings.models import Cause, RatedTournament, RatingList, RatingRecord
from tournaments.authority import AnyUser

# The fields a list's figures depend on: a change of one rebuilds the list from scratch.
FIGURE_FIELDS = (
    "kind",
    "preset",
    "method",
    "period",
    "floor",
    "tau",
    "initial_rating",
    "initial_deviation",
    "initial_volatility",
    "casual_games",
)
FIELDS = ("name", *FIGURE_FIELDS, "active")


def create_list(*, user: AnyUser | None, values: dict[str, Any]) -> RatingList:
    """A new rating list with ``values`` (the form's cleaned fields)."""
    if not authority.may_create_list(user):
        raise RatingError(_("You may not create rating lists."), "not_allowed")
    rating_list = RatingList(**{f: values[f] for f in FIELDS if f in values})
    rating_list.created_by = user if user is not None and user.is_authenticated else None
    rating_list.full_clean()
    rating_list.save()
    return rating_list


def update_list(
    *, rating_list: RatingList, user: AnyUser | None, values: dict[str, Any]
) -> RatingRecord | None:
    """Change ``rating_list``'s settings; if its figures depend on a changed one, rebuild it
    from scratch (the record's cause: the settings). The game of a list that rates tournaments
    stays (its tournaments would silently leave it)."""
    if not authority.may_change_list(user, rating_list):
        raise RatingError(_("You may not change this rating list."), "not_allowed")
    with transaction.atomic():
        current = RatingList.objects.select_for_update().get(pk=rating_list.pk)
        changed = [f for f in FIELDS if f in values and values[f] != getattr(current, f)]
        moved = {"kind", "preset"} & set(changed)
        if moved and RatedTournament.objects.filter(list=current).exists():
            raise RatingError(
                _("Tournaments are rated in this list: its game and preset cannot change."),
                "kind",
            )
        for name in changed:
            setattr(current, name, values[name])
        current.full_clean()
        current.save()
        for name in FIELDS:
            setattr(rating_list, name, getattr(current, name))
        figures = [f for f in changed if f in FIGURE_FIELDS]
        if not figures:
            return None
        return services.rebuild(
            current, cause=Cause.SETTINGS, user=user, note=", ".join(sorted(figures))
        )


def rebuild_now(*, rating_list: RatingList, user: AnyUser | None) -> RatingRecord:
    """Staff's "rebuild now": the list recalculated from scratch, with a record."""
    if not authority.may_rebuild(user):
        raise RatingError(_("Only staff may rebuild a rating list."), "not_allowed")
    return services.rebuild(rating_list, cause=Cause.REBUILD, user=user)
