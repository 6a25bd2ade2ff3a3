"""Claims: a player claims the win when the opponent has not moved in the tournament's time, and
the arbiter accepts or rejects it, leaving one permanent record as every act of
:mod:`tournaments.acts.decisions` does (on the one act skeleton, ``tournaments.acts.skeleton``)."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import ACTIVE_STATUSES, Game
from tournaments.acts import results
from tournaments.acts.skeleton import acting, check
from tournaments.authority import AnyUser, pairing_of
from tournaments.core import vocabulary as V
from tournaments.errors import TournamentError
from tournaments.models import (
    Act,
    Claim,
    ClaimStatus,
    RecordReason,
    ResultRecord,
    ResultSource,
)


def claim_status(user: AnyUser | None, game: Game) -> tuple[bool, str]:
    """Whether ``user`` may claim a win in ``game`` now, and if not, why (translated)."""
    pairing = pairing_of(game)
    if game.time_control:
        return False, _("This game has a clock: when a time runs out, the game ends by itself.")
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
) -> ResultRecord:
    """The arbiter accepts (the claimant wins on time) or rejects a claim; both are recorded."""
    claim = Claim.objects.select_related("game", "pairing__round__tournament").get(pk=claim.pk)
    check(user, RecordReason.TIME, game=claim.game, pairing=claim.pairing)
    act = Act.CLAIM_ACCEPTED if accept else Act.CLAIM_REJECTED
    with acting(
        act,
        user=user,
        reason=RecordReason.TIME,
        note=note,
        source=ResultSource.CLAIM,
        game=claim.game,
        pairing=claim.pairing,
    ) as step:
        game, pairing = step.game, step.pairing
        assert game is not None and pairing is not None
        claim = Claim.objects.select_for_update().get(pk=claim.pk)
        if claim.status != ClaimStatus.PENDING:
            raise TournamentError(_("This claim has been decided already."), "decided")
        if accept:
            if game.ply != claim.ply or game.status not in ACTIVE_STATUSES:
                raise TournamentError(
                    _("The opponent has moved since the claim: it can only be rejected."), "stale"
                )
            results.set_game_outcome(game, winners=[claim.seat], end=V.END_TIME, ply=claim.ply)
            results.follow_own_game(pairing, game)
    claim.status = ClaimStatus.ACCEPTED if accept else ClaimStatus.REJECTED
    claim.record = step.record
    claim.save(update_fields=["status", "record"])
    assert step.record is not None
    return step.record
