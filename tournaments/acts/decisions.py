"""Arbiters' decisions: one service per act, each leaving one permanent record.

Views, the admin and claims all call these; the game-level changes go through the primitives of
``games.services`` (set_outcome, take_back, annul), the pairing's result and the record through
the results service (``tournaments.acts.results``). Each act may name the version the arbiter saw
(``expected_version``, see ``versions.version_of``) and is refused as already done when that
version is gone: a double click or a race changes the record once. Each act is built on the one
act skeleton (``tournaments.acts.skeleton.acting``: lock → version check → act → snapshot →
record). Claims are in ``tournaments.acts.claims``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from games import services as game_services
from games import timekeeping
from games.errors import GameError, StalePosition
from games.models import Game
from tournaments import authority
from tournaments.acts import results, services, versions
from tournaments.acts.skeleton import Step, acting, check, entry_state
from tournaments.authority import AnyUser
from tournaments.core import vocabulary as V
from tournaments.errors import TournamentError
from tournaments.models import (
    Act,
    Entry,
    Pairing,
    ResultRecord,
    ResultSource,
    RoundStatus,
)

GAME_OUTCOME = V.GAME_OUTCOMES
FORFEITS = V.FORFEIT_RESULTS

# Who decides, and on which pairing a game was played: the one answer of the authority.
pairing_of = authority.pairing_of
may_adjudicate = authority.may_adjudicate


def _game_error(err: Exception) -> TournamentError:
    if isinstance(err, StalePosition):
        return versions.stale()
    if isinstance(err, GameError):
        return TournamentError(err.message, err.code)
    return TournamentError(str(err), "count")


def version(*, game: Game | None = None, pairing: Pairing | None = None) -> str:
    """The version an act form carries (see ``versions.version_of``)."""
    return versions.version_of(game=game, pairing=pairing)


entry_version = versions.entry_version


def _declared_act(step: Step, result: str, winners: list[int] | None) -> str:
    """A result declared (a forfeit; in a finished round: a correction)."""
    if winners is None and result in FORFEITS:
        return Act.FORFEIT
    finished = step.pairing is not None and step.pairing.round.status == RoundStatus.FINISHED
    return Act.CORRECT_RESULT if finished else Act.DECLARE_RESULT


def _declare(step: Step, result: str, winners: list[int] | None, ply: int | None) -> None:
    """Give the locked game (and its own pairing) the result, or the paper pairing."""
    game, pairing = step.game, step.pairing
    if game is None:
        assert pairing is not None
        results.write_pairing(pairing, result=result)
        return
    if winners is not None:
        chosen, end = winners, V.END_ADJUDICATED
    else:
        chosen, end = GAME_OUTCOME[result]
        if game.seats.count() != 2:
            raise TournamentError(_("Name the winners of this game."), "winners")
    results.set_game_outcome(game, winners=chosen, end=end, ply=ply)
    results.follow_own_game(pairing, game)


@transaction.atomic
def decide(
    *,
    user: AnyUser | None,
    reason: str,
    result: str,
    note: str = "",
    game: Game | None = None,
    pairing: Pairing | None = None,
    winners: list[int] | None = None,
    expected_version: str | None = None,
    source: str = ResultSource.ADJUDICATION,
    engine: dict[str, Any] | None = None,
) -> ResultRecord:
    """Declare a result (``1-0``, ``½-½``, …; or ``winners`` seats for an SOS game of more
    seats), or a forfeit (``+/-``, ``-/+``, ``-/-``), before, during or after the game.

    Works on a game (and its pairing, if it has one) or on a paper pairing; a finished round's
    result is corrected the same way, and the standings follow at once. ``engine``: the engine's
    verdict the arbiter decided on (``tournaments.acts.engine_verdict``), kept in the record.
    """
    if pairing is not None and game is None:
        game = pairing.game
    if game is not None and pairing is None:
        pairing = pairing_of(game)
    check(user, reason, game=game, pairing=pairing)
    if winners is None:
        result = results.parse_result(result)
        if result not in GAME_OUTCOME:
            raise TournamentError(_("Choose a game result."), "bad_result")
    if pairing is not None and pairing.is_bye:
        raise TournamentError(_("A bye has no game to decide."), "bad_result")
    with acting(
        Act.DECLARE_RESULT,
        **_act_of(user, reason, note, expected_version),
        source=source,
        game=game,
        pairing=pairing,
        annulled=_("This game was annulled."),
    ) as step:
        _declare(step, result, winners, versions.expected_ply(expected_version))
        step.act = _declared_act(step, result, winners)
        if engine is not None:
            step.act = Act.ENGINE_RESULT
            step.after["engine"] = engine
    assert step.record is not None
    return step.record


def _act_of(
    user: AnyUser | None, reason: str, note: str, expected_version: str | None
) -> dict[str, Any]:
    """The keywords every arbiter's act passes on to the skeleton."""
    return {"user": user, "reason": reason, "note": note, "expected_version": expected_version}


@transaction.atomic
def take_back(
    *,
    user: AnyUser | None,
    game: Game,
    count: int,
    reason: str,
    note: str = "",
    expected_version: str | None = None,
) -> ResultRecord:
    """Take back the last ``count`` moves (a wrongly accepted move); play continues."""
    pairing = pairing_of(game)
    check(user, reason, game=game, pairing=pairing)
    act = _act_of(user, reason, note, expected_version)
    with acting(Act.TAKE_BACK, **act, game=game, pairing=pairing) as step:
        assert step.game is not None
        try:
            removed = game_services.take_back(
                game=step.game, count=count, expected_ply=versions.expected_ply(expected_version)
            )
        except (GameError, ValueError) as err:
            raise _game_error(err) from None
        step.game.refresh_from_db()
        results.follow_own_game(step.pairing, step.game)
        step.after["removed"] = removed
    assert step.record is not None
    return step.record


def _replay(game: Game, pairing: Pairing) -> Game:
    """A new game between the players of annulled ``game``, for ``pairing``; its clocks start at
    once in a round already started."""
    seats = list(game.seats.select_related("player").order_by("number"))
    new_game = game_services.create_game(
        kind=game.kind,
        options=game.options,
        players=[s.player for s in seats],
        over_the_board=game.over_the_board,
        time_control=game.time_control,
        clocks_wait=True,
    )
    if timekeeping.started(game):
        timekeeping.start(game=new_game, default_minutes=pairing.round.tournament.default_time)
    return new_game


@transaction.atomic
def annul(
    *,
    user: AnyUser | None,
    game: Game,
    reason: str,
    note: str = "",
    replay: bool = True,
    expected_version: str | None = None,
) -> ResultRecord:
    """Annul a game: it stays visible, marked annulled. In a tournament its pairing gets a new
    game between the same players (``replay``), or stays without a result to be re-paired.
    At most one replacement game, however often the act is sent."""
    pairing = pairing_of(game)
    check(user, reason, game=game, pairing=pairing)
    act = _act_of(user, reason, note, expected_version)
    annulled = _("This game was annulled already.")
    with acting(Act.ANNUL, **act, game=game, pairing=pairing, annulled=annulled) as step:
        game_row, pairing = step.game, step.pairing
        assert game_row is not None
        try:
            game_services.annul(game=game_row, expected_ply=versions.expected_ply(expected_version))
        except GameError as err:
            raise _game_error(err) from None
        if pairing is not None and pairing.game_id == game_row.pk:
            pairing.game = _replay(game_row, pairing) if replay else None
            pairing.save(update_fields=["game"])
            results.write_pairing(pairing, result="")
    assert step.record is not None
    return step.record


def _withdrawal(
    act: str, entry: Entry, keywords: dict[str, Any], change: Callable[[Entry], object]
) -> ResultRecord:
    """A withdrawal's act on ``entry`` (``change`` makes it through the entries' service)."""
    check(keywords["user"], keywords["reason"], tournament=entry.tournament)
    with acting(act, **keywords, entry=entry, state=entry_state) as step:
        assert step.entry is not None
        change(step.entry)
    assert step.record is not None
    return step.record


@transaction.atomic
def withdraw(
    *,
    user: AnyUser | None,
    entry: Entry,
    reason: str,
    note: str = "",
    from_round: int | None = None,
    expected_version: str | None = None,
) -> ResultRecord:
    """Withdraw the player of ``entry`` from round ``from_round`` on (the next unpaired one by
    default), with its record."""

    def change(row: Entry) -> None:
        if row.withdrawn_from_round is not None:
            raise TournamentError(_("This player is withdrawn already."), "stale")
        services.withdraw(entry=row, user=user, from_round=from_round)

    return _withdrawal(Act.WITHDRAW, entry, _act_of(user, reason, note, expected_version), change)


@transaction.atomic
def reinstate(
    *,
    user: AnyUser | None,
    entry: Entry,
    reason: str,
    note: str = "",
    expected_version: str | None = None,
) -> ResultRecord:
    """Undo the withdrawal of ``entry``'s player for the rounds not paired yet, with its
    record."""

    def change(row: Entry) -> None:
        if row.withdrawn_from_round is None:
            raise TournamentError(_("This player is not withdrawn."), "stale")
        services.reinstate(entry=row, user=user)

    return _withdrawal(Act.REINSTATE, entry, _act_of(user, reason, note, expected_version), change)
