"""A single-elimination cup run through the services as an arbiter runs it (issue 29): seeding,
matches of two games with an armageddon, a lot, byes, a walkover, corrections."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import translation

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
from tournaments import queries
from tournaments.acts import cup_play, services
from tournaments.errors import TournamentError
from tournaments.models import Act, Entry, RecordReason, ResultRecord, TournamentStatus
from tournaments.models.knockout import BOTH_WITHDRAWN

pytestmark = pytest.mark.django_db


def reasons(t) -> list[str]:
    return list(
        ResultRecord.objects.filter(tournament=t, act=Act.MATCH)
        .order_by("pk")
        .values_list("reason", flat=True)
    )


def test_an_eight_player_cup_from_seeding_to_champion(arbiter: User) -> None:
    t = new_cup(arbiter, 8, games=2, decider="armageddon", third_place=True)
    cup_play.seed_cup(tournament=t, user=arbiter)
    pair(t, arbiter)
    assert [names(t, n) for n in (1, 2, 3, 4)] == [
        ("P01", "P08"),
        ("P04", "P05"),
        ("P03", "P06"),
        ("P02", "P07"),
    ]
    # Match 1: two draws, then the armageddon (P01 moves first in game 3): a draw sends P08 on.
    play(t, arbiter, 1, "1/2", "1/2")
    third = games_of(t, 1)[2]
    assert (third.first.player.name, third.second.player.name) == ("P01", "P08")
    play(t, arbiter, 1, "1/2")
    assert reasons(t) == [RecordReason.DECIDER_STARTED, RecordReason.BY_ARMAGEDDON]
    # The others: the higher seed wins both games (the first move alternates).
    for number in (2, 3, 4):
        play(t, arbiter, number, "1-0", "0-1")
        assert len(games_of(t, number)) == 2
    finish(t, arbiter)
    assert places(t) == {"P01": 5, "P05": 5, "P06": 5, "P07": 5}
    pair(t, arbiter)
    assert names(t, 5) == ("P08", "P04") and names(t, 6) == ("P03", "P02")
    play(t, arbiter, 5, "1-0", "1-0")  # 1-1: then the armageddon
    play(t, arbiter, 5, "0-1")  # P08 first: P04 wins
    play(t, arbiter, 6, "0-1", "1-0")  # P02 wins both
    finish(t, arbiter)
    pair(t, arbiter)
    assert names(t, 7) == ("P08", "P03")  # the third-place match, numbered before the final
    assert names(t, 8) == ("P04", "P02")
    play(t, arbiter, 7, "0-1", "1/2")
    play(t, arbiter, 8, "1-0", "1/2")
    finish(t, arbiter)
    t = reload(t)
    assert t.status == TournamentStatus.FINISHED and t.rounds == 3
    assert places(t) == {
        "P04": 1,
        "P02": 2,
        "P03": 3,
        "P08": 4,
        "P01": 5,
        "P05": 5,
        "P06": 5,
        "P07": 5,
    }
    table = queries.standings(t)
    assert table.by_places
    assert [(e.player.name, row.place_label) for row, e in table.lines()][:4] == [
        ("P04", "1"),
        ("P02", "2"),
        ("P03", "3"),
        ("P08", "4"),
    ]
    with translation.override("en"), pytest.raises(TournamentError) as err:
        pair(t, arbiter)
    assert err.value.code in ("finished", "all_paired")


def test_a_level_match_goes_to_lots_the_arbiter_draws(arbiter: User) -> None:
    t = new_cup(arbiter, 2, games=1, decider="lot")
    pair(t, arbiter)
    play(t, arbiter, 1, "1/2")
    assert len(games_of(t, 1)) == 1  # no more games: the lot
    with translation.override("en"), pytest.raises(TournamentError) as err:
        finish(t, arbiter)
    assert str(err.value) == "Match 1 is not decided yet."
    with pytest.raises(TournamentError):
        cup_play.draw_lot(match=match_row(t, 1), user=None)
    row = cup_play.draw_lot(match=match_row(t, 1), user=arbiter)
    assert row.lot_winner in (0, 1)
    with pytest.raises(TournamentError):  # drawn once
        cup_play.draw_lot(match=match_row(t, 1), user=arbiter)
    assert reasons(t) == [RecordReason.DECIDER_STARTED, RecordReason.BY_LOT]
    finish(t, arbiter)
    winner = ("P01", "P02")[row.lot_winner]
    assert places(t)[winner] == 1
    assert reload(t).status == TournamentStatus.FINISHED


def test_byes_go_to_the_top_seeds_in_round_one(arbiter: User) -> None:
    t = new_cup(arbiter, 6)
    pair(t, arbiter)
    assert names(t, 1) == ("P01", None) and names(t, 4) == ("P02", None)
    assert games_of(t, 1) == [] and games_of(t, 4) == []
    assert view(t).matches[1].status.status == "bye"
    win(t, arbiter, 2, "P04")
    win(t, arbiter, 3, "P03")
    finish(t, arbiter)
    pair(t, arbiter)
    assert names(t, 5) == ("P01", "P04") and names(t, 6) == ("P03", "P02")
    assert places(t) == {"P05": 5, "P06": 5}


def test_a_withdrawal_gives_a_walkover(arbiter: User) -> None:
    t = new_cup(arbiter, 4)
    pair(t, arbiter)
    first = {names(t, n)[0] for n in (1, 2)}
    assert first == {"P01", "P02"}
    win(t, arbiter, 1, "P01")
    win(t, arbiter, 2, "P02")
    services.withdraw(entry=Entry.objects.get(player__name="P01"), user=arbiter, from_round=2)
    finish(t, arbiter)
    pair(t, arbiter)
    final = match_row(t, 3)
    assert final.walkover_winner == 1 and games_of(t, 3) == []
    walkover = ResultRecord.objects.get(tournament=t, act=Act.FORFEIT)
    assert walkover.reason == RecordReason.WITHDRAWAL
    finish(t, arbiter)
    assert places(t)["P02"] == 1 and places(t)["P01"] == 2


def test_a_correction_re_decides_its_match_and_the_bracket_after_it(arbiter: User) -> None:
    t = new_cup(arbiter, 4)
    pair(t, arbiter)
    win(t, arbiter, 1, "P01")
    win(t, arbiter, 2, "P02")
    finish(t, arbiter)
    pair(t, arbiter)
    assert set(names(t, 3)) == {"P01", "P02"}
    game = games_of(t, 1)[0]
    services.record_result(pairing=game, result="0-1", user=arbiter)  # P04 won, in truth
    assert set(names(t, 3)) == {"P04", "P02"}  # the final, not played yet, paired anew
    assert len(games_of(t, 3)) == 1
    win(t, arbiter, 3, "P02")
    # Now the final has a result: changing match 1's winner again is refused, naming it.
    with translation.override("en"), pytest.raises(TournamentError) as err:
        services.record_result(pairing=game, result="1-0", user=arbiter)
    assert err.value.code == "match_played"
    assert "match 3" in str(err.value)
    assert reload(game).result == "0-1"
    assert set(names(t, 3)) == {"P04", "P02"}


def test_a_correction_that_levels_a_match_brings_its_tie_break(arbiter: User) -> None:
    t = new_cup(arbiter, 2, games=2, tiebreak_games=2, decider="sudden_death")
    pair(t, arbiter)
    play(t, arbiter, 1, "1-0", "1/2")  # P01 1½-½
    assert view(t).matches[1].state.decided
    services.record_result(pairing=games_of(t, 1)[1], result="1-0", user=arbiter)  # P02 won g2
    assert len(games_of(t, 1)) == 3  # level: the first tie-break game
    assert reasons(t) == [RecordReason.TIEBREAK_STARTED]
    play(t, arbiter, 1, "1/2", "1/2")  # the tie-break level too: sudden death
    play(t, arbiter, 1, "1/2", "0-1")  # game 6: P02 moves first and loses
    state = view(t).matches[1].state
    assert state.decided_by == "sudden_death" and state.winner == 0
    assert reasons(t)[-1] == RecordReason.BY_SUDDEN_DEATH
    finish(t, arbiter)
    assert places(t) == {"P01": 1, "P02": 2}


def test_two_withdrawn_players_send_nobody_on(arbiter: User) -> None:
    """Both players of a semi-final withdraw: their match is a walkover to nobody (recorded),
    and the other semi-final's winner has the final as a bye: champion without playing it."""
    t = new_cup(arbiter, 8)
    pair(t, arbiter)
    for number in (1, 2, 3, 4):
        win(t, arbiter, number, names(t, number)[0])
    finish(t, arbiter)
    gone = [names(t, 1)[0], names(t, 2)[0]]  # the players the bracket sends to match 5
    for name in gone:
        services.withdraw(entry=Entry.objects.get(player__name=name), user=arbiter, from_round=2)
    pair(t, arbiter)
    semi = match_row(t, 5)
    assert {semi.first.player.name, semi.second.player.name} == set(gone)
    assert semi.walkover_winner == BOTH_WITHDRAWN and games_of(t, 5) == []
    assert view(t).matches[5].status.winner == 0  # nobody goes on
    walkover = ResultRecord.objects.get(tournament=t, act=Act.FORFEIT)
    assert walkover.reason == RecordReason.WITHDRAWAL
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get(t.get_absolute_url()).content.decode()
    assert "Walkover: both players withdrew, nobody goes on" in page
    drawn = Client().get(reverse("tournaments:bracket", args=[t.pk]))
    assert drawn.status_code == 200 and drawn.content.decode().count("bracket-slot--loser") >= 2
    champion = names(t, 6)[0]
    win(t, arbiter, 6, champion)
    finish(t, arbiter)
    assert view(t).state.champion is not None
    assert places(t)[champion] == 1
    assert reload(t).status == TournamentStatus.FINISHED
