"""``pair_round``: starting ranks, Swiss and round robin rounds, byes, and the games it creates."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from django.contrib.auth.models import User

from games.models import Game
from tests.tournaments.helpers import (
    boards,
    enter_results,
    entry_of,
    finish,
    make_player,
    names,
    new_tournament,
    pair,
    play_round,
    register_all,
    reload,
    seed_players,
)
from tournaments import pairings
from tournaments.acts import services
from tournaments.errors import TournamentError
from tournaments.models import Pairing, Result, RoundStatus, TournamentStatus

pytestmark = pytest.mark.django_db


def meetings(tournament) -> list[frozenset[str]]:
    """Every pair that met over a board (byes left out), as sets of two names."""
    rows = Pairing.objects.filter(round__tournament=tournament, second__isnull=False)
    return [
        frozenset((p.first.player.name, p.second.player.name))
        for p in rows.select_related("first__player", "second__player")
    ]


# --- starting ranks and round 1 ----------------------------------------------------------------


def test_ranks_are_assigned_by_rating_when_round_one_is_paired(arbiter: User) -> None:
    t = new_tournament(arbiter)
    register_all(t, arbiter, [("Low", 1200), ("Top", 1900), ("Unrated", None), ("Mid", 1500)])
    assert set(t.entries.values_list("rank", flat=True)) == {None}
    pair(t, arbiter)
    ranks = dict(t.entries.values_list("player__name", "rank"))
    assert ranks == {"Top": 1, "Mid": 2, "Low": 3, "Unrated": 4}


def test_pairing_round_one_starts_the_tournament(arbiter: User) -> None:
    t = new_tournament(arbiter)
    seed_players(t, arbiter, 4)
    rnd = pair(t, arbiter)
    assert rnd.number == 1
    assert rnd.status == RoundStatus.PAIRED
    assert rnd.paired_at is not None
    assert reload(t).status == TournamentStatus.RUNNING


def test_swiss_round_one_pairs_top_half_against_bottom_half(arbiter: User) -> None:
    t = new_tournament(arbiter)
    seed_players(t, arbiter, 4)
    rnd = pair(t, arbiter)
    assert {frozenset(pair[:2]) for pair in names(rnd)} == {
        frozenset({"P01", "P03"}),
        frozenset({"P02", "P04"}),
    }


def test_an_odd_swiss_round_one_gives_one_bye_to_the_lowest_ranked(arbiter: User) -> None:
    t = new_tournament(arbiter)
    seed_players(t, arbiter, 5)
    rnd = pair(t, arbiter)
    byes = [p for p in boards(rnd) if p.second is None]
    assert len(byes) == 1
    (bye,) = byes
    assert bye.first.player.name == "P05"
    assert bye.first.rank == 5
    assert bye.result == Result.BYE
    assert bye.board == len(boards(rnd))  # the bye is the last board
    assert all(not p.result for p in boards(rnd) if p.second is not None)


def test_at_least_two_players_are_needed(arbiter: User) -> None:
    t = new_tournament(arbiter)
    seed_players(t, arbiter, 1)
    with pytest.raises(TournamentError) as info:
        pair(t, arbiter)
    assert info.value.code == "too_few"
    assert not t.round_set.exists()


def test_only_arbiters_pair(arbiter: User, plain_user: User, other_arbiter: User) -> None:
    t = new_tournament(arbiter)
    seed_players(t, arbiter, 4)
    for user in (None, plain_user, other_arbiter):
        with pytest.raises(TournamentError) as info:
            pairings.pair_round(tournament=t, user=user)
        assert info.value.code == "not_allowed"
    assert not t.round_set.exists()


# --- later Swiss rounds ------------------------------------------------------------------------


def test_the_previous_round_must_be_finished_first(arbiter: User) -> None:
    t = new_tournament(arbiter)
    seed_players(t, arbiter, 4)
    rnd = pair(t, arbiter)
    with pytest.raises(TournamentError) as info:
        pair(t, arbiter)
    assert info.value.code == "round_open"
    enter_results(rnd, arbiter)
    with pytest.raises(TournamentError) as info:  # results in, but the round is not finished
        pair(t, arbiter)
    assert info.value.code == "round_open"
    finish(rnd, arbiter)
    assert pair(t, arbiter).number == 2


def test_no_rematches_across_a_whole_swiss(arbiter: User) -> None:
    t = new_tournament(arbiter, rounds=4)
    seed_players(t, arbiter, 8)
    for result in ("1-0", "½-½", "0-1", "1-0"):
        play_round(t, arbiter, result)
    met = meetings(t)
    assert len(met) == 4 * 4
    assert len(set(met)) == len(met), Counter(met).most_common(3)


def test_no_second_bye_and_no_rematch_in_an_odd_swiss(arbiter: User) -> None:
    t = new_tournament(arbiter, rounds=3)
    seed_players(t, arbiter, 5)
    for _ in range(3):
        play_round(t, arbiter, "0-1")
    byes = Pairing.objects.filter(round__tournament=t, result=Result.BYE)
    assert byes.count() == 3
    assert len(set(byes.values_list("first", flat=True))) == 3
    met = meetings(t)
    assert len(set(met)) == len(met)


def test_requested_half_point_byes_are_honoured(arbiter: User) -> None:
    t = new_tournament(arbiter, rounds=3)
    seed_players(t, arbiter, 4)
    resting = services.register(
        tournament=t, player=make_player("Resting", rating=1500), user=arbiter, half_byes=[2]
    )
    first = play_round(t, arbiter)
    assert Result.HALF_BYE not in {p.result for p in boards(first)}
    rnd = pair(t, arbiter)
    mine = [p for p in boards(rnd) if resting.pk in (p.first_id, p.second_id)]
    assert len(mine) == 1
    (half,) = mine
    assert (half.second, half.result, half.game) == (None, Result.HALF_BYE, None)
    # The four others play two games: the half-point bye spares a pairing-allocated bye.
    others = [p for p in boards(rnd) if p != half]
    assert [p.result for p in others] == ["", ""]
    assert all(p.second is not None for p in others)
    enter_results(rnd, arbiter)
    finish(rnd, arbiter)
    third = play_round(t, arbiter)
    assert resting.pk in {p.first_id for p in boards(third)} | {p.second_id for p in boards(third)}


# --- round robin -------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "rounds"), [(4, 3), (5, 5), (6, 5)])
def test_a_round_robin_sets_its_rounds_and_every_pair_meets_once(
    arbiter: User, players: int, rounds: int
) -> None:
    t = new_tournament(arbiter, format="round_robin")
    seed_players(t, arbiter, players)
    pair(t, arbiter)
    assert reload(t).rounds == rounds
    rnd = t.round_set.get(number=1)
    for number in range(1, rounds + 1):
        if number > 1:
            rnd = pair(t, arbiter)
        byes = [p for p in boards(rnd) if p.second is None]
        assert len(byes) == players % 2
        assert all(p.result == Result.ZERO_BYE for p in byes)  # a free round scores nothing
        enter_results(rnd, arbiter, "½-½")
        finish(rnd, arbiter)
    met = meetings(t)
    everyone = {e.player.name for e in t.entries.select_related("player")}
    assert sorted(met, key=sorted) == sorted(
        (frozenset(c) for c in combinations(everyone, 2)), key=sorted
    )
    assert reload(t).status == TournamentStatus.FINISHED
    with pytest.raises(TournamentError) as info:
        pair(t, arbiter)
    assert info.value.code == "finished"


def test_a_double_round_robin_meets_twice_with_the_first_move_swapped(arbiter: User) -> None:
    t = new_tournament(arbiter, format="double_round_robin")
    seed_players(t, arbiter, 4)
    for _ in range(6):
        play_round(t, arbiter)
    assert reload(t).rounds == 6
    ordered = Counter(
        (p.first.player.name, p.second.player.name)
        for p in Pairing.objects.filter(round__tournament=t).select_related(
            "first__player", "second__player"
        )
    )
    assert len(ordered) == 12  # every ordered pair once: each player moves first once
    assert set(ordered.values()) == {1}


def test_a_withdrawn_players_round_robin_games_are_recorded_as_forfeits(arbiter: User) -> None:
    t = new_tournament(arbiter, format="round_robin", online=True)
    seed_players(t, arbiter, 4)
    play_round(t, arbiter)
    leaver = services.withdraw(entry=entry_of(t, "P03"), user=arbiter)  # from round 2
    for _ in (2, 3):
        rnd = pair(t, arbiter)
        (game,) = [p for p in boards(rnd) if leaver.pk in (p.first_id, p.second_id)]
        expected = Result.FORFEIT_LOSS if game.first_id == leaver.pk else Result.FORFEIT_WIN
        assert game.result == expected
        assert game.game is None  # nothing to play on the site
        others = [p for p in boards(rnd) if p != game]
        assert all(p.game is not None and not p.result for p in others)
        for p in others:
            services.record_result(pairing=p, result="1-0", user=arbiter)
        finish(rnd, arbiter)
    met = meetings(t)
    assert len(set(met)) == 6  # the schedule is kept: forfeits are on the boards


# --- games on the site -------------------------------------------------------------------------


def test_an_online_tournament_creates_a_game_per_board_with_the_players_seated(
    arbiter: User,
) -> None:
    t = new_tournament(arbiter, kind="sos", options={"rows": 4, "cols": 5}, online=True)
    seed_players(t, arbiter, 5)
    rnd = pair(t, arbiter)
    games = [p for p in boards(rnd) if p.second is not None]
    assert len(games) == 2
    assert Game.objects.count() == 2
    for p in games:
        assert p.game is not None
        assert p.game.kind == "sos"
        assert (p.game.options["rows"], p.game.options["cols"]) == (4, 5)
        assert p.game.ply == 0
        seats = list(p.game.seats.order_by("number").values_list("number", "player"))
        assert seats == [(0, p.first.player_id), (1, p.second.player_id)]
        assert p.game.rules.to_move(p.game.current_state()) == 0  # the first mover starts
    (bye,) = [p for p in boards(rnd) if p.second is None]
    assert bye.game is None


def test_an_online_ultimate_tournament_creates_ultimate_games(arbiter: User) -> None:
    t = new_tournament(arbiter, kind="uttt", options={"preset": "classic"}, online=True)
    seed_players(t, arbiter, 2)
    (p,) = boards(pair(t, arbiter))
    assert p.game.kind == "uttt"
    assert p.game.options["preset"] == "classic"


def test_a_paper_tournament_creates_no_games(arbiter: User) -> None:
    t = new_tournament(arbiter, online=False)
    seed_players(t, arbiter, 6)
    rnd = pair(t, arbiter)
    assert len(boards(rnd)) == 3
    assert all(p.game is None for p in boards(rnd))
    assert Game.objects.count() == 0
