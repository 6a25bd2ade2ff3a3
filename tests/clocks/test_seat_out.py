"""A casual SOS game of three with a clock (issue 30): a seat whose time runs out is out — its
letters and count stay, the others play on, its moves are refused, the page says "out" and the
poll tells the page to redraw; the game ends by the full grid among the seats still in, or when
one seat is left in. The server's time is frozen and advanced by hand (``frozen``)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse

from games import endings, services, timekeeping
from games.integrity import problems_of_game
from games.models import Game, GameStatus, Player
from tests import factories
from tests.adjudication.helpers import play

pytestmark = pytest.mark.django_db


@pytest.fixture
def trio(alice: Player, boris: Player, carol: Player, frozen) -> Game:  # type: ignore[no-untyped-def]
    """Alice, Борис and Carol at 1 minute each, no increment, on a 3×3 grid; one move each a
    second apart: Alice (59 s left) is to move again, her flag falls 59 s after 3 s."""
    game = services.create_game(
        kind="sos",
        options={"rows": 3, "cols": 3, "players": 3},
        players=[alice, boris, carol],
        time_control="fischer/60/0",
    )
    for move in ("A1=S", "C1=S", "A3=S"):
        frozen.advance(seconds=1)
        game = play(game, move)
    return game


def test_a_flag_puts_the_seat_out_and_the_others_play_on_to_the_full_grid(
    trio: Game, frozen, alice: Player
) -> None:
    frozen.advance(seconds=70)  # Alice's flag fell at 62 s
    with factories.committed():
        assert timekeeping.notice(trio, frozen.now) is True
    game = Game.objects.get(pk=trio.pk)
    assert game.is_active and game.out_seats == ((0, 3),)
    assert game.clock_log[-1]["at"] == (frozen.now - timedelta(seconds=11)).isoformat()
    clocks = timekeeping.clocks_now(game, frozen.now)
    assert clocks.out == frozenset({0}) and clocks.running == 1
    assert clocks.remaining[0] == timedelta(0)
    assert clocks.remaining[1] == timedelta(seconds=59 - 11)  # its turn began at the flag
    with pytest.raises(timekeeping.OutOfGame), factories.committed():
        services.submit_move(game=game, user=alice.user, notation="B1=O")
    game = play(game, "B1=O", "C3=O", "B2=O", "A2=O", "C2=O", "B3=O")
    assert game.status == GameStatus.FINISHED and game.end_reason == "sos_most"
    assert game.rules.to_move(game.current_state()) is None
    assert 0 not in game.winners and game.moves.filter(seat=0).count() == 1
    assert problems_of_game(game) == []


def test_two_flags_leave_one_seat_in_who_wins(trio: Game, frozen) -> None:
    frozen.advance(seconds=200)  # Alice out at 62 s, Борис (59 s left) at 121 s
    with factories.committed():
        assert timekeeping.check_clocks(now=frozen.now) == [trio.pk]
    game = Game.objects.get(pk=trio.pk)
    assert game.status == GameStatus.FINISHED and game.end_reason == endings.LAST_IN
    assert game.winners == [2] and game.result_text == "3"
    assert game.finished_at == frozen.now - timedelta(seconds=200 - 121 + 3)
    clocks = timekeeping.clocks_now(game, frozen.now)
    assert clocks.running is None and clocks.remaining == [timedelta(0)] * 2 + [
        timedelta(seconds=59)
    ]
    assert problems_of_game(game) == []


def test_the_page_says_out_and_the_poll_tells_it_to_redraw(
    trio: Game, frozen, client_for, carol: Player
) -> None:
    frozen.advance(seconds=70)
    client = client_for(carol.user)
    live = client.get(reverse("games:live", args=[trio.pk])).json()
    assert live["clock"]["out"] == [0] and live["clock"]["running"] == 1
    page = client.get(reverse("games:detail", args=[trio.pk])).content.decode()
    assert 'data-out="0"' in page and "out: time ran out" in page


def test_a_game_of_two_is_still_lost_on_time(alice: Player, boris: Player, frozen) -> None:
    game = services.create_game(
        kind="sos", options={}, players=[alice, boris], time_control="fischer/60/0"
    )
    game = play(game, "A1=S", "B1=O")
    frozen.advance(seconds=120)
    with factories.committed():
        timekeeping.notice(game, frozen.now)
    game = Game.objects.get(pk=game.pk)
    assert game.end_reason == endings.TIME and game.winners == [1] and game.out_seats == ()
