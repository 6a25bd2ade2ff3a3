"""Short-hands for the tournament tests: accounts, players, tournaments and whole rounds.

Everything goes through the services (``tournaments.acts.services``, ``tournaments.pairings``,
``games.services``), as the views do; nothing writes model fields directly.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.contrib.auth.models import User

from games import services as game_services
from games.models import Game, Player
from tests import factories
from tournaments import formats, pairings
from tournaments.acts import given_pairings, services
from tournaments.models import Entry, Pairing, Round, Tournament

PASSWORD = "correct-horse-battery-staple"


def make_user(username: str, **fields: Any) -> User:
    return factories.make_user(username, password=PASSWORD, **fields)


def make_creator(username: str = "organiser") -> User:
    """An account holding ``tournaments.add_tournament`` (read again: permissions are cached)."""
    return factories.with_permission(make_user(username), "tournaments.add_tournament")


def make_player(name: str, *, rating: int | None = None, account: bool = False) -> Player:
    """A player; with ``account=True`` a user of the same (lower-case) name plays for him."""
    user = make_user(name.lower()) if account else None
    return factories.make_player(name, user, rating=rating)


def new_tournament(arbiter: User, **fields: Any) -> Tournament:
    """A paper SOS Swiss of 3 rounds created by ``arbiter`` unless ``fields`` say otherwise."""
    values: dict[str, Any] = {
        "name": "Club Open",
        "kind": "sos",
        "format": "swiss",
        "rounds": 3,
        "online": False,
    }
    values.update(fields)
    if not formats.get(values["format"]).rounds_given:
        values.pop("rounds")
    return services.create_tournament(created_by=arbiter, **values)


def register_all(
    tournament: Tournament,
    arbiter: User,
    players: Iterable[Player | tuple[str, int | None]],
    *,
    account: bool = False,
) -> list[Entry]:
    """Register players (or ``(name, rating)`` pairs, made on the fly), in order."""
    entries = []
    for p in players:
        player = p if isinstance(p, Player) else make_player(p[0], rating=p[1], account=account)
        entries.append(services.register(tournament=tournament, player=player, user=arbiter))
    return entries


def seed_players(
    tournament: Tournament, arbiter: User, count: int, *, account: bool = False
) -> list[Entry]:
    """``count`` players P01, P02, … rated 2000, 1990, … (so P01 is the top seed)."""
    names = [(f"P{n:02d}", 2000 - 10 * (n - 1)) for n in range(1, count + 1)]
    return register_all(tournament, arbiter, names, account=account)


def reload(obj: Any) -> Any:
    return type(obj).objects.get(pk=obj.pk)


def pair(tournament: Tournament, arbiter: User) -> Round:
    return pairings.pair_round(tournament=tournament, user=arbiter)


def boards(rnd: Round) -> list[Pairing]:
    return list(
        Pairing.objects.filter(round=rnd)
        .select_related("first__player", "second__player", "game")
        .order_by("board")
    )


def names(rnd: Round) -> list[tuple[str, str | None, str]]:
    """The boards of ``rnd`` as ``(first's name, second's name or None, result)``."""
    return [
        (p.first.player.name, p.second.player.name if p.second else None, p.result)
        for p in boards(rnd)
    ]


def enter_results(rnd: Round, arbiter: User, result: str = "1-0") -> None:
    """Give every board of ``rnd`` still without a result the ``result`` (first mover's view)."""
    for p in boards(rnd):
        if not p.result:
            services.record_result(pairing=p, result=result, user=arbiter)


def finish(rnd: Round, arbiter: User) -> Round:
    return services.finish_round(round=rnd, user=arbiter)


def play_round(tournament: Tournament, arbiter: User, result: str = "1-0") -> Round:
    """Pair the next round, give every open board ``result`` and finish the round."""
    rnd = pair(tournament, arbiter)
    enter_results(rnd, arbiter, result)
    return finish(rnd, arbiter)


def entry_of(tournament: Tournament, name: str) -> Entry:
    return Entry.objects.get(tournament=tournament, player__name=name)


def set_boards(
    rnd: Round, arbiter: User, wanted: Sequence[tuple[Entry, Entry | None]]
) -> list[Any]:
    """Override ``rnd`` with ``(first, second-or-None)`` entries; returns the warnings."""
    return given_pairings.set_pairings(
        round=rnd,
        boards=[(first.pk, second.pk if second else None) for first, second in wanted],
        user=arbiter,
    )


def play(game: Game, *moves: str) -> Game:
    """Play ``moves`` through ``submit_move``, each by the account of the seat to move."""
    for notation in moves:
        game = Game.objects.get(pk=game.pk)
        seat = game.seats.select_related("player__user").get(
            number=game.rules.to_move(game.current_state())
        )
        with factories.committed():
            game_services.submit_move(game=game, user=seat.player.user, notation=notation)
    return Game.objects.get(pk=game.pk)
