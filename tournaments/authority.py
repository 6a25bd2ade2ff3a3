"""Who may act as a tournament's arbiter: the one answer every path asks.

Views, the admin (querysets and object permissions), management commands, workbook and TRF imports
and the services all call :func:`may_arbitrate` (or :func:`require_arbiter`; for an act on a game,
a pairing or a tournament: :func:`may_adjudicate`). The games app asks
:func:`games.authority.may_arbitrate_game`, which this module answers for the games played in a
tournament (:func:`register`, called from ``TournamentsConfig.ready``): those games are arbitrated
by their tournament's arbiters only.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _

from games import authority as game_authority
from games import memo
from games.models import Game, Player
from tournaments.errors import TournamentError
from tournaments.models import (
    Act,
    Entry,
    Pairing,
    ResultRecord,
    TableSeating,
    Tournament,
    TournamentStatus,
)

AnyUser = AbstractBaseUser | AnonymousUser

# The key of a game's pairing in a page's read-once scope (games.memo): read once there, by
# whichever asks first (tournament_of_game, or the game page's hook answer).
PAIRING_KEY = "tournaments.pairing_of"


def may_arbitrate(user: AnyUser | None, tournament: Tournament) -> bool:
    """Superusers, and the arbiters ``tournament`` names."""
    if user is None or not user.is_authenticated or not user.is_active:
        return False
    if user.is_superuser:
        return True
    return memo.read_once(
        ("tournaments.may_arbitrate", user.pk, tournament.pk),
        lambda: tournament.arbiters.filter(pk=user.pk).exists(),
    )


def require_arbiter(user: AnyUser | None, tournament: Tournament) -> None:
    """:func:`may_arbitrate`, or a ``TournamentError`` (code ``not_allowed``)."""
    if not may_arbitrate(user, tournament):
        raise TournamentError(_("Only this tournament's arbiters may do that."), "not_allowed")


def arbitrated_tournaments(user: AnyUser | None) -> QuerySet[Tournament]:
    """Every tournament ``user`` may arbitrate."""
    if user is None or not user.is_authenticated or not user.is_active:
        return Tournament.objects.none()
    if user.is_superuser:
        return Tournament.objects.all()
    return Tournament.objects.filter(arbiters=user)


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
    """May ``user`` decide on ``game``, ``pairing`` or ``tournament`` (the most precise scope
    given): :func:`may_arbitrate` of its tournament, or :func:`games.authority.may_arbitrate_game`
    for a game outside tournaments."""
    if tournament is None and pairing is not None:
        tournament = pairing.round.tournament
    if tournament is not None:
        return may_arbitrate(user, tournament)
    return game is not None and game_authority.may_arbitrate_game(user, game)


def tournament_of_game(game: Game) -> Tournament | None:
    """The tournament ``game`` was played for (also once annulled and replaced), or ``None``."""
    # Read once on a page (the game page's hook answer has read it already: games.memo).
    pairing = memo.read_once((PAIRING_KEY, game.pk), lambda: pairing_of(game))
    if pairing is not None:
        return pairing.round.tournament
    # A table's game at an event at tables (issue 30); a game page's game says whether it is.
    if not getattr(game, "tournaments_at_table", True):
        return None
    table = TableSeating.objects.filter(game=game).select_related("round__tournament").first()
    return table.round.tournament if table is not None else None


# -- the games app's resolver ------------------------------------------------------------------


def _decides(user: AnyUser, game: Game) -> bool | None:
    tournament = tournament_of_game(game)
    return None if tournament is None else may_arbitrate(user, tournament)


def _games_of(pairings: QuerySet[Pairing], records: QuerySet[ResultRecord]) -> Q:
    """Games of ``pairings``, and the annulled games whose annulment ``records`` keep the link."""
    annulled = records.filter(act=Act.ANNUL, pairing__isnull=False, game__isnull=False)
    return Q(pk__in=pairings.filter(game__isnull=False).values("game")) | Q(
        pk__in=annulled.values("game")
    )


def _table_games(tables: QuerySet[TableSeating]) -> Q:
    return Q(pk__in=tables.filter(game__isnull=False).values("game"))


def _arbitrated(user: AnyUser) -> Q:
    return _games_of(
        Pairing.objects.filter(round__tournament__arbiters=user),
        ResultRecord.objects.filter(pairing__round__tournament__arbiters=user),
    ) | _table_games(TableSeating.objects.filter(round__tournament__arbiters=user))


def _owned() -> Q:
    return _games_of(Pairing.objects.all(), ResultRecord.objects.all()) | _table_games(
        TableSeating.objects.all()
    )


def _players_of(user: AnyUser) -> Q:
    """The players of the tournaments ``user`` arbitrates."""
    return Q(pk__in=Entry.objects.filter(tournament__arbiters=user).values("player"))


def _players_elsewhere(user: AnyUser) -> Q:
    """The players of the tournaments ``user`` does not arbitrate."""
    return Q(pk__in=Entry.objects.exclude(tournament__arbiters=user).values("player"))


def register() -> None:
    """Answer :func:`games.authority.may_arbitrate_game` for tournament games, and name the
    players of each tournament (:func:`games.authority.visible_players`)."""
    game_authority.register_resolver(
        "tournaments",
        game_authority.Resolver(
            decides=_decides,
            arbitrated=_arbitrated,
            owned=_owned,
            players_of=_players_of,
            players_elsewhere=_players_elsewhere,
        ),
    )


# -- open registration (tournaments/acts/registration.py) -----------------------------------------


def player_of(user: AnyUser | None) -> Player | None:
    """The player ``user``'s account plays as, if any."""
    if user is None or not user.is_authenticated or not user.is_active:
        return None
    return Player.objects.filter(user=user).first()


def may_join(user: AnyUser | None, tournament: Tournament) -> bool:
    """A logged-in user with a player may join a tournament whose registration is open."""
    return bool(
        tournament.registration_open
        and tournament.status != TournamentStatus.FINISHED
        and player_of(user) is not None
    )
