"""The write of a new game on one device (:mod:`games.device`): its players, the game through
the one game service, and who owns it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from common.logs import log_event
from games import computer, device, services
from games.device_models import DeviceGame
from games.models import Game, Player

AnyUser = device.AnyUser


@transaction.atomic
def create_device_game(
    *,
    kind: str,
    options: Mapping[str, Any],
    names: Sequence[str],
    seats: int,
    turn_board: bool = False,
    owner: AnyUser | None = None,
    token: str | None = None,
    computer_seats: Sequence[int] = (),
    level: int | None = None,
) -> Game:
    """Create a game on one device for ``seats`` seats named ``names`` (missing ones "Player
    N"), owned by ``owner`` (an account) or else by the session of ``token``. ``ValueError``
    (translated) for bad options, or when the caps on games nobody has claimed are reached.

    Against the computer: ``computer_seats`` (from 0) are played by the computer at ``level``
    (:mod:`games.computer`), named after it; at least one seat is left to people."""
    computer_seats = sorted(set(computer_seats))
    if computer_seats:
        if level is None or not 1 <= level <= 8:
            raise ValueError(_("Choose the computer's level, from 1 to 8."))
        if len(computer_seats) >= seats or not 0 <= computer_seats[0] <= computer_seats[-1] < seats:
            raise ValueError(_("Leave at least one seat to a person."))
    account = owner if owner is not None and owner.is_authenticated else None
    if account is None:
        if not token:
            raise ValueError(_("Your browser must accept cookies to play on this device."))
        if device.unclaimed_open_games(token) >= device.OPEN_GAMES_PER_SESSION:
            raise ValueError(
                _("You have %(count)s unfinished games on this device: finish one first.")
                % {"count": device.OPEN_GAMES_PER_SESSION}
            )
        if DeviceGame.objects.filter(owner__isnull=True).count() >= device.UNCLAIMED_GAMES_LIMIT:
            raise ValueError(_("Too many games are being played without an account: try later."))
    named = device.seat_names(names, seats)
    for seat in computer_seats:
        named[seat] = _("Computer, level %(level)s") % {"level": level}
    players = [Player(name=name) for name in named]
    for player in players:
        player.save()
    game = services.create_game(kind=kind, options=options, players=players)
    DeviceGame.objects.create(
        game=game,
        owner=account,
        token_hash="" if account else device.hash_token(token or ""),
        turn_board=turn_board,
        computer_seats=sum(1 << seat for seat in computer_seats),
        level=level if computer_seats else None,
    )
    if 0 in computer_seats:  # the computer moves first
        transaction.on_commit(partial(computer.schedule, game.pk, ()))
    transaction.on_commit(
        partial(
            log_event,
            "club.moves",
            "device_game_created",
            game=game.pk,
            seats=seats,
            computer=len(computer_seats),
            level=level if computer_seats else None,
            user=getattr(account, "pk", None),
        )
    )
    return game
