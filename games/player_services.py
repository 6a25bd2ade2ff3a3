"""The player services: registering a player and correcting one, each in one transaction (the
games' own write path is :mod:`games.services`)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.models import Player


def column_limit(model: Any, field: str) -> int:
    """The number of characters ``model.field``'s column holds (its ``max_length``)."""
    return int(model._meta.get_field(field).max_length)


def too_long(limit: int) -> str:
    """The refusal of a text longer than ``limit`` characters (translated)."""
    return ngettext(
        "At most %(limit)d character, please.", "At most %(limit)d characters, please.", limit
    ) % {"limit": limit}


def player_name(name: object) -> str:
    """``name`` as a player's name is written (white space collapsed); ``ValueError`` with a
    translated message when it is empty or longer than the column holds. The one check of a
    name, for the services and for what reads names before them (a pasted list's preview)."""
    text = " ".join(str(name).split())
    if not text:
        raise ValueError(_("A player needs a name."))
    limit = column_limit(Player, "name")
    if len(text) > limit:
        raise ValueError(_("The name is too long.") + " " + too_long(limit))
    return text


def player_club(club: object) -> str:
    """``club`` as it is written (white space collapsed); ``ValueError`` when it is too long."""
    text = " ".join(str(club or "").split())
    limit = column_limit(Player, "club")
    if len(text) > limit:
        raise ValueError(_("The club's name is too long.") + " " + too_long(limit))
    return text


@transaction.atomic
def create_player(
    *,
    name: str,
    rating: int | None = None,
    club: str = "",
    user: AbstractBaseUser | None = None,
) -> Player:
    """Register a new player (``ValueError`` with a translated message for an empty or too long
    name or club: :func:`player_name`)."""
    return Player.objects.create(
        name=player_name(name), rating=rating, club=player_club(club), user=user
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
    changes. ``ValueError`` with a translated message for an empty or too long name or club."""
    name, club = player_name(name), player_club(club)
    locked = Player.objects.select_for_update().get(pk=player.pk)
    locked.name, locked.rating, locked.club = name, rating, club
    fields = ["name", "rating", "club"]
    if user is not KEEP:
        locked.user = user
        fields.append("user")
    locked.save(update_fields=fields)
    return locked
