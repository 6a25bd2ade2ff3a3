"""The one write path for games: every change to a game, its seats and moves goes through here
(games recorded on paper: :mod:`games.recording`; players: :mod:`games.player_services`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import router, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from common.logs import log_event
from games import computer as computer_moves
from games import endings, kinds, movers, positions, queries, timekeeping
from games.clock import TimeControl
from games.errors import GameNotActive, MoveRefused, NotAllowed, StalePosition
from games.models import ACTIVE_STATUSES, Game, GameStatus, Move, Player, Seat

# Re-exported for games/views.py and tournaments/web/views.py only (other branches edit them this
# session): the lead points them at games.player_services at merge and drops this line.
from games.rules import MoveError
from games.signals import announce_result

User = AbstractBaseUser | AnonymousUser


def validate_game_options(kind: str, options: Mapping[str, Any], seats: int) -> dict[str, Any]:
    """The normalised rules options for ``kind`` with ``seats`` players; ``ValueError`` if bad."""
    if not kinds.known(kind):
        raise ValueError(_("Unknown game: %(kind)s.") % {"kind": kind})
    return kinds.get(kind).normalise(options, seats)


@transaction.atomic
def delete_unplayed_games(*, games: Sequence[int]) -> int:
    """Delete the games of ``games`` (ids) that have no move and no outcome (a round paired
    again before it started); returns how many went."""
    doomed = list(
        Game.objects.select_for_update()
        .filter(pk__in=list(games), ply=0, winners__isnull=True)
        .values_list("pk", flat=True)
    )
    Game.objects.filter(pk__in=doomed).delete()
    return len(doomed)


@transaction.atomic
def create_game(
    *,
    kind: str,
    options: Mapping[str, Any],
    players: Sequence[Player],
    over_the_board: bool = False,
    created_by: AbstractBaseUser | None = None,
    time_control: str | TimeControl = "",
    clocks_wait: bool = False,
) -> Game:
    """Create a game with ``players`` seated in order (seat 0 moves first). ``time_control``
    (a ``games.clock.TimeControl`` or its stored code; none by default) starts its clocks now,
    or, with ``clocks_wait`` (a game of a competition's round), when the round is started
    (``timekeeping.start``); an over-the-board game has none."""
    if len({p.pk for p in players}) != len(players):
        raise ValueError(_("A player can take only one seat in a game."))
    normalised = validate_game_options(kind, options, len(players))
    code = timekeeping.validate_time_control(time_control, over_the_board=over_the_board)
    game = Game.objects.create(
        kind=kind,
        options=normalised,
        over_the_board=over_the_board,
        created_by=created_by,
        time_control=code,
        clock_log=[timekeeping.wait_act(timezone.now())] if code and clocks_wait else [],
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


def submit_move(
    *,
    game: Game,
    user: User | None,
    notation: str,
    expected_ply: int | None = None,
    device_token: str | None = None,
    by_computer: bool = False,
) -> Move:
    """Play ``notation`` (see :func:`_submit_move`). A move that arrives after its side's time
    ran out stores nothing and raises ``TimeIsUp``; the game is then ended on time, in a
    transaction of its own (once, whoever notices the flag first). ``device_token``: the token
    of the browser session's games on one device (:mod:`games.device`), if it has one."""
    try:
        return _submit_move(
            game=game,
            user=user,
            notation=notation,
            expected_ply=expected_ply,
            device_token=device_token,
            by_computer=by_computer,
        )
    except timekeeping.TimeIsUp as err:
        timekeeping.flag_if_due(game=game, now=err.now)
        raise


def _submit_move(
    *,
    game: Game,
    user: User | None,
    notation: str,
    expected_ply: int | None = None,
    device_token: str | None = None,
    by_computer: bool = False,
) -> Move:
    """Play ``notation`` for the seat to move, as ``user``; returns the stored move.

    Locks the game, checks the user's right to move and ``expected_ply`` (a stale form never makes
    a second move), adjudicates the move with the rules engine against the replay of the stored
    moves, stores the move and finishes the game when the rules say so, all in one transaction:
    three queries (lock the game and read its seats' players and its moves, insert the move,
    update the game's cached ply and status; a game with a clock reads its moves' times too).
    Raises a ``GameError`` (translated message, stable code) and stores nothing when the move is
    refused. A game on one device (:mod:`games.device`) is played by its owner, the account or
    the session holding ``device_token``, for every seat: asked (one query) only when the
    seat's own player may not move, so a player's move costs nothing more. In a game against
    the computer (:mod:`games.computer`) the owner moves for his seats only, and the computer's
    move (``by_computer``, from its thinker) for its seats only; a move after which the
    computer is to move has it think (once the transaction is committed).
    """
    authenticated = user is not None and user.is_authenticated
    if not authenticated and not device_token and not by_computer:
        raise NotAllowed(_("Log in to make a move."))
    with transaction.atomic():
        # The reads of the move path are compiled once (games.queries): same SQL as the ORM's.
        using = router.db_for_write(Game)
        locked = queries.lock_game(using, game.pk)
        if locked is None:
            raise Game.DoesNotExist(f"no game {game.pk}")
        game, seats = locked.game, locked.seats
        if not game.is_active:
            raise GameNotActive(_("This game is over: no more moves can be played."))
        if expected_ply is not None and expected_ply != game.ply:
            raise StalePosition()
        rules = game.rules
        now = timezone.now()
        if game.time_control:
            # A game with a clock reads its moves' arrival times in the same query.
            timed = queries.MOVE_TIMES.rows(using, game.pk)
            notations = tuple(text for text, _seat, _at in timed)
        else:
            notations = locked.notations
        state = _position(game, notations)
        seat_number = rules.to_move(state)
        if game.time_control:
            timekeeping.check_in_time(game, timed, seat_number, now)
        computer = movers.check_mover(
            user, game, state, seats, seat_number, device_token, by_computer=by_computer
        )
        try:
            new_state = rules.play(state, notation)
        except MoveError as err:
            raise MoveRefused.from_engine(err) from None
        mover = user.pk if authenticated else None
        move = _store_move(using, game, new_state, seat_number, mover, now)
        if game.winners is not None:
            announce_result(game)
        elif computer >> rules.to_move(new_state) & 1:
            transaction.on_commit(partial(computer_moves.schedule, game.pk, tuple(new_state.moves)))
        transaction.on_commit(
            partial(
                log_event,
                "club.moves",
                "move",
                game=game.pk,
                ply=move.ply,
                seat=seat_number,
                user=mover,
                notation=move.notation,
                status=game.status,
            )
        )
    return move


def _store_move(
    using: str, game: Game, new_state: Any, seat_number: int, user_id: int | None, now: Any
) -> Move:
    """The move path's two writes: insert the last move of ``new_state`` (by ``seat_number``, as
    ``user_id``, at ``now``) and bring the locked ``game`` in line with it; returns the move."""
    # The two writes are prepared once too (games.queries): the ORM's columns and values.
    # By the ids (an instance through its relation costs a router call each); the game is
    # then put in the move's cache, as ``game=game`` would.
    # The fields in their order (``Move._meta.concrete_fields``, the primary key first):
    # Django's quick way to make an instance, as it does from a row.
    move = Move(
        None,
        game.pk,
        new_state.ply,
        seat_number,
        new_state.moves[-1],
        new_state.points[-1] if kinds.of(game).points else 0,
        user_id,
        now,
    )
    Move.game.field.set_cached_value(move, game)
    move = queries.insert_move(using, move)
    changed = _follow_moves(game, new_state, now)
    positions.remember(game.pk, new_state)
    if changed == ["ply", "updated_at"]:
        queries.advance_game(using, game)
    else:
        game.save(update_fields=changed)
    return move


def _position(game: Game, notations: tuple[str, ...]) -> Any:
    """The engine's state after ``notations``, the game's moves just read; ``game`` takes them."""
    state = positions.replayed(game.pk, game.rules, notations, game.out_seats)
    game.use_moves(list(notations))
    game.__dict__["_replayed"] = state
    return state


def _follow_moves(game: Game, state: Any, now: Any) -> list[str]:
    """Bring the game's cached ply, its status and the engine-decided outcome in line with
    ``state``, the replay of its moves just stored; returns the fields to save."""
    game.use_moves(list(state.moves))
    game.__dict__["_replayed"] = state
    game.ply = state.ply
    changed = ["ply", "updated_at"]
    if game.status == GameStatus.WAITING and state.ply:
        game.status = GameStatus.IN_PROGRESS
        game.started_at = game.started_at or now
        changed += ["status", "started_at"]
    outcome = game.rules.outcome(state)
    if outcome is not None:
        game.status = GameStatus.FINISHED
        game.winners = list(outcome.winners)
        game.end_reason = outcome.reason
        game.finished_at = now
        changed += ["status", "winners", "end_reason", "finished_at"]
    return list(dict.fromkeys(changed))


# -- Arbiter's primitives ----------------------------------------------------------------------
# Permission checks and the permanent record of each decision are the caller's (the
# adjudication services in tournaments.acts.decisions); these only change the game consistently.

END_FORFEIT = endings.FORFEIT
END_DOUBLE_FORFEIT = endings.DOUBLE_FORFEIT
END_ADJUDICATED = endings.ADJUDICATED
END_TIME = endings.TIME


def _check_ply(game: Game, expected_ply: int | None) -> None:
    """The act was based on the position after ``expected_ply`` moves: refuse it if that is gone."""
    if expected_ply is not None and game.ply != expected_ply:
        raise StalePosition()


def _locked(game: Game) -> Game:
    return Game.objects.select_for_update().get(pk=game.pk)


@transaction.atomic
def set_outcome(
    *, game: Game, winners: Sequence[int], reason: str, expected_ply: int | None = None
) -> Game:
    """Decide ``game`` off the board: ``winners`` are seats (``[]`` a draw, or with
    ``reason=END_DOUBLE_FORFEIT`` nobody). The game becomes ADJUDICATED. ``StalePosition`` when
    ``expected_ply`` is given and the game has another number of moves."""
    game = _locked(game)
    _check_ply(game, expected_ply)
    if game.status == GameStatus.ANNULLED:
        raise GameNotActive(_("This game was annulled."))
    seats = game.rules.players
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
    announce_result(game)
    return game


@transaction.atomic
def take_back(*, game: Game, count: int, expected_ply: int | None = None) -> list[str]:
    """Remove the last ``count`` moves; a game the removed moves had finished is reopened.

    Returns the removed moves in the order they were played. ``StalePosition`` when
    ``expected_ply`` is given and the game has another number of moves (a double click).
    """
    game = _locked(game)
    _check_ply(game, expected_ply)
    if game.status not in (*ACTIVE_STATUSES, GameStatus.FINISHED):
        raise GameNotActive(_("Moves can be taken back only in a game played on the board."))
    if not 1 <= count <= game.ply:
        raise ValueError(
            _("There are %(ply)s moves to take back, not %(count)s.")
            % {"ply": game.ply, "count": count}
        )
    if any(ply > game.ply - count for _seat, ply in game.out_seats):
        raise ValueError(
            _(
                "These moves were made before a player ran out of time and went out of this "
                "game: they cannot be taken back."
            )
        )
    kept = game.moves_list[: game.ply - count]
    notations = game.moves_list[game.ply - count :]
    game.moves.filter(ply__gt=game.ply - count).delete()
    state = game.rules.replay(kept, game.out_seats)
    was_over = game.winners is not None
    game.winners = None
    game.end_reason = ""
    game.finished_at = None
    game.status = GameStatus.IN_PROGRESS if state.ply else GameStatus.WAITING
    _follow_moves(game, state, timezone.now())
    game.save()
    if was_over:
        announce_result(game)
    return notations


@transaction.atomic
def annul(*, game: Game, expected_ply: int | None = None) -> Game:
    """Mark ``game`` annulled: it stays visible, its result counts for nothing. Refused
    (``GameNotActive``) when it is annulled already, ``StalePosition`` when ``expected_ply`` is
    given and the game has another number of moves."""
    game = _locked(game)
    if game.status == GameStatus.ANNULLED:
        raise GameNotActive(_("This game was annulled already."))
    _check_ply(game, expected_ply)
    game.status = GameStatus.ANNULLED
    game.finished_at = game.finished_at or timezone.now()
    game.save()
    announce_result(game)
    return game
