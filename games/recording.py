"""Games recorded elsewhere (paper score sheets, spreadsheets): a whole move list played at once,
or a game known by its final position only. Through the same locking and replay as the games'
write path (:mod:`games.services`)."""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import endings, kinds
from games.errors import GameNotActive, MoveRefused, StalePosition
from games.models import Game, Move
from games.rules import MoveError
from games.services import _follow_moves, _locked, set_outcome
from games.signals import announce_result

END_FINAL_POSITION = endings.FINAL_POSITION


@transaction.atomic
def record_moves(
    *, game: Game, user: AbstractBaseUser, moves: Sequence[str], expected_ply: int
) -> Game:
    """Play a whole move list after the first ``expected_ply`` moves, all or none, as recorded
    on a score sheet: one lock, one replay through the rules engine, one bulk insert.

    ``StalePosition`` when the game has another number of moves, ``GameNotActive`` when it is
    over, ``MoveRefused`` (naming the bad move's number) when the rules refuse a move.
    """
    game = _locked(game)
    if game.ply != expected_ply:
        raise StalePosition()
    if not game.is_active:
        raise GameNotActive(_("This game is over: no more moves can be played."))
    rules = game.rules
    state = game.current_state()
    rows = []
    for text in moves:
        seat = rules.to_move(state)
        try:
            state = rules.play(state, text)
        except MoveError as err:
            raise MoveRefused.from_engine(err.at_ply(state.ply + 1)) from None
        rows.append(
            Move(
                game=game,
                ply=state.ply,
                seat=seat,
                notation=state.moves[-1],
                points=state.points[-1] if kinds.of(game).points else 0,
                submitted_by=user,
            )
        )
    Move.objects.bulk_create(rows)
    _follow_moves(game, state, timezone.now())
    # Moves entered from a score sheet were played at a table, not against the site's clock.
    game.time_control = ""
    game.save()
    if game.winners is not None:
        announce_result(game)
    return game


@transaction.atomic
def record_final_position(
    *, game: Game, position: Sequence[str], winners: Sequence[int], scores: Sequence[int]
) -> Game:
    """Keep a game without moves as finished, known by its final position only (a paper sheet
    without a move list): ``position`` is a string a row (``.`` for empty cells)."""
    game = _locked(game)
    if game.ply or not game.is_active:
        raise StalePosition()
    game.final_position = list(position)
    game.final_scores = list(scores)
    game.save(update_fields=["final_position", "final_scores", "updated_at"])
    return set_outcome(game=game, winners=list(winners), reason=END_FINAL_POSITION)
