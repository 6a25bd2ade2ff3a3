"""Short-hands for the ratings app's tests: lists, rated tournaments and their rounds, all made
through the services (the tournaments' and the ratings' own), as the pages do."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import User

from games.models import Player
from ratings import acts
from ratings.models import Rating, RatingChange, RatingList, StartingRating
from tests import factories
from tests.tournaments.helpers import boards, finish, new_tournament, pair, register_all
from tournaments.acts import given_pairings, services
from tournaments.models import Entry, Round, Tournament


def make_list(**fields: Any) -> RatingList:
    values: dict[str, Any] = {"name": "Club Elo", "kind": "sos", "method": "elo"}
    values.update(fields)
    rating_list = RatingList(**values)
    rating_list.full_clean()
    rating_list.save()
    return rating_list


def start(rating_list: RatingList, player: Player, rating: float, **fields: Any) -> None:
    StartingRating.objects.create(
        list=rating_list, player=player, rating=rating, as_of=dt.date(2026, 1, 1), **fields
    )


def rated_tournament(
    arbiter: User,
    rating_list: RatingList,
    players: Sequence[Player],
    day: dt.date,
    *,
    seed: bool = False,
    **fields: Any,
) -> Tournament:
    """A paper SOS Swiss on ``day`` with ``players`` registered, rated in ``rating_list``."""
    values: dict[str, Any] = {"name": f"Open {day}", "start_date": day, "end_date": day}
    values.update(fields)
    tournament = new_tournament(arbiter, **values)
    register_all(tournament, arbiter, players)
    acts.mark_rated(
        tournament=tournament, rating_list=rating_list, user=arbiter, seed_from_list=seed
    )
    return tournament


def entry(tournament: Tournament, player: Player) -> Entry:
    return Entry.objects.get(tournament=tournament, player=player)


def play(
    tournament: Tournament,
    arbiter: User,
    games: Sequence[tuple[Player, Player | None, str]],
) -> Round:
    """Pair the next round, set its boards to ``games`` (first, second or None for a bye,
    result), enter the results (the signals answered, as after a commit) and finish it."""
    rnd = pair(tournament, arbiter)
    wanted = [
        (entry(tournament, a).pk, entry(tournament, b).pk if b is not None else None)
        for a, b, _r in games
    ]
    given_pairings.set_pairings(round=rnd, boards=wanted, user=arbiter)
    results = {(entry(tournament, a).pk): r for a, _b, r in games}
    with factories.committed():
        for board in boards(rnd):
            if not board.result:
                services.record_result(pairing=board, result=results[board.first_id], user=arbiter)
    return finish(rnd, arbiter)


def ratings(rating_list: RatingList) -> dict[str, float | None]:
    return {
        r.player.name: r.rating
        for r in Rating.objects.filter(list=rating_list).select_related("player")
    }


def changes(rating_list: RatingList) -> list[tuple[str, str, float | None, float | None]]:
    return [
        (c.player.name, c.period_key, c.rating_before, c.rating_after)
        for c in RatingChange.objects.filter(list=rating_list)
        .select_related("player")
        .order_by("period_key", "player__name")
    ]


def month_list_event(arbiter: User) -> Tournament:
    """A list rated by calendar month and a one-round tournament of March 2026 in it: Ann 1600
    beats Ben 1500 (40 games each)."""
    rating_list = make_list(period="month")
    ann, ben = factories.make_player("Ann"), factories.make_player("Ben")
    start(rating_list, ann, 1600, games=40)
    start(rating_list, ben, 1500, games=40)
    t = rated_tournament(arbiter, rating_list, [ann, ben], dt.date(2026, 3, 2), rounds=1)
    play(t, arbiter, [(ann, ben, "1-0")])
    return t
