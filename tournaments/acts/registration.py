"""Open registration: players join a tournament themselves, through its public link.

An arbiter opens a tournament's registration (optionally with his approval of each player). A
logged-in player with a profile then joins before round 1 is paired: at once, or as a request
that waits on the arbiter's registration page to be accepted or refused. A player withdrawn by
the arbiter does not come back by himself; a player may leave again before round 1 (the same
withdrawal rule as the arbiter's: from the next unpaired round). Authority is
:mod:`tournaments.authority`'s; the entry is made by :func:`tournaments.acts.services.enter_locked`,
as the arbiter's registration makes it.
"""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.acts import services, tournament_settings
from tournaments.authority import AnyUser, player_of, require_arbiter
from tournaments.errors import TournamentError
from tournaments.models import ClaimStatus, Entry, JoinRequest, Tournament, TournamentStatus


def _started(tournament: Tournament) -> bool:
    return bool(tournament_settings.last_paired_round(tournament))


@transaction.atomic
def set_registration(
    *, tournament: Tournament, user: AnyUser, open: bool, approval: bool
) -> Tournament:
    """Open or close a tournament's registration, with or without the arbiter's approval."""
    t = Tournament.objects.select_for_update().get(pk=tournament.pk)
    require_arbiter(user, t)
    t.registration_open = bool(open)
    t.registration_approval = bool(approval)
    t.save(update_fields=["registration_open", "registration_approval"])
    return t


def _check_open(tournament: Tournament) -> None:
    if tournament.status == TournamentStatus.FINISHED:
        raise TournamentError(_("This tournament is finished."), "finished")
    if not tournament.registration_open:
        raise TournamentError(_("This tournament's registration is closed."), "closed")
    if _started(tournament):
        raise TournamentError(_("Round 1 is paired: ask an arbiter to register you."), "started")


@transaction.atomic
def join(*, tournament: Tournament, user: AbstractBaseUser) -> Entry | JoinRequest:
    """``user``'s player joins ``tournament`` (an entry), or asks to (a pending request)."""
    t = Tournament.objects.select_for_update().get(pk=tournament.pk)
    player = player_of(user)
    if player is None:
        raise TournamentError(_("Your account has no player yet."), "no_player")
    _check_open(t)
    entry = Entry.objects.filter(tournament=t, player=player).first()
    if entry is not None:
        if entry.withdrawn_from_round is not None:
            raise TournamentError(
                _("You are withdrawn from this tournament: ask an arbiter."), "withdrawn"
            )
        raise TournamentError(_("You are registered already."), "duplicate")
    if t.registration_approval:
        if JoinRequest.objects.filter(
            tournament=t, player=player, status=ClaimStatus.PENDING
        ).exists():
            raise TournamentError(_("Your request is waiting for an arbiter."), "pending")
        return JoinRequest.objects.create(tournament=t, player=player)
    return services.enter_locked(tournament=t, player=player)


@transaction.atomic
def leave(*, tournament: Tournament, user: AbstractBaseUser) -> None:
    """Before round 1: ``user``'s pending request is withdrawn, or his entry withdrawn."""
    t = Tournament.objects.select_for_update().get(pk=tournament.pk)
    player = player_of(user)
    if player is None:
        raise TournamentError(_("Your account has no player yet."), "no_player")
    if _started(t):
        raise TournamentError(_("Round 1 is paired: ask an arbiter to withdraw you."), "started")
    pending = JoinRequest.objects.filter(tournament=t, player=player, status=ClaimStatus.PENDING)
    if pending.exists():
        pending.delete()
        return
    entry = Entry.objects.filter(tournament=t, player=player, withdrawn_from_round=None).first()
    if entry is None:
        raise TournamentError(_("You are not registered."), "not_registered")
    # The withdrawal rule: from the next unpaired round (round 1); an arbiter may undo it.
    entry.withdrawn_from_round = 1
    entry.save(update_fields=["withdrawn_from_round"])


@transaction.atomic
def decide_join(*, request: JoinRequest, user: AnyUser, accept: bool) -> JoinRequest:
    """Accept (register the player) or refuse a pending request to join."""
    t = Tournament.objects.select_for_update().get(pk=request.tournament_id)
    require_arbiter(user, t)
    request = JoinRequest.objects.select_for_update().get(pk=request.pk)
    if request.status != ClaimStatus.PENDING:
        raise TournamentError(_("This request has been decided already."), "decided")
    if accept:
        if _started(t):
            raise TournamentError(
                _("Round 1 is paired: register the player as a late entry instead."), "started"
            )
        services.enter_locked(tournament=t, player=request.player)
    request.decide(accept=accept, user=user)  # type: ignore[arg-type]
    return request
