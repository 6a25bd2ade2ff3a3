"""Importing a workbook: what each sheet changes, all through the services, and only once."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from games.models import Game, GameStatus, Player
from games.rules import get_rules
from sheets import services
from sheets.errors import ImportConflict, ImportRefused
from tests.sheets.helpers import (
    board_spec,
    current_round,
    edit,
    new_tournament,
    play_round,
    random_moves,
    workbook,
)
from tournaments.acts import services as tservices
from tournaments.models import Entry, Pairing, Result, ResultRecord


def import_twice(data: bytes, t, user: User):
    plan = services.read_workbook(data, tournament=t)
    assert plan.errors == []
    services.apply_plan(plan, user=user)
    again = services.read_workbook(data, tournament=t)
    assert again.errors == [] and again.empty, (again.new_entries, again.results, again.games)
    return plan


def test_players_sheet_registers_new_players(db: None, en: str, arbiter: User) -> None:
    t = new_tournament(arbiter, players=3, format="swiss", rounds=3, pair=False)
    Player.objects.create(name="Zoë Known", club="Old club")
    data = edit(
        workbook(t),
        {
            ("Players", "B9"): "Новичок  Петров",
            ("Players", "C9"): 1720,
            ("Players", "D9"): "Ладья",
            ("Players", "B10"): "zoë known",
        },
    )
    plan = import_twice(data, t, arbiter)
    assert [(e.name, e.rating, e.club) for e in plan.new_entries] == [
        ("Новичок Петров", 1720, "Ладья"),
        ("zoë known", None, ""),
    ]
    assert plan.new_entries[1].player_id == Player.objects.get(name="Zoë Known").pk
    assert t.entries.count() == 5
    assert Entry.objects.get(tournament=t, player__name="Новичок Петров").rating == 1720
    assert Player.objects.filter(name__icontains="known").count() == 1


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("1-0", Result.WIN),
        ("0-1", Result.LOSS),
        ("½-½", Result.DRAW),
        ("1/2-1/2", Result.DRAW),
        ("=", Result.DRAW),
        ("+/-", Result.FORFEIT_WIN),
        ("-/+", Result.FORFEIT_LOSS),
        ("-/-", Result.DOUBLE_FORFEIT),
        ("1:0", Result.WIN),
        (" 0 – 1 ", Result.LOSS),
    ],
)
def test_round_sheet_sets_results(db: None, en: str, arbiter: User, text: str, code: str) -> None:
    t = new_tournament(arbiter, players=4, format="swiss", rounds=3, online=False)
    data = edit(workbook(t), {("Round 1", "C4"): text})
    plan = import_twice(data, t, arbiter)
    assert [(r.board, r.old, r.new) for r in plan.results] == [(1, "", code)]
    assert Pairing.objects.get(round__tournament=t, board=1).result == code


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("½", Result.HALF_BYE),
        ("свободный тур без очков", Result.ZERO_BYE),
        ("bye", Result.BYE),
        (0, Result.ZERO_BYE),
    ],
)
def test_byes(db: None, ru: str, arbiter: User, text: object, code: str) -> None:
    t = new_tournament(arbiter, players=5, format="swiss", rounds=3, online=False)
    bye = Pairing.objects.get(round__tournament=t, second__isnull=True)
    data = edit(workbook(t), {("Тур 1", f"C{3 + bye.board}"): text})
    plan = services.read_workbook(data, tournament=t)
    assert plan.errors == []
    assert [r.new for r in plan.results] == ([] if code == Result.BYE else [code])


def test_sos_scores_with_the_result(db: None, en: str, arbiter: User) -> None:
    t = new_tournament(
        arbiter, kind="sos", options={"rows": 4}, players=4, format="swiss", rounds=3, online=False
    )
    data = edit(
        workbook(t),
        {
            ("Round 1", "C4"): "0-1 (2:5)",
            ("Round 1", "C5"): "=",
            ("Round 1", "E5"): 3,
            ("Round 1", "F5"): 3,
        },
    )
    import_twice(data, t, arbiter)
    p1, p2 = Pairing.objects.filter(round__tournament=t).order_by("board")[:2]
    assert (p1.result, p1.first_score, p1.second_score) == (Result.LOSS, 2, 5)
    assert (p2.result, p2.first_score, p2.second_score) == (Result.DRAW, 3, 3)


def test_board_sheets_create_the_games_of_paper_boards(db: None, ru: str, arbiter: User) -> None:
    t = new_tournament(arbiter, players=4, format="swiss", rounds=3, online=False)
    p1, p2 = (
        Pairing.objects.filter(round__tournament=t)
        .select_related("round", "first__player", "second__player")
        .order_by("board")
    )
    full = random_moves("uttt", dict(t.options), seed=4)
    part = random_moves("uttt", dict(t.options), seed=5, limit=12)
    data = workbook(t, board_spec(t, p1, moves=full), board_spec(t, p2, moves=part))
    plan = import_twice(data, t, arbiter)
    assert [g.action for g in plan.games] == ["create", "create"]
    p1.refresh_from_db()
    p2.refresh_from_db()
    assert p1.game.moves_list == full and p1.game.status == GameStatus.FINISHED
    assert p1.game.over_the_board and p1.game.created_by == arbiter
    outcome = get_rules("uttt").replay(full).outcome
    assert p1.result == {(): Result.DRAW, (0,): Result.WIN, (1,): Result.LOSS}[outcome.winners]
    assert p2.game.moves_list == part and p2.game.is_active and p2.result == ""
    assert [m.submitted_by for m in p1.game.moves.all()] == [arbiter] * len(full)


def test_final_position_is_kept(db: None, ru: str, arbiter: User) -> None:
    t = new_tournament(arbiter, players=4, format="swiss", rounds=3, online=False)
    p = (
        Pairing.objects.select_related("round", "first__player", "second__player")
        .filter(round__tournament=t)
        .first()
    )
    rules = get_rules("uttt")
    state = rules.replay(random_moves("uttt", rules.options, seed=4))
    position = ["".join(c or "." for c in row) for row in state.grid]
    data = workbook(t, board_spec(t, p, position=position, winners=state.outcome.winners))
    plan = import_twice(data, t, arbiter)
    assert [g.action for g in plan.games] == ["create"]
    p.refresh_from_db()
    assert p.game.status == GameStatus.ADJUDICATED and p.game.ply == 0
    assert p.game.final_position == position
    assert p.game.winners == list(state.outcome.winners)
    assert p.result == {(0,): Result.WIN, (1,): Result.LOSS, (): Result.DRAW}[state.outcome.winners]


def test_board_sheet_completes_an_online_game(db: None, en: str, arbiter: User) -> None:
    t = new_tournament(arbiter, players=4, format="round_robin")
    play_round(current_round(t), arbiter, seed=2, limit=5)
    p = (
        Pairing.objects.select_related("round", "first__player", "second__player", "game")
        .filter(round__tournament=t)
        .first()
    )
    rules = get_rules("uttt")
    full = p.game.moves_list
    state = rules.replay(full)
    rnd = __import__("random").Random(1)
    while moves := rules.legal_moves(state):
        state = rules.play(state, rnd.choice(moves))
    data = workbook(t, board_spec(t, p, moves=state.moves), base=False)
    plan = import_twice(data, t, arbiter)
    [change] = plan.games
    assert (change.action, change.start_ply, len(change.moves)) == ("extend", 5, state.ply - 5)
    p.refresh_from_db()
    assert p.game.moves_list == list(state.moves) and p.game.status == GameStatus.FINISHED
    assert p.result != ""


def test_winner_on_unfinished_moves_is_an_arbiters_decision(
    db: None, en: str, arbiter: User
) -> None:
    t = new_tournament(arbiter, players=4, format="swiss", rounds=3, online=False)
    p = (
        Pairing.objects.select_related("round", "first__player", "second__player")
        .filter(round__tournament=t)
        .first()
    )
    moves = random_moves("uttt", dict(t.options), seed=3, limit=10)
    data = workbook(t, board_spec(t, p, moves=moves, winners=(1,)), base=False)
    plan = import_twice(data, t, arbiter)
    assert plan.games[0].decide == (1,)
    p.refresh_from_db()
    assert p.result == Result.LOSS and p.game.status == GameStatus.ADJUDICATED and p.game.ply == 10
    record = ResultRecord.objects.get(game=p.game)
    assert record.reason == "unfinished" and record.decided_by == arbiter


def test_round_and_board_sheets_must_agree(db: None, en: str, arbiter: User) -> None:
    t = new_tournament(arbiter, players=4, format="swiss", rounds=3, online=False)
    p = (
        Pairing.objects.select_related("round", "first__player", "second__player")
        .filter(round__tournament=t)
        .first()
    )
    moves = random_moves("uttt", dict(t.options), seed=4)
    winners = get_rules("uttt").replay(moves).outcome.winners
    wrong = {(0,): "0-1", (1,): "1-0", (): "1-0"}[winners]
    data = edit(workbook(t, board_spec(t, p, moves=moves)), {("Round 1", "C4"): wrong})
    plan = services.read_workbook(data, tournament=t)
    assert [str(e).split(":")[0] for e in plan.errors] == ["Round 1!C4"]
    assert "The board sheet of this game says" in plan.errors[0].message


def test_every_problem_is_reported_at_once(db: None, en: str, arbiter: User) -> None:
    t = new_tournament(arbiter, players=4, format="swiss", rounds=3, online=False)
    p = (
        Pairing.objects.select_related("round", "first__player", "second__player")
        .filter(round__tournament=t)
        .order_by("board")
        .last()
    )
    moves = random_moves("uttt", dict(t.options), seed=4, limit=8)
    data = edit(
        workbook(t, board_spec(t, p, moves=moves)),
        {
            ("Round 1", "C4"): "2-0",
            ("Round 1", "B5"): "Nobody",
            ("R1 B2", "N17"): moves[4],  # move 6 plays an occupied cell
        },
    )
    plan = services.read_workbook(data, tournament=t)
    where = sorted(e.where for e in plan.errors)
    assert where == ["R1 B2!N17", "Round 1!B5", "Round 1!C4"]
    messages = {e.where: e.message for e in plan.errors}
    assert "2-0" in messages["Round 1!C4"]
    assert "Unknown player “\u2068Nobody\u2069”" in messages["Round 1!B5"]
    assert "Move 6" in messages["R1 B2!N17"]
    with pytest.raises(ImportRefused) as refused:
        services.apply_plan(plan, user=arbiter)
    assert len(refused.value.errors) == 3
    assert (
        not Pairing.objects.filter(round__tournament=t)
        .exclude(result="")
        .exclude(second__isnull=True)
        .exists()
    )
    assert not Game.objects.exists()


def test_changes_since_the_preview_are_refused_whole(db: None, en: str, arbiter: User) -> None:
    t = new_tournament(arbiter, players=6, format="swiss", rounds=3, online=False)
    data = edit(
        workbook(t),
        {("Round 1", "C4"): "1-0", ("Round 1", "C5"): "0-1", ("Players", "B12"): "Late"},
    )
    plan = services.read_workbook(data, tournament=t)
    assert len(plan.results) == 2 and len(plan.new_entries) == 1
    p2 = Pairing.objects.get(round__tournament=t, board=2)
    tservices.record_result(pairing=p2, result="1/2", user=arbiter)
    with pytest.raises(ImportConflict):
        services.apply_plan(plan, user=arbiter)
    assert Pairing.objects.get(round__tournament=t, board=1).result == ""
    assert not Player.objects.filter(name="Late").exists()


def test_only_arbiters_apply(db: None, en: str, arbiter: User, outsider: User) -> None:
    t = new_tournament(arbiter, players=4, format="swiss", rounds=3, online=False)
    plan = services.read_workbook(edit(workbook(t), {("Round 1", "C4"): "1-0"}), tournament=t)
    with pytest.raises(ImportRefused):
        services.apply_plan(plan, user=outsider)
    assert Pairing.objects.get(round__tournament=t, board=1).result == ""


def test_a_game_under_way_takes_no_result_from_the_round_sheet(
    db: None, en: str, arbiter: User
) -> None:
    t = new_tournament(arbiter, players=4, format="round_robin")
    play_round(current_round(t), arbiter, seed=2, limit=4)
    plan = services.read_workbook(edit(workbook(t), {("Round 1", "C4"): "1-0"}), tournament=t)
    assert [e.where for e in plan.errors] == ["Round 1!C4"]
