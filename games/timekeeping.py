"""Clocks on the site: the bridge between the pure clock arithmetic (``games.clock``) and the games.

The server keeps, per game, its time control (``Game.time_control``), when each move arrived
(``Move.created_at``) and the arbiter's clock acts (``Game.clock_log``); each side's time is
computed from them. A game whose side to move has used up its time is lost on time by that side
(reason ``time``) — or, when that side never made its first move, forfeited (``forfeit``,
``double_forfeit`` when nobody moved; a casual game is aborted instead) — exactly once: every
path that ends it — a move arriving too late (:func:`games.services.submit_move`), a page or poll
asking for the game (:func:`notice`), the periodic check (:func:`check_clocks`, the
``check_clocks`` command) — locks the game row and ends it only while it is still active. The
end reaches the tournaments through ``game_result_changed``, as any online game's end does; it
is the clock's act (:func:`ended_by_clock`), whoever's request noticed it. In SOS of three or
more the flag does not end the game: the seat goes out and the others play on (:func:`put_out`).

The clocks of a game played in a competition wait for its round's start (:func:`wait` when the
game is made, :func:`start` when the arbiter starts the round): until then no clock runs and
moves are refused (:class:`NotStarted`). A casual game's clocks run from its creation.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from functools import partial
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from common.logs import log_event
from games import clock, endings
from games.errors import GameError, GameNotActive
from games.models import ACTIVE_STATUSES, Game, GameStatus, Move
from games.signals import announce_result

MAX_ADDED_SECONDS = 7 * clock.DAY


class TimeIsUp(GameError):
    """The mover's time ran out before the move arrived: the game is lost on time."""

    code = "time_is_up"

    def __init__(self, now: datetime | None = None, *, out: bool = False) -> None:
        if out:  # a game of three or more: that seat is out, the others play on
            super().__init__(
                gettext_lazy(
                    "Time is up: the player to move ran out of time and is out of this game; "
                    "the others play on."
                )
            )
        else:
            super().__init__(
                gettext_lazy("Time is up: the move came too late and the game is lost.")
            )
        self.now = now


class OutOfGame(GameError):
    """The user's seat is out of the game: its time ran out (a game of three or more)."""

    code = "out_of_game"

    def __init__(self) -> None:
        super().__init__(
            gettext_lazy("Your time ran out: you are out of this game, the others play on.")
        )


class NotStarted(GameError):
    """The game's clocks wait for the start of its round: no move yet."""

    code = "not_started"

    def __init__(self) -> None:
        super().__init__(
            gettext_lazy(
                "Play has not started yet: the clocks start, and moves can be made, when the "
                "arbiter starts play."
            )
        )


def ended_by_clock(game: Game) -> bool:
    """Whether ``game`` was ended by its clocks (a flag, a side that never moved): an act of
    the clock, decided by nobody — not by whoever's page, poll or move noticed it."""
    if game.status == GameStatus.ABORTED:
        return game.end_reason == endings.ABORTED
    return (
        game.status == GameStatus.FINISHED
        and bool(game.time_control)
        and game.end_reason in CLOCK_ENDS
    )


# The endings only a clock reaches: lost on time, forfeited, and — a game of three or more —
# the last seat left in when every other seat's time ran out.
CLOCK_ENDS = (endings.TIME, endings.FORFEIT, endings.DOUBLE_FORFEIT, endings.LAST_IN)


def seats_go_out(game: Game) -> bool:
    """Whether a fallen flag puts its seat out of ``game`` and the others play on (a game of
    three or more), rather than ending it (:func:`end_by_clock`)."""
    return game.rules.players > 2


def short_form(code: str) -> str:
    """The short form of a stored time control, translated (``""`` for none)."""
    return clock.TimeControl.from_code(code).short_form(ngettext)


def parse_time_control(text: str) -> str:
    """The stored code of a time control written as ``text``; ``ValueError`` (translated)."""
    try:
        return clock.parse(text).to_code()
    except clock.BadTimeControl as err:
        raise ValueError(err.translate(_)) from None


def validate_time_control(value: str | clock.TimeControl | None, *, over_the_board: bool) -> str:
    """The code to store for ``value`` (a ``TimeControl`` or a stored code); ``ValueError`` when
    an over-the-board game would get a clock (the arbiter enters its moves: no clock)."""
    if isinstance(value, clock.TimeControl):
        control = value
    else:
        try:
            control = clock.TimeControl.from_code(value or "")
        except (ValueError, TypeError):
            raise ValueError(_("Unknown time control.")) from None
    if over_the_board and not control.is_none:
        raise ValueError(_("A game played over the board has no clock on the site."))
    return control.to_code()


def acts_of(game: Game) -> list[clock.ClockAct]:
    return [clock.ClockAct.from_dict(d) for d in game.clock_log or []]


def clocks_of(
    game: Game,
    *,
    moves: Sequence[tuple[int, datetime]],
    to_move: int | None,
    now: datetime | None,
) -> clock.Clocks:
    """The clocks of ``game`` from its moves' ``(seat, arrived_at)`` in order. Once the game is
    over no clock runs; a game its clocks ended shows its flag (that side at zero)."""
    if not game.is_active:
        if ended_by_clock(game) and game.finished_at is not None and to_move is not None:
            now = game.finished_at + timedelta(microseconds=1)
        else:
            to_move = None
    return clock.compute(
        game.clock,
        seats=game.rules.players,
        start=game.created_at,
        moves=moves,
        to_move=to_move,
        now=now,
        acts=acts_of(game),
        default_time=timedelta(minutes=clock.DEFAULT_TIME_MINUTES),
    )


def clocks_now(game: Game, now: datetime | None) -> clock.Clocks:
    """The clocks of ``game`` at ``now``, its moves read once (their notations kept on it)."""
    rows = list(
        Move.objects.filter(game_id=game.pk)
        .order_by("ply")
        .values_list("notation", "seat", "created_at")
    )
    game.use_moves([notation for notation, _seat, _at in rows])
    to_move = game.rules.to_move(game.current_state())
    return clocks_of(game, moves=[(seat, at) for _n, seat, at in rows], to_move=to_move, now=now)


def check_in_time(
    game: Game, timed: Sequence[Sequence[Any]], to_move: int | None, now: datetime
) -> None:
    """The move path's check (no query): ``TimeIsUp`` when ``to_move``'s time ran out by
    ``now``, ``NotStarted`` while the clocks wait for the round's start; ``timed`` are the
    moves' ``(notation, seat, arrived_at)`` rows."""
    clocks = clocks_of(game, moves=[(r[1], r[2]) for r in timed], to_move=to_move, now=now)
    if clocks.flagged is not None:
        raise TimeIsUp(now, out=seats_go_out(game))
    if clocks.waiting:
        raise NotStarted()


def end_by_clock(game: Game, clocks: clock.Clocks) -> None:
    """End the locked, active ``game`` as its clocks say (``games.clock.ending``): lost on time
    by ``clocks.flagged``, forfeited by a side that never moved, or (casual) aborted. Announced
    to the other apps once the transaction commits."""
    seats = game.rules.players
    verdict = clock.ending(clocks, seats=seats, competition=clock.waited(acts_of(game)))
    assert verdict is not None
    how, winners = verdict
    if how == clock.ABORT:
        game.status = GameStatus.ABORTED
        game.winners = None
    else:
        game.status = GameStatus.FINISHED
        game.winners = winners
    game.end_reason = how  # an end reason of games.endings
    game.finished_at = clocks.flagged_at
    game.save(update_fields=["status", "winners", "end_reason", "finished_at", "updated_at"])
    announce_result(game)
    transaction.on_commit(
        partial(
            log_event,
            "club.moves",
            "flag",
            game=game.pk,
            seat=clocks.flagged,
            ply=game.ply,
            ending=game.end_reason,
        )
    )


def put_out(game: Game, clocks: clock.Clocks, now: datetime) -> None:
    """Put out of the locked, active ``game`` (three or more seats) the seat whose flag
    ``clocks`` show fallen, at the moment it fell — and every next seat whose time ran out by
    ``now`` too. Each is an ``out`` act in the clock log; the seat's letters and count stay, the
    next seat still in has the turn. When one seat is left in, the game is over (the rules'
    ``last_in``: that seat wins) and announced once the transaction commits."""
    while clocks.flagged is not None and clocks.flagged_at is not None:
        seat, at = clocks.flagged, clocks.flagged_at
        state = game.rules.retire(game.current_state(), seat)
        _append(game, clock.ClockAct(at=at, act=clock.OUT, seat=seat, ply=state.ply))
        game.__dict__["_replayed"] = state
        transaction.on_commit(
            partial(log_event, "club.moves", "out", game=game.pk, seat=seat, ply=state.ply)
        )
        outcome = game.rules.outcome(state)
        if outcome is not None:
            game.status = GameStatus.FINISHED
            game.winners = list(outcome.winners)
            game.end_reason = outcome.reason
            game.finished_at = at
            game.save(
                update_fields=["status", "winners", "end_reason", "finished_at", "updated_at"]
            )
            announce_result(game)
            return
        clocks = clocks_now(game, now)


@transaction.atomic
def flag_if_due(*, game: Game, now: datetime | None = None) -> bool:
    """End ``game`` as its clocks say if its side to move has used up its time (or its default
    time, before its first move) by ``now``; whether this call ended it (``False`` when it has
    no clock, is over, or still has time)."""
    now = now or timezone.now()
    locked = Game.objects.select_for_update().filter(pk=game.pk).first()
    if locked is None or not locked.time_control or not locked.is_active:
        return False
    clocks = clocks_now(locked, now)
    if clocks.flagged is None:
        return False
    if seats_go_out(locked):
        put_out(locked, clocks, now)
    else:
        end_by_clock(locked, clocks)
    return True


def notice(game: Game, now: datetime | None = None) -> bool:
    """A page or poll asks for ``game``: end it on time first if its flag has fallen (a cheap
    check without a lock; the lock is taken only to end it), or — three or more seats — put
    the seat out; whether it acted."""
    if not game.time_control or not game.is_active:
        return False
    now = now or timezone.now()
    if clocks_now(game, now).flagged is None:
        return False
    ended = flag_if_due(game=game, now=now)
    game.refresh_from_db()
    return ended


def live_clocks(game: Game, now: datetime) -> clock.Clocks:
    """The clocks of ``game`` at ``now`` for a poll, after ending it if its flag has fallen (its
    moves read once while nothing has to be ended)."""
    clocks = clocks_now(game, now)
    if game.is_active and clocks.flagged is not None:
        flag_if_due(game=game, now=now)
        game.refresh_from_db()
        clocks = clocks_now(game, now)
    return clocks


def due_games() -> Any:
    return Game.objects.filter(status__in=ACTIVE_STATUSES).exclude(time_control="")


def check_clocks(*, now: datetime | None = None) -> list[int]:
    """The periodic check: end every active game whose time ran out by ``now`` (or, three or
    more seats, put the seat out); the ids of the games acted on."""
    now = now or timezone.now()
    ended = []
    for game in due_games().order_by("pk").iterator():
        if notice(game, now):
            ended.append(game.pk)
    return ended


# -- The arbiter's primitives --------------------------------------------------------------------
# Permission checks and the permanent record of each act are the caller's (tournaments.acts.clocks);
# these only change the game's clock log consistently, under the game's lock.


def wait_act(now: datetime) -> dict[str, Any]:
    """The first entry of the clock log of a game made to wait for its round's start."""
    return clock.ClockAct(at=now, act=clock.WAIT).to_dict()


def is_waiting(game: Game) -> bool:
    return clock.is_waiting(acts_of(game))


def started(game: Game) -> bool:
    """Whether the clocks of ``game`` waited for a start and were started."""
    return clock.started_at(acts_of(game)) is not None


@transaction.atomic
def start(*, game: Game, default_minutes: int, now: datetime | None = None) -> bool:
    """Start the waiting clocks of ``game`` now, with ``default_minutes`` of default time for
    each side's first move; ``False`` when they run already (or never waited), or it is over."""
    now = now or timezone.now()
    locked = Game.objects.select_for_update().get(pk=game.pk)
    if not locked.time_control or not locked.is_active or not is_waiting(locked):
        return False
    if not 1 <= default_minutes <= clock.MAX_DEFAULT_TIME_MINUTES:
        raise GameError(
            _("The default time must be from 1 to %(most)s minutes.")
            % {"most": clock.MAX_DEFAULT_TIME_MINUTES},
            "default_time",
        )
    _append(locked, clock.ClockAct(at=now, act=clock.START, seconds=default_minutes * 60))
    return True


def _locked_clock(game: Game, now: datetime) -> tuple[Game, clock.Clocks]:
    locked = Game.objects.select_for_update().get(pk=game.pk)
    if not locked.time_control:
        raise GameError(_("This game has no clock."), "no_clock")
    if not locked.is_active:
        raise GameNotActive(_("This game is over."))
    clocks = clocks_now(locked, now)
    if clocks.flagged is not None:
        raise TimeIsUp()
    return locked, clocks


def _append(game: Game, act: clock.ClockAct) -> None:
    game.clock_log = [*(game.clock_log or []), act.to_dict()]
    game.save(update_fields=["clock_log", "updated_at"])


@transaction.atomic
def add_time(*, game: Game, seat: int, seconds: int, now: datetime | None = None) -> Game:
    """Give ``seat`` ``seconds`` more (for correspondence: for its current or next move, and in
    all)."""
    now = now or timezone.now()
    locked, _clocks = _locked_clock(game, now)
    if not 0 <= seat < locked.rules.players:
        raise GameError(_("Choose one of the game's seats."), "seat")
    if not 1 <= seconds <= MAX_ADDED_SECONDS:
        raise GameError(_("The time to add must be between 1 second and 7 days."), "seconds")
    _append(locked, clock.ClockAct(at=now, act=clock.ADD, seat=seat, seconds=seconds))
    return locked


@transaction.atomic
def pause(*, game: Game, now: datetime | None = None) -> bool:
    """Stop the clocks of ``game``; ``False`` when they are stopped already."""
    now = now or timezone.now()
    locked, clocks = _locked_clock(game, now)
    if clocks.paused or clocks.waiting:
        return False
    _append(locked, clock.ClockAct(at=now, act=clock.PAUSE))
    return True


@transaction.atomic
def resume(*, game: Game, now: datetime | None = None) -> bool:
    """Start the stopped clocks of ``game`` again; ``False`` when they run already."""
    now = now or timezone.now()
    locked, clocks = _locked_clock(game, now)
    if not clocks.paused:
        return False
    _append(locked, clock.ClockAct(at=now, act=clock.RESUME))
    return True
