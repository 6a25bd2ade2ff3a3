"""The clocks on the server: a move too late is refused and the game lost on time, flags noticed
without moves (pages, polls, the periodic check), the tournaments' records and standings, the
arbiter's acts. The server's time is frozen and advanced by hand (``frozen``)."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import translation

from games import endings, recording, services, timekeeping
from games.clock import TimeControl
from games.errors import GameNotActive
from games.integrity import problems_of_game
from games.models import Game, GameStatus, Move
from games.timekeeping import TimeIsUp
from tests import factories
from tests.adjudication.helpers import World, play, points, reload
from tests.conftest import START
from tournaments.acts import claims, clocks
from tournaments.errors import TournamentError
from tournaments.models import Act, RecordReason, ResultRecord, ResultSource

CYRILLIC = re.compile("[а-яА-Я]")
MS = timedelta(milliseconds=1)


def first_mover(world: World):  # type: ignore[no-untyped-def]
    return world.seated


def opening(world: World) -> Game:
    """Board 1's first move each, at once (both sides have played: the game is a game); the
    first mover is to move again, with 3:02 each."""
    return play(world.game, "A1=S", "B1=O")


def test_paired_games_get_the_tournaments_time_control(blitz: World) -> None:
    assert blitz.game.time_control == "fischer/180/2"
    assert blitz.game.clock == TimeControl("fischer", base=180, step=2)
    assert reload(blitz.board2).game.time_control == "fischer/180/2"


def test_a_move_records_its_arrival_time(blitz: World, frozen) -> None:
    frozen.advance(seconds=7)
    play(blitz.game, "A1=S")
    move = Move.objects.get(game=blitz.game)
    assert move.created_at == START + timedelta(seconds=7)


def test_a_move_with_exactly_no_time_left_is_accepted(blitz: World, frozen) -> None:
    frozen.advance(seconds=180)
    play(blitz.game, "A1=S")
    assert blitz.game.ply == 1 and blitz.game.is_active


def test_the_move_one_millisecond_too_late_is_refused_and_the_game_lost_on_time(
    blitz: World, frozen
) -> None:
    opening(blitz)
    frozen.advance(seconds=182)
    frozen.now += MS
    with factories.committed(), pytest.raises(TimeIsUp) as refused:
        services.submit_move(game=blitz.game, user=blitz.seated, notation="C1=S")
    assert refused.value.code == "time_is_up"
    game = blitz.game
    assert game.ply == 2 and Move.objects.filter(game=game).count() == 2
    assert game.status == GameStatus.FINISHED
    assert game.winners == [1] and game.end_reason == endings.TIME
    assert game.finished_at == START + timedelta(seconds=182)
    assert problems_of_game(game) == []
    # The result reaches the pairing through the results service: one record, reason time,
    # the clock's act (decided by nobody).
    pairing = reload(blitz.board1)
    assert pairing.result == "0-1"
    [record] = ResultRecord.objects.filter(game=game)
    assert (record.act, record.source, record.reason) == (
        Act.RESULT,
        ResultSource.CLOCK,
        RecordReason.TIME,
    )
    assert record.decided_by is None
    # And nothing more can be played.
    with pytest.raises(GameNotActive):
        services.submit_move(game=game, user=blitz.seated, notation="C1=S")


def test_the_refusal_is_translated(blitz: World, frozen) -> None:
    frozen.advance(minutes=5)
    messages = {}
    for language, board in (("en", blitz.board1), ("ru", blitz.board2)):
        game = reload(board).game
        mover = blitz.user(board.first.player.name)
        with translation.override(language), pytest.raises(TimeIsUp) as refused:
            services.submit_move(game=game, user=mover, notation="A1=S")
        messages[language] = refused.value.message
    assert messages["en"].startswith("Time is up")
    assert CYRILLIC.search(messages["ru"])


def test_the_increment_carries_a_player_through_many_moves(blitz: World, frozen) -> None:
    # Each side thinks 2 s a move: the increment gives it back, nobody ever flags.
    for notation in ("A1=S", "B1=O", "C1=S", "A2=O", "B2=O", "C2=O", "A3=O", "B3=O"):
        frozen.advance(seconds=2)
        play(blitz.game, notation)
    game = blitz.game
    assert game.is_active
    c = timekeeping.clocks_now(game, frozen.now)
    # The first mover scored with C1 and moved again (an extra turn): its clock ran on.
    assert c.spent == [timedelta(seconds=2)] * 8
    assert c.remaining[0] == timedelta(seconds=180)
    assert c.remaining[1] == timedelta(seconds=180)


def test_the_periodic_check_ends_every_game_whose_time_ran_out_once(blitz: World, frozen) -> None:
    opening(blitz)
    frozen.advance(seconds=100)
    play(reload(blitz.board2).game, "A1=S")  # board 2's first mover moved in time
    frozen.advance(seconds=82)
    with factories.committed():
        assert timekeeping.check_clocks() == []
    frozen.advance(seconds=1)
    with factories.committed():
        assert timekeeping.check_clocks() == [blitz.game.pk]
        assert timekeeping.check_clocks() == []
    assert blitz.game.status == GameStatus.FINISHED
    assert reload(blitz.board2).game.is_active
    assert ResultRecord.objects.filter(game=blitz.game).count() == 1
    # The standings follow: the second mover of board 1 has the win.
    assert points(blitz.tournament)[blitz.board1.second.player.name] == 1


def test_a_correspondence_league_game_ends_on_time_by_the_periodic_command(
    league: World, frozen, capsys
) -> None:
    other = reload(league.board2).game
    frozen.advance(days=1)
    play(league.game, "A1=S")
    frozen.advance(days=1)
    play(league.game, "B1=O")
    frozen.advance(days=1)
    with factories.committed(), translation.override("en"):
        call_command("check_clocks")
    # Board 2's first mover let 3 days pass without a first move: nobody played there (-/-);
    # board 1's first mover has a day left.
    assert capsys.readouterr().out == f"1 game ended by its clock: {other.pk}\n"
    assert reload(league.board2).result == "-/-"
    assert league.game.is_active
    frozen.advance(days=1, seconds=1)
    with factories.committed(), translation.override("en"):
        call_command("check_clocks")
    assert capsys.readouterr().out == f"1 game ended by its clock: {league.game.pk}\n"
    game = league.game
    assert game.status == GameStatus.FINISHED and game.winners == [1]
    assert reload(league.board1).result == "0-1"


def test_the_poll_notices_a_flag(blitz: World, frozen, client) -> None:
    opening(blitz)
    frozen.advance(seconds=172)
    live = client.get(f"/games/{blitz.game.pk}/live/").json()
    assert live["status"] == "in_progress"
    assert live["clock"] == {
        "remaining_ms": [10_000, 182_000],
        "running": 0,
        "paused": False,
        "waiting": False,
        "out": [],
    }
    frozen.advance(seconds=11)
    with factories.committed():
        live = client.get(f"/games/{blitz.game.pk}/live/").json()
    assert live["status"] == "finished"
    assert live["clock"] == {
        "remaining_ms": [0, 182_000],
        "running": None,
        "paused": False,
        "waiting": False,
        "out": [],
    }
    assert reload(blitz.board1).result == "0-1"


def test_the_game_page_notices_a_flag(blitz: World, frozen, client) -> None:
    opening(blitz)
    frozen.advance(minutes=4)
    with factories.committed():
        page = client.get(blitz.game.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200
    assert "on time" in page.content.decode()
    assert blitz.game.status == GameStatus.FINISHED


def test_a_game_without_a_clock_never_flags(db, frozen) -> None:
    a = factories.make_player("A", factories.make_user("a"))
    b = factories.make_player("B", factories.make_user("b"))
    game = services.create_game(kind="sos", options={"rows": 3, "cols": 3}, players=[a, b])
    frozen.advance(days=400)
    services.submit_move(game=game, user=a.user, notation="A1=S")
    assert timekeeping.check_clocks() == []


def test_an_over_the_board_game_has_no_clock(db) -> None:
    a, b = factories.make_player("A"), factories.make_player("B")
    with pytest.raises(ValueError, match="over the board"):
        services.create_game(
            kind="sos",
            options={},
            players=[a, b],
            over_the_board=True,
            time_control="fischer/180/2",
        )


def test_claims_stay_only_for_games_without_a_clock(blitz: World, frozen) -> None:
    blitz.tournament.claim_after_minutes = 1
    blitz.tournament.save()
    frozen.advance(seconds=100)
    allowed, why = claims.claim_status(blitz.opponent, blitz.game)
    assert not allowed and "clock" in why


# -- the arbiter's acts --------------------------------------------------------------------------


def test_the_arbiter_adds_time_and_saves_a_flag(blitz: World, frozen) -> None:
    frozen.advance(seconds=170)
    version = factories.seen_version(game=blitz.game, pairing=blitz.board1)
    record = clocks.add_time(
        user=blitz.arbiter,
        game=blitz.game,
        seat=0,
        seconds=60,
        reason=RecordReason.TIME,
        note="opponent disturbed",
        expected_version=version,
    )
    assert record.act == Act.ADD_TIME and record.pairing == blitz.board1
    assert record.after["seconds"] == 60 and record.decided_by == blitz.arbiter
    frozen.advance(seconds=20)
    assert blitz.game.pk not in timekeeping.check_clocks()  # board 2 has flagged by now
    assert blitz.game.is_active
    assert timekeeping.clocks_now(blitz.game, frozen.now).remaining[0] == timedelta(seconds=50)
    # The same form sent again is already done.
    with pytest.raises(TournamentError) as again:
        clocks.add_time(
            user=blitz.arbiter,
            game=blitz.game,
            seat=0,
            seconds=60,
            reason=RecordReason.TIME,
            expected_version=version,
        )
    assert again.value.code == "stale"
    assert ResultRecord.objects.filter(act=Act.ADD_TIME).count() == 1


def test_only_the_arbiters_add_time(blitz: World, frozen) -> None:
    for user in (blitz.seated, blitz.other_arbiter, None):
        with pytest.raises(TournamentError) as refused:
            clocks.add_time(
                user=user, game=blitz.game, seat=0, seconds=60, reason=RecordReason.TIME
            )
        assert refused.value.code == "not_allowed"


def test_time_cannot_be_added_once_the_flag_has_fallen(blitz: World, frozen) -> None:
    opening(blitz)
    frozen.advance(seconds=183)
    with factories.committed(), pytest.raises(TournamentError):
        clocks.add_time(
            user=blitz.arbiter, game=blitz.game, seat=0, seconds=60, reason=RecordReason.TIME
        )
    assert blitz.game.status == GameStatus.FINISHED and blitz.game.end_reason == endings.TIME


def test_a_power_cut_stops_every_clock_of_the_round_and_they_start_again(
    blitz: World, frozen
) -> None:
    frozen.advance(seconds=60)
    record = clocks.pause_round(user=blitz.arbiter, rnd=blitz.round1, note="power cut")
    assert record.act == Act.PAUSE_CLOCKS and record.tournament == blitz.tournament
    assert sorted(record.after["games"]) == sorted([blitz.game.pk, reload(blitz.board2).game.pk])
    assert clocks.round_paused(blitz.round1) is True
    with pytest.raises(TournamentError) as twice:
        clocks.pause_round(user=blitz.arbiter, rnd=blitz.round1)
    assert twice.value.code == "stale"
    frozen.advance(hours=2)
    assert timekeeping.check_clocks() == []
    c = timekeeping.clocks_now(blitz.game, frozen.now)
    assert c.paused and c.running is None and c.remaining[0] == timedelta(seconds=120)
    clocks.resume_round(user=blitz.arbiter, rnd=blitz.round1)
    assert clocks.round_paused(blitz.round1) is False
    frozen.advance(seconds=120)
    assert timekeeping.check_clocks() == []
    frozen.advance(seconds=1)
    with factories.committed():
        assert sorted(timekeeping.check_clocks()) == sorted(
            [blitz.game.pk, reload(blitz.board2).game.pk]
        )
    acts = list(
        ResultRecord.objects.filter(tournament=blitz.tournament).values_list("act", flat=True)
    )
    assert acts.count(Act.PAUSE_CLOCKS) == 1 and acts.count(Act.RESUME_CLOCKS) == 1


def test_only_the_arbiters_stop_a_rounds_clocks(blitz: World, frozen) -> None:
    with pytest.raises(TournamentError):
        clocks.pause_round(user=blitz.seated, rnd=blitz.round1)
    assert clocks.round_paused(blitz.round1) is False


def test_a_move_during_a_pause_costs_no_time(blitz: World, frozen) -> None:
    frozen.advance(seconds=10)
    clocks.pause_round(user=blitz.arbiter, rnd=blitz.round1)
    frozen.advance(hours=1)
    play(blitz.game, "A1=S")
    c = timekeeping.clocks_now(blitz.game, frozen.now)
    assert c.remaining == [timedelta(seconds=172), timedelta(seconds=180)]
    assert c.paused


# -- pages and forms ----------------------------------------------------------------------------


def test_the_board_shows_both_clocks_and_the_time_each_move_took(
    blitz: World, frozen, client
) -> None:
    frozen.advance(seconds=12)
    play(blitz.game, "A1=S")
    frozen.advance(seconds=3)
    html = client.get(f"/games/{blitz.game.pk}/panel/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "3+2" in html
    assert 'data-seat="0" data-ms="170000"' in html
    assert 'data-seat="1" data-ms="177000"' in html
    assert re.search(r'class="clock seat-1 clock--running"', html)
    assert '<span class="move-time">0:12</span>' in html
    assert "js/clock.js" in html


def test_low_time_is_marked(blitz: World, frozen, client) -> None:
    frozen.advance(seconds=170)
    html = client.get(f"/games/{blitz.game.pk}/panel/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "clock seat-0 clock--running clock--low" in html
    assert re.search(r'aria-live="assertive">Low time: \w+', html)


def test_the_new_game_form_takes_a_time_control(db, client) -> None:
    user = factories.make_user("maker", password="pw-12345-long")
    a = factories.make_player("A", user)
    b = factories.make_player("B")
    client.force_login(user)
    data = {"kind": "sos", "rows": 5, "cols": 5, "mode": "most", "seat_0": a.pk, "seat_1": b.pk}
    bad = client.post(
        "/games/new/", {**data, "time_control": "ten minutes"}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert bad.status_code == 200 and "is not a time control" in bad.content.decode()
    assert not Game.objects.exists()
    made = client.post("/games/new/", {**data, "time_control": "5 d3"})
    assert made.status_code == 302
    assert Game.objects.get().time_control == "delay/300/3"


def test_the_tournament_settings_take_a_time_control(blitz: World, client) -> None:
    client.force_login(blitz.arbiter)
    page = client.get(f"/tournaments/{blitz.tournament.pk}/settings/")
    assert 'value="3+2"' in page.content.decode()
    from tournaments.acts import tournament_settings as settings_service

    settings_service.update_tournament(
        tournament=blitz.tournament,
        user=blitz.arbiter,
        changes={"time_control": "correspondence/3/0"},
    )
    assert reload(blitz.tournament).time_control == "correspondence/3/0"
    with pytest.raises(TournamentError):
        settings_service.update_tournament(
            tournament=blitz.tournament, user=blitz.arbiter, changes={"time_control": "bogus"}
        )


def test_the_arbiters_pages_offer_the_clock_acts(blitz: World, frozen, client) -> None:
    client.force_login(blitz.arbiter)
    page = client.get(f"/tournaments/games/{blitz.game.pk}/arbiter/").content.decode()
    assert 'id="act-add-time"' in page
    round_page = client.get(blitz.round1.get_absolute_url()).content.decode()
    assert 'name="clocks" value="stop"' in round_page
    response = client.post(
        f"/tournaments/{blitz.tournament.pk}/rounds/1/clocks/", {"clocks": "stop"}
    )
    assert response.status_code == 302
    assert clocks.round_paused(blitz.round1) is True
    version = factories.seen_version(game=blitz.game, pairing=blitz.board1)
    added = client.post(
        f"/tournaments/games/{blitz.game.pk}/clock/add/",
        {"seat": 1, "minutes": 2, "reason": "time", "note": "", "version": version},
    )
    assert added.status_code == 302
    assert ResultRecord.objects.filter(act=Act.ADD_TIME, game=blitz.game).count() == 1


def test_a_player_may_not_use_the_clock_acts(blitz: World, client) -> None:
    client.force_login(blitz.seated)
    assert (
        client.post(
            f"/tournaments/{blitz.tournament.pk}/rounds/1/clocks/", {"clocks": "stop"}
        ).status_code
        == 403
    )
    assert (
        client.post(
            f"/tournaments/games/{blitz.game.pk}/clock/add/", {"seat": 1, "minutes": 2}
        ).status_code
        == 403
    )


def test_the_admins_tournament_form_takes_the_short_form(blitz: World) -> None:
    from tournaments.acts.tournament_settings import SETTING_FIELDS
    from tournaments.admin.forms import TournamentAdminForm

    t = reload(blitz.tournament)
    initial = {f: getattr(t, f) for f in SETTING_FIELDS}
    shown = TournamentAdminForm(instance=t)["time_control"].value()
    assert TournamentAdminForm.base_fields["time_control"].prepare_value(shown) == "3+2"
    data = {k: v for k, v in initial.items() if v is not None}
    data.update(time_control="5 d2", tiebreaks='["buchholz"]', options='{"rows": 3, "cols": 3}')
    form = TournamentAdminForm(data=data, instance=t)
    form.is_valid()
    assert form.cleaned_data["time_control"] == "delay/300/2"
    bad = TournamentAdminForm(data={**data, "time_control": "soon"}, instance=t)
    assert not bad.is_valid() and "time_control" in bad.errors


def test_moves_entered_from_a_score_sheet_drop_the_clock(blitz: World, frozen) -> None:
    frozen.advance(hours=1)
    game = recording.record_moves(
        game=blitz.game, user=blitz.arbiter, moves=["A1=S", "B1=O"], expected_ply=0
    )
    assert game.time_control == "" and game.is_active
    assert timekeeping.check_clocks() == [reload(blitz.board2).game_id]
