"""Clocks that wait for the players: a round's clocks start when its arbiter starts the round, and
a side that has not made its first move within the tournament's default time (or its own time,
if less) loses by forfeit (``+/-``; ``-/-`` when neither side moved) — a forfeit, never a played
game, for the standings and the Dutch pairing alike. A casual game nobody played is aborted.
Whoever's request notices it, the end is the clock's act, decided by nobody. The server's time is
frozen and advanced by hand (``frozen``)."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

from games import endings, services, timekeeping
from games.clock import FISCHER, TimeControl
from games.models import Game, GameStatus
from games.timekeeping import NotStarted
from tests import factories
from tests.adjudication.helpers import World, build_world, play, points, reload
from tests.conftest import START, FrozenTime, started
from tournaments import pairings
from tournaments.acts import clocks, decisions, tournament_settings
from tournaments.core import history
from tournaments.errors import TournamentError
from tournaments.models import Act, RecordReason, ResultRecord, ResultSource

CYRILLIC = re.compile("[а-яА-Я]")
MS = timedelta(milliseconds=1)


@pytest.fixture
def bullet(db: None, frozen: FrozenTime) -> World:
    """Round 1 of a 1+0 tournament paired at ``START``, not started."""
    return build_world(time_control="fischer/60/0")


@pytest.fixture
def rapid(db: None, frozen: FrozenTime) -> World:
    """Round 1 of a 60+0 tournament with a 15-minute default time, paired, not started."""
    world = build_world(time_control="fischer/3600/0")
    tournament_settings.update_tournament(
        tournament=world.tournament, user=world.arbiter, changes={"default_time": 15}
    )
    return world


@pytest.fixture
def client_for(db: None) -> Callable[..., Client]:
    """``client_for(user)``: an English-speaking client logged in as ``user``."""

    def make(user: User) -> Client:
        client = Client(HTTP_ACCEPT_LANGUAGE="en")
        client.force_login(user)
        return client

    return make


def histories(world: World) -> dict[int, history.History]:
    games = pairings.tournament_records(world.tournament)
    return history.histories((), games)


# -- before the start ------------------------------------------------------------------------------


def test_a_paired_rounds_clocks_wait_for_its_start(bullet: World, frozen, client) -> None:
    # The club pairs a 1+0 round and waits: nobody loses anything while nobody has started.
    frozen.advance(minutes=30)
    with factories.committed():
        assert timekeeping.check_clocks() == []
        live = client.get(f"/games/{bullet.game.pk}/live/").json()
    assert bullet.game.status == GameStatus.WAITING
    assert live["clock"] == {
        "remaining_ms": [60_000, 60_000],
        "running": None,
        "paused": False,
        "waiting": True,
        "out": [],
    }
    assert not ResultRecord.objects.filter(game=bullet.game).exists()


def test_a_move_before_the_start_is_refused_with_a_clear_message(bullet: World, frozen) -> None:
    frozen.advance(seconds=5)
    messages = {}
    for language in ("en", "ru"):
        with translation.override(language):
            with pytest.raises(NotStarted) as refused:
                services.submit_move(game=bullet.game, user=bullet.seated, notation="A1=S")
            messages[language] = str(refused.value.message)
        assert refused.value.code == "not_started"
    assert "Play has not started" in messages["en"]
    assert CYRILLIC.search(messages["ru"])
    assert bullet.game.ply == 0 and bullet.game.is_active


def test_the_board_says_the_clocks_wait_and_cannot_be_played(bullet: World, client) -> None:
    client.force_login(bullet.seated)
    html = client.get(f"/games/{bullet.game.pk}/panel/", HTTP_ACCEPT_LANGUAGE="en").content
    text = html.decode()
    assert "The clocks start when the arbiter starts play." in text
    assert "clock--running" not in text
    assert 'name="move"' not in text  # no move form while the round waits


# -- the start -------------------------------------------------------------------------------------


def test_the_arbiter_starts_the_round_and_the_first_movers_clock_runs(
    bullet: World, frozen
) -> None:
    frozen.advance(minutes=10)
    record = clocks.start_round(user=bullet.arbiter, rnd=bullet.round1, note="doors open")
    started_at = START + timedelta(minutes=10)
    assert (record.act, record.reason, record.decided_by) == (
        Act.START_ROUND,
        RecordReason.ROUND_START,
        bullet.arbiter,
    )
    both = sorted([bullet.game.pk, reload(bullet.board2).game.pk])
    assert sorted(record.after["games"]) == both and record.after["default_time"] == 15
    assert clocks.round_started_at(bullet.round1) == started_at
    frozen.advance(seconds=20)
    c = timekeeping.clocks_now(bullet.game, frozen.now)
    assert c.running == 0 and not c.waiting
    assert c.remaining == [timedelta(seconds=40), timedelta(seconds=60)]
    play(bullet.game, "A1=S")
    # Twice is once: the second click changes nothing.
    with pytest.raises(TournamentError) as again:
        clocks.start_round(user=bullet.arbiter, rnd=bullet.round1)
    assert again.value.code == "stale"
    assert ResultRecord.objects.filter(act=Act.START_ROUND).count() == 1


def test_only_the_arbiters_start_a_round(bullet: World) -> None:
    for user in (bullet.seated, bullet.other_arbiter, None):
        with pytest.raises(TournamentError):
            clocks.start_round(user=user, rnd=bullet.round1)
    assert clocks.waiting_games(bullet.round1)


def test_stopping_a_round_that_waits_changes_nothing(bullet: World) -> None:
    assert clocks.round_paused(bullet.round1) is None
    with pytest.raises(TournamentError):
        clocks.pause_round(user=bullet.arbiter, rnd=bullet.round1)
    assert timekeeping.is_waiting(bullet.game)


# -- the default time ------------------------------------------------------------------------------


def test_a_1_0_round_nobody_plays_ends_in_double_forfeits_not_losses_on_time(
    bullet: World, frozen
) -> None:
    started(bullet)
    frozen.advance(seconds=60)
    assert timekeeping.check_clocks() == []  # exactly the default time (here the clock's): in time
    frozen.now += MS
    with factories.committed():
        ended = timekeeping.check_clocks()
    assert sorted(ended) == sorted([bullet.game.pk, reload(bullet.board2).game.pk])
    for board in (bullet.board1, bullet.board2):
        board = reload(board)
        assert board.result == "-/-"
        assert board.game.end_reason == endings.DOUBLE_FORFEIT and board.game.winners == []
    # No game was played: nobody has met anybody, nobody has a point.
    assert all(h.opponents == [] for h in histories(bullet).values())
    assert set(points(bullet.tournament).values()) == {0}


def test_a_no_show_loses_by_forfeit_at_the_default_time(rapid: World, frozen) -> None:
    started(rapid)
    frozen.advance(minutes=1)
    play(rapid.game, "A1=S")  # board 1: the first mover is there; the second never comes
    # The second mover's default time runs from its turn: 15 minutes, not its 60.
    frozen.advance(minutes=15)
    with factories.committed():
        assert rapid.game.pk not in timekeeping.check_clocks()
    frozen.now += MS
    with factories.committed():
        assert timekeeping.check_clocks() == [rapid.game.pk]
    game = rapid.game
    assert game.status == GameStatus.FINISHED and game.winners == [0]
    assert game.end_reason == endings.FORFEIT
    assert game.finished_at == START + timedelta(minutes=16)
    assert reload(rapid.board1).result == "+/-"
    [record] = ResultRecord.objects.filter(game=game)
    assert (record.act, record.source, record.reason, record.decided_by) == (
        Act.FORFEIT,
        ResultSource.CLOCK,
        RecordReason.NO_SHOW,
        None,
    )
    # A forfeit is not a game: the two have not met (the Dutch system may pair them again), and
    # the winner's point counts like a bye's.
    first, second = rapid.board1.first_id, rapid.board1.second_id
    hist = histories(rapid)
    assert hist[first].opponents == [] and hist[second].opponents == []
    assert hist[first].pairing_byes == 1
    assert points(rapid.tournament)[rapid.board1.first.player.name] == 1


def test_a_first_mover_who_never_comes_loses_the_board_for_both(rapid: World, frozen) -> None:
    started(rapid)
    frozen.advance(minutes=15)
    assert timekeeping.clocks_now(rapid.game, frozen.now).flagged is None
    frozen.now += MS
    with factories.committed():
        assert rapid.game.pk in timekeeping.check_clocks()
    assert reload(rapid.board1).result == "-/-"


def test_a_first_move_after_the_default_time_is_refused_and_forfeits(rapid: World, frozen) -> None:
    started(rapid)
    play(rapid.game, "A1=S")
    frozen.advance(minutes=15, milliseconds=1)
    with factories.committed(), pytest.raises(timekeeping.TimeIsUp):
        services.submit_move(game=rapid.game, user=rapid.opponent, notation="B1=O")
    assert reload(rapid.board1).result == "+/-"


def test_once_both_have_moved_the_clock_is_the_whole_time(rapid: World, frozen) -> None:
    started(rapid)
    play(rapid.game, "A1=S")
    frozen.advance(minutes=10)
    play(rapid.game, "B1=O")
    frozen.advance(minutes=40)  # far past the default time: a played game's clock runs on
    assert rapid.game.pk not in timekeeping.check_clocks()
    c = timekeeping.clocks_now(rapid.game, frozen.now)
    assert c.remaining == [timedelta(minutes=20), timedelta(minutes=50)]


def test_the_page_and_the_poll_end_a_no_show_once(rapid: World, frozen, client) -> None:
    started(rapid)
    frozen.advance(minutes=16)
    client.force_login(rapid.opponent)
    with factories.committed():
        page = client.get(rapid.game.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en")
        client.get(f"/games/{rapid.game.pk}/live/")
        timekeeping.check_clocks()
    assert "Both players forfeited" in page.content.decode()
    [record] = ResultRecord.objects.filter(game=rapid.game)
    assert record.decided_by is None and record.source == ResultSource.CLOCK


# -- who decided it: the clock -----------------------------------------------------------------


def test_a_flag_noticed_by_a_players_page_is_the_clocks_act(blitz: World, frozen, client) -> None:
    play(blitz.game, "A1=S", "B1=O")
    frozen.advance(seconds=183)
    client.force_login(blitz.opponent)  # the winner's page notices the flag
    with factories.committed():
        client.get(blitz.game.get_absolute_url())
    [record] = ResultRecord.objects.filter(game=blitz.game)
    assert (record.source, record.reason, record.decided_by) == (
        ResultSource.CLOCK,
        RecordReason.TIME,
        None,
    )


def casual(frozen: FrozenTime, base: int = 60) -> Game:
    a = factories.make_player("Ann", factories.make_user("ann"))
    b = factories.make_player("Ben", factories.make_user("ben"))
    return services.create_game(
        kind="sos",
        options={"rows": 3, "cols": 3},
        players=[a, b],
        created_by=a.user,
        time_control=TimeControl(FISCHER, base=base, step=0),
    )


def test_a_casual_flag_is_the_clocks_act_not_the_last_movers(db, frozen) -> None:
    game = casual(frozen)
    ann, ben = (s.player.user for s in game.seats.order_by("number"))
    services.submit_move(game=game, user=ann, notation="A1=S")
    services.submit_move(game=game, user=ben, notation="B1=O")
    frozen.advance(seconds=61)
    with factories.committed():
        assert timekeeping.notice(Game.objects.get(pk=game.pk))
    game.refresh_from_db()
    assert game.end_reason == endings.TIME and game.winners == [1]
    [record] = ResultRecord.objects.filter(game=game)
    assert (record.source, record.reason, record.decided_by) == (
        ResultSource.CLOCK,
        RecordReason.TIME,
        None,
    )


# -- casual games ----------------------------------------------------------------------------------


def test_a_casual_game_nobody_started_is_aborted_not_lost(db, frozen, client) -> None:
    game = casual(frozen)
    frozen.advance(seconds=60)
    assert timekeeping.check_clocks() == []  # its clocks ran from its creation
    frozen.now += MS
    with factories.committed():
        assert timekeeping.check_clocks() == [game.pk]
    game.refresh_from_db()
    assert game.status == GameStatus.ABORTED and game.winners is None
    assert game.end_reason == endings.ABORTED and game.result_text == ""
    assert not ResultRecord.objects.filter(game=game).exists()  # no result to record
    html = client.get(game.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Aborted" in html and "never made a first move" in html


def test_a_casual_game_whose_second_player_never_moves_is_aborted(db, frozen) -> None:
    game = casual(frozen, base=600)
    ann = game.seats.get(number=0).player.user
    services.submit_move(game=game, user=ann, notation="A1=S")
    frozen.advance(minutes=10, milliseconds=1)
    with factories.committed():
        assert timekeeping.check_clocks() == [game.pk]
    game.refresh_from_db()
    assert game.status == GameStatus.ABORTED and game.winners is None


# -- the round page and the settings -----------------------------------------------------------


def test_the_round_page_shows_the_start_and_the_boards_not_started(
    bullet: World, frozen, client_for
) -> None:
    url = bullet.round1.get_absolute_url()
    html = client_for(bullet.arbiter).get(url).content.decode()
    assert "Start the round" in html
    assert re.search(r"Boards not started yet \(no first move\):.*>1<.*>2<", html)
    assert "Start the round" not in client_for(bullet.seated).get(url).content.decode()
    # A player cannot start it through the form either.
    refused = client_for(bullet.seated).post(
        f"/tournaments/{bullet.tournament.pk}/rounds/1/clocks/", {"clocks": "begin"}
    )
    assert refused.status_code == 403
    answer = client_for(bullet.arbiter).post(
        f"/tournaments/{bullet.tournament.pk}/rounds/1/clocks/", {"clocks": "begin"}, follow=True
    )
    html = answer.content.decode()
    assert "The round has started: the clocks run." in html
    assert "Start the round" not in html and "Stop all clocks of this round" in html
    play(bullet.game, "A1=S")
    html = client_for(bullet.arbiter).get(url).content.decode()
    assert re.search(r"Boards not started yet \(no first move\):\s*<span[^>]*>2<", html)


def test_the_settings_page_sets_the_default_time(bullet: World, client_for) -> None:
    from tests.tournaments.test_settings import form_data

    client = client_for(bullet.arbiter)
    url = f"/tournaments/{bullet.tournament.pk}/settings/"
    assert "Default time (minutes)" in client.get(url).content.decode()
    answer = client.post(url, form_data(bullet.tournament, default_time="5"))
    assert answer.status_code == 302
    assert reload(bullet.tournament).default_time == 5
    # Left empty: as it is.
    assert client.post(url, form_data(bullet.tournament)).status_code == 302
    assert reload(bullet.tournament).default_time == 5
    html = client.post(url, form_data(bullet.tournament, default_time="0")).content.decode()
    assert "greater than or equal to 1" in html
    with pytest.raises(TournamentError) as bad:
        tournament_settings.update_tournament(
            tournament=bullet.tournament, user=bullet.arbiter, changes={"default_time": 99999}
        )
    assert bad.value.code == "default_time"
    # The start uses the time in force then.
    clocks.start_round(user=bullet.arbiter, rnd=bullet.round1)
    assert ResultRecord.objects.get(act=Act.START_ROUND).after["default_time"] == 5


def test_a_game_replayed_after_an_annulment_in_a_started_round_starts_at_once(
    bullet: World, frozen
) -> None:
    started(bullet)
    frozen.advance(seconds=5)
    old = bullet.game
    decisions.annul(user=bullet.arbiter, game=old, reason=RecordReason.ILLEGAL_CONDUCT)
    new = reload(bullet.board1).game
    assert new.pk != old.pk
    assert not timekeeping.is_waiting(new)
    frozen.advance(seconds=10)
    assert timekeeping.clocks_now(new, frozen.now).running == 0


def test_the_integrity_check_accepts_a_forfeit_by_the_clock(rapid: World, frozen) -> None:
    from games.integrity import problems_of_game

    started(rapid)
    play(rapid.game, "A1=S")
    frozen.advance(minutes=16)
    with factories.committed():
        timekeeping.check_clocks()
    assert rapid.game.end_reason == endings.FORFEIT
    assert problems_of_game(rapid.game) == []
