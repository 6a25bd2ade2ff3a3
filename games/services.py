"""The one write path for games: every change to a game, its seats and moves goes through here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.errors import GameNotActive, MoveRefused, NotAllowed, StalePosition
from games.models import ACTIVE_STATUSES, Game, GameKind, GameStatus, Move, Player, Seat
from games.rules import MoveError, get_rules
from games.signals import game_result_changed
from ops.logs import log_event

User = AbstractBaseUser | AnonymousUser


def validate_game_options(kind: str, options: Mapping[str, Any], seats: int) -> dict[str, Any]:
    """The normalised rules options for ``kind`` with ``seats`` players; ``ValueError`` if bad."""
    if kind not in GameKind.values:
        raise ValueError(_("Unknown game: %(kind)s.") % {"kind": kind})
    opts = dict(options)
    if kind == GameKind.SOS:
        opts["players"] = seats
    elif seats != 2:
        raise ValueError(_("Ultimate tic-tac-toe is played by exactly two players."))
    return dict(get_rules(kind, **opts).options)


@transaction.atomic
def create_game(
    *,
    kind: str,
    options: Mapping[str, Any],
    players: Sequence[Player],
    over_the_board: bool = False,
    created_by: AbstractBaseUser | None = None,
) -> Game:
    """Create a game with ``players`` seated in order (seat 0 moves first)."""
    if len({p.pk for p in players}) != len(players):
        raise ValueError(_("A player can take only one seat in a game."))
    normalised = validate_game_options(kind, options, len(players))
    rules = get_rules(kind, **normalised)
    game = Game.objects.create(
        kind=kind,
        options=normalised,
        over_the_board=over_the_board,
        state=rules.to_dict(rules.start()),
        scores=[0] * len(players),
        created_by=created_by,
    )
    Seat.objects.bulk_create(
        Seat(game=game, number=n, player=player) for n, player in enumerate(players)
    )
    transaction.on_commit(
        partial(
            log_event,
            "club.moves",
            "game_created",
            game=game.pk,
            kind=kind,
            players=[p.pk for p in players],
            user=getattr(created_by, "pk", None),
        )
    )
    return game


def may_move_for(user: User | None, game: Game, seat_player: Player) -> bool:
    """May ``user`` enter the move of the seat held by ``seat_player``?"""
    if user is None or not user.is_authenticated:
        return False
    if seat_player.user_id is not None and seat_player.user_id == user.pk:
        return True
    return game.over_the_board and (user.is_staff or user.has_perm("games.play_any_seat"))


def submit_move(
    *,
    game: Game,
    user: User | None,
    notation: str,
    expected_ply: int | None = None,
) -> Move:
    """Play ``notation`` for the seat to move, as ``user``; returns the stored move.

    Locks the game, checks the user's right to move and ``expected_ply`` (a stale form never makes
    a second move), adjudicates the move with the rules engine, stores it with the new state and
    finishes the game when the rules say so, all in one transaction. Raises a ``GameError``
    (translated message, stable code) and stores nothing when the move is refused.
    """
    if user is None or not user.is_authenticated:
        raise NotAllowed(_("Log in to make a move."))
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        if not game.is_active:
            raise GameNotActive(_("This game is over: no more moves can be played."))
        if expected_ply is not None and expected_ply != game.ply:
            raise StalePosition()
        rules = game.rules
        state = game.current_state()
        seat_number = rules.to_move(state)
        seat = Seat.objects.select_related("player").get(game=game, number=seat_number)
        if not may_move_for(user, game, seat.player):
            if Seat.objects.filter(game=game, player__user_id=user.pk).exists():
                raise NotAllowed(
                    _("It is not your turn: %(name)s is to move.") % {"name": seat.player.name}
                )
            raise NotAllowed(_("You are not playing in this game."))
        try:
            new_state = rules.play(state, notation)
        except MoveError as err:
            raise MoveRefused.from_engine(err) from None
        now = timezone.now()
        move = Move.objects.create(
            game=game,
            ply=new_state.ply,
            seat=seat_number,
            notation=new_state.moves[-1],
            points=new_state.points[-1] if game.kind == GameKind.SOS else 0,
            submitted_by=user,
        )
        _store_state(game, new_state, now)
        game.save(update_fields=STATE_FIELDS)
        if game.winners is not None:
            game_result_changed.send(sender=Game, game=game)
        transaction.on_commit(
            partial(
                log_event,
                "club.moves",
                "move",
                game=game.pk,
                ply=move.ply,
                seat=seat_number,
                user=user.pk,
                notation=move.notation,
                status=game.status,
            )
        )
    return move


# What _store_state changes, saved after each move.
STATE_FIELDS = [
    "state",
    "ply",
    "status",
    "started_at",
    "scores",
    "winners",
    "end_reason",
    "finished_at",
    "updated_at",
]


def _store_state(game: Game, state: Any, now: Any) -> None:
    """Copy the engine's state into the game's cached fields (the caller saves)."""
    rules = game.rules
    game.state = rules.to_dict(state)
    game.ply = state.ply
    outcome = rules.outcome(state)
    if game.status == GameStatus.WAITING and state.ply:
        game.status = GameStatus.IN_PROGRESS
        game.started_at = game.started_at or now
    if game.kind == GameKind.SOS:
        game.scores = list(state.scores)
    else:
        game.scores = [state.board_status.count("x"), state.board_status.count("o")]
    if outcome is not None:
        game.status = GameStatus.FINISHED
        game.winners = list(outcome.winners)
        game.scores = list(outcome.scores)
        game.end_reason = outcome.reason
        game.finished_at = now


# -- Arbiter's primitives ----------------------------------------------------------------------
# Permission checks and the permanent record of each decision are the caller's (the
# adjudication services in tournaments.adjudication); these only change the game consistently.

END_FORFEIT = "forfeit"
END_DOUBLE_FORFEIT = "double_forfeit"


def _locked(game: Game) -> Game:
    return Game.objects.select_for_update().get(pk=game.pk)


@transaction.atomic
def set_outcome(*, game: Game, winners: Sequence[int], reason: str) -> Game:
    """Decide ``game`` off the board: ``winners`` are seats (``[]`` a draw, or with
    ``reason="double_forfeit"`` nobody). The game becomes ADJUDICATED."""
    game = _locked(game)
    if game.status == GameStatus.ANNULLED:
        raise GameNotActive(_("This game was annulled."))
    seats = game.seats.count()
    chosen = sorted(set(winners))
    if any(not 0 <= s < seats for s in chosen):
        raise ValueError(_("A winner must be one of the game's seats."))
    if reason == END_DOUBLE_FORFEIT:
        chosen = []
    game.winners = chosen
    game.end_reason = reason
    game.status = GameStatus.ADJUDICATED
    game.finished_at = timezone.now()
    game.save()
    game_result_changed.send(sender=Game, game=game)
    return game


@transaction.atomic
def take_back(*, game: Game, count: int) -> list[str]:
    """Remove the last ``count`` moves; a game the removed moves had finished is reopened.

    Returns the removed moves in the order they were played.
    """
    game = _locked(game)
    if game.status not in (*ACTIVE_STATUSES, GameStatus.FINISHED):
        raise GameNotActive(_("Moves can be taken back only in a game played on the board."))
    if not 1 <= count <= game.ply:
        raise ValueError(
            _("There are %(ply)s moves to take back, not %(count)s.")
            % {"ply": game.ply, "count": count}
        )
    removed = list(game.moves.filter(ply__gt=game.ply - count).order_by("ply"))
    notations = [m.notation for m in removed]
    game.moves.filter(ply__gt=game.ply - count).delete()
    state = game.rules.replay(game.moves_list[: game.ply - count])
    was_over = game.winners is not None
    game.winners = None
    game.end_reason = ""
    game.finished_at = None
    game.status = GameStatus.IN_PROGRESS if state.ply else GameStatus.WAITING
    _store_state(game, state, timezone.now())
    game.save()
    if was_over:
        game_result_changed.send(sender=Game, game=game)
    return notations


@transaction.atomic
def annul(*, game: Game) -> Game:
    """Mark ``game`` annulled: it stays visible, its result counts for nothing."""
    game = _locked(game)
    game.status = GameStatus.ANNULLED
    game.finished_at = game.finished_at or timezone.now()
    game.save()
    game_result_changed.send(sender=Game, game=game)
    return game


# -- Games recorded elsewhere (paper score sheets, spreadsheets) ---------------------------------

END_FINAL_POSITION = "final_position"


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
                points=state.points[-1] if game.kind == GameKind.SOS else 0,
                submitted_by=user,
            )
        )
    Move.objects.bulk_create(rows)
    _store_state(game, state, timezone.now())
    game.save()
    if game.winners is not None:
        game_result_changed.send(sender=Game, game=game)
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
    rules = game.rules
    game.state = {**rules.to_dict(rules.start()), "position": list(position)}
    game.scores = list(scores)
    game.save(update_fields=["state", "scores", "updated_at"])
    return set_outcome(game=game, winners=list(winners), reason=END_FINAL_POSITION)
