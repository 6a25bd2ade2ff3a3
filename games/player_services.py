"""The player services: registering a player and correcting one, each in one transaction (the
games' own write path is :mod:`games.services`)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _

from games.models import Player


@transaction.atomic
def create_player(
    *,
    name: str,
    rating: int | None = None,
    club: str = "",
    user: AbstractBaseUser | None = None,
) -> Player:
    """Register a new player (``ValueError`` with a translated message for an empty name)."""
    name = " ".join(str(name).split())
    if not name:
        raise ValueError(_("A player needs a name."))
    return Player.objects.create(
        name=name, rating=rating, club=" ".join(str(club or "").split()), user=user
    )


KEEP: Any = object()  # update_player(user=KEEP): the account link stays as it is


@transaction.atomic
def update_player(
    *,
    player: Player,
    name: str,
    rating: int | None = None,
    club: str = "",
    user: AbstractBaseUser | None = KEEP,
) -> Player:
    """Correct a player's name, rating and club (written as ``create_player`` writes them), and
    the account it is linked to unless ``user`` is :data:`KEEP`; the row is locked while it
    changes. ``ValueError`` with a translated message for an empty name."""
    name = " ".join(str(name).split())
    if not name:
        raise ValueError(_("A player needs a name."))
    locked = Player.objects.select_for_update().get(pk=player.pk)
    locked.name, locked.rating = name, rating
    locked.club = " ".join(str(club or "").split())
    fields = ["name", "rating", "club"]
    if user is not KEEP:
        locked.user = user
        fields.append("user")
    locked.save(update_fields=fields)
    return locked
