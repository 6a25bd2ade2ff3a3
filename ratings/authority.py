"""Who may manage the rating lists (docs/ratings.md, "Pages"): one answer the pages, the acts
and the tests ask.

- **Create a list**: staff, and the club's arbiters (``games.authority.is_arbiter_member``: the
  accounts that may create and arbitrate games) — the people who run the rated events.
- **Change a list's settings**: staff, and the arbiter who created it. A list is shared by every
  tournament rated in it: one arbiter may not rewrite another's.
- **Rebuild a list by hand**: staff only (the rebuild is the cache's owner and runs on every
  result anyway; by hand it is a repair).
- **Rate a tournament in a list** (or stop rating it): the tournament's arbiters and staff
  (``ratings.acts.mark_rated`` asks the same).
"""

from __future__ import annotations

from games.authority import is_arbiter_member
from ratings.models import RatingList
from tournaments.authority import AnyUser, may_arbitrate
from tournaments.models import Tournament


def is_staff(user: AnyUser | None) -> bool:
    return bool(user is not None and user.is_authenticated and user.is_active and user.is_staff)


def may_create_list(user: AnyUser | None) -> bool:
    return is_staff(user) or bool(user is not None and user.is_active and is_arbiter_member(user))


def may_change_list(user: AnyUser | None, rating_list: RatingList) -> bool:
    if is_staff(user):
        return True
    return bool(
        may_create_list(user)
        and user is not None
        and rating_list.created_by_id is not None
        and rating_list.created_by_id == user.pk
    )


def may_rebuild(user: AnyUser | None) -> bool:
    return is_staff(user)


def may_rate(user: AnyUser | None, tournament: Tournament) -> bool:
    return is_staff(user) or may_arbitrate(user, tournament)
