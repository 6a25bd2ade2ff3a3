"""Short-hands for the knockout tests: a cup, its matches and their games, played through the
services as an arbiter plays them (``tournaments.pairings``, the results service)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User

from tests.tournaments.helpers import new_tournament, seed_players
from tournaments import pairings
from tournaments.acts import cup, services
from tournaments.models import Entry, KnockoutMatch, Pairing, Round, Tournament


def new_cup(arbiter: User, players: int, *, double: bool = False, **options: Any) -> Tournament:
    """A paper SOS knockout of ``players`` players P01, P02, … (P01 rated highest)."""
    t = new_tournament(
        arbiter,
        name="Club Cup",
        format="knockout_double" if double else "knockout",
        format_options=options,
    )
    seed_players(t, arbiter, players)
    return t


def games_of(t: Tournament, number: int) -> list[Pairing]:
    """Match ``number``'s games, in order."""
    return list(Pairing.objects.filter(match__tournament=t, match__number=number).order_by("board"))


def match_row(t: Tournament, number: int) -> KnockoutMatch:
    return KnockoutMatch.objects.get(tournament=t, number=number)


def play(t: Tournament, arbiter: User, number: int, *results: str) -> None:
    """Enter ``results`` for match ``number``'s next games, each from its first mover's view."""
    for result in results:
        game = next(g for g in games_of(t, number) if not g.result)
        services.record_result(pairing=game, result=result, user=arbiter)


def win(t: Tournament, arbiter: User, number: int, who: str) -> None:
    """Match ``number`` won by the player named ``who`` in one game (a match of one game)."""
    game = next(g for g in games_of(t, number) if not g.result)
    first = Entry.objects.get(pk=game.first_id).player.name
    services.record_result(pairing=game, result="1-0" if first == who else "0-1", user=arbiter)


def pair(t: Tournament, arbiter: User) -> Round:
    return pairings.pair_round(tournament=t, user=arbiter)


def finish(t: Tournament, arbiter: User) -> Round:
    rnd = t.round_set.order_by("-number").first()
    assert rnd is not None
    return services.finish_round(round=rnd, user=arbiter)


def names(t: Tournament, number: int) -> tuple[str, str | None]:
    row = match_row(t, number)
    return row.first.player.name, row.second.player.name if row.second else None


def view(t: Tournament) -> cup.CupView:
    state = cup.read_cup(t)
    assert state is not None
    return state


def places(t: Tournament) -> dict[str, int]:
    v = view(t)
    return {v.entries[pk].player.name: place for pk, place in v.places().items()}
