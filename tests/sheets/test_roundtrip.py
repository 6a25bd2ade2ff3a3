"""Every kind of sheet, written and read back, gives the same data."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from games.models import Player
from sheets import services
from sheets.workbooks.tables import classify, read_table
from sheets.xlsx.reader import load_sheets
from tests.sheets.helpers import current_round, new_game, new_tournament, play_round

GAMES = [
    ("uttt", {}),
    ("uttt", {"preset": "classic"}),
    ("uttt", {"preset": "tactical", "all_draw_line": "continue", "decided_boards_free": True}),
    ("uttt", {"no_send_back": True}),
    ("sos", {"rows": 3, "cols": 3}),
    ("sos", {"rows": 5, "cols": 6, "players": 3}),
    ("sos", {"rows": 6, "cols": 6, "players": 4, "mode": "first"}),
    ("sos", {"rows": 7, "cols": 5, "players": 5}),
    ("sos", {"rows": 8, "cols": 8, "players": 6}),
]


def players(n: int) -> list[Player]:
    return [
        Player.objects.create(name=name)
        for name in ("Алиса", "=Борис", "Carol", "@Dan", "Eve", "+Фёдор")[:n]
    ]


@pytest.mark.parametrize(("kind", "options"), GAMES)
@pytest.mark.parametrize("limit", [None, 7, 0], ids=["finished", "unfinished", "unstarted"])
def test_game_sheet_round_trip(
    db: None, language: str, kind: str, options: dict, limit: int | None
) -> None:
    seats = options.get("players", 2)
    game = new_game(kind, players(seats), seed=11, limit=limit, **options)
    record = services.read_game(services.export_game(game))
    assert record.errors == []
    assert (record.kind, record.options) == (game.kind, game.options)
    assert record.names() == [s.player.name for s in game.seats.order_by("number")]
    assert record.moves == game.moves_list
    assert record.result == (tuple(game.winners) if game.winners is not None else None)
    if game.ply:
        assert record.scores == list(game.scores)
    assert record.detail("game") == game.pk


def test_final_position_round_trip(db: None, language: str, arbiter: User) -> None:
    from sheets.imports import gameio

    game = new_game("uttt", players(2), seed=5)
    final = ["".join(c or "." for c in row) for row in game.current_state().grid]
    paper = new_game("uttt", list(Player.objects.all()[:2]), limit=0)
    paper = gameio.record_position(
        game=paper, position=final, winners=game.winners, scores=game.scores
    )
    record = services.read_game(services.export_game(paper))
    assert record.errors == []
    assert record.final_position and record.moves == []
    assert record.position == final
    assert record.winners == tuple(game.winners)
    assert record.scores == list(game.scores)


@pytest.mark.parametrize(
    ("kind", "format", "online"),
    [
        ("uttt", "round_robin", True),
        ("sos", "double_round_robin", True),
        ("uttt", "swiss", False),
        ("sos", "swiss", True),
    ],
)
def test_tournament_workbook_round_trip(
    db: None, language: str, arbiter: User, kind: str, format: str, online: bool
) -> None:
    rounds = 3 if format == "swiss" else None
    t = new_tournament(arbiter, kind=kind, players=5, format=format, online=online, rounds=rounds)
    play_round(current_round(t), arbiter, seed=3)
    from tournaments import pairings
    from tournaments.acts import services as tservices

    tservices.finish_round(round=current_round(t), user=arbiter)
    pairings.pair_round(tournament=t, user=arbiter)
    play_round(current_round(t), arbiter, seed=9, limit=6)  # round 2: games under way
    data = services.export_tournament(t)
    plan = services.read_workbook(data, tournament=t)
    assert plan.errors == []
    assert plan.empty

    sheets = {s.title: s for s in load_sheets(data)}
    tables = {title: read_table(s, classify(s)) for title, s in sheets.items() if classify(s)}
    kinds = sorted(tb.kind for tb in tables.values())
    assert kinds.count("round") == 2 and kinds.count("players") == 1
    assert ("crosstable" in kinds) == (format != "swiss")
    [players_table] = [tb for tb in tables.values() if tb.kind == "players"]
    entries = sorted(t.entries.select_related("player"), key=lambda e: e.rank)
    assert [
        (r.values["name"], r.values["rating"], r.values.get("club")) for r in players_table.rows
    ] == [(e.player.name, e.rating, e.player.club or None) for e in entries]
    assert players_table.details["tournament"][0] == t.name
    for table in (tb for tb in tables.values() if tb.kind == "round"):
        rnd = t.round_set.get(number=table.number)
        written = {r.values["board"]: r.values for r in table.rows}
        for p in rnd.pairings.select_related("first__player", "second__player"):
            row = written[p.board]
            assert row["first"] == p.first.player.name
            assert row["second"] == (p.second.player.name if p.second_id else None)
            if p.result:
                from sheets.workbooks.results import parse_cell

                assert parse_cell(row["result"], bye=p.is_bye).code == p.result
            else:
                assert row["result"] is None
    boards = [s for s in sheets.values() if s.get(1, 2) == "A"]
    assert len(boards) == sum(
        1 for p in t.round_set.get(number=1).pairings.all() if p.game_id
    ) + sum(1 for p in t.round_set.get(number=2).pairings.all() if p.game_id)


def test_blank_sheets_read_back_empty(db: None, language: str, arbiter: User) -> None:
    t = new_tournament(arbiter, kind="uttt", players=4, format="swiss", rounds=3, online=False)
    rnd = current_round(t)
    data = services.blank_round_sheets(rnd)
    sheets = load_sheets(data)
    assert len(sheets) == 2
    plan = services.read_workbook(data, tournament=t)
    assert plan.errors == [] and plan.empty
    from sheets.boards.read import read_board

    record = read_board(sheets[0], kind="uttt", options=dict(t.options))
    p = rnd.pairings.get(board=1)
    assert record.names() == [p.first.player.name, p.second.player.name]
    assert record.empty and record.detail("round") == 1 and record.detail("board") == 1


def test_several_winners_even_with_commas_in_names(db: None, en: str) -> None:
    people = [Player.objects.create(name=n) for n in ("Smith, John", "Doe, Jane", "Roe")]
    game = new_game("sos", people, seed=1, limit=0, rows=3, cols=3, players=3)
    from sheets.boards.write import BoardData, board_sheet
    from sheets.xlsx.writer import write_workbook

    data = BoardData("sos", dict(game.options), [p.name for p in people], winners=(0, 1))
    out = __import__("io").BytesIO()
    write_workbook([board_sheet(data, "G")], out)
    from sheets.boards.read import read_board
    from sheets.xlsx.reader import load_sheets

    record = read_board(load_sheets(out.getvalue())[0])
    assert record.winners == (0, 1)
