"""An SOS event at tables in the tournament workbook (issue 30): a round sheet lists the tables
(table, seat, player, SOS made, place, points, the game's board sheet) and the byes; the
standings sheet has the tables' tie-breaks; a table's game has its board sheet with every seat.
SOS counts typed into a round sheet come back through the import's preview and checks, and are
recorded by the tables' act, all or nothing."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook

from games import services as game_services
from sheets import services
from sheets.errors import ImportRefused
from sheets.services import XLSX
from tests.sheets.helpers import new_tournament, workbook
from tournaments import queries
from tournaments.acts import tables
from tournaments.models import (
    Act,
    ResultRecord,
    ResultSource,
    Round,
    TableSeat,
    TableSeating,
    Tournament,
)


def _event(arbiter: User, players: int = 8) -> Tournament:
    return new_tournament(
        arbiter, kind="sos", players=players, format="sos_tables", rounds=3, name="Table Night"
    )


def _sheets(t: Tournament) -> dict:
    wb = load_workbook(io.BytesIO(workbook(t)))
    return {ws.title: ws for ws in wb.worksheets}


def _rows(ws, first: int = 4) -> list[list]:
    return [[c.value for c in r] for r in ws.iter_rows(min_row=first)]


def _seated(t: Tournament, number: int = 1) -> list[list[str]]:
    rnd = Round.objects.get(tournament=t, number=number)
    return [
        [s.entry.player.name for s in row.seats.select_related("entry__player").order_by("seat")]
        for row in rnd.tables.order_by("number")
    ]


def _typed(data: bytes, cells: dict[tuple[str, str], object]) -> bytes:
    wb = load_workbook(io.BytesIO(data))
    for (sheet, ref), value in cells.items():
        wb[sheet][ref] = value
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def test_the_round_sheet_lists_tables_seats_and_results(db: None, en: str, arbiter: User) -> None:
    t = _event(arbiter)
    rnd = t.round_set.get(number=1)
    first, second = rnd.tables.order_by("number")
    tables.record_table(table=first, counts=[5, 2, 2, 0], user=arbiter)
    seated = _seated(t)
    sheets = _sheets(t)
    ws = sheets["Round 1"]
    assert ws["A1"].value == "Round 1"
    head = [c.value for c in ws[3]]
    assert head == ["Table", "Seat order", "Name", "SOS made", "Place", "Points", "Game"]
    assert _rows(ws) == [
        [1, 1, seated[0][0], 5, 1, 3, "R1 T1"],  # the table's game, played on the site
        [1, 2, seated[0][1], 2, 2.5, 1.5, None],
        [1, 3, seated[0][2], 2, 2.5, 1.5, None],
        [1, 4, seated[0][3], 0, 4, 0, None],
        [2, 1, seated[1][0], None, None, None, "R1 T2"],
        [2, 2, seated[1][1], None, None, None, None],
        [2, 3, seated[1][2], None, None, None, None],
        [2, 4, seated[1][3], None, None, None, None],
    ]
    assert ws["A4"].font.b and not ws["A5"].font.b  # each table's first row stands out
    assert ws["C4"].border.top.style == "medium" and ws["C5"].border.top.style == "thin"
    assert ws.freeze_panes == "A4"
    assert second.number == 2
    # The standings: the tables' tie-breaks, in the event's order.
    st = sheets["Standings"]
    labels = [label for _key, label, _about in queries.standings(t).labels]
    assert "Opponents' points" in labels  # the tables' tie-breaks, not a two-player event's
    assert [c.value for c in st[3]] == ["Place", "No.", "Name", "Points", *labels]
    assert st["C4"].value == seated[0][0] and st["D4"].value == 3


def test_a_bye_is_written_below_the_tables(db: None, en: str, arbiter: User) -> None:
    t = _event(arbiter, players=7)  # 4 + 3: no bye; 5 players: 5 at tables of 4 → 3 + bye…
    ws = _sheets(t)["Round 1"]
    assert [r[0] for r in _rows(ws)] == [1, 1, 1, 1, 2, 2, 2]
    t = new_tournament(
        arbiter, kind="sos", players=5, format="sos_tables", rounds=2, name="Small Night"
    )
    rows = _rows(_sheets(t)["Round 1"])
    byes = [r for r in rows if r[0] == "bye"]
    tabled = [r for r in rows if r[0] != "bye"]
    assert len(tabled) + len(byes) == 5 and byes
    assert all(r[1] is None and r[3] is None and r[5] == 1.5 for r in byes)  # a 3-2-1-0 average


def test_a_tables_game_has_its_board_sheet_with_every_seat(
    db: None, en: str, arbiter: User
) -> None:
    t = _event(arbiter)
    row = TableSeating.objects.get(round__tournament=t, round__number=1, number=2)
    players = [s.entry.player for s in row.seats.select_related("entry__player")]
    game = game_services.create_game(kind="sos", options=dict(t.options), players=players)
    row.game = game
    row.save(update_fields=["game"])
    sheets = _sheets(t)
    assert "R1 T2" in sheets
    ws = sheets["Round 1"]
    assert ws["G8"].value == "R1 T2" and ws["G8"].hyperlink is not None
    board = sheets["R1 T2"]
    column_a = [c.value for c in board["A"]]
    players_row = column_a.index("Players:") + 1
    names = [board.cell(players_row + k, 2).value for k in range(4)]
    assert names == [p.name for p in players]
    # The import leaves the table's game alone.
    plan = services.read_workbook(workbook(t), tournament=t)
    assert plan.errors == [] and plan.games == []


def test_russian_round_sheet(db: None, ru: str, arbiter: User) -> None:
    t = _event(arbiter)
    ws = _sheets(t)["Тур 1"]
    assert [c.value for c in ws[3]] == [
        "Стол",
        "Очерёдность",
        "Имя",
        "Сделано SOS",
        "Место",
        "Очки",
        "Партия",
    ]


# -- SOS counts typed into a round sheet come back through the import ---------------------------


def test_counts_typed_at_the_tables_are_imported(db: None, en: str, arbiter: User) -> None:
    t = _event(arbiter)
    typed = {
        ("Round 1", f"D{r}"): c for r, c in zip(range(4, 12), (4, 3, 2, 1, 0, 0, 6, 1), strict=True)
    }
    data = _typed(workbook(t), typed)
    plan = services.read_workbook(data, tournament=t)
    assert plan.errors == []
    assert [(c.table, c.old, c.new) for c in plan.tables] == [
        (1, (None,) * 4, (4, 3, 2, 1)),
        (2, (None,) * 4, (0, 0, 6, 1)),
    ]
    assert not TableSeating.objects.get(round__tournament=t, number=1).has_result  # a preview
    services.import_workbook(data, tournament=t, user=arbiter)
    rows = TableSeating.objects.filter(round__tournament=t).order_by("number")
    counts = [[s.sos_count for s in r.seats.order_by("seat")] for r in rows]
    assert counts == [[4, 3, 2, 1], [0, 0, 6, 1]]
    points = [[s.points for s in r.seats.order_by("seat")] for r in rows]
    assert points == [[3, 2, 1, 0], [0.5, 0.5, 3, 2]]
    records = ResultRecord.objects.filter(tournament=t, source=ResultSource.PAPER, act=Act.RESULT)
    assert records.count() == 2
    assert "Round 1!A4" in " ".join(r.note_text for r in records)
    again = services.read_workbook(data, tournament=t)  # the same workbook changes nothing
    assert again.errors == [] and again.tables == []
    # A correction: the places and points are computed again.
    data = _typed(workbook(t), {("Round 1", "D4"): 0})
    plan = services.read_workbook(data, tournament=t)
    assert [(c.old, c.new) for c in plan.tables] == [((4, 3, 2, 1), (0, 3, 2, 1))]
    services.import_workbook(data, tournament=t, user=arbiter)
    first = rows.first()
    assert [s.points for s in first.seats.order_by("seat")] == [0, 3, 2, 1]


def test_bad_cells_are_refused_all_at_once(db: None, en: str, arbiter: User) -> None:
    t = _event(arbiter)
    seated = _seated(t)
    cells = {
        ("Round 1", "D4"): 3,  # table 1: three counts and a blank
        ("Round 1", "D5"): 2,
        ("Round 1", "D6"): 1,
        ("Round 1", "D8"): "2.5",  # table 2: not a whole number
        ("Round 1", "D9"): -1,
        ("Round 1", "D10"): 1000,
        ("Round 1", "D11"): 1,
        ("Round 1", "C9"): seated[0][0],  # a player not seated there
    }
    data = _typed(workbook(t), cells)
    plan = services.read_workbook(data, tournament=t)
    found = {(e.sheet, e.cell): e.message for e in plan.errors}
    assert found[("Round 1", "D7")] == ("Write the SOS count of every seat at table 1, or of none.")
    assert found[("Round 1", "D8")] == "An SOS count is a whole number from 0 to 999."
    assert ("Round 1", "D9") in found and ("Round 1", "D10") in found
    assert "seat 2 of table 2 is" in found[("Round 1", "C9")]
    assert plan.tables == []
    with pytest.raises(ImportRefused):
        services.import_workbook(data, tournament=t, user=arbiter)
    assert not TableSeat.objects.filter(table__round__tournament=t, sos_count__isnull=False)


def test_unknown_tables_and_seats_are_refused(db: None, en: str, arbiter: User) -> None:
    t = _event(arbiter)
    third = _seated(t)[0][2]
    cells = {("Round 1", "A8"): 9, ("Round 1", "B5"): 7, ("Round 1", "B7"): 3}
    data = _typed(workbook(t), {**cells, ("Round 1", "C7"): third})
    plan = services.read_workbook(data, tournament=t)
    found = {(e.sheet, e.cell): e.message for e in plan.errors}
    assert found[("Round 1", "A8")] == "Round 1 has no table 9."
    assert found[("Round 1", "B5")] == "Table 1 has no seat 7."
    assert found[("Round 1", "B7")] == "Seat 3 of table 1 is written twice."
    missing = [e.message for e in plan.errors if e.cell == "A4"]
    assert len(missing) == 2 and all("is missing" in m for m in missing)  # seats 2 and 4
    data = _typed(workbook(t), {("Round 1", "C6"): _seated(t)[1][0]})
    plan = services.read_workbook(data, tournament=t)
    found = {(e.sheet, e.cell): e.message for e in plan.errors}
    assert found[("Round 1", "C6")] == f"On the site, seat 3 of table 1 is \u2068{third}\u2069."
    # A round the site has not seated yet.
    wb = load_workbook(io.BytesIO(workbook(t)))
    wb["Round 1"].title = "Round 2"
    wb["Round 2"]["A1"] = "Round 2"
    out = io.BytesIO()
    wb.save(out)
    plan = services.read_workbook(out.getvalue(), tournament=t)
    found = {(e.sheet, e.cell): e.message for e in plan.errors}
    assert found[("Round 2", "A1")] == "Round 2 is not seated at tables on the site yet."


def test_the_import_page_previews_the_tables_then_applies(db: None, en: str, arbiter: User) -> None:
    t = _event(arbiter)
    typed = {("Round 1", f"D{r}"): c for r, c in zip(range(4, 8), (4, 3, 2, 1), strict=True)}
    data = _typed(workbook(t), typed)
    c = Client(HTTP_ACCEPT_LANGUAGE="en")
    c.force_login(arbiter)
    file = SimpleUploadedFile("tables.xlsx", data, content_type=XLSX)
    page = c.post(reverse("sheets:import", args=[t.pk]), {"file": file})
    html = page.content.decode()
    assert page.status_code == 200 and "Round 1, table 1" in html
    assert '<span dir="ltr">…:…:…:… → 4:3:2:1</span>' in html
    form = page.context["apply_form"]
    done = c.post(
        reverse("sheets:import_apply", args=[t.pk]),
        {"token": form.initial["token"], "digest": form.initial["digest"]},
    )
    assert done.status_code == 302
    first = TableSeating.objects.get(round__tournament=t, number=1)
    assert [s.sos_count for s in first.seats.order_by("seat")] == [4, 3, 2, 1]
