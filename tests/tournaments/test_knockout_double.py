"""A double-elimination cup of six, with the grand final's reset, run through the services to
its champion (issue 29)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from tests.tournaments.helpers import reload
from tests.tournaments.knockout_helpers import finish, games_of, new_cup, pair, places, view
from tournaments.acts import services
from tournaments.models import KnockoutMatch, TournamentStatus
from tournaments.pairing.knockout_bracket import GRAND_FINAL

pytestmark = pytest.mark.django_db


def play_round(t, arbiter: User) -> None:
    """Every match of the open round won by the better seed, except the first grand final,
    which the losers' bracket winner takes (so that the reset is played)."""
    v = view(t)
    rnd = t.round_set.order_by("-number").first()
    for m in v.matches.values():
        if m.row is None or m.row.round_id != rnd.pk or m.status.decided:
            continue
        st = m.status
        grand_first = m.match.side == GRAND_FINAL and not m.match.if_needed
        seed = max(st.first, st.second) if grand_first else min(st.first, st.second)
        winner = v.entrant(seed)
        (game,) = games_of(t, m.number)
        result = "1-0" if game.first_id == winner.pk else "0-1"
        services.record_result(pairing=game, result=result, user=arbiter)


def test_a_six_player_double_elimination_with_the_reset(arbiter: User) -> None:
    t = new_cup(arbiter, 6, double=True, reset=True)
    rounds = 0
    while reload(t).status != TournamentStatus.FINISHED:
        pair(t, arbiter)
        play_round(t, arbiter)
        finish(t, arbiter)
        rounds += 1
        assert rounds < 20
    v = view(t)
    assert v.state.champion == 1
    assert reload(t).rounds == rounds
    reset = next(m for m in v.matches.values() if m.match.if_needed)
    assert reset.row is not None and reset.status.status == "played"
    losses: dict[int, int] = {}
    for m in v.matches.values():
        if m.status.played:
            losses[m.status.loser] = losses.get(m.status.loser, 0) + 1
    assert losses == {seed: 2 for seed in range(1, 7)} | {1: 1}  # the champion lost once
    final_places = places(t)
    assert final_places["P01"] == 1 and final_places["P02"] == 2
    assert sorted(final_places.values())[:2] == [1, 2] and len(final_places) == 6
    assert KnockoutMatch.objects.filter(tournament=t, second__isnull=True).count() >= 2  # byes
