"""Corrections by import: a paper result changed in the round sheet is a change in the preview,
applied through the results service with source "import", in open and finished rounds alike; a
game played on the site is refused with the way to correct it; missing sheets are warnings."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.models import Game
from games.rules import get_rules
from sheets import services
from tests.sheets.helpers import (
    board_spec,
    current_round,
    edit,
    new_game,
    new_tournament,
    play_round,
    random_moves,
    workbook,
)
from tournaments import queries
from tournaments.acts import services as tservices
from tournaments.models import Act, Pairing, ResultRecord, ResultSource


def _points(t) -> dict[str, float]:
    return {entry.player.name: float(row.points) for row, entry in queries.standings(t).lines()}


@pytest.mark.parametrize("online", [False, True])
@pytest.mark.parametrize("finish", [False, True])
def test_a_paper_result_is_corrected(
    db: None, en: str, arbiter: User, client: Client, online: bool, finish: bool
) -> None:
    t = new_tournament(arbiter, players=4, format="swiss", rounds=3, online=online)
    for p in Pairing.objects.filter(round__tournament=t):
        tservices.record_result(pairing=p, result="1-0", user=arbiter)
    if finish:
        tservices.finish_round(round=current_round(t), user=arbiter)
    p1 = Pairing.objects.select_related("first__player", "second__player").get(
        round__tournament=t, board=1
    )
    before = _points(t)
    data = edit(workbook(t), {("Round 1", "C4"): "½-½"})
    plan = services.read_workbook(data, tournament=t)
    assert plan.errors == [] and plan.warnings == []
    assert [(r.round, r.board, r.old, r.new) for r in plan.results] == [(1, 1, "1-0", "1/2")]
    client.force_login(arbiter)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    page = client.post(
        f"/sheets/tournaments/{t.pk}/import/",
        {"file": _upload(data)},
    ).content.decode()
    assert "Round 1, board 1: 1-0 → ½-½" in page
    services.apply_plan(plan, user=arbiter)
    p1.refresh_from_db()
    assert p1.result == "1/2"
    record = ResultRecord.objects.filter(pairing=p1).latest("pk")
    assert record.source == ResultSource.IMPORT and record.act == Act.CORRECT_RESULT
    assert record.decided_by == arbiter
    after = _points(t)
    assert after[p1.first.player.name] == before[p1.first.player.name] - 0.5
    assert after[p1.second.player.name] == before[p1.second.player.name] + 0.5
    again = services.read_workbook(data, tournament=t)
    assert again.errors == [] and again.empty


def _upload(data: bytes):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile("cup.xlsx", data, content_type=services.XLSX)


def test_a_game_played_on_the_site_names_adjudication(db: None, en: str, arbiter: User) -> None:
    t = new_tournament(arbiter, players=4, format="round_robin")
    play_round(current_round(t), arbiter, seed=2)
    p1 = Pairing.objects.get(round__tournament=t, board=1)
    other = {"1-0": "0-1", "0-1": "1-0", "1/2": "1-0"}[p1.result]
    plan = services.read_workbook(edit(workbook(t), {("Round 1", "C4"): other}), tournament=t)
    assert [e.where for e in plan.errors] == ["Round 1!C4"]
    assert "adjudication" in plan.errors[0].message
    assert not plan.results


def test_the_board_sheet_winner_of_a_paper_board_corrects_without_a_round_sheet(
    db: None, en: str, arbiter: User
) -> None:
    t = new_tournament(arbiter, players=4, format="swiss", rounds=3, online=True)
    for p in Pairing.objects.filter(round__tournament=t):
        tservices.record_result(pairing=p, result="1-0", user=arbiter)
    p1 = Pairing.objects.select_related("first__player", "second__player").get(
        round__tournament=t, board=1
    )
    data = workbook(t, without=["Round 1"])
    data = edit(data, {("R1 B1", "B16"): p1.second.player.name})
    plan = services.read_workbook(data, tournament=t)
    assert plan.errors == []
    assert [(r.sheet, r.cell, r.old, r.new) for r in plan.results] == [
        ("R1 B1", "B16", "1-0", "0-1")
    ]
    assert any("round 1" in w for w in plan.warnings)


def test_missing_sheets_are_warnings(db: None, en: str, arbiter: User) -> None:
    t = new_tournament(arbiter, players=4, format="round_robin")
    play_round(current_round(t), arbiter, seed=2)
    plan = services.read_workbook(
        workbook(t, without=["Round 1", "R1 B2", "Players"]), tournament=t
    )
    assert plan.errors == [] and plan.empty
    assert plan.warnings == [
        "The players sheet is missing: no new players are read.",
        "The sheet of round 1 is missing: its results stay as on the site.",
        "The board sheet of round 1, board 2 is missing: its game stays as on the site.",
    ]
    complete = services.read_workbook(workbook(t), tournament=t)
    assert complete.warnings == [] and complete.empty


# -- Board sheets are matched by their game number first ----------------------------------------


def test_a_casual_games_sheet_is_not_matched_by_names(db: None, en: str, arbiter: User) -> None:
    t = new_tournament(arbiter, players=4, format="round_robin")
    play_round(current_round(t), arbiter, seed=2, limit=3)  # live games
    p1 = Pairing.objects.select_related("first__player", "second__player", "round", "game").get(
        round__tournament=t, board=1
    )
    casual = new_game("uttt", [p1.first.player, p1.second.player], limit=0)
    rules = get_rules("uttt", **t.options)
    moves = [*p1.game.moves_list, rules.legal_moves(rules.replay(p1.game.moves_list))[0]]
    sheet = board_spec(t, p1, moves=moves, tournament="", round=None, board=None, game=casual.pk)
    plan = services.read_workbook(workbook(t, sheet, base=False), tournament=t)
    assert [e.where for e in plan.errors] == ["R1 B1!M4"]
    assert f"Game {casual.pk} is not a game of this tournament" in plan.errors[0].message
    assert not plan.games
    assert Game.objects.get(pk=p1.game_id).ply == 3


def test_a_game_number_naming_another_board_is_an_error(db: None, en: str, arbiter: User) -> None:
    t = new_tournament(arbiter, players=4, format="round_robin")
    p1, p2 = Pairing.objects.select_related("first__player", "second__player", "round").filter(
        round__tournament=t
    )[:2]
    sheet = board_spec(t, p1, game=p2.game_id)
    plan = services.read_workbook(workbook(t, sheet, base=False), tournament=t)
    assert [e.where for e in plan.errors] == ["R1 B1!M4"]
    assert f"round 1, board {p2.board} on the site" in plan.errors[0].message


def test_the_game_number_finds_the_board(db: None, en: str, arbiter: User) -> None:
    t = new_tournament(arbiter, players=4, format="round_robin")
    p1 = Pairing.objects.select_related("first__player", "second__player", "round").get(
        round__tournament=t, board=1
    )
    moves = random_moves("uttt", dict(t.options), seed=5, limit=4)
    sheet = board_spec(t, p1, moves=moves, tournament="", round=None, board=None, game=p1.game_id)
    plan = services.read_workbook(workbook(t, sheet, base=False), tournament=t)
    assert plan.errors == []
    assert [(g.board, g.game_id, g.moves) for g in plan.games] == [(1, p1.game_id, tuple(moves))]
