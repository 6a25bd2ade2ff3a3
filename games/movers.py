"""Who may enter the move of a seat: its player, an arbiter of a game played over the board, the
owner of a game on one device (for his seats), the computer (for its seats in a game against
it). The move service (games.services) asks, inside its transaction."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.utils.translation import gettext as _

from games import device, timekeeping
from games.authority import may_arbitrate_game
from games.bidi import isolate
from games.errors import NotAllowed
from games.models import Game, Player
from games.rules import retired

User = AbstractBaseUser | AnonymousUser


def may_move_for(user: User | None, game: Game, seat_player: Player) -> bool:
    """May ``user`` enter the move of the seat held by ``seat_player``?"""
    return _may_move(user, game, seat_player.user_id)


def _may_move(user: User | None, game: Game, player_user_id: int | None) -> bool:
    """:func:`may_move_for`, given the account of the seat's player (``None``: none)."""
    if user is None or not user.is_authenticated:
        return False
    if player_user_id is not None and player_user_id == user.pk:
        return True
    return game.over_the_board and may_arbitrate_game(user, game)


def check_mover(
    user: User | None,
    game: Game,
    state: Any,
    seats: Mapping[int, tuple[int | None, str]],
    seat_number: int,
    device_token: str | None,
    *,
    by_computer: bool,
) -> int:
    """Refuse (``NotAllowed``, ``OutOfGame``) a move of ``seat_number`` that ``user`` (or the
    computer, ``by_computer``) may not make; returns the seats the computer plays in the game
    (a bit a seat; 0 when it plays none, or the game's seat player moved)."""
    if by_computer:
        computer = device.computer_seats(game.pk)
        if not computer >> seat_number & 1:
            raise NotAllowed(_("It is not the computer's turn."))
        return computer
    user_id, name = seats[seat_number]
    if _may_move(user, game, user_id):
        return 0
    mine = device.owned_seats(game.pk, user, device_token)
    if mine is not None:
        if not mine >> seat_number & 1:
            raise NotAllowed(_("It is the computer's turn: wait for its move."))
        return ~mine
    if user is None or not user.is_authenticated:
        raise NotAllowed(_("Log in to make a move."))
    gone = {seat for seat, _ply in retired(state)}
    if any(account == user.pk for n, (account, _name) in seats.items() if n in gone):
        raise timekeeping.OutOfGame()
    if any(account == user.pk for account, _name in seats.values()):
        raise NotAllowed(_("It is not your turn: %(name)s is to move.") % {"name": isolate(name)})
    raise NotAllowed(_("You are not playing in this game."))
