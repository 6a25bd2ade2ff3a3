"""Writes of the accounts' side: a player made or claimed at sign-up, claims decided by an
arbiter, many players added at once, invitations by e-mail. Keyword-only, atomic, locking the
rows they change; a refusal a user can fix is an :class:`~accounts.errors.AccountError`."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.core import signing
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.core.validators import validate_email
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.authority import NOT_LINKABLE, AnyUser, may_add_players, may_decide_claim
from accounts.errors import AccountError
from accounts.models import Invitation, PlayerClaim
from common.decisions import ClaimStatus, decided
from games.authority import may_link_player
from games.bidi import text_sentence
from games.models import Player
from games.player_services import column_limit, create_player, player_name, too_long
from tournaments.acts import services as tournament_services
from tournaments.errors import TournamentError
from tournaments.models import Tournament

INVITATION_SALT = "accounts.invitation"
INVITATION_MAX_AGE = 14 * 24 * 60 * 60  # seconds


def _lock_user(user: AbstractBaseUser) -> None:
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()


def _refuse_if_linked(user: AbstractBaseUser) -> None:
    if Player.objects.filter(user=user).exists():
        raise AccountError(_("Your account is linked to a player already."), "linked")


@transaction.atomic
def make_own_player(
    *, user: AbstractBaseUser, name: str, rating: int | None = None, club: str = ""
) -> Player:
    """A new player for ``user``, linked to it."""
    _lock_user(user)
    _refuse_if_linked(user)
    try:
        return create_player(name=name, rating=rating, club=club, user=user)
    except ValueError as error:
        raise AccountError(str(error), "name") from None


@transaction.atomic
def claim_player(*, user: AbstractBaseUser, player: Player) -> PlayerClaim:
    """``user`` says he is ``player`` (an unlinked one): the claim waits for an arbiter."""
    _lock_user(user)
    player = Player.objects.select_for_update().get(pk=player.pk)
    _refuse_if_linked(user)
    if player.user_id is not None:
        raise AccountError(_("This player is linked to another account."), "taken")
    if PlayerClaim.objects.filter(user=user, status=ClaimStatus.PENDING).exists():
        raise AccountError(_("Your claim of a player is waiting for an arbiter."), "pending")
    return PlayerClaim.objects.create(user=user, player=player)


@transaction.atomic
def decide_claim(*, claim: PlayerClaim, user: AnyUser, accept: bool) -> PlayerClaim:
    """Confirm (link the player to the claiming account) or reject a pending claim."""
    claim = PlayerClaim.objects.select_for_update().get(pk=claim.pk)
    player = Player.objects.select_for_update().get(pk=claim.player_id)
    if not may_decide_claim(user, player):
        raise AccountError(str(NOT_LINKABLE), "not_allowed")
    if claim.status != ClaimStatus.PENDING:
        raise AccountError(_("This claim has been decided already."), "decided")
    if accept:
        if player.user_id is not None:
            raise AccountError(_("This player is linked to another account."), "taken")
        if Player.objects.filter(user_id=claim.user_id).exists():
            raise AccountError(_("This account is linked to a player already."), "linked")
        player.user_id = claim.user_id
        player.save(update_fields=["user"])
    now = timezone.now()
    claim.decide(accept=accept, user=user, at=now)  # type: ignore[arg-type]
    if accept:
        # The player is taken: every other claim of him is answered too.
        PlayerClaim.objects.filter(player=player, status=ClaimStatus.PENDING).update(
            **decided(accept=False, user=user, at=now)  # type: ignore[arg-type]
        )
    return claim


# -- many players at once ------------------------------------------------------------------------


@dataclass
class PlayerRow:
    """One line of a pasted list, read: the player it would add, or why not."""

    line: int
    name: str
    email: str = ""
    rating: int | None = None
    errors: list[str] = field(default_factory=list)
    duplicate_of: Player | None = None
    repeated: bool = False
    # Read for a tournament: the player is entered in it (a registered one too), unless he is
    # entered already (``entered``).
    for_tournament: bool = False
    entered: bool = False

    @property
    def addable(self) -> bool:
        return not self.errors and self.duplicate_of is None and not self.repeated

    @property
    def enters(self) -> bool:
        return self.for_tournament and not self.errors and not self.repeated and not self.entered


SEPARATORS = re.compile(r"[;,\t]")


def read_player_list(text: str, *, tournament: Tournament | None = None) -> list[PlayerRow]:
    """Read a pasted list, one player a line: ``name[, e-mail][, rating]`` (commas, semicolons
    or tabs between). Every problem of every line is collected; a player already registered
    (same name, case-folded) or a name repeated in the list is reported, not added. For a
    ``tournament`` each row says whether its player is entered in it already."""
    rows: list[PlayerRow] = []
    seen: set[str] = set()
    lines = [(n, line) for n, line in enumerate(text.splitlines(), start=1) if line.strip()]
    keys = {" ".join(SEPARATORS.split(line)[0].split()).casefold() for _, line in lines}
    existing: dict[str, Player] = {}
    for player in Player.objects.all().only("pk", "name"):
        key = player.name.casefold()
        if key in keys:
            existing.setdefault(key, player)
    for number, line in lines:
        parts = [" ".join(part.split()) for part in SEPARATORS.split(line)]
        row = PlayerRow(line=number, name=parts[0])
        try:  # what create_player will check, and the column's length
            player_name(row.name)
        except ValueError as error:
            row.errors.append(str(error))
        for part in (p for p in parts[1:] if p):
            if "@" in part:
                try:
                    validate_email(part)
                except ValidationError:
                    row.errors.append(_("“%(value)s” is not an e-mail address.") % {"value": part})
                else:
                    limit = column_limit(Invitation, "email")
                    if len(part) > limit:
                        row.errors.append(
                            _("The e-mail address is too long.") + " " + too_long(limit)
                        )
                    else:
                        row.email = part
            elif part.isascii() and part.isdigit() and len(part) <= 5:
                row.rating = int(part)
            else:
                row.errors.append(
                    _("“%(value)s” is neither an e-mail address nor a rating.") % {"value": part}
                )
        key = row.name.casefold()
        row.duplicate_of = existing.get(key)
        row.repeated = bool(row.name) and key in seen
        seen.add(key)
        rows.append(row)
    if tournament is not None:
        entered = set(
            tournament.entries.filter(
                player__in=[r.duplicate_of for r in rows if r.duplicate_of]
            ).values_list("player_id", flat=True)
        )
        for row in rows:
            row.for_tournament = True
            row.entered = row.duplicate_of is not None and row.duplicate_of.pk in entered
    return rows


@transaction.atomic
def add_players(
    *,
    rows: Iterable[PlayerRow],
    user: AnyUser,
    invite: bool = False,
    request_host: str = "",
    scheme: str = "https",
    tournament: Tournament | None = None,
) -> list[Player]:
    """Add the addable ``rows`` (each through ``create_player``), and with ``invite`` mail an
    invitation to each one that has an e-mail address. Nothing is added while a row has an
    error. With a ``tournament`` (rows read for it), every row that :attr:`~PlayerRow.enters`
    is entered in it through the tournament's entry service, all or none."""
    if not may_add_players(user):
        raise AccountError(_("Only arbiters may add players."), "not_allowed")
    rows = list(rows)
    if any(row.errors for row in rows):
        raise AccountError(_("Correct the list first: some lines have errors."), "errors")
    added: list[Player] = []
    to_enter: list[Player] = []
    for row in rows:
        player = row.duplicate_of
        if row.addable:
            player = create_player(name=row.name, rating=row.rating)
            added.append(player)
            if invite and row.email:
                send_invitation(
                    player=player, email=row.email, user=user, host=request_host, scheme=scheme
                )
        if tournament is not None and row.enters and player is not None:
            to_enter.append(player)
    if tournament is not None:
        try:
            tournament_services.register_players(tournament=tournament, players=to_enter, user=user)
        except TournamentError as error:
            raise AccountError(error.message, error.code) from None
    return added


# -- invitations ---------------------------------------------------------------------------------


def invitation_token(invitation: Invitation) -> str:
    return signing.dumps(invitation.pk, salt=INVITATION_SALT)


def invitation_from_token(token: str) -> Invitation:
    """The open invitation of ``token``, or an ``AccountError``."""
    try:
        pk = signing.loads(token, salt=INVITATION_SALT, max_age=INVITATION_MAX_AGE)
    except signing.SignatureExpired:
        raise AccountError(_("This invitation has expired."), "expired") from None
    except signing.BadSignature:
        raise AccountError(_("This invitation link is not valid."), "invalid") from None
    invitation = Invitation.objects.select_related("player", "invited_by").filter(pk=pk).first()
    if invitation is None:
        raise AccountError(_("This invitation link is not valid."), "invalid")
    _refuse_if_spent(invitation, invitation.player)
    return invitation


def _refuse_if_spent(invitation: Invitation, player: Player) -> None:
    """An invitation links only once, and only while whoever sent it may still link the player
    (he may have lost his tournaments since, or the player been entered in another's)."""
    if invitation.accepted_at is not None or player.user_id is not None:
        raise AccountError(_("This invitation has been used already."), "used")
    if not may_link_player(invitation.invited_by, player):
        raise AccountError(
            _(
                "This invitation is no longer valid: whoever sent it may no longer link this "
                "player to an account. Ask an arbiter of the player's tournaments for a new one."
            ),
            "withdrawn",
        )


def send_invitation(
    *, player: Player, email: str, user: AnyUser, host: str, scheme: str = "https"
) -> Invitation:
    """Record an invitation of ``player`` to ``email`` and mail its link (after the commit); only
    by who may link the player (:func:`games.authority.may_link_player`)."""
    if not may_link_player(user, player):
        raise AccountError(str(NOT_LINKABLE), "not_allowed")
    if player.user_id is not None:
        raise AccountError(
            text_sentence(_("%(name)s is linked to an account already."), {"name": player.name}),
            "linked",
        )
    invitation = Invitation.objects.create(player=player, email=email, invited_by=user)
    link = f"{scheme}://{host}{reverse('accounts:invitation', args=[invitation_token(invitation)])}"
    context = {"player": player, "link": link, "inviter": user}
    subject = " ".join(render_to_string("accounts/email/invitation_subject.txt", context).split())
    body = render_to_string("accounts/email/invitation_message.txt", context)
    transaction.on_commit(lambda: send_mail(subject, body, None, [email]))
    return invitation


@transaction.atomic
def accept_invitation(*, invitation: Invitation, user: AbstractBaseUser) -> Player:
    """Link the invited player to ``user`` (a new account made through the link), if whoever
    sent the invitation may still link him."""
    invitation = Invitation.objects.select_for_update().get(pk=invitation.pk)
    player = Player.objects.select_for_update().get(pk=invitation.player_id)
    _lock_user(user)
    _refuse_if_linked(user)
    _refuse_if_spent(invitation, player)
    player.user = user
    player.save(update_fields=["user"])
    invitation.accepted_by = user
    invitation.accepted_at = timezone.now()
    invitation.save(update_fields=["accepted_by", "accepted_at"])
    return player
