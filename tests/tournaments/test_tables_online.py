"""SOS at tables played on the site (issue 30): seating a round makes a game a table with its
seats in the table's order and the tournament's options; a game played to its end gives its
table the result once, through the arbiter's act's core (counts read from the game); a seat out
on time is placed last; the arbiter corrects the result after the game's end; a result over the
board closes a game nobody played; the round page links each table's game."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from games import endings, timekeeping
from games import services as game_services
from games.authority import may_arbitrate_game
from games.errors import GameNotActive
from games.models import Game, GameStatus
from tests import factories
from tests.conftest import FrozenTime
from tests.tournaments.helpers import new_tournament, pair, seed_players
from tournaments import pairing
from tournaments.acts import clocks, decisions, services, table_games, tables
from tournaments.errors import TournamentError
from tournaments.models import (
    Act,
    RecordReason,
    ResultRecord,
    ResultSource,
    Round,
    TableSeat,
    TableSeating,
    Tournament,
)

pytestmark = pytest.mark.django_db
GRID = {"rows": 3, "cols": 3, "mode": "most"}


def online_event(arbiter: User, players: int, **fields: object) -> Tournament:
    values: dict = {
        "name": "Table Night",
        "format": "sos_tables",
        "format_options": {"size": 3},
        "online": True,
        "options": GRID,
    }
    values.update(fields)
    t = new_tournament(arbiter, **values)
    seed_players(t, arbiter, players, account=True)
    return t


def table_of(rnd: Round, number: int = 1) -> TableSeating:
    return TableSeating.objects.select_related("game").get(round=rnd, number=number)


def seat_rows(row: TableSeating) -> list[TableSeat]:
    return list(row.seats.select_related("entry__player__user").order_by("seat"))


def pick(game: Game) -> str:
    """A scoring move if there is one, else the first free cell, S and O in turn."""
    rules, state = game.rules, game.current_state()
    seat = rules.to_move(state)
    legal = rules.legal_moves(state)
    for move in legal:
        if rules.play(state, move).scores[seat] > state.scores[seat]:
            return move
    return legal[min(state.ply % 2, len(legal) - 1)]


def play_out(game: Game) -> Game:
    """Play ``game`` to its end, each move by the account of the seat to move."""
    with factories.committed():
        while True:
            game = Game.objects.get(pk=game.pk)
            if not game.is_active:
                return game
            seat = game.rules.to_move(game.current_state())
            user = game.seats.get(number=seat).player.user
            game_services.submit_move(game=game, user=user, notation=pick(game))


def test_seating_an_online_round_makes_a_game_a_table_with_its_seats_and_options(
    arbiter: User,
) -> None:
    t = online_event(arbiter, 7, time_control="fischer/600/5")
    rnd = pair(t, arbiter)
    rows = list(rnd.tables.select_related("game").order_by("number"))
    assert rows and all(row.seats.count() == 3 for row in rows)
    for row in rows:
        game = row.game
        assert game is not None and game.kind == "sos"
        assert game.options == {**GRID, "players": row.seats.count()}
        assert game.time_control == "fischer/600/5"
        assert timekeeping.is_waiting(game)  # until the arbiter starts the round
        players = [s.player_id for s in game.seats.order_by("number")]
        assert players == [s.entry.player_id for s in seat_rows(row)]
    assert not Game.objects.filter(pairing__round=rnd).exists()  # byes have no game


def test_an_event_over_the_board_makes_no_game(arbiter: User) -> None:
    t = online_event(arbiter, 6, online=False)
    rnd = pair(t, arbiter)
    assert not rnd.tables.filter(game__isnull=False).exists()


def test_a_game_played_to_its_end_records_its_table_once(arbiter: User) -> None:
    t = online_event(arbiter, 3)
    rnd = pair(t, arbiter)
    row = table_of(rnd)
    game = play_out(row.game)
    assert game.status == GameStatus.FINISHED
    seats = seat_rows(row)
    assert [s.sos_count for s in seats] == game.scores
    assert [s.place for s in seats] == pairing.placings(game.scores)
    records = ResultRecord.objects.filter(tournament=t, act=Act.RESULT, game=game)
    assert records.count() == 1
    assert records.get().source == ResultSource.ONLINE
    with factories.committed():  # the signal again: nothing new
        assert table_games.sync_game(game)
    assert ResultRecord.objects.filter(tournament=t, game=game).count() == 1
    services.finish_round(round=rnd, user=arbiter)  # every table has its result


def test_the_first_sos_wins_variant_ends_the_table_at_the_first_sos(arbiter: User) -> None:
    t = online_event(arbiter, 3, options={**GRID, "mode": "first"})
    row = table_of(pair(t, arbiter))
    game = play_out(row.game)
    assert game.end_reason == "sos_first"
    seats = seat_rows(row)
    assert sorted(s.sos_count for s in seats) == [0, 0, 1]
    winner = next(s for s in seats if s.sos_count == 1)
    assert winner.place == 1 and game.winners == [winner.seat]


def test_the_arbiter_cannot_type_counts_while_the_game_is_played(arbiter: User) -> None:
    t = online_event(arbiter, 3)
    row = table_of(pair(t, arbiter))
    user = seat_rows(row)[0].entry.player.user
    game_services.submit_move(game=row.game, user=user, notation="A1=S")
    with pytest.raises(TournamentError) as err:
        tables.record_table(table=row, counts=[1, 0, 0], user=arbiter)
    assert err.value.code == "game_on_site"


def test_the_arbiter_corrects_a_table_after_its_game_ended(arbiter: User) -> None:
    t = online_event(arbiter, 3)
    rnd = pair(t, arbiter)
    row = table_of(rnd)
    game = play_out(row.game)
    tables.record_table(table=row, counts=[7, 2, 2], user=arbiter, note="sheet")
    seats = seat_rows(row)
    assert [s.sos_count for s in seats] == [7, 2, 2]
    assert [s.place for s in seats] == [1.0, 2.5, 2.5]
    assert [s.points for s in seats] == pytest.approx([2.0, 0.5, 0.5])
    fix = ResultRecord.objects.get(tournament=t, act=Act.CORRECT_RESULT)
    assert fix.source == ResultSource.PAPER and fix.after["counts"] == [7, 2, 2]
    with factories.committed():  # the game's signal again does not undo the correction
        table_games.sync_game(game)
    assert [s.sos_count for s in seat_rows(row)] == [7, 2, 2]


def test_a_result_over_the_board_closes_the_game_nobody_played(arbiter: User) -> None:
    t = online_event(arbiter, 3)
    rnd = pair(t, arbiter)
    row = table_of(rnd)
    with factories.committed():
        tables.record_table(table=row, counts=[1, 4, 2], user=arbiter)
    game = Game.objects.get(pk=row.game_id)
    assert game.status == GameStatus.ADJUDICATED and game.winners == [1]
    assert [s.sos_count for s in seat_rows(row)] == [1, 4, 2]  # the game's 0s do not replace them
    assert ResultRecord.objects.filter(tournament=t, act=Act.RESULT).count() == 1
    with pytest.raises(GameNotActive):  # the game is over: no move
        game_services.submit_move(
            game=game, user=seat_rows(row)[0].entry.player.user, notation="A1=S"
        )


def opening(arbiter: User, frozen: FrozenTime) -> tuple[Tournament, TableSeating, list]:
    """A 3-table at 1 minute a game, started; three moves a second apart, then seat 0 makes an
    SOS (at 3 s, 59 s left) and is to move again: its flag falls at 62 s."""
    t = online_event(arbiter, 3, time_control="fischer/60/0")
    rnd = pair(t, arbiter)
    clocks.start_round(user=arbiter, rnd=rnd)
    row = table_of(rnd)
    users = [s.entry.player.user for s in seat_rows(row)]
    for user, move in zip(users, ["A1=S", "C1=S", "A3=S"], strict=True):
        game_services.submit_move(game=row.game, user=user, notation=move)
        frozen.now += timedelta(seconds=1)
    game_services.submit_move(game=row.game, user=users[0], notation="B1=O")  # an SOS: again
    return t, row, users


def test_a_seat_whose_flag_falls_is_out_the_others_play_on_and_it_is_placed_last(
    arbiter: User, frozen: FrozenTime
) -> None:
    t, row, users = opening(arbiter, frozen)
    frozen.now += timedelta(seconds=70)  # seat 0, to move again, thinks too long
    with factories.committed():
        assert row.game.pk in timekeeping.check_clocks()
    game = Game.objects.get(pk=row.game_id)
    assert game.is_active and game.out_seats == ((0, 4),)
    assert game.rules.to_move(game.current_state()) == 1  # the others play on
    with pytest.raises(timekeeping.OutOfGame):  # the seat out moves no more
        game_services.submit_move(game=game, user=users[0], notation="C3=S")
    game = play_out(game)
    assert game.end_reason == "sos_most" and game.status == GameStatus.FINISHED
    assert game.moves.filter(seat=0).count() == 2  # its letters stay on the board
    assert 0 not in game.winners
    seats = seat_rows(row)
    assert seats[0].sos_count == 1  # its count stays
    assert seats[0].place == 3.0  # out: last, whatever its count
    rec = ResultRecord.objects.get(tournament=t, act=Act.RESULT)
    assert rec.source == ResultSource.ONLINE and rec.after["out"] == [0]


def test_two_flags_leave_one_seat_in_who_wins_the_table(arbiter: User, frozen: FrozenTime) -> None:
    t, row, _users = opening(arbiter, frozen)
    frozen.now += timedelta(seconds=150)  # seat 0 out at 62 s, seat 1 (59 s left) at 121 s
    with factories.committed():
        assert row.game.pk in timekeeping.check_clocks()
    game = Game.objects.get(pk=row.game_id)
    assert game.status == GameStatus.FINISHED and game.end_reason == endings.LAST_IN
    assert game.winners == [2] and [s for s, _ply in game.out_seats] == [0, 1]
    assert timekeeping.ended_by_clock(game)
    clock = timekeeping.clocks_now(game, frozen.now)
    assert clock.running is None and clock.out == frozenset({0, 1})
    seats = seat_rows(row)
    assert [s.sos_count for s in seats] == [1, 0, 0]
    assert [s.place for s in seats] == [2.5, 2.5, 1.0]
    rec = ResultRecord.objects.get(tournament=t, act=Act.RESULT)
    assert rec.source == ResultSource.CLOCK and rec.decided_by is None
    assert rec.reason == RecordReason.TIME and rec.after["out"] == [0, 1]


def test_the_round_page_links_each_tables_game(arbiter: User, client: Client) -> None:
    t = online_event(arbiter, 3)
    rnd = pair(t, arbiter)
    row = table_of(rnd)
    page = client.get(rnd.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert row.game.get_absolute_url() in page
    play_out(row.game)
    page = client.get(rnd.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Finished" in page
    game_page = client.get(row.game.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en")
    text = game_page.content.decode()
    for seat in seat_rows(row):
        assert seat.entry.player.name in text
    assert f'href="{row.get_absolute_url()}"' in text  # back to its table


def test_the_tournaments_arbiter_arbitrates_a_tables_game(arbiter: User) -> None:
    t = online_event(arbiter, 3)
    row = table_of(pair(t, arbiter))
    assert may_arbitrate_game(arbiter, row.game)
    assert not may_arbitrate_game(seat_rows(row)[0].entry.player.user, row.game)


def test_the_arbiters_decision_on_a_tables_game_records_the_table(arbiter: User) -> None:
    t = online_event(arbiter, 3)
    row = table_of(pair(t, arbiter))
    users = [s.entry.player.user for s in seat_rows(row)]
    game_services.submit_move(game=row.game, user=users[0], notation="A1=S")
    game_services.submit_move(game=row.game, user=users[1], notation="B1=O")
    game_services.submit_move(game=row.game, user=users[2], notation="C1=S")  # an SOS
    with factories.committed():
        decisions.decide(
            user=arbiter,
            reason=RecordReason.UNFINISHED,
            result="",
            game=row.game,
            winners=[2],
        )
    seats = seat_rows(row)
    assert [s.sos_count for s in seats] == [0, 0, 1]  # the counts as they stood
    assert [s.place for s in seats] == [2.5, 2.5, 1.0]
    rec = ResultRecord.objects.get(tournament=t, act=Act.RESULT)
    assert rec.source == ResultSource.ADJUDICATION


def test_the_arbiters_log_shows_a_tables_game_result_and_its_correction(arbiter: User) -> None:
    t = online_event(arbiter, 3)
    row = table_of(pair(t, arbiter))
    play_out(row.game)
    tables.record_table(table=row, counts=[3, 2, 1], user=arbiter)
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(arbiter)
    response = client.get(reverse("tournaments:log", args=[t.pk]))
    assert response.status_code == 200
    assert response.content.decode().count("Стол 1") >= 2  # the result and its correction
