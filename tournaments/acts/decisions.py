"""Arbiters' decisions: one service per act, each leaving one permanent record.

Views, the admin and claims all call these; the game-level changes go through the primitives of
``games.services`` (set_outcome, take_back, annul), the pairing's result and the record through
the results service (``tournaments.acts.results``). Each act may name the version the arbiter saw
(``expected_version``, see ``versions.version_of``) and is refused as already done when that
version is gone: a double click or a race changes the record once. Claims are in
``tournaments.acts.claims``.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from games import services as game_services
from games import timekeeping
from games.authority import may_arbitrate_game
from games.errors import GameError, StalePosition
from games.models import Game, GameStatus
from tournaments import authority
from tournaments.acts import results, services, versions
from tournaments.acts.services import AnyUser
from tournaments.core import vocabulary as V
from tournaments.errors import TournamentError
from tournaments.models import (
    Act,
    Entry,
    Pairing,
    RecordReason,
    ResultRecord,
    ResultSource,
    RoundStatus,
    Tournament,
)

GAME_OUTCOME = V.GAME_OUTCOMES
FORFEITS = V.FORFEIT_RESULTS


def pairing_of(game: Game) -> Pairing | None:
    """The pairing ``game`` was played for — also after it was annulled and the pairing got a
    new game (the annulment's record keeps the link)."""
    pairing = Pairing.objects.select_related("round__tournament").filter(game=game).first()
    if pairing is None:
        record = (
            ResultRecord.objects.filter(game=game, act=Act.ANNUL, pairing__isnull=False)
            .select_related("pairing__round__tournament")
            .first()
        )
        pairing = record.pairing if record else None
    return pairing


def may_adjudicate(
    user: AnyUser | None,
    *,
    game: Game | None = None,
    pairing: Pairing | None = None,
    tournament: Tournament | None = None,
) -> bool:
    """The one answer of :mod:`tournaments.authority` (and :mod:`games.authority` for a game),
    for the most precise scope given."""
    if tournament is None and pairing is not None:
        tournament = pairing.round.tournament
    if tournament is not None:
        return authority.may_arbitrate(user, tournament)
    return game is not None and may_arbitrate_game(user, game)


def _check(user: AnyUser | None, reason: str, **scope: Any) -> None:
    if not may_adjudicate(user, **scope):
        raise TournamentError(_("Only this game's arbiters may decide it."), "not_allowed")
    if reason not in RecordReason.values:
        raise TournamentError(_("Choose the reason for the decision."), "reason")


def _game_error(err: Exception) -> TournamentError:
    if isinstance(err, StalePosition):
        return versions.stale()
    if isinstance(err, GameError):
        return TournamentError(err.message, err.code)
    return TournamentError(str(err), "count")


def version(*, game: Game | None = None, pairing: Pairing | None = None) -> str:
    """The version an act form carries (see ``versions.version_of``)."""
    return versions.version_of(game=game, pairing=pairing)


def _own_game(game: Game | None, pairing: Pairing | None) -> bool:
    return game is not None and pairing is not None and pairing.game_id == game.pk


def _lock_for_act(
    game: Game | None,
    pairing: Pairing | None,
    expected_version: str | None,
    *,
    annulled: str | None = None,
) -> tuple[Game | None, Pairing | None, dict[str, Any]]:
    """The first steps of an act on a game or a pairing: lock both rows, refuse an annulled
    game with the message ``annulled`` (when given: before the version, as an annulled game is
    no version the arbiter can have seen), refuse a version that is gone; the rows read under
    the lock and the record's before-state."""
    game, pairing = versions.lock(game=game, pairing=pairing)
    if annulled is not None and game is not None and game.status == GameStatus.ANNULLED:
        raise TournamentError(annulled, "annulled")
    versions.check_version(expected_version, game=game, pairing=pairing)
    return game, pairing, versions.snapshot(game, pairing)


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
    _check(user, reason, game=game, pairing=pairing)
    if winners is None:
        result = results.parse_result(result)
        if result not in GAME_OUTCOME:
            raise TournamentError(_("Choose a game result."), "bad_result")
    if pairing is not None and pairing.is_bye:
        raise TournamentError(_("A bye has no game to decide."), "bad_result")
    game, pairing, before = _lock_for_act(
        game, pairing, expected_version, annulled=_("This game was annulled.")
    )
    if game is not None:
        if winners is not None:
            chosen, end = winners, V.END_ADJUDICATED
        else:
            chosen, end = GAME_OUTCOME[result]
            if game.seats.count() != 2:
                raise TournamentError(_("Name the winners of this game."), "winners")
        results.set_game_outcome(
            game, winners=chosen, end=end, ply=versions.expected_ply(expected_version)
        )
        if _own_game(game, pairing):
            assert pairing is not None
            results.follow_game(pairing, game)
    else:
        assert pairing is not None
        results.write_pairing(pairing, result=result)
    finished = pairing is not None and pairing.round.status == RoundStatus.FINISHED
    act = Act.FORFEIT if winners is None and result in FORFEITS else Act.DECLARE_RESULT
    if finished and act == Act.DECLARE_RESULT:
        act = Act.CORRECT_RESULT
    after = versions.snapshot(game, pairing)
    if engine is not None:
        act = Act.ENGINE_RESULT
        after["engine"] = engine
    return results.record(
        act,
        source=source,
        reason=reason,
        note=note,
        user=user,
        game=game,
        pairing=pairing,
        before=before,
        after=after,
    )


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
    _check(user, reason, game=game, pairing=pairing)
    game_row, pairing, before = _lock_for_act(game, pairing, expected_version)
    assert game_row is not None
    try:
        removed = game_services.take_back(
            game=game_row, count=count, expected_ply=versions.expected_ply(expected_version)
        )
    except (GameError, ValueError) as err:
        raise _game_error(err) from None
    game_row.refresh_from_db()
    if _own_game(game_row, pairing):
        assert pairing is not None
        results.follow_game(pairing, game_row)
    after = versions.snapshot(game_row, pairing)
    after["removed"] = removed
    return results.record(
        Act.TAKE_BACK,
        source=ResultSource.ADJUDICATION,
        reason=reason,
        note=note,
        user=user,
        game=game_row,
        pairing=pairing,
        before=before,
        after=after,
    )


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
    _check(user, reason, game=game, pairing=pairing)
    game_row, pairing, before = _lock_for_act(
        game, pairing, expected_version, annulled=_("This game was annulled already.")
    )
    assert game_row is not None
    try:
        game_services.annul(game=game_row, expected_ply=versions.expected_ply(expected_version))
    except GameError as err:
        raise _game_error(err) from None
    if _own_game(game_row, pairing):
        assert pairing is not None
        new_game = None
        if replay:
            seats = list(game_row.seats.select_related("player").order_by("number"))
            new_game = game_services.create_game(
                kind=game_row.kind,
                options=game_row.options,
                players=[s.player for s in seats],
                over_the_board=game_row.over_the_board,
                time_control=game_row.time_control,
                clocks_wait=True,
            )
            if timekeeping.started(game_row):
                # Replayed in a round already started: its clocks start at once.
                timekeeping.start(
                    game=new_game, default_minutes=pairing.round.tournament.default_time
                )
        pairing.game = new_game
        pairing.save(update_fields=["game"])
        results.write_pairing(pairing, result="")
    after = versions.snapshot(game_row, pairing)
    return results.record(
        Act.ANNUL,
        source=ResultSource.ADJUDICATION,
        reason=reason,
        note=note,
        user=user,
        game=game_row,
        pairing=pairing,
        before=before,
        after=after,
    )


def _locked_entry(entry: Entry, expected: str | None) -> Entry:
    entry = Entry.objects.select_for_update().select_related("tournament").get(pk=entry.pk)
    if expected is not None and not (expected.isascii() and expected.isdigit()):
        raise versions.malformed_version()
    if expected is not None and expected != entry_version(entry):
        raise versions.stale()
    return entry


def entry_version(entry: Entry) -> str:
    """The version a withdrawal form carries: the round the player is withdrawn from, or 0."""
    return str(entry.withdrawn_from_round or 0)


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
    _check(user, reason, tournament=entry.tournament)
    entry = _locked_entry(entry, expected_version)
    if entry.withdrawn_from_round is not None:
        raise TournamentError(_("This player is withdrawn already."), "stale")
    before = {"withdrawn_from_round": entry.withdrawn_from_round}
    services.withdraw(entry=entry, user=user, from_round=from_round)
    return results.record(
        Act.WITHDRAW,
        source=ResultSource.ADJUDICATION,
        reason=reason,
        note=note,
        user=user,
        entry=entry,
        before=before,
        after={"withdrawn_from_round": entry.withdrawn_from_round},
    )


@transaction.atomic
def reinstate(
    *,
    user: AnyUser | None,
    entry: Entry,
    reason: str,
    note: str = "",
    expected_version: str | None = None,
) -> ResultRecord:
    _check(user, reason, tournament=entry.tournament)
    entry = _locked_entry(entry, expected_version)
    if entry.withdrawn_from_round is None:
        raise TournamentError(_("This player is not withdrawn."), "stale")
    before = {"withdrawn_from_round": entry.withdrawn_from_round}
    services.reinstate(entry=entry, user=user)
    return results.record(
        Act.REINSTATE,
        source=ResultSource.ADJUDICATION,
        reason=reason,
        note=note,
        user=user,
        entry=entry,
        before=before,
        after={"withdrawn_from_round": entry.withdrawn_from_round},
    )
