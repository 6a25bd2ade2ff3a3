"""Arbiters' decisions: one service per act, each leaving a permanent Adjudication record.

Views, the admin and claims all call these; the game-level changes go through the primitives of
``games.services`` (set_outcome, take_back, annul), pairing-level ones through tournaments.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import services as game_services
from games.authority import may_arbitrate_game
from games.errors import GameError
from games.models import ACTIVE_STATUSES, Game, GameStatus
from tournaments import authority, services
from tournaments.errors import TournamentError
from tournaments.models import (
    Act,
    Adjudication,
    AdjudicationReason,
    Claim,
    ClaimStatus,
    Entry,
    Pairing,
    Result,
    Tournament,
)
from tournaments.services import AnyUser

GAME_OUTCOME = services.GAME_RESULTS
FORFEITS = (Result.FORFEIT_WIN, Result.FORFEIT_LOSS, Result.DOUBLE_FORFEIT)


def pairing_of(game: Game) -> Pairing | None:
    """The pairing ``game`` was played for — also after it was annulled and the pairing got a
    new game (the annulment's record keeps the link)."""
    pairing = Pairing.objects.select_related("round__tournament").filter(game=game).first()
    if pairing is None:
        record = (
            Adjudication.objects.filter(game=game, act=Act.ANNUL, pairing__isnull=False)
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
    if reason not in AdjudicationReason.values:
        raise TournamentError(_("Choose the reason for the decision."), "reason")


def _game_state(game: Game | None) -> dict[str, Any]:
    if game is None:
        return {}
    game.refresh_from_db()
    return {
        "game": game.pk,
        "status": game.status,
        "winners": game.winners,
        "scores": game.scores,
        "ply": game.ply,
        "end_reason": game.end_reason,
    }


def _pairing_state(pairing: Pairing | None) -> dict[str, Any]:
    if pairing is None:
        return {}
    pairing.refresh_from_db()
    return {"result": pairing.result, "game": pairing.game_id}


def _record(
    act: str,
    reason: str,
    note: str,
    user: AnyUser | None,
    *,
    game: Game | None = None,
    pairing: Pairing | None = None,
    entry: Entry | None = None,
    tournament: Tournament | None = None,
    before: dict[str, Any],
    after: dict[str, Any],
) -> Adjudication:
    if tournament is None and pairing is not None:
        tournament = pairing.round.tournament
    if tournament is None and entry is not None:
        tournament = entry.tournament
    return Adjudication.objects.create(
        act=act,
        reason=reason,
        note=note.strip(),
        tournament=tournament,
        pairing=pairing,
        game=game,
        entry=entry,
        before=before,
        after=after,
        decided_by=user if user is not None and user.is_authenticated else None,
    )


def _snapshot(game: Game | None, pairing: Pairing | None) -> dict[str, Any]:
    return {"game": _game_state(game), "pairing": _pairing_state(pairing)}


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
) -> Adjudication:
    """Declare a result (``1-0``, ``½-½``, …; or ``winners`` seats for an SOS game of more
    seats), or a forfeit (``+/-``, ``-/+``, ``-/-``), before, during or after the game.

    Works on a game (and its pairing, if it has one) or on a paper pairing; a finished round's
    result is corrected the same way, and the standings follow at once.
    """
    if pairing is not None and game is None:
        game = pairing.game
    if game is not None and pairing is None:
        pairing = pairing_of(game)
    _check(user, reason, game=game, pairing=pairing)
    if winners is None:
        result = services.parse_result(result)
        if result not in GAME_OUTCOME:
            raise TournamentError(_("Choose a game result."), "bad_result")
    if pairing is not None and pairing.is_bye:
        raise TournamentError(_("A bye has no game to decide."), "bad_result")
    before = _snapshot(game, pairing)
    if game is not None and game.status == GameStatus.ANNULLED:
        raise TournamentError(_("This game was annulled."), "annulled")
    if game is not None:
        if winners is not None:
            chosen, end = winners, "adjudicated"
        else:
            chosen, end = GAME_OUTCOME[result]
            if game.seats.count() != 2:
                raise TournamentError(_("Name the winners of this game."), "winners")
        try:
            game_services.set_outcome(game=game, winners=chosen, reason=end)
        except GameError as err:
            raise TournamentError(err.message, err.code) from None
        except ValueError as err:
            raise TournamentError(str(err), "winners") from None
    else:
        assert pairing is not None
        Pairing.objects.filter(pk=pairing.pk).update(result=result)
    finished = pairing is not None and pairing.round.status == "finished"
    act = Act.FORFEIT if winners is None and result in FORFEITS else Act.DECLARE_RESULT
    if finished and act == Act.DECLARE_RESULT:
        act = Act.CORRECT_RESULT
    return _record(
        act,
        reason,
        note,
        user,
        game=game,
        pairing=pairing,
        before=before,
        after=_snapshot(game, pairing),
    )


@transaction.atomic
def take_back(
    *, user: AnyUser | None, game: Game, count: int, reason: str, note: str = ""
) -> Adjudication:
    """Take back the last ``count`` moves (a wrongly accepted move); play continues."""
    pairing = pairing_of(game)
    _check(user, reason, game=game, pairing=pairing)
    before = _snapshot(game, pairing)
    try:
        removed = game_services.take_back(game=game, count=count)
    except GameError as err:
        raise TournamentError(err.message, err.code) from None
    except ValueError as err:
        raise TournamentError(str(err), "count") from None
    after = _snapshot(game, pairing)
    after["removed"] = removed
    return _record(
        Act.TAKE_BACK, reason, note, user, game=game, pairing=pairing, before=before, after=after
    )


@transaction.atomic
def annul(
    *, user: AnyUser | None, game: Game, reason: str, note: str = "", replay: bool = True
) -> Adjudication:
    """Annul a game: it stays visible, marked annulled. In a tournament its pairing gets a new
    game between the same players (``replay``), or stays without a result to be re-paired."""
    pairing = pairing_of(game)
    _check(user, reason, game=game, pairing=pairing)
    if game.status == GameStatus.ANNULLED:
        raise TournamentError(_("This game was annulled already."), "annulled")
    before = _snapshot(game, pairing)
    game_services.annul(game=game)
    if pairing is not None:
        pairing.refresh_from_db()
        pairing.result = ""
        if replay:
            seats = list(game.seats.select_related("player").order_by("number"))
            pairing.game = game_services.create_game(
                kind=game.kind,
                options=game.options,
                players=[s.player for s in seats],
                over_the_board=game.over_the_board,
            )
        else:
            pairing.game = None
        pairing.save(update_fields=["result", "game"])
    after = _snapshot(game, pairing)
    return _record(
        Act.ANNUL, reason, note, user, game=game, pairing=pairing, before=before, after=after
    )


@transaction.atomic
def withdraw(
    *,
    user: AnyUser | None,
    entry: Entry,
    reason: str,
    note: str = "",
    from_round: int | None = None,
) -> Adjudication:
    _check(user, reason, tournament=entry.tournament)
    before = {"withdrawn_from_round": entry.withdrawn_from_round}
    services.withdraw(entry=entry, user=user, from_round=from_round)
    return _record(
        Act.WITHDRAW,
        reason,
        note,
        user,
        entry=entry,
        before=before,
        after={"withdrawn_from_round": entry.withdrawn_from_round},
    )


@transaction.atomic
def reinstate(*, user: AnyUser | None, entry: Entry, reason: str, note: str = "") -> Adjudication:
    _check(user, reason, tournament=entry.tournament)
    before = {"withdrawn_from_round": entry.withdrawn_from_round}
    services.reinstate(entry=entry, user=user)
    return _record(
        Act.REINSTATE,
        reason,
        note,
        user,
        entry=entry,
        before=before,
        after={"withdrawn_from_round": entry.withdrawn_from_round},
    )


# -- Claims ------------------------------------------------------------------------------------


def claim_status(user: AnyUser | None, game: Game) -> tuple[bool, str]:
    """Whether ``user`` may claim a win in ``game`` now, and if not, why (translated)."""
    pairing = pairing_of(game)
    if pairing is None or not pairing.round.tournament.claim_after_minutes:
        return False, _("This game has no time limit for a move.")
    if user is None or not user.is_authenticated:
        return False, _("Log in to claim.")
    if game.status not in ACTIVE_STATUSES:
        return False, _("This game is over.")
    seat = game.seats.filter(player__user_id=user.pk).first()
    if seat is None:
        return False, _("You are not playing in this game.")
    if game.rules.to_move(game.current_state()) == seat.number:
        return False, _("It is your move.")
    if Claim.objects.filter(game=game, status=ClaimStatus.PENDING).exists():
        return False, _("A claim is already waiting for the arbiter.")
    last = game.moves.order_by("-ply").values_list("created_at", flat=True).first()
    since = last or game.started_at or game.created_at
    limit = pairing.round.tournament.claim_after_minutes
    if (timezone.now() - since).total_seconds() < limit * 60:
        return False, _("Your opponent still has time: %(minutes)s minutes a move.") % {
            "minutes": limit
        }
    return True, ""


@transaction.atomic
def claim_win(*, user: AnyUser | None, game: Game) -> Claim:
    """A player claims the win: the opponent has not moved in the tournament's time."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    allowed, why = claim_status(user, game)
    if not allowed:
        raise TournamentError(why, "claim")
    seat = game.seats.get(player__user_id=user.pk)  # type: ignore[union-attr]
    return Claim.objects.create(
        game=game, pairing=pairing_of(game), seat=seat.number, claimed_by=user, ply=game.ply
    )


@transaction.atomic
def decide_claim(
    *, user: AnyUser | None, claim: Claim, accept: bool, note: str = ""
) -> Adjudication:
    """The arbiter accepts (the claimant wins on time) or rejects a claim; both are recorded."""
    claim = Claim.objects.select_for_update().select_related("game", "pairing").get(pk=claim.pk)
    if claim.status != ClaimStatus.PENDING:
        raise TournamentError(_("This claim has been decided already."), "decided")
    game, pairing = claim.game, claim.pairing
    _check(user, AdjudicationReason.TIME, game=game, pairing=pairing)
    before = _snapshot(game, pairing)
    if accept:
        if game.ply != claim.ply or game.status not in ACTIVE_STATUSES:
            raise TournamentError(
                _("The opponent has moved since the claim: it can only be rejected."), "stale"
            )
        game_services.set_outcome(game=game, winners=[claim.seat], reason="time")
    act = Act.CLAIM_ACCEPTED if accept else Act.CLAIM_REJECTED
    record = _record(
        act,
        AdjudicationReason.TIME,
        note,
        user,
        game=game,
        pairing=pairing,
        before=before,
        after=_snapshot(game, pairing),
    )
    claim.status = ClaimStatus.ACCEPTED if accept else ClaimStatus.REJECTED
    claim.adjudication = record
    claim.save(update_fields=["status", "adjudication"])
    return record
