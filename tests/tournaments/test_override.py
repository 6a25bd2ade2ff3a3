"""``set_pairings``: the arbiter's manual boards, and the warnings they are saved with."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from games.models import Game
from tests.tournaments.helpers import (
    boards,
    enter_results,
    entry_of,
    finish,
    make_player,
    new_tournament,
    pair,
    play,
    reload,
    seed_players,
    set_boards,
)
from tournaments.acts import services
from tournaments.errors import TournamentError
from tournaments.models import Result

pytestmark = pytest.mark.django_db


def codes(warnings) -> list[str]:
    return [w.code for w in warnings]


def four(arbiter: User, **fields):
    """A Swiss of four (P01…P04, by rating) and its entries by short name: a, b, c, d."""
    t = new_tournament(arbiter, rounds=4, **fields)
    a, b, c, d = seed_players(t, arbiter, 4, account=fields.get("online", False))
    return t, a, b, c, d


def close(rnd, arbiter: User, result: str = "1-0") -> None:
    enter_results(rnd, arbiter, result)
    finish(rnd, arbiter)


def test_an_override_replaces_the_boards(arbiter: User) -> None:
    t, a, b, c, d = four(arbiter)
    rnd = pair(t, arbiter)
    found = set_boards(rnd, arbiter, [(d, a), (b, c)])
    assert found == []
    rows = boards(rnd)
    assert [(p.board, p.first, p.second) for p in rows] == [(1, d, a), (2, b, c)]
    assert all(p.manual and p.result == "" and p.warnings == [] for p in rows)
    assert reload(rnd).warnings == []


def test_an_override_with_a_bye_gives_the_bye_its_result(arbiter: User) -> None:
    t = new_tournament(arbiter)
    a, b, c = seed_players(t, arbiter, 3)
    rnd = pair(t, arbiter)
    set_boards(rnd, arbiter, [(b, c), (a, None)])
    bye = boards(rnd)[1]
    assert (bye.first, bye.second, bye.result) == (a, None, Result.BYE)


def test_a_rematch_is_saved_with_a_warning(arbiter: User) -> None:
    t, a, b, c, d = four(arbiter)
    first = pair(t, arbiter)
    set_boards(first, arbiter, [(a, c), (b, d)])
    close(first, arbiter)
    rnd = pair(t, arbiter)
    found = set_boards(rnd, arbiter, [(c, a), (d, b)])  # both boards are rematches
    assert codes(found).count("rematch") == 2
    rematch = next(w for w in found if w.code == "rematch" and w.params["board"] == 1)
    assert {rematch.params["first"], rematch.params["second"]} == {a.pk, c.pk}
    stored = boards(rnd)[0].warnings
    assert {"code": "rematch", "first": c.pk, "second": a.pk, "board": 1, "round": 2} in stored


def test_a_second_bye_is_saved_with_a_warning(arbiter: User) -> None:
    t = new_tournament(arbiter, rounds=3)
    a, b, c = seed_players(t, arbiter, 3)
    first = pair(t, arbiter)
    (bye,) = [p for p in boards(first) if p.second is None]
    close(first, arbiter)
    rnd = pair(t, arbiter)
    others = [e for e in (a, b, c) if e != bye.first]
    found = set_boards(rnd, arbiter, [(others[0], others[1]), (bye.first, None)])
    assert "second_bye" in codes(found)
    (second_bye,) = [w for w in found if w.code == "second_bye"]
    assert second_bye.params["entry"] == bye.first_id
    assert any(w["code"] == "second_bye" for w in boards(rnd)[1].warnings)


def test_three_first_moves_in_a_row_are_saved_with_a_warning(arbiter: User) -> None:
    t, a, b, c, d = four(arbiter)
    for wanted in ([(a, c), (b, d)], [(a, b), (d, c)]):  # a moves first twice
        rnd = pair(t, arbiter)
        set_boards(rnd, arbiter, wanted)
        close(rnd, arbiter, "½-½")
    rnd = pair(t, arbiter)
    found = set_boards(rnd, arbiter, [(a, d), (c, b)])  # and a third time
    three = [w for w in found if w.code == "three_in_a_row"]
    assert [w.params["entry"] for w in three] == [a.pk]
    assert three[0].params["colour"] == "F"
    assert three[0].params["swap_helps"] is True
    assert any(w["code"] == "three_in_a_row" for w in boards(rnd)[0].warnings)
    assert all(w.params.get("entry") != c.pk for w in found)


def test_a_missing_player_is_a_warning_of_the_round(arbiter: User) -> None:
    t, a, b, c, d = four(arbiter)
    rnd = pair(t, arbiter)
    found = set_boards(rnd, arbiter, [(a, b)])
    assert codes(found) == ["missing", "missing"]
    assert sorted(w["entry"] for w in reload(rnd).warnings) == sorted([c.pk, d.pk])


def test_a_player_of_another_tournament_is_refused(arbiter: User) -> None:
    t, a, b, c, _ = four(arbiter)
    stranger = seed_players(new_tournament(arbiter, name="Other"), arbiter, 1)[0]
    rnd = pair(t, arbiter)
    before = [(p.first_id, p.second_id) for p in boards(rnd)]
    with pytest.raises(TournamentError) as info:
        set_boards(rnd, arbiter, [(a, stranger), (b, c)])
    assert info.value.code == "unknown_entry"
    assert [(p.first_id, p.second_id) for p in boards(rnd)] == before


def test_only_arbiters_override(arbiter: User, plain_user: User) -> None:
    t, a, b, c, d = four(arbiter)
    rnd = pair(t, arbiter)
    with pytest.raises(TournamentError) as info:
        set_boards(rnd, plain_user, [(d, a), (b, c)])
    assert info.value.code == "not_allowed"
    assert not any(p.manual for p in boards(rnd))


def test_an_online_override_replaces_the_games(arbiter: User) -> None:
    t, a, b, c, d = four(arbiter, online=True)
    rnd = pair(t, arbiter)
    old = {p.game_id for p in boards(rnd)}
    set_boards(rnd, arbiter, [(d, a), (b, c)])
    rows = boards(rnd)
    assert not Game.objects.filter(pk__in=old).exists()
    assert Game.objects.count() == 2
    for p in rows:
        seats = list(p.game.seats.order_by("number").values_list("player", flat=True))
        assert seats == [p.first.player_id, p.second.player_id]


def test_no_override_once_a_game_has_a_move(arbiter: User) -> None:
    t, a, b, c, d = four(arbiter, online=True)
    rnd = pair(t, arbiter)
    play(boards(rnd)[0].game, "A1=S")
    before = [(p.first_id, p.second_id, p.game_id) for p in boards(rnd)]
    with pytest.raises(TournamentError) as info:
        set_boards(rnd, arbiter, [(d, a), (b, c)])
    assert info.value.code == "started"
    assert [(p.first_id, p.second_id, p.game_id) for p in boards(rnd)] == before


def test_no_override_once_a_result_is_entered(arbiter: User) -> None:
    t, a, b, c, d = four(arbiter)
    rnd = pair(t, arbiter)
    services.record_result(pairing=boards(rnd)[0], result="1-0", user=arbiter)
    with pytest.raises(TournamentError) as info:
        set_boards(rnd, arbiter, [(d, a), (b, c)])
    assert info.value.code == "started"


def test_no_override_of_a_finished_round(arbiter: User) -> None:
    t, a, b, c, d = four(arbiter)
    rnd = pair(t, arbiter)
    close(rnd, arbiter)
    with pytest.raises(TournamentError) as info:
        set_boards(rnd, arbiter, [(d, a), (b, c)])
    assert info.value.code == "not_paired"


def test_an_override_keeps_the_requested_half_point_byes(arbiter: User) -> None:
    t, a, b, c, d = four(arbiter)
    resting = services.register(
        tournament=t, player=make_player("Resting"), user=arbiter, half_byes=[1]
    )
    rnd = pair(t, arbiter)
    set_boards(rnd, arbiter, [(d, a), (b, c)])
    rows = boards(rnd)
    assert [(p.first, p.second, p.result) for p in rows][-1] == (resting, None, Result.HALF_BYE)
    assert len(rows) == 3


def test_an_override_keeps_a_late_entrys_zero_point_bye(arbiter: User) -> None:
    """A late entry's missed round is recorded as a zero-point bye (``register``); re-pairing
    that round must not lose the record."""
    t, a, b, c, d = four(arbiter)
    rnd = pair(t, arbiter)
    late = services.register(tournament=t, player=make_player("Late"), user=arbiter)
    assert rnd.pairings.filter(first=late, result=Result.ZERO_BYE).exists()
    set_boards(rnd, arbiter, [(d, a), (b, c)])
    assert rnd.pairings.filter(first=late, result=Result.ZERO_BYE).exists()
    assert entry_of(t, "Late").joined_round == 2
