"""Clearing a knockout match's results (issue 29): a correction that a later match's result
blocks ("match_played") goes through once the arbiter has cleared that match; the later match
is paired anew on its own boards; every step is in the arbiter's log."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.utils import translation

from tests.factories import make_user
from tests.tournaments.helpers import reload
from tests.tournaments.knockout_helpers import (
    finish,
    games_of,
    match_row,
    names,
    new_cup,
    pair,
    places,
    play,
    view,
    win,
)
from tournaments.acts import cup_clear, services
from tournaments.errors import TournamentError
from tournaments.models import Act, RecordReason, ResultRecord

pytestmark = pytest.mark.django_db


def _cup_with_a_final_played(arbiter: User):
    t = new_cup(arbiter, 4)
    pair(t, arbiter)
    win(t, arbiter, 1, "P01")
    win(t, arbiter, 2, "P02")
    finish(t, arbiter)
    pair(t, arbiter)
    win(t, arbiter, 3, "P02")
    return t


def test_clearing_the_later_match_unblocks_the_correction(arbiter: User) -> None:
    t = _cup_with_a_final_played(arbiter)
    first_game = games_of(t, 1)[0]
    (final_board,) = games_of(t, 3)
    with translation.override("en"), pytest.raises(TournamentError) as err:
        services.record_result(pairing=first_game, result="0-1", user=arbiter)
    assert err.value.code == "match_played" and "match 3" in str(err.value)
    cup_clear.clear_match(match=match_row(t, 3), user=arbiter, note="wrong winner in match 1")
    assert [g.result for g in games_of(t, 3)] == [""]
    assert not view(t).matches[3].status.decided
    cleared = ResultRecord.objects.filter(tournament=t, act=Act.MATCH).latest("pk")
    assert cleared.reason == RecordReason.CORRECTION and cleared.decided_by == arbiter
    assert cleared.note_text == "wrong winner in match 1"
    assert ResultRecord.objects.filter(
        pairing=final_board, act=Act.CORRECT_RESULT, reason=RecordReason.CORRECTION
    ).exists()
    # The correction now goes through; the final is paired anew on its own board.
    services.record_result(pairing=first_game, result="0-1", user=arbiter)
    assert set(names(t, 3)) == {"P04", "P02"}
    (again,) = games_of(t, 3)
    assert again.pk == final_board.pk and again.result == ""
    assert {again.first.player.name, again.second.player.name} == {"P04", "P02"}
    changed = ResultRecord.objects.filter(pairing=again, reason=RecordReason.PAIRING_CHANGED)
    assert changed.count() == 1
    win(t, arbiter, 3, "P04")
    finish(t, arbiter)
    assert places(t) == {"P04": 1, "P02": 2, "P01": 3, "P03": 3}


def test_clearing_is_refused_while_a_later_match_has_results(arbiter: User) -> None:
    t = _cup_with_a_final_played(arbiter)
    count = ResultRecord.objects.count()
    with translation.override("en"), pytest.raises(TournamentError) as err:
        cup_clear.clear_match(match=match_row(t, 1), user=arbiter)
    assert err.value.code == "match_played" and "match 3" in str(err.value)
    assert [g.result for g in games_of(t, 1)] == ["1-0"]  # nothing half-done
    assert ResultRecord.objects.count() == count


def test_only_an_arbiter_clears_and_only_a_result(arbiter: User) -> None:
    t = new_cup(arbiter, 2, games=2)
    pair(t, arbiter)
    with pytest.raises(TournamentError) as err:
        cup_clear.clear_match(match=match_row(t, 1), user=arbiter)
    assert err.value.code == "no_result"
    play(t, arbiter, 1, "1-0")
    with pytest.raises(TournamentError) as err:
        cup_clear.clear_match(match=match_row(t, 1), user=make_user("someone"))
    assert err.value.code == "not_allowed"
    assert [g.result for g in games_of(t, 1)] == ["1-0", ""]


def test_a_match_of_two_games_and_a_lot_is_cleared_whole(arbiter: User) -> None:
    t = new_cup(arbiter, 2, games=2, decider="lot")
    pair(t, arbiter)
    play(t, arbiter, 1, "1-0", "1-0")  # 1-1: lots
    from tournaments.acts import cup_play

    cup_play.draw_lot(match=match_row(t, 1), user=arbiter)
    assert view(t).matches[1].status.decided
    cup_clear.clear_match(match=match_row(t, 1), user=arbiter)
    row = reload(match_row(t, 1))
    assert row.lot_winner is None
    assert [g.result for g in games_of(t, 1)] == ["", ""]  # its boards kept, results gone
    state = view(t).matches[1].state
    assert state is not None and state.next_game == 1
    play(t, arbiter, 1, "1-0", "1/2")
    assert view(t).matches[1].state.winner == 0


def test_the_clear_button_on_the_round_page(arbiter: User, plain_user: User, client_for) -> None:
    from django.urls import reverse

    t = new_cup(arbiter, 2, games=2)
    rnd = pair(t, arbiter)
    play(t, arbiter, 1, "1-0")
    url = reverse("tournaments:cup_clear", args=[t.pk, 1])
    page = client_for(arbiter).get(rnd.get_absolute_url()).content.decode()
    assert url in page and "Clear the results" in page
    assert url not in client_for(plain_user).get(rnd.get_absolute_url()).content.decode()
    assert client_for(plain_user).post(url).status_code == 403
    assert client_for(None).post(url).status_code == 302  # to log in
    assert [g.result for g in games_of(t, 1)] == ["1-0", ""]
    assert client_for(arbiter).post(url).status_code == 302
    assert [g.result for g in games_of(t, 1)] == [""]  # game 2, never played, is gone
    response = client_for(arbiter).post(url, follow=True)  # nothing left: a clear message
    assert "This match has no result to clear." in response.content.decode()
    assert (
        client_for(arbiter).post(reverse("tournaments:cup_clear", args=[t.pk, 9])).status_code
        == 404
    )


def test_a_cup_on_the_site_clears_by_annulling(arbiter: User) -> None:
    """On the site the cleared game is annulled and its board gets a new game; after the
    correction the later match's board is given a game between its new players."""
    from games import endings
    from games import services as game_services
    from games.models import GameStatus
    from tests import factories
    from tests.tournaments.helpers import new_tournament, seed_players

    t = new_tournament(arbiter, format="knockout", online=True, time_control="fischer/600/5")
    seed_players(t, arbiter, 4)
    pair(t, arbiter)

    def won(number: int, seat: int) -> None:
        game = next(g for g in games_of(t, number) if not g.result).game
        with factories.committed():
            game_services.set_outcome(game=game, winners=[seat], reason=endings.ADJUDICATED)

    won(1, 0)
    won(2, 0)
    finish(t, arbiter)
    pair(t, arbiter)
    won(3, 0)
    (final,) = games_of(t, 3)
    played = final.game
    cup_clear.clear_match(match=match_row(t, 3), user=arbiter)
    (final,) = games_of(t, 3)
    assert reload(played).status == GameStatus.ANNULLED
    assert final.result == "" and final.game_id != played.pk
    services.record_result(pairing=games_of(t, 1)[0], result="0-1", user=arbiter)
    (final,) = games_of(t, 3)
    seats = {s.player.name for s in final.game.seats.all()}
    assert seats == set(names(t, 3)) == {"P04", "P02"}
    assert final.game.time_control == "fischer/600/5"


def test_a_game_a_correction_leaves_unneeded_does_not_hold_the_round_open(arbiter: User) -> None:
    """A match of two games level after them goes to its sudden-death game; that game played,
    the arbiter clears the match to correct game 2 (now the first player won both). The third
    board keeps its history (its records) but the match no longer needs it: the round finishes."""
    t = new_cup(arbiter, 2, games=2, decider="sudden_death")
    pair(t, arbiter)
    play(t, arbiter, 1, "1-0", "1-0")  # one win each (the first move alternates): level
    assert len(games_of(t, 1)) == 3  # the sudden-death game
    play(t, arbiter, 1, "1-0")
    assert view(t).matches[1].status.decided
    cup_clear.clear_match(match=match_row(t, 1), user=arbiter)
    second = games_of(t, 1)[1]
    play(t, arbiter, 1, "1-0")
    services.record_result(pairing=second, result="0-1", user=arbiter)  # game 1's winner again
    games = games_of(t, 1)
    assert [g.result for g in games] == ["1-0", "0-1", ""]  # the third board kept, unneeded
    assert view(t).matches[1].status.decided
    finish(t, arbiter)
    assert places(t) == {"P01": 1, "P02": 2}
