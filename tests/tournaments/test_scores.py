"""A board's SOS scores have one place (``tournaments.scores``): a game played on the site keeps
its own (its moves' points, or its sheet's final scores) and nothing is copied to the pairing;
the pairing keeps only the scores handed in with a result that has no such game behind it.

The standings, the round page, the schedule, the workbook and the records read them from there,
for online, paper and mixed tournaments alike, in a constant number of queries."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import recording
from games.models import Game
from sheets import services as sheet_services
from sheets.workbooks.tables import classify, read_table
from sheets.xlsx.reader import load_sheets
from tests import factories
from tests.sheets.helpers import random_moves
from tests.tournaments.helpers import (
    boards,
    new_tournament,
    pair,
    play,
    reload,
    seed_players,
)
from tests.tournaments.test_results import SOS_FIRST_WINS_5_1, SOS_NO_SOS
from tests.views.helpers import parse
from tournaments import pairings, queries, scores
from tournaments.acts import decisions, results, services
from tournaments.errors import TournamentError
from tournaments.models import Pairing, Result, ResultRecord, Tournament

pytestmark = pytest.mark.django_db

SOS_ORDER = ["sos_points", "sos_difference"]


def online(arbiter: User, players: int = 2, *, account: bool = True, **fields) -> Tournament:
    """An online SOS Swiss (its players with accounts to play their moves, by default)."""
    t = new_tournament(
        arbiter, kind="sos", online=True, tiebreaks=SOS_ORDER, name="Online", **fields
    )
    seed_players(t, arbiter, players, account=account)
    return t


def paper(arbiter: User, players: int = 2) -> Tournament:
    t = new_tournament(arbiter, kind="sos", online=False, tiebreaks=SOS_ORDER, name="Paper")
    seed_players(t, arbiter, players)
    return t


def sos_columns(t: Tournament) -> dict[str, tuple[float, float]]:
    """Each player's SOS points scored and difference, as the standings give them."""
    table = queries.standings(Tournament.objects.get(pk=t.pk))
    return {e.player.name: tuple(row.tiebreaks) for row, e in table.lines()}


def round_sheet(t: Tournament, number: int) -> dict[int, tuple]:
    """The round sheet of the exported workbook: board -> (first's points, second's points)."""
    data = sheet_services.export_tournament(Tournament.objects.get(pk=t.pk))
    tables = [read_table(s, kind) for s in load_sheets(data) if (kind := classify(s))]
    (table,) = [tb for tb in tables if tb.kind == "round" and tb.number == number]
    return {
        r.values["board"]: (r.values.get("first_points"), r.values.get("second_points"))
        for r in table.rows
    }


def round_cells(client, t: Tournament, number: int) -> list[str]:
    page = parse(client.get(reverse("tournaments:round", args=[t.pk, number])))
    return [td.text().strip() for td in page.find_all("td", cls="result-cell")]


# --- online: the game keeps them ------------------------------------------------------------------


def test_a_game_played_on_the_site_keeps_its_scores_and_every_reader_shows_them(
    arbiter: User, client_for
) -> None:
    t = online(arbiter)
    (p,) = boards(pair(t, arbiter))
    play(p.game, *SOS_FIRST_WINS_5_1)
    p = reload(p)
    assert p.result == Result.WIN
    assert (p.first_score, p.second_score) == (None, None)  # nothing copied
    assert p.game_scores == (5, 1) == tuple(p.game.scores)
    first, second = p.first.player.name, p.second.player.name
    assert sos_columns(t) == {first: (5.0, 4.0), second: (1.0, -4.0)}
    assert round_sheet(t, 1) == {1: (5, 1)}
    assert round_cells(client_for(None), t, 1) == ["1-0 (5:1)"]
    (rec,) = ResultRecord.objects.filter(pairing=p)
    assert (rec.after["pairing"]["first_score"], rec.after["pairing"]["second_score"]) == (5, 1)
    assert rec.after["game"]["scores"] == [5, 1]


def test_a_played_draw_without_an_sos_is_a_known_0_0(arbiter: User, client_for) -> None:
    t = online(arbiter)
    (p,) = boards(pair(t, arbiter))
    play(p.game, *SOS_NO_SOS)
    p = reload(p)
    assert (p.result, p.game_scores) == (Result.DRAW, (0, 0))
    assert round_sheet(t, 1) == {1: (0, 0)}
    assert round_cells(client_for(None), t, 1) == ["½-½ (0:0)"]


def test_the_scores_follow_the_moves_there_is_no_copy_to_disagree(arbiter: User) -> None:
    """The game's moves change (a take-back, then another last move): the board's scores are the
    new moves' at once, with no write to the pairing beyond its result."""
    t = online(arbiter)
    (p,) = boards(pair(t, arbiter))
    game = play(p.game, *SOS_FIRST_WINS_5_1)
    assert reload(p).game_scores == (5, 1)
    decisions.take_back(
        user=arbiter,
        game=game,
        count=2,
        reason="illegal_conduct",
        expected_version=decisions.version(game=game, pairing=p),
    )
    p = reload(p)
    assert p.result == ""
    assert p.game_scores == tuple(reload(game).scores) != (5, 1)
    assert (p.first_score, p.second_score) == (None, None)
    game = play(reload(game), "B3=S", "C2=O")  # another ending than the first time
    assert game.winners is not None
    p = reload(p)
    assert p.result == results.result_of_game(game) != ""
    assert p.game_scores == tuple(game.scores) != (5, 1)
    assert (p.first_score, p.second_score) == (None, None)
    names = {0: p.first.player.name, 1: p.second.player.name}
    first, second = game.scores
    assert sos_columns(t) == {
        names[0]: (float(first), float(first - second)),
        names[1]: (float(second), float(second - first)),
    }


def test_an_arbiters_decision_on_a_played_game_keeps_the_games_scores(arbiter: User) -> None:
    """Adjudicating an unfinished game changes the result; the scores stay what was played."""
    t = online(arbiter)
    (p,) = boards(pair(t, arbiter))
    game = play(p.game, *SOS_FIRST_WINS_5_1[:5])
    played = tuple(game.scores)
    with factories.committed():
        decisions.decide(
            user=arbiter,
            game=game,
            result="0-1",
            reason="unfinished",
            expected_version=decisions.version(game=game, pairing=p),
        )
    p = reload(p)
    assert p.result == Result.LOSS
    assert p.game_scores == played
    assert (p.first_score, p.second_score) == (None, None)


def test_a_game_known_by_its_final_position_keeps_its_sheets_scores(arbiter: User) -> None:
    t = online(arbiter)
    (p,) = boards(pair(t, arbiter))
    with factories.committed():
        recording.record_final_position(
            game=p.game, position=["SOS", "OOO", "SOS"], winners=[0], scores=[5, 1]
        )
    p = reload(p)
    assert (p.result, p.game_scores) == (Result.WIN, (5, 1))
    assert (p.first_score, p.second_score) == (None, None)
    assert round_sheet(t, 1) == {1: (5, 1)}
    # An arbiter's entry may not give the board other scores than its game's.
    with pytest.raises(TournamentError) as info:
        services.record_result(pairing=p, result="1-0", user=arbiter, first_score=4, second_score=1)
    assert info.value.code == "scores_on_site"
    assert "5:1" in info.value.message
    services.record_result(pairing=p, result="1-0", user=arbiter, first_score=5, second_score=1)
    p = reload(p)
    assert (p.first_score, p.second_score, p.game_scores) == (None, None, (5, 1))


# --- paper: the pairing keeps them ----------------------------------------------------------------


def test_a_paper_boards_scores_are_the_pairings(arbiter: User, client_for) -> None:
    t = paper(arbiter)
    (p,) = boards(pair(t, arbiter))
    services.record_result(pairing=p, result="0-1", user=arbiter, first_score=2, second_score=4)
    p = reload(p)
    assert (p.first_score, p.second_score, p.game_scores) == (2, 4, (2, 4))
    first, second = p.first.player.name, p.second.player.name
    assert sos_columns(t) == {first: (2.0, -2.0), second: (4.0, 2.0)}
    assert round_sheet(t, 1) == {1: (2, 4)}
    assert round_cells(client_for(None), t, 1) == ["0-1 (2:4)"]


def test_a_paper_result_without_scores_has_none(arbiter: User, client_for) -> None:
    t = paper(arbiter)
    (p,) = boards(pair(t, arbiter))
    services.record_result(pairing=p, result="1-0", user=arbiter)
    assert reload(p).game_scores == (None, None)
    assert round_sheet(t, 1) == {1: (None, None)}
    assert round_cells(client_for(None), t, 1) == ["1-0"]
    assert set(sos_columns(t).values()) == {(0.0, 0.0)}


def test_a_forfeit_has_no_scores(arbiter: User) -> None:
    t = paper(arbiter)
    (p,) = boards(pair(t, arbiter))
    services.record_result(pairing=p, result="1-0", user=arbiter, first_score=3, second_score=1)
    services.record_result(pairing=p, result="+/-", user=arbiter, first_score=3, second_score=1)
    p = reload(p)
    assert (p.result, p.first_score, p.second_score) == (Result.FORFEIT_WIN, None, None)
    assert set(sos_columns(t).values()) == {(0.0, 0.0)}
    last = ResultRecord.objects.filter(pairing=p).order_by("-pk").first()
    assert (last.before["pairing"]["first_score"], last.after["pairing"]["first_score"]) == (
        3,
        None,
    )


def test_scores_are_given_for_both_players_or_neither(arbiter: User) -> None:
    t = paper(arbiter)
    (p,) = boards(pair(t, arbiter))
    with pytest.raises(TournamentError) as info:
        services.record_result(pairing=p, result="1-0", user=arbiter, first_score=3)
    assert info.value.code == "bad_scores"
    assert info.value.message == "Give the SOS points of both players, or of neither."
    assert reload(p).result == ""
    assert not ResultRecord.objects.filter(pairing=p).exists()


def test_a_scores_correction_is_one_record_with_the_scores_before_and_after(
    arbiter: User,
) -> None:
    t = paper(arbiter)
    (p,) = boards(pair(t, arbiter))
    services.record_result(pairing=p, result="1-0", user=arbiter, first_score=3, second_score=1)
    services.record_result(pairing=p, result="1-0", user=arbiter, first_score=4, second_score=1)
    services.record_result(pairing=p, result="1-0", user=arbiter)  # None keeps them
    first, second = ResultRecord.objects.filter(pairing=p).order_by("pk")  # the third: nothing
    assert (first.before["pairing"]["first_score"], first.after["pairing"]["first_score"]) == (
        None,
        3,
    )
    assert (second.before["pairing"]["first_score"], second.after["pairing"]["first_score"]) == (
        3,
        4,
    )
    assert reload(p).game_scores == (4, 1)


# --- mixed: a game of an online tournament that was not played on the site -----------------------


def test_scores_handed_in_for_a_game_without_moves_stay_the_pairings(
    arbiter: User, client_for
) -> None:
    """The game is closed by the result handed in; the games app then announces its outcome,
    and the pairing, which takes the game's result only, keeps the scores handed in (they used
    to be overwritten by the game's 0:0, with a second record)."""
    t = online(arbiter, players=4)
    played, handed_in = boards(pair(t, arbiter))
    play(played.game, *SOS_FIRST_WINS_5_1)
    with factories.committed():
        services.record_result(
            pairing=handed_in, result="0-1", user=arbiter, first_score=1, second_score=3
        )
    handed_in, played = reload(handed_in), reload(played)
    assert (handed_in.result, handed_in.game_scores) == (Result.LOSS, (1, 3))
    assert (handed_in.first_score, handed_in.second_score) == (1, 3)
    assert ResultRecord.objects.filter(pairing=handed_in).count() == 1
    assert played.game_scores == (5, 1)
    assert round_sheet(t, 1) == {1: (5, 1), 2: (1, 3)}
    assert round_cells(client_for(None), t, 1) == ["1-0 (5:1)", "0-1 (1:3)"]
    columns = sos_columns(t)
    assert columns[played.first.player.name] == (5.0, 4.0)
    assert columns[handed_in.second.player.name] == (3.0, 2.0)
    assert sorted((r.first_score, r.second_score) for r in pairings.tournament_records(t)) == [
        (1, 3),
        (5, 1),
    ]


def test_a_game_annulled_and_replayed_leaves_no_scores_behind(arbiter: User) -> None:
    t = online(arbiter)
    (p,) = boards(pair(t, arbiter))
    game = play(p.game, *SOS_FIRST_WINS_5_1)
    decisions.annul(
        user=arbiter,
        game=game,
        reason="illegal_conduct",
        replay=True,
        expected_version=decisions.version(game=game, pairing=p),
    )
    p = reload(p)
    assert p.game_id != game.pk and p.result == ""
    assert p.game_scores == (None, None)
    assert reload(game).scores == [5, 1]  # the annulled game keeps what was played


# --- readers: a constant number of queries -----------------------------------------------------


def online_after_a_round(arbiter: User, players: int) -> Tournament:
    """An online SOS Swiss whose round 1 was played to the end on the site; round 2 paired."""
    t = online(arbiter, players, account=False, rounds=3)
    rnd = pair(t, arbiter)
    from sheets.imports import gameio

    for n, p in enumerate(boards(rnd)):
        if p.game_id:
            moves = random_moves("sos", dict(p.game.options), seed=n)
            with factories.committed():
                gameio.play_moves(game=p.game, user=arbiter, moves=moves, expected_ply=0)
    services.finish_round(round=rnd, user=arbiter)
    pair(t, arbiter)
    return t


def test_the_records_of_a_tournament_are_one_query(
    arbiter: User, django_assert_num_queries
) -> None:
    t = online_after_a_round(arbiter, 6)
    with django_assert_num_queries(1):
        games = pairings.tournament_records(t)
    by_board = {(g.first, g.second): g for g in games if g.round == 1}
    for p in Pairing.objects.filter(round__tournament=t, round__number=1).select_related("game"):
        g = by_board[(p.first_id, p.second_id)]
        assert (g.first_score, g.second_score) == tuple(Game.objects.get(pk=p.game_id).scores)


@pytest.mark.parametrize("page", ["standings", "round", "detail"])
def test_online_pages_take_as_many_queries_for_16_players_as_for_4(
    page: str, arbiter: User, client_for, django_assert_max_num_queries
) -> None:
    small, big = online_after_a_round(arbiter, 4), online_after_a_round(arbiter, 16)
    anon = client_for(None)

    def path(t: Tournament) -> str:
        args = (t.pk, 1) if page == "round" else (t.pk,)
        return reverse(f"tournaments:{page}", args=args)

    assert anon.get(path(small)).status_code == 200  # warm up (content types, sessions, …)
    with CaptureQueriesContext(connection) as captured:
        assert anon.get(path(small)).status_code == 200
    with django_assert_max_num_queries(len(captured)):
        response = anon.get(path(big))
    assert response.status_code == 200
    if page == "round":
        cells = round_cells(anon, big, 1)
        shown = [p.game_scores for p in boards(big.round_set.get(number=1))]
        assert all(f"({a}:{b})" in cell for cell, (a, b) in zip(cells, shown, strict=True))


def test_standings_of_an_online_tournament_stay_few_queries(
    arbiter: User, django_assert_max_num_queries
) -> None:
    t = online_after_a_round(arbiter, 10)
    with django_assert_max_num_queries(4):
        table = queries.standings(Tournament.objects.get(pk=t.pk))
        table.lines()
    scored = {e.pk: row.tiebreaks[0] for row, e in table.lines()}
    for p in Pairing.objects.filter(round__tournament=t, round__number=1, second__isnull=False):
        first, second = Game.objects.get(pk=p.game_id).scores
        assert scored[p.first_id] == first and scored[p.second_id] == second


def test_pairing_scores_without_annotations_ask_the_game(arbiter: User) -> None:
    t = online(arbiter)
    (p,) = boards(pair(t, arbiter))
    play(p.game, *SOS_FIRST_WINS_5_1)
    plain = Pairing.objects.get(pk=p.pk)
    annotated = scores.with_scores(Pairing.objects.filter(pk=p.pk)).get()
    assert plain.game_scores == annotated.game_scores == (5, 1)
    assert (plain.record().first_score, plain.record().second_score) == (5, 1)


def test_the_admins_pairings_show_the_scores_from_their_place(
    arbiter: User, superuser: User, client_for
) -> None:
    t = online(arbiter, players=4)
    played, handed_in = boards(pair(t, arbiter))
    play(played.game, *SOS_FIRST_WINS_5_1)
    with factories.committed():
        services.record_result(
            pairing=handed_in, result="1/2", user=arbiter, first_score=2, second_score=2
        )
    client = client_for(superuser)
    rnd = played.round
    page = client.get(reverse("admin:tournaments_round_change", args=[rnd.pk]))
    assert page.status_code == 200
    text = page.content.decode()
    assert "5:1" in text and "2:2" in text
    assert 'name="pairings-0-first_score"' not in text
    one = client.get(reverse("admin:tournaments_pairing_change", args=[played.pk]))
    assert one.status_code == 200 and "5:1" in one.content.decode()
