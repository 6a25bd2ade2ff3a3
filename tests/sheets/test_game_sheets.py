"""One game's sheet in: *Record a paper game* creates a casual game from a filled-in board sheet
(with or without a move list); *Import a score sheet* on a game's page adds to that game. Same
preview, checks and one transaction as a workbook."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from games.models import Game, GameStatus, Player
from games.rules import get_rules
from sheets import services
from sheets.boards.write import BoardData, board_sheet
from sheets.errors import ImportRefused
from sheets.xlsx.writer import write_workbook
from tests.factories import make_user, with_permission
from tests.sheets.helpers import current_round, new_game, new_tournament, play_round, random_moves
from tournaments.models import Pairing, ResultRecord, ResultSource


@pytest.fixture
def keeper(db: None) -> User:
    return with_permission(make_user("keeper"), "games.play_any_seat")


def sheet(data: BoardData, title: str = "Game") -> bytes:
    out = io.BytesIO()
    write_workbook([board_sheet(data, title)], out)
    return out.getvalue()


def uttt(moves=(), **fields) -> BoardData:
    rules = get_rules("uttt")
    return BoardData("uttt", dict(rules.options), ["Аня Бумажная", "Борис"], list(moves), **fields)


def test_a_paper_game_with_its_moves(db: None, en: str, keeper: User, client: Client) -> None:
    Player.objects.create(name="Борис")
    moves = random_moves("uttt", {}, seed=4)
    data = sheet(uttt(moves))
    client.force_login(keeper)
    page = client.post(
        "/sheets/paper/", {"file": SimpleUploadedFile("g.xlsx", data)}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert page.status_code == 200
    plan = page.context["plan"]
    assert plan.errors == [] and plan.game_id is None and plan.moves == tuple(moves)
    assert plan.player_ids[0] is None and plan.player_ids[1] is not None
    assert b"new game" in page.content and b"Apply these changes" in page.content
    assert not Game.objects.exists()  # the preview writes nothing
    form = page.context["apply_form"]
    done = client.post("/sheets/paper/apply/", form.initial)
    game = Game.objects.get()
    assert done.status_code == 302 and done.url == game.get_absolute_url()
    assert game.moves_list == moves and game.over_the_board and game.created_by == keeper
    assert game.status == GameStatus.FINISHED
    assert [s.player.name for s in game.seats.order_by("number")] == ["Аня Бумажная", "Борис"]
    assert Player.objects.filter(name="Борис").count() == 1


def test_a_paper_game_by_its_final_position(db: None, en: str, keeper: User) -> None:
    moves = random_moves("uttt", {}, seed=4)
    state = get_rules("uttt").replay(moves)
    position = ["".join(c or "." for c in row) for row in state.grid]
    winners = get_rules("uttt").outcome(state).winners
    plan = services.read_paper_game(sheet(uttt(position=position, winners=winners)))
    assert plan.errors == [] and plan.position == tuple(position)
    game = services.apply_game_plan(plan, user=keeper)
    assert game.ply == 0 and game.final_position == position
    assert tuple(game.winners) == winners


def test_a_paper_game_sheet_is_checked_whole(db: None, en: str, keeper: User) -> None:
    moves = random_moves("uttt", {}, seed=4, limit=5)
    data = sheet(uttt(moves, winners=(0,)))
    from tests.sheets.helpers import edit

    bad = edit(data, {("Game", "N14"): "A1", ("Game", "B13"): "Аня Бумажная"})
    plan = services.read_paper_game(bad)
    where = sorted(e.where for e in plan.errors)
    assert "Game!B13" in where and "Game!N14" in where
    with pytest.raises(ImportRefused):
        services.apply_game_plan(plan, user=keeper)
    assert not Game.objects.exists()


def test_a_sheet_of_a_game_of_the_site_is_not_a_paper_game(db: None, en: str, keeper: User) -> None:
    a, b = Player.objects.create(name="A"), Player.objects.create(name="B")
    game = new_game("uttt", [a, b], limit=2)
    plan = services.read_paper_game(services.export_game(game))
    assert [e.where for e in plan.errors] == [f"Game {game.pk}!M4"]
    assert "import it on that game's page" in plan.errors[0].message


def test_only_arbiters_record_paper_games(db: None, en: str, client: Client) -> None:
    client.force_login(make_user("plain"))
    assert client.get("/sheets/paper/").status_code == 403
    client.logout()
    assert client.get("/sheets/paper/").status_code == 302  # to the login page


def test_an_unfinished_paper_game_with_a_stated_winner(db: None, en: str, keeper: User) -> None:
    moves = random_moves("uttt", {}, seed=4, limit=9)
    plan = services.read_paper_game(sheet(uttt(moves, winners=(1,))))
    assert plan.errors == [] and plan.decide == (1,)
    game = services.apply_game_plan(plan, user=keeper)
    assert game.ply == 9 and list(game.winners) == [1] and game.status == GameStatus.ADJUDICATED
    record = ResultRecord.objects.get(game=game)
    assert record.source == ResultSource.IMPORT and record.decided_by == keeper


# -- Import a score sheet on a game's page -------------------------------------------------------


def test_a_casual_games_sheet_adds_its_moves(
    db: None, en: str, keeper: User, client: Client
) -> None:
    a, b = Player.objects.create(name="A"), Player.objects.create(name="B")
    game = new_game("uttt", [a, b], limit=0)
    Game.objects.filter(pk=game.pk).update(created_by=keeper, over_the_board=True)
    moves = random_moves("uttt", {}, seed=6, limit=12)
    data = sheet(
        BoardData("uttt", dict(game.options), ["A", "B"], moves, game=game.pk), f"Game {game.pk}"
    )
    client.force_login(keeper)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    assert b"Import a score sheet" in client.get(game.get_absolute_url()).content
    page = client.post(
        f"/sheets/games/{game.pk}/import/", {"file": SimpleUploadedFile("g.xlsx", data)}
    )
    plan = page.context["plan"]
    assert plan.errors == [] and plan.moves == tuple(moves) and plan.start_ply == 0
    client.post(f"/sheets/games/{game.pk}/import/apply/", page.context["apply_form"].initial)
    game.refresh_from_db()
    assert game.moves_list == moves
    again = services.read_game_sheet(data, game=game)
    assert again.errors == [] and again.empty


def test_a_sheet_of_another_game_is_refused_on_a_games_page(
    db: None, en: str, keeper: User
) -> None:
    a, b = Player.objects.create(name="A"), Player.objects.create(name="B")
    one, other = new_game("uttt", [a, b], limit=0), new_game("uttt", [a, b], limit=0)
    data = services.export_game(other)
    plan = services.read_game_sheet(data, game=one)
    assert [e.where for e in plan.errors] == [f"Game {other.pk}!M4"]
    assert f"game {other.pk}, not of game {one.pk}" in plan.errors[0].message


def test_only_the_games_arbiter_imports_its_sheet(db: None, en: str, client: Client) -> None:
    a, b = Player.objects.create(name="A"), Player.objects.create(name="B")
    game = new_game("uttt", [a, b], limit=0)
    client.force_login(make_user("plain"))
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    assert client.get(f"/sheets/games/{game.pk}/import/").status_code == 403
    assert b"Import a score sheet" not in client.get(game.get_absolute_url()).content


def test_a_tournament_games_sheet_goes_through_the_tournament(
    db: None, en: str, arbiter: User
) -> None:
    t = new_tournament(arbiter, players=4, format="round_robin")
    play_round(current_round(t), arbiter, seed=2, limit=3)
    p = Pairing.objects.select_related("game", "round", "first__player", "second__player").get(
        round__tournament=t, board=1
    )
    rules = get_rules("uttt", **t.options)
    more = [*p.game.moves_list, rules.legal_moves(rules.replay(p.game.moves_list))[0]]
    from tests.sheets.helpers import board_spec, workbook

    data = workbook(t, board_spec(t, p, moves=more, game=p.game_id), base=False)
    plan = services.read_game_sheet(data, game=p.game)
    assert plan.errors == [] and plan.warnings == []
    assert [(g.pairing_id, g.moves) for g in plan.games] == [(p.pk, (more[-1],))]
    services.apply_game_sheet(plan, user=arbiter)
    p.game.refresh_from_db()
    assert p.game.moves_list == more


def test_another_boards_sheet_on_a_tournament_games_page(db: None, en: str, arbiter: User) -> None:
    from tests.sheets.helpers import board_spec, workbook

    t = new_tournament(arbiter, players=4, format="round_robin")
    p1, p2 = Pairing.objects.select_related(
        "game", "round", "first__player", "second__player"
    ).filter(round__tournament=t)[:2]
    moves = random_moves("uttt", dict(t.options), seed=3, limit=2)
    data = workbook(t, board_spec(t, p2, moves=moves), base=False)
    plan = services.read_game_sheet(data, game=p1.game)
    assert plan.errors and "another board than round 1, board 1" in plan.errors[-1].message
    with pytest.raises(ImportRefused):
        services.apply_game_sheet(plan, user=arbiter)
    assert Game.objects.get(pk=p2.game_id).ply == 0


def test_the_games_list_links_record_a_paper_game_for_arbiters_only(db: None, keeper: User) -> None:
    client = Client()
    client.force_login(make_user("plain"))
    assert "/sheets/paper/" not in client.get("/games/").content.decode()
    client.force_login(keeper)
    assert 'href="/sheets/paper/"' in client.get("/games/").content.decode()
