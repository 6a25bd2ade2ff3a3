"""Who may confirm or reject an account's claim of a player, and who may add and invite players.

The accounts app sits above tournaments (it is the players' side of the site: sign-up, joining,
"my games"), so it asks :mod:`tournaments.authority` who arbitrates the player's tournaments.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import QuerySet

from accounts.models import ClaimStatus, PlayerClaim
from games.models import Player
from tournaments.authority import arbitrated_tournaments

AnyUser = AbstractBaseUser | AnonymousUser

# Adding players (one or many) and inviting them: the permission of the player form.
ADD_PLAYER_PERMISSION = "games.add_player"


def may_decide_claim(user: AnyUser | None, player: Player) -> bool:
    """A superuser, or an arbiter of a tournament ``player`` is entered in."""
    if user is None or not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    return arbitrated_tournaments(user).filter(entries__player=player).exists()


def claims_to_decide(user: AnyUser | None) -> QuerySet[PlayerClaim]:
    """The pending claims ``user`` may decide."""
    pending = PlayerClaim.objects.filter(status=ClaimStatus.PENDING).select_related(
        "player", "user"
    )
    if user is None or not user.is_authenticated:
        return pending.none()
    if user.is_superuser:
        return pending
    players = arbitrated_tournaments(user).values("entries__player")
    return pending.filter(player__in=players)


def may_add_players(user: AnyUser | None) -> bool:
    """Arbiters (who hold the player form's permission) add players and invite them."""
    return bool(user is not None and user.is_authenticated and user.has_perm(ADD_PLAYER_PERMISSION))
