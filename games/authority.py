"""Who may act as a game's arbiter: the one answer every path asks (views, admin, services).

A game played for a higher app (a tournament's pairing) is arbitrated by whoever that app names:
the games app knows nothing of tournaments, so the higher app registers a resolver here (in its
``AppConfig.ready``). A casual game — one no resolver claims — is arbitrated by a superuser, or by
the arbiter who created it (``Game.created_by``, holding :data:`ARBITER_PERMISSION`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Q, QuerySet

from games import memo
from games.models import Game, Player, Seat

AnyUser = AbstractBaseUser | AnonymousUser

# The permission that makes a member an arbiter of the casual games he creates (over the board,
# or to adjudicate them); the Arbiter group holds it.
ARBITER_PERMISSION = "games.play_any_seat"

# Registering players (one or many, on the site) and inviting those in nothing yet: the
# permission of the player form; the Arbiter group holds it.
ADD_PLAYER_PERMISSION = "games.add_player"


@dataclass(frozen=True)
class Resolver:
    """A higher app's answer for the games it owns.

    ``decides(user, game)``: ``None`` when the game is not the app's, else whether ``user`` (an
    authenticated non-superuser) arbitrates it. ``arbitrated(user)``: a ``Q`` on ``Game`` of the
    app's games ``user`` arbitrates; ``owned()``: a ``Q`` of every game the app owns.
    ``players_of(user)``, ``players_elsewhere(user)``: ``Q``s on ``Player`` of the players the
    app has in what ``user`` arbitrates, and in what he does not (a tournament's entries).
    """

    decides: Callable[[AnyUser, Game], bool | None]
    arbitrated: Callable[[AnyUser], Q]
    owned: Callable[[], Q]
    players_of: Callable[[AnyUser], Q] | None = None
    players_elsewhere: Callable[[AnyUser], Q] | None = None


_resolvers: dict[str, Resolver] = {}


def register_resolver(key: str, resolver: Resolver) -> None:
    """Register (or replace) the resolver named ``key``; called from an ``AppConfig.ready``."""
    _resolvers[key] = resolver


def is_arbiter_member(user: AnyUser | None) -> bool:
    """Is ``user`` an arbiter at all (may create over-the-board games and arbitrate them)?"""
    return bool(user is not None and user.is_authenticated and user.has_perm(ARBITER_PERMISSION))


def may_link_accounts(user: AnyUser | None) -> bool:
    """May ``user`` pick the account a player is linked to himself (the admin's and the player
    form's account field)? Only a superuser: every other path links the account that asked (a
    claim) or was made through the player's invitation. Whoever picks asks
    :func:`may_link_player` for the player too."""
    return bool(user is not None and user.is_authenticated and user.is_active and user.is_superuser)


def may_arbitrate_game(user: AnyUser | None, game: Game) -> bool:
    """May ``user`` act as arbiter of ``game``: enter its moves over the board, decide it, take
    moves back, annul it?"""
    if user is None or not user.is_authenticated or not user.is_active:
        return False
    if user.is_superuser:
        return True
    # Asked by several parts of one page: answered once there (games.memo).
    return memo.read_once(
        ("games.may_arbitrate_game", user.pk, game.pk), lambda: _may_arbitrate(user, game)
    )


def _may_arbitrate(user: AnyUser, game: Game) -> bool:
    for resolver in _resolvers.values():
        answer = resolver.decides(user, game)
        if answer is not None:
            return answer
    return (
        game.created_by_id is not None and game.created_by_id == user.pk and is_arbiter_member(user)
    )


def arbitrated_games(
    user: AnyUser | None, queryset: QuerySet[Game] | None = None
) -> QuerySet[Game]:
    """The games (of ``queryset``, every game by default) ``user`` may arbitrate."""
    games = Game.objects.all() if queryset is None else queryset
    if user is None or not user.is_authenticated or not user.is_active:
        return games.none()
    if user.is_superuser:
        return games
    allowed = Q(pk__in=[])
    owned = Q(pk__in=[])
    for resolver in _resolvers.values():
        allowed |= resolver.arbitrated(user)
        owned |= resolver.owned()
    if is_arbiter_member(user):
        allowed |= Q(created_by=user) & ~owned
    return games.filter(allowed).distinct()


# -- players -------------------------------------------------------------------------------------


def _players(user: AnyUser) -> tuple[Q, Q]:
    """``Q``s on ``Player``: the players of what ``user`` arbitrates, and those of what others
    arbitrate (seated in an over-the-board game he does not arbitrate, or what a higher app
    names: an entry of a tournament he does not arbitrate)."""
    games = arbitrated_games(user).values("pk")
    mine = Q(pk__in=Seat.objects.filter(game__in=games).values("player"))
    others = Q(
        pk__in=Seat.objects.filter(game__over_the_board=True)
        .exclude(game__in=games)
        .values("player")
    )
    for resolver in _resolvers.values():
        if resolver.players_of is not None:
            mine |= resolver.players_of(user)
        if resolver.players_elsewhere is not None:
            others |= resolver.players_elsewhere(user)
    return mine, others


def _club_players(players: QuerySet[Player]) -> QuerySet[Player]:
    """``players`` but those made for games on one device (their seats' names)."""
    return players.exclude(pk__in=Seat.objects.filter(game__device__isnull=False).values("player"))


def visible_players(
    user: AnyUser | None, queryset: QuerySet[Player] | None = None
) -> QuerySet[Player]:
    """The players (of ``queryset``, every player by default) ``user`` may see as an arbiter:
    those of the tournaments and games he arbitrates, and those nobody else's are (in no
    tournament or over-the-board game another arbiter has). A superuser sees them all. The
    players made for games on one device (games.device) are nobody's to pick or link."""
    players = _club_players(Player.objects.all() if queryset is None else queryset)
    if user is None or not user.is_authenticated or not user.is_active:
        return players.none()
    if user.is_superuser:
        return players
    mine, others = _players(user)
    return players.filter(mine | ~others)


def may_change_player(user: AnyUser | None, player: Player) -> bool:
    """May ``user`` change ``player`` (his name, club, rating)? A superuser; an arbiter when the
    player is in nothing another arbiter has (a change would rewrite that one's records too)."""
    if user is None or not user.is_authenticated or not user.is_active:
        return False
    if user.is_superuser:
        return True
    _mine, others = _players(user)
    return not Player.objects.filter(pk=player.pk).filter(others).exists()


def linkable_players(
    user: AnyUser | None, queryset: QuerySet[Player] | None = None
) -> QuerySet[Player]:
    """The players (of ``queryset``, every player by default) ``user`` may link to an account —
    invite by e-mail, confirm a claim of, link in the admin. The one answer every linking path
    asks (through :func:`may_link_player`).

    A superuser: every player. Anyone else: only a player in nothing another arbiter has (no
    entry of a tournament, no seat of an over-the-board game, that ``user`` does not arbitrate;
    the account would play there too), and of those the players of what ``user`` arbitrates,
    or — for a member holding :data:`ADD_PLAYER_PERMISSION`, who registers players — those in
    nothing at all yet. A player of two arbiters' tournaments is linked by a superuser, or by
    an arbiter of both."""
    players = _club_players(Player.objects.all() if queryset is None else queryset)
    if user is None or not user.is_authenticated or not user.is_active:
        return players.none()
    if user.is_superuser:
        return players
    mine, others = _players(user)
    if user.has_perm(ADD_PLAYER_PERMISSION):
        return players.filter(~others)
    return players.filter(mine & ~others)


def may_link_player(user: AnyUser | None, player: Player) -> bool:
    """May ``user`` link ``player`` to an account (:func:`linkable_players`)? A player not saved
    yet is in nothing."""
    if player.pk is None:
        return bool(
            user is not None
            and user.is_authenticated
            and user.is_active
            and (user.is_superuser or user.has_perm(ADD_PLAYER_PERMISSION))
        )
    return linkable_players(user, Player.objects.filter(pk=player.pk)).exists()
