"""Short-hands for the tests of events in stages: a group stage played through the services,
the better-ranked player winning every game unless told otherwise."""

from __future__ import annotations

from django.contrib.auth.models import User

from tests.tournaments.helpers import boards, new_tournament, seed_players
from tournaments import pairings
from tournaments.acts import services
from tournaments.models import Tournament


def new_groups(arbiter: User, players: int = 8, size: int = 4) -> Tournament:
    """A paper SOS group stage of ``players`` players P01, P02, … (P01 rated highest)."""
    t = new_tournament(
        arbiter,
        name="Club Event",
        format="groups",
        rounds=None,
        format_options={"group_size": size},
    )
    seed_players(t, arbiter, players)
    return t


def play_all(t: Tournament, arbiter: User, draws: frozenset[str] = frozenset()) -> None:
    """Every round of ``t``: the better-ranked player wins (a draw between the names in
    ``draws``), then the round is finished."""
    while True:
        t.refresh_from_db()
        if t.rounds and t.round_set.count() >= t.rounds:
            return
        rnd = pairings.pair_round(tournament=t, user=arbiter)
        for p in boards(rnd):
            if p.result or p.second is None:
                continue
            names = {p.first.player.name, p.second.player.name}
            if names <= draws:
                result = "1/2"
            else:
                result = "1-0" if (p.first.rank or 0) < (p.second.rank or 0) else "0-1"
            services.record_result(pairing=p, result=result, user=arbiter)
        services.finish_round(round=rnd, user=arbiter)
