"""Who may link a player to an account (confirm a claim, invite him), and who may add players.

Linking is :func:`games.authority.may_link_player`'s answer, the one every linking path asks — the
invitation (sent, and again when its link is used), the claim's confirmation, the admin and the
player form — so the accounts app does not decide it here: it asks the games app, which the
tournaments app tells who arbitrates which players (a resolver, as for the games themselves).
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from accounts.models import ClaimStatus, PlayerClaim
from games.authority import ADD_PLAYER_PERMISSION, linkable_players, may_link_player
from games.models import Player

AnyUser = AbstractBaseUser | AnonymousUser

# Why a link was refused: the claims page, the invitation page, the services and the admin.
NOT_LINKABLE = _(
    "Only a superuser, or an arbiter of every tournament this player is in, may link this "
    "player to an account."
)


def may_decide_claim(user: AnyUser | None, player: Player) -> bool:
    """Confirming a claim links the player: :func:`games.authority.may_link_player`."""
    return may_link_player(user, player)


def claims_to_decide(user: AnyUser | None) -> QuerySet[PlayerClaim]:
    """The pending claims ``user`` may decide (of the players he may link)."""
    pending = PlayerClaim.objects.filter(status=ClaimStatus.PENDING).select_related(
        "player", "user"
    )
    return pending.filter(player__in=linkable_players(user).values("pk"))


def may_add_players(user: AnyUser | None) -> bool:
    """Arbiters (who hold the player form's permission) add many players at once."""
    return bool(user is not None and user.is_authenticated and user.has_perm(ADD_PLAYER_PERMISSION))
