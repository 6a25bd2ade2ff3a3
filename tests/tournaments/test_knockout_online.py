"""A knockout played on the site (issue 29): a match's next game follows a game that ended on
the site (the games app's signal, the results service, the match), with the tie-break games'
clock, started at once once the round has started."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from games import endings, timekeeping
from games import services as game_services
from tests import factories
from tests.tournaments.helpers import new_tournament, seed_players
from tests.tournaments.knockout_helpers import games_of, pair, view
from tournaments.acts import clocks
from tournaments.models import Act, ResultRecord

pytestmark = pytest.mark.django_db


def test_a_drawn_game_on_the_site_brings_the_tie_break_game(arbiter: User) -> None:
    t = new_tournament(
        arbiter,
        format="knockout",
        online=True,
        time_control="fischer/600/5",
        format_options={"tiebreak_games": 1, "tiebreak_time_control": "fischer/300/3"},
    )
    seed_players(t, arbiter, 2)
    rnd = pair(t, arbiter)
    (first,) = games_of(t, 1)
    assert first.game is not None and first.game.time_control == "fischer/600/5"
    assert timekeeping.is_waiting(first.game)
    clocks.start_round(user=arbiter, rnd=rnd)
    with factories.committed():  # the game's end reaches its pairing as on a real commit
        game_services.set_outcome(game=first.game, winners=[], reason=endings.ADJUDICATED)
    games = games_of(t, 1)
    assert [g.result for g in games] == ["1/2", ""]
    second = games[1].game
    assert second is not None and second.time_control == "fischer/300/3"
    assert not timekeeping.is_waiting(second)  # the round has started: its clocks run
    seats = [s.player.name for s in second.seats.order_by("number")]
    assert seats == ["P02", "P01"]  # the first move alternates
    assert view(t).matches[1].state.stage == "tiebreak"
    assert ResultRecord.objects.filter(tournament=t, act=Act.MATCH).count() == 1
