"""The arbiter's clock acts: start a round (its games' clocks wait for it), add time to a side,
stop all clocks of a round (a power cut at the club) and start them again. Each act leaves one
permanent record (``ResultRecord``), made on the act skeleton as every other act is
(``tournaments.acts.skeleton.acting``); the clocks themselves change through the primitives of
:mod:`games.timekeeping`.

Acts apply once. Adding time names the version the arbiter saw (``versions.version_of``: the
record it writes changes the version, so a double click adds once). Stopping a round's clocks is
refused when they are all stopped already, and starting them when they all run: the second of
two clicks (or of two arbiters) changes nothing. Starting a round is refused once no game of it
waits any more.

A round's start is not stored twice: each game's clock log keeps its ``start`` act (with the
tournament's default time in force), from which its clocks are computed; the round's start is
read back from its games (:func:`round_started_at`), and the act's record says who started it.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import timekeeping
from games.clock import is_paused, started_at
from games.errors import GameError
from games.models import ACTIVE_STATUSES, Game, GameStatus
from tournaments import authority
from tournaments.acts.skeleton import Step, acting, check, no_state
from tournaments.acts.table_games import round_games_q
from tournaments.authority import AnyUser
from tournaments.errors import TournamentError
from tournaments.models import (
    Act,
    RecordReason,
    ResultRecord,
    Round,
)


def _clock_state(step: Step) -> dict[str, Any]:
    game = step.game
    assert game is not None
    game.refresh_from_db()
    return {"game": game.pk, "ply": game.ply, "clock_log": list(game.clock_log or [])}


def add_time(
    *,
    user: AnyUser | None,
    game: Game,
    seat: int,
    seconds: int,
    reason: str,
    note: str = "",
    expected_version: str | None = None,
) -> ResultRecord:
    """Give ``seat`` of ``game`` ``seconds`` more on its clock (a penalty for the opponent's
    illegal conduct, a disturbance). A flag that fell before the act ends the game first, and
    the act is then refused."""
    pairing = authority.pairing_of(game)
    check(user, reason, game=game, pairing=pairing)
    timekeeping.flag_if_due(game=game)  # its own transaction: a fallen flag stays fallen
    with (
        transaction.atomic(),
        acting(
            Act.ADD_TIME,
            user=user,
            reason=reason,
            note=note,
            game=game,
            pairing=pairing,
            expected_version=expected_version,
            state=_clock_state,
        ) as step,
    ):
        assert step.game is not None
        try:
            timekeeping.add_time(game=step.game, seat=seat, seconds=seconds)
        except GameError as err:
            raise TournamentError(err.message, err.code) from None
        step.after.update(seat=seat, seconds=seconds)
    assert step.record is not None
    return step.record


def round_games(rnd: Round) -> list[Game]:
    """The round's games on the site that have a clock and are still being played."""
    return list(
        Game.objects.filter(round_games_q(rnd), status__in=ACTIVE_STATUSES, over_the_board=False)
        .exclude(time_control="")
        .order_by("pk")
    )


def waiting_games(rnd: Round) -> list[Game]:
    """The round's games whose clocks wait for the round's start."""
    return [g for g in round_games(rnd) if timekeeping.is_waiting(g)]


def round_started_at(rnd: Round) -> datetime | None:
    """When ``rnd`` was started (its games' clocks' start), ``None`` while not started."""
    games = Game.objects.filter(round_games_q(rnd), over_the_board=False).exclude(time_control="")
    moments = [started_at(timekeeping.acts_of(g)) for g in games.only("clock_log")]
    return min((m for m in moments if m is not None), default=None)


def unstarted_boards(rnd: Round) -> list[int]:
    """The boards of ``rnd`` whose game on the site is still waiting for its first move."""
    return list(
        rnd.pairings.filter(game__status=GameStatus.WAITING, game__ply=0)
        .order_by("board")
        .values_list("board", flat=True)
    )


def start_round(
    *, user: AnyUser | None, rnd: Round, note: str = "", now: datetime | None = None
) -> ResultRecord:
    """Start the round ``rnd``: the clocks of its games start now, the first mover's running,
    with the tournament's default time for each side's first move. Refused when none of its
    games waits (started already, or no game with a clock)."""
    rnd = Round.objects.select_related("tournament").get(pk=rnd.pk)
    authority.require_arbiter(user, rnd.tournament)
    now = now or timezone.now()
    minutes = rnd.tournament.default_time
    with (
        transaction.atomic(),
        acting(
            Act.START_ROUND,
            user=user,
            reason=RecordReason.ROUND_START,
            note=note,
            tournament=rnd.tournament,
            state=no_state,
        ) as step,
    ):
        # The games are locked one by one in the order of their keys (as everywhere).
        started = [
            g.pk
            for g in round_games(rnd)
            if timekeeping.start(game=g, default_minutes=minutes, now=now)
        ]
        if not started:
            raise TournamentError(
                _("This round has started already: no game of it is waiting for the start."),
                "stale",
            )
        step.before = {"round": rnd.number, "games": started, "started": False}
        step.after = {**step.before, "started": True, "default_time": minutes}
    assert step.record is not None
    return step.record


def round_paused(rnd: Round) -> bool | None:
    """Whether the clocks of ``rnd`` are stopped (``None``: it has no started game with a
    clock)."""
    games = [g for g in round_games(rnd) if not timekeeping.is_waiting(g)]
    if not games:
        return None
    return all(is_paused(timekeeping.acts_of(g)) for g in games)


def _round_act(
    *, user: AnyUser | None, rnd: Round, stop: bool, reason: str, note: str
) -> ResultRecord:
    rnd = Round.objects.select_related("tournament").get(pk=rnd.pk)
    authority.require_arbiter(user, rnd.tournament)
    if reason not in RecordReason.values:
        raise TournamentError(_("Choose the reason for the decision."), "reason")
    for game in round_games(rnd):
        timekeeping.flag_if_due(game=game)  # flags that fell before the act end their games
    act = Act.PAUSE_CLOCKS if stop else Act.RESUME_CLOCKS
    with (
        transaction.atomic(),
        acting(
            act, user=user, reason=reason, note=note, tournament=rnd.tournament, state=no_state
        ) as step,
    ):
        # The games are locked one by one in the order of their keys (as everywhere).
        changed = []
        for game in round_games(rnd):
            try:
                done = (timekeeping.pause if stop else timekeeping.resume)(game=game)
            except GameError:
                continue  # ended meanwhile
            if done:
                changed.append(game.pk)
        if not changed:
            if stop:
                message = _("The clocks of this round are stopped already.")
            else:
                message = _("The clocks of this round are running already.")
            raise TournamentError(message, "stale")
        step.before = {"round": rnd.number, "games": changed, "paused": not stop}
        step.after = {**step.before, "paused": stop}
    assert step.record is not None
    return step.record


def pause_round(
    *,
    user: AnyUser | None,
    rnd: Round,
    reason: str = RecordReason.INTERRUPTION,
    note: str = "",
) -> ResultRecord:
    """Stop every running clock of the round ``rnd``."""
    return _round_act(user=user, rnd=rnd, stop=True, reason=reason, note=note)


def resume_round(
    *,
    user: AnyUser | None,
    rnd: Round,
    reason: str = RecordReason.INTERRUPTION,
    note: str = "",
) -> ResultRecord:
    """Start the stopped clocks of the round ``rnd`` again."""
    return _round_act(user=user, rnd=rnd, stop=False, reason=reason, note=note)
