"""The owner's acts in a game against the computer (:mod:`games.computer`): take back his last
move (with the computer's answers after it) and ask for a hint, the full engine's best move.
Neither is offered in any other game; such games are never rated and never in a tournament."""

from __future__ import annotations

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from common.logs import log_event
from games import computer, services
from games.device_models import ComputerMove, DeviceGame
from games.errors import GameError, GameNotActive, NotAllowed
from games.models import Game, GameStatus

HINT_LEVEL = 8


def _computer_game(game_id: int) -> DeviceGame:
    found = DeviceGame.objects.filter(game_id=game_id).first()
    if found is None or not found.level:
        raise NotAllowed(_("Take-backs and hints are only for games against the computer."))
    return found


@transaction.atomic
def take_back(*, game_id: int, expected_ply: int | None = None) -> list[str]:
    """Take back the owner's last move and the computer's moves after it; the game (if it had
    ended) is open again, with the owner to move. Returns the moves taken back. The caller has
    checked that the visitor owns the game."""
    found = _computer_game(game_id)
    game = Game.objects.select_for_update().get(pk=game_id)
    if game.status not in (GameStatus.WAITING, GameStatus.IN_PROGRESS, GameStatus.FINISHED):
        raise GameNotActive(_("Moves can be taken back only in a game played on the board."))
    mine = [
        ply
        for ply, seat in game.moves.values_list("ply", "seat").order_by("ply")
        if not found.is_computer(seat)
    ]
    if not mine:
        raise GameError(_("You have made no move to take back."), code="nothing_to_take_back")
    count = game.ply - mine[-1] + 1
    try:
        taken = services.take_back(game=game, count=count, expected_ply=expected_ply)
    except ValueError as err:
        raise GameError(str(err), code="take_back_refused") from None
    kept = game.ply - count
    ComputerMove.objects.filter(game_id=game_id, ply__gt=kept).delete()
    DeviceGame.objects.filter(game_id=game_id).update(takebacks=F("takebacks") + 1)
    DeviceGame.objects.filter(game_id=game_id, hint_ply__gt=kept).update(
        hint_ply=None, hint_move=""
    )
    transaction.on_commit(
        lambda: log_event("club.moves", "computer_take_back", game=game_id, moves=len(taken))
    )
    return taken


def hint(*, game_id: int) -> str:
    """The full engine's best move for the owner to move now (asked once a position: asked
    again, the same answer costs nothing). The caller has checked that the visitor owns the
    game. The search runs in the computer's search process, capped at
    :func:`games.computer.hint_seconds` of CPU."""
    found = _computer_game(game_id)
    game = Game.objects.get(pk=game_id)
    if not game.is_active:
        raise GameNotActive(_("This game is over: no more moves can be played."))
    seat = game.rules.to_move(game.current_state())
    if seat is None or found.is_computer(seat):
        raise NotAllowed(_("It is the computer's turn: wait for its move."))
    if found.hint_ply == game.ply and found.hint_move:
        return found.hint_move
    move, _nodes = computer.search(
        game, HINT_LEVEL, seed=game_id * 1000 + game.ply, seconds=computer.hint_seconds()
    )
    DeviceGame.objects.filter(game_id=game_id, game__ply=game.ply).update(
        hint_ply=game.ply, hint_move=move, hints=F("hints") + 1
    )
    log_event("club.moves", "computer_hint", game=game_id, ply=game.ply)
    return move
