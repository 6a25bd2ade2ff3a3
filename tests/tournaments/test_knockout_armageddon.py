"""The armageddon's extra time (issue 29): the decider "armageddon" has its own clock and gives
its first mover more time; a draw sends the second player through."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User

from games import endings, timekeeping
from games import services as game_services
from tests import factories
from tests.tournaments.helpers import new_tournament, seed_players
from tests.tournaments.knockout_helpers import games_of, pair, view
from tournaments import formats
from tournaments.acts import clocks
from tournaments.errors import TournamentError
from tournaments.formats import CupOptions

pytestmark = pytest.mark.django_db


def _limits(game) -> list[timedelta]:
    """Each seat's time before a move is made (no clock running)."""
    return timekeeping.clocks_of(game, moves=[], to_move=None, now=None).remaining


def _draw(game) -> None:
    with factories.committed():  # the game's end reaches its pairing as on a real commit
        game_services.set_outcome(game=game, winners=[], reason=endings.ADJUDICATED)


def test_the_armageddon_game_gives_its_first_mover_more_time(arbiter: User) -> None:
    t = new_tournament(
        arbiter,
        format="knockout",
        online=True,
        time_control="fischer/600/5",
        format_options={
            "tiebreak_games": 1,
            "tiebreak_time_control": "fischer/300/3",
            "armageddon_time_control": "fischer/240/0",
            "armageddon_extra": 60,
        },
    )
    seed_players(t, arbiter, 2)
    rnd = pair(t, arbiter)
    clocks.start_round(user=arbiter, rnd=rnd)
    _draw(games_of(t, 1)[0].game)  # level after the one game: the tie-break game
    tiebreak = games_of(t, 1)[1].game
    assert tiebreak.time_control == "fischer/300/3"
    assert _limits(tiebreak) == [timedelta(seconds=300)] * 2  # no extra time there
    _draw(tiebreak)  # still level: the armageddon
    games = games_of(t, 1)
    armageddon = games[2].game
    assert armageddon.time_control == "fischer/240/0"
    assert [s.player.name for s in armageddon.seats.order_by("number")] == ["P01", "P02"]
    assert _limits(armageddon) == [timedelta(seconds=300), timedelta(seconds=240)]
    _draw(armageddon)  # a draw: the second player (P02, without the first move) goes on
    state = view(t).matches[1].state
    assert state.decided_by == "armageddon" and state.winner == 1


def test_without_its_own_clock_the_armageddon_takes_the_tie_break_clock(arbiter: User) -> None:
    t = new_tournament(
        arbiter,
        format="knockout",
        online=True,
        time_control="fischer/600/5",
        format_options={"armageddon_extra": 30},
    )
    seed_players(t, arbiter, 2)
    rnd = pair(t, arbiter)
    clocks.start_round(user=arbiter, rnd=rnd)
    _draw(games_of(t, 1)[0].game)
    armageddon = games_of(t, 1)[1].game
    assert armageddon.time_control == "fischer/600/5"
    assert _limits(armageddon) == [timedelta(seconds=630), timedelta(seconds=600)]


def test_the_options_are_checked() -> None:
    entry = formats.get("knockout")
    options = CupOptions.of(entry.clean_options({"armageddon_time_control": "fischer/300/0"}))
    assert options.armageddon_time_control == "fischer/300/0"
    assert options.armageddon_extra == 60  # by default, a minute more
    for bad, field in (
        ({"armageddon_time_control": "soon"}, "cup_armageddon_time_control"),
        ({"armageddon_extra": -1}, "cup_armageddon_extra"),
        ({"armageddon_extra": 99999}, "cup_armageddon_extra"),
    ):
        with pytest.raises(TournamentError) as err:
            entry.clean_options(bad)
        assert err.value.code == field
