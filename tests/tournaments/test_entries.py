"""``register``, ``withdraw`` and ``reinstate``: who plays which rounds."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.utils import translation

from tests.tournaments.helpers import (
    boards,
    enter_results,
    entry_of,
    finish,
    make_player,
    new_tournament,
    pair,
    play_round,
    reload,
    seed_players,
)
from tournaments.acts import services
from tournaments.errors import TournamentError
from tournaments.models import Entry, Pairing, Result

pytestmark = pytest.mark.django_db


def pairings_of(entry: Entry) -> dict[int, str]:
    """``{round number: result}`` of every board ``entry`` sits on."""
    rows = Pairing.objects.filter(first=entry).values_list("round__number", "result")
    rows2 = Pairing.objects.filter(second=entry).values_list("round__number", "result")
    return dict(rows) | dict(rows2)


# --- register ----------------------------------------------------------------------------------


def test_register_creates_an_entry_with_the_players_rating(arbiter: User) -> None:
    t = new_tournament(arbiter)
    player = make_player("Alice", rating=1640)
    entry = services.register(tournament=t, player=player, user=arbiter, half_byes=[3, 2, 3])
    assert (entry.tournament, entry.player, entry.rating) == (t, player, 1640)
    assert entry.joined_round == 1
    assert entry.half_byes == [2, 3]
    assert entry.withdrawn_from_round is None


def test_an_explicit_rating_overrides_the_players(arbiter: User) -> None:
    t = new_tournament(arbiter)
    entry = services.register(
        tournament=t, player=make_player("Alice", rating=1640), user=arbiter, rating=1700
    )
    assert entry.rating == 1700


@pytest.mark.parametrize("who", ["anonymous", "nobody", "plain_user", "other_arbiter"])
def test_only_arbiters_register(who: str, arbiter: User, request: pytest.FixtureRequest) -> None:
    t = new_tournament(arbiter)
    if who == "anonymous":
        user = AnonymousUser()
    elif who == "nobody":
        user = None
    else:
        user = request.getfixturevalue(who)
    with pytest.raises(TournamentError) as info:
        services.register(tournament=t, player=make_player("Alice"), user=user)
    assert info.value.code == "not_allowed"
    assert not t.entries.exists()


def test_a_superuser_may_register(arbiter: User, superuser: User) -> None:
    t = new_tournament(arbiter)
    services.register(tournament=t, player=make_player("Alice"), user=superuser)
    assert t.entries.count() == 1


def test_registering_the_same_player_twice_is_refused(arbiter: User) -> None:
    t = new_tournament(arbiter)
    alice = make_player("Alice")
    services.register(tournament=t, player=alice, user=arbiter)
    with translation.override("en"), pytest.raises(TournamentError) as info:
        services.register(tournament=t, player=alice, user=arbiter)
    assert info.value.code == "duplicate"
    assert info.value.message == "\u2068Alice\u2069 is already registered."
    assert t.entries.count() == 1


def test_a_late_entry_gets_zero_point_byes_for_the_rounds_missed(arbiter: User) -> None:
    t = new_tournament(arbiter, rounds=4)
    seed_players(t, arbiter, 4)
    play_round(t, arbiter)
    pair(t, arbiter)  # round 2 paired, not finished
    late = services.register(tournament=t, player=make_player("Late"), user=arbiter)
    assert late.joined_round == 3
    assert pairings_of(late) == {1: Result.ZERO_BYE, 2: Result.ZERO_BYE}
    bye = Pairing.objects.get(first=late, round__number=2)
    assert bye.second is None
    assert bye.game is None


def test_a_late_entry_gets_the_half_point_byes_asked_for(arbiter: User) -> None:
    t = new_tournament(arbiter, rounds=4)
    seed_players(t, arbiter, 4)
    play_round(t, arbiter)
    play_round(t, arbiter)
    late = services.register(
        tournament=t, player=make_player("Late"), user=arbiter, half_byes=[2, 4]
    )
    assert late.joined_round == 3
    assert pairings_of(late) == {1: Result.ZERO_BYE, 2: Result.HALF_BYE}


def test_a_late_entry_is_paired_from_the_round_he_joins(arbiter: User) -> None:
    t = new_tournament(arbiter, rounds=3)
    seed_players(t, arbiter, 3)
    play_round(t, arbiter)
    late = services.register(tournament=t, player=make_player("Late"), user=arbiter)
    rnd = pair(t, arbiter)
    on_boards = {p.first_id for p in boards(rnd)} | {p.second_id for p in boards(rnd)}
    assert late.pk in on_boards


def test_a_round_robin_refuses_late_entries(arbiter: User) -> None:
    t = new_tournament(arbiter, format="round_robin")
    seed_players(t, arbiter, 4)
    pair(t, arbiter)
    with pytest.raises(TournamentError) as info:
        services.register(tournament=t, player=make_player("Late"), user=arbiter)
    assert info.value.code == "started"
    assert t.entries.count() == 4


def test_a_round_robin_takes_players_until_it_is_paired(arbiter: User) -> None:
    t = new_tournament(arbiter, format="round_robin")
    seed_players(t, arbiter, 4)
    services.register(tournament=t, player=make_player("Fifth"), user=arbiter)
    assert t.entries.count() == 5


def test_no_entry_once_every_round_is_paired_or_the_tournament_is_finished(arbiter: User) -> None:
    t = new_tournament(arbiter, rounds=1)
    seed_players(t, arbiter, 2)
    rnd = pair(t, arbiter)
    with pytest.raises(TournamentError) as info:
        services.register(tournament=t, player=make_player("Late"), user=arbiter)
    assert info.value.code == "too_late"
    enter_results(rnd, arbiter)
    finish(rnd, arbiter)
    with pytest.raises(TournamentError) as info:
        services.register(tournament=t, player=make_player("Later"), user=arbiter)
    assert info.value.code == "finished"


# --- withdraw and reinstate --------------------------------------------------------------------


def test_a_withdrawn_player_is_not_paired_in_later_rounds(arbiter: User) -> None:
    t = new_tournament(arbiter, rounds=3)
    seed_players(t, arbiter, 5)
    pair(t, arbiter)
    leaver = entry_of(t, "P02")
    services.withdraw(entry=leaver, user=arbiter)  # from the next round, 2
    assert reload(leaver).withdrawn_from_round == 2
    enter_results(t.round_set.get(number=1), arbiter)
    finish(t.round_set.get(number=1), arbiter)
    for number in (2, 3):
        rnd = play_round(t, arbiter)
        assert rnd.number == number
        assert not rnd.pairings.filter(first=leaver).exists()
        assert not rnd.pairings.filter(second=leaver).exists()
        assert rnd.pairings.count() == 2  # four players left: two boards, no bye
    assert set(pairings_of(leaver)) == {1}


def test_a_withdrawal_before_round_one_keeps_the_player_out_of_every_round(arbiter: User) -> None:
    t = new_tournament(arbiter, rounds=2)
    seed_players(t, arbiter, 4)
    services.withdraw(entry=entry_of(t, "P01"), user=arbiter)
    rnd = play_round(t, arbiter)
    assert rnd.pairings.count() == 2  # three players: a game and a bye
    assert pairings_of(entry_of(t, "P01")) == {}


def test_withdrawing_from_a_paired_round_is_refused(arbiter: User) -> None:
    t = new_tournament(arbiter, rounds=3)
    seed_players(t, arbiter, 4)
    pair(t, arbiter)
    with translation.override("en"), pytest.raises(TournamentError) as info:
        services.withdraw(entry=entry_of(t, "P01"), user=arbiter, from_round=1)
    assert info.value.code == "paired"
    assert "later round" in info.value.message
    assert reload(entry_of(t, "P01")).withdrawn_from_round is None


def test_withdrawing_from_a_chosen_later_round(arbiter: User) -> None:
    t = new_tournament(arbiter, rounds=3)
    seed_players(t, arbiter, 4)
    leaver = services.withdraw(entry=entry_of(t, "P03"), user=arbiter, from_round=3)
    assert leaver.withdrawn_from_round == 3
    for _ in range(3):
        play_round(t, arbiter)
    assert set(pairings_of(leaver)) == {1, 2}


def test_only_arbiters_withdraw_and_reinstate(arbiter: User, plain_user: User) -> None:
    t = new_tournament(arbiter)
    (entry, _) = seed_players(t, arbiter, 2)
    with pytest.raises(TournamentError):
        services.withdraw(entry=entry, user=plain_user)
    services.withdraw(entry=entry, user=arbiter)
    with pytest.raises(TournamentError):
        services.reinstate(entry=entry, user=plain_user)
    assert reload(entry).withdrawn_from_round == 1


def test_reinstating_before_the_next_round_brings_the_player_back(arbiter: User) -> None:
    t = new_tournament(arbiter, rounds=3)
    seed_players(t, arbiter, 4)
    play_round(t, arbiter)
    back = services.withdraw(entry=entry_of(t, "P04"), user=arbiter)
    services.reinstate(entry=back, user=arbiter)
    assert reload(back).withdrawn_from_round is None
    rnd = pair(t, arbiter)
    assert back.pk in {p.first_id for p in boards(rnd)} | {p.second_id for p in boards(rnd)}


def test_reinstating_after_missed_rounds_records_zero_point_byes(arbiter: User) -> None:
    t = new_tournament(arbiter, rounds=4)
    seed_players(t, arbiter, 5)
    play_round(t, arbiter)
    back = services.withdraw(entry=entry_of(t, "P02"), user=arbiter)  # from round 2
    play_round(t, arbiter)
    services.reinstate(entry=back, user=arbiter)
    assert reload(back).withdrawn_from_round is None
    assert pairings_of(back)[2] == Result.ZERO_BYE
    rnd = pair(t, arbiter)
    assert back.pk in {p.first_id for p in boards(rnd)} | {p.second_id for p in boards(rnd)}
