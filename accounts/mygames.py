""" "My games": the user's active games (his move or another's), his next pairings and his results.

Whose move it is comes from the last move alone, without replaying a game: ultimate tic-tac-toe
alternates; in SOS a move that scored (its ``points``) gives its player another move (RULES.md).
The games waiting for a move are one query (:func:`games_to_move`); the header reads them with
the count of unseen news (:func:`accounts.notices.header_counts`).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import router
from django.db.models import Count, DateTimeField, IntegerField, OuterRef, Q, QuerySet, Subquery

from games import kinds
from games.models import ACTIVE_STATUSES, ENDED_STATUSES, Game, Move, Seat
from games.queries import CompiledQuery
from tournaments.models import Pairing, RoundStatus

USER_ID = 2_000_000_013  # the placeholder of the account's id in the compiled query


def _active_seats_query(user_id: int) -> QuerySet[Seat]:
    last = Move.objects.filter(game=OuterRef("game")).order_by("-ply")
    seats = Seat.objects.filter(game=OuterRef("game")).values("game").annotate(n=Count("pk"))
    return (
        Seat.objects.filter(
            player__user_id=user_id, game__status__in=ACTIVE_STATUSES, game__over_the_board=False
        )
        .select_related("game")
        .annotate(
            last_seat=Subquery(last.values("seat")[:1], output_field=IntegerField()),
            last_points=Subquery(last.values("points")[:1], output_field=IntegerField()),
            last_at=Subquery(last.values("created_at")[:1], output_field=DateTimeField()),
            seat_count=Subquery(seats.values("n")[:1], output_field=IntegerField()),
        )
    )


# Asked on every page a logged-in user sees (the header's badge): its SQL is built once.
ACTIVE_SEATS = CompiledQuery(
    _active_seats_query, USER_ID, constants=(*(str(s) for s in ACTIVE_STATUSES), False)
)


def _active_seats(user: AbstractBaseUser) -> list[Seat]:
    return ACTIVE_SEATS.objects(router.db_for_read(Seat), user.pk)


def seat_to_move(kind: str, last_seat: int | None, last_points: int | None, seats: int) -> int:
    """The seat to move next after a move by ``last_seat`` that scored ``last_points``."""
    if last_seat is None:
        return 0
    if kinds.get(kind).points and last_points:
        return last_seat
    return (last_seat + 1) % max(seats, 1)


def _active_games_of(user: AbstractBaseUser) -> list[tuple[Game, bool]]:
    """Every active online game of ``user``'s player, with whether it is his move (one query);
    each game's ``waiting_since`` is the time of the last move (or of its creation)."""
    found = []
    for seat in _active_seats(user):
        seats = seat.seat_count or 2
        seat.game.waiting_since = seat.last_at or seat.game.created_at
        mover = seat_to_move(seat.game.kind, seat.last_seat, seat.last_points, seats)
        found.append((seat.game, mover == seat.number))
    return found


def games_to_move(user: AbstractBaseUser) -> list[Game]:
    """The active online games of ``user``'s player where it is his move (one query); each
    game's ``waiting_since`` is the time of the last move (or of its creation)."""
    return [game for game, yours in _active_games_of(user) if yours]


@dataclass(frozen=True)
class ActiveGame:
    """An active game of the user's, as *My games* lists it: whose move, against whom, where."""

    game: Game
    your_move: bool
    opponents: list[str]
    pairing: Pairing | None  # its tournament's board, with ``round.tournament`` loaded


def active_games(user: AbstractBaseUser) -> list[ActiveGame]:
    """Every active online game of ``user``'s player, his move or another's, longest waiting
    first, with the other players' names and the tournament board it is played for (three
    queries, whatever the number of games)."""
    games = _active_games_of(user)
    ids = [game.pk for game, _yours in games]
    opponents: dict[int, list[str]] = {}
    for seat in (
        Seat.objects.filter(game_id__in=ids)
        .exclude(player__user_id=user.pk)
        .select_related("player")
        .order_by("game_id", "number")
    ):
        opponents.setdefault(seat.game_id, []).append(seat.player.name)
    boards = {
        p.game_id: p
        for p in Pairing.objects.filter(game_id__in=ids).select_related("round__tournament")
    }
    found = [
        ActiveGame(game, yours, opponents.get(game.pk, []), boards.get(game.pk))
        for game, yours in games
    ]
    return sorted(found, key=lambda a: (a.game.waiting_since, a.game.pk))


def my_move_count(user: AbstractBaseUser) -> int:
    """How many games wait for ``user``'s move (one query)."""
    if not user.is_authenticated:
        return 0
    return len(games_to_move(user))


@dataclass(frozen=True)
class PairingView:
    pairing: Pairing
    opponent: str
    first: bool


def current_pairings(user: AbstractBaseUser) -> list[PairingView]:
    """``user``'s pairings in rounds paired and not finished, with no result yet."""
    pairings = (
        Pairing.objects.filter(round__status=RoundStatus.PAIRED, result="")
        .filter(Q(first__player__user=user) | Q(second__player__user=user))
        .select_related("round__tournament", "first__player", "second__player", "game")
        .order_by("round__tournament__name", "round__number")
    )
    found = []
    for p in pairings:
        first = p.first.player.user_id == user.pk
        other = p.second if first else p.first
        found.append(PairingView(p, other.player.name if other else "", first))
    return found


def results(user: AbstractBaseUser, limit: int = 20) -> list[Game]:
    """``user``'s last ended games, newest first."""
    return list(
        Game.objects.filter(seats__player__user=user, status__in=ENDED_STATUSES)
        .prefetch_related("seats__player")
        .order_by("-finished_at", "-pk")[:limit]
    )
