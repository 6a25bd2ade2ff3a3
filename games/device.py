"""Games on one device (pass-and-play): one screen plays every seat of an ordinary game.

Who owns such a game: the browser session that created it, by a random token kept in that
session (:data:`SESSION_KEY`; the game keeps only its SHA-256), until the session logs in or
signs up — the account then claims it (:func:`claim`, on ``user_logged_in``) and it appears in
*My games*. Its seats are players made for it alone, named as the form said; they are listed
nowhere (:func:`device_players`). Nobody else moves in it, and nobody else sees it (a 403): the
names a visitor typed are his. It is never rated, never part of a tournament.

A game nobody has claimed is swept :data:`RETENTION_DAYS` days after its last change
(:func:`sweep`: the ``sweep_device_games`` command, and a batch at each new anonymous game).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from common.logs import log_event
from games.device_models import DeviceGame
from games.models import ACTIVE_STATUSES, Game, Player, Seat

SESSION_KEY = "games.device_token"
# How long a game nobody has claimed is kept after its last change (settings may say otherwise).
RETENTION_DAYS = 7
# At most this many active games of one session nobody has claimed; and, site-wide, this many
# games nobody has claimed (a bot making games from fresh sessions meets this cap, and the rate
# limit per address of games.device_views).
OPEN_GAMES_PER_SESSION = 20
UNCLAIMED_GAMES_LIMIT = 20_000
SWEEP_BATCH = 200

AnyUser = AbstractBaseUser | AnonymousUser


def retention_days() -> int:
    return int(getattr(settings, "DEVICE_GAMES_RETENTION_DAYS", RETENTION_DAYS))


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def session_token(session: Any) -> str | None:
    """The token of ``session``'s games on one device (``None``: it has made none)."""
    token = session.get(SESSION_KEY)
    return token if isinstance(token, str) and token else None


def ensure_token(session: Any) -> str:
    """``session``'s token, made now if it has none."""
    token = session_token(session)
    if token is None:
        token = session[SESSION_KEY] = secrets.token_urlsafe(32)
    return token


def is_owner(device: DeviceGame | None, user: AnyUser | None, token: str | None) -> bool:
    """Is the visitor (``user``, his session's ``token``) the owner of ``device``?"""
    if device is None:
        return False
    if device.owner_id is not None:
        return bool(user is not None and user.is_authenticated and user.pk == device.owner_id)
    return bool(token) and secrets.compare_digest(device.token_hash, hash_token(token or ""))


def owned_seats(game_id: int, user: AnyUser | None, token: str | None) -> int | None:
    """The seats of ``game_id`` that ``user`` (or the session of ``token``) moves for, when it
    is his game on one device: a bit a seat (every seat but the computer's); ``None`` when it is
    not. One query (none for a visitor with neither)."""
    who = Q()
    if user is not None and user.is_authenticated:
        who |= Q(owner_id=user.pk)
    if token:
        who |= Q(owner__isnull=True, token_hash=hash_token(token))
    if not who:
        return None
    mask = DeviceGame.objects.filter(who, game_id=game_id).values_list("computer_seats", flat=True)
    found = mask.first()
    return None if found is None else ~found


def computer_seats(game_id: int) -> int:
    """The seats the computer plays in ``game_id`` (a bit a seat; 0: none). One query."""
    return (
        DeviceGame.objects.filter(game_id=game_id).values_list("computer_seats", flat=True).first()
        or 0
    )


def device_players() -> QuerySet[Seat]:
    """The players made for games on one device (as a subquery of their ids): kept out of the
    players' lists and pickers."""
    return Seat.objects.filter(game__device__isnull=False).values("player")


def seat_names(names: Sequence[str], seats: int) -> list[str]:
    """The seats' names: each given one (its spaces collapsed), else "Player N"."""
    found = []
    for n in range(seats):
        given = " ".join(names[n].split()) if n < len(names) else ""
        found.append(given or _("Player %(number)s") % {"number": n + 1})
    return found


def unclaimed_open_games(token: str) -> int:
    return DeviceGame.objects.filter(
        owner__isnull=True, token_hash=hash_token(token), game__status__in=ACTIVE_STATUSES
    ).count()


@transaction.atomic
def set_turn_board(*, game_id: int, turn: bool) -> None:
    """The owner's setting: turn the board towards the player to move, or not."""
    DeviceGame.objects.filter(game_id=game_id).update(turn_board=turn)


def claim(*, token: str | None, user: AnyUser) -> int:
    """Give ``user`` the games of the session of ``token`` nobody has claimed (at log-in and
    sign-up); returns how many."""
    if not token or not user.is_authenticated:
        return 0
    claimed = DeviceGame.objects.filter(owner__isnull=True, token_hash=hash_token(token)).update(
        owner=user, token_hash=""
    )
    if claimed:
        log_event("club.moves", "device_games_claimed", user=user.pk, games=claimed)
    return claimed


def owned_games(user: AnyUser) -> QuerySet[Game]:
    """``user``'s games on one device, newest first, with their seats' players."""
    return (
        Game.objects.filter(device__owner_id=user.pk)
        .prefetch_related("seats__player")
        .order_by("-updated_at", "-pk")
    )


def sweep(*, now: datetime | None = None, limit: int | None = None) -> int:
    """Delete the games on one device nobody has claimed that have not changed for
    :func:`retention_days` days, with their players (at most ``limit``); returns how many."""
    cutoff = (now or timezone.now()) - timedelta(days=retention_days())
    doomed = Game.objects.filter(device__owner__isnull=True, updated_at__lt=cutoff).order_by("pk")
    ids = list(
        doomed.values_list("pk", flat=True)[:limit]
        if limit
        else doomed.values_list("pk", flat=True)
    )
    if not ids:
        return 0
    with transaction.atomic():
        players = list(Seat.objects.filter(game_id__in=ids).values_list("player_id", flat=True))
        Game.objects.filter(pk__in=ids).delete()
        Player.objects.filter(pk__in=players, seats__isnull=True).delete()
    log_event("club.moves", "device_games_swept", games=len(ids))
    return len(ids)
