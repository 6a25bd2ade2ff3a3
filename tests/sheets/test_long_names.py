"""A name or club longer than the player's column, in a workbook or a board sheet, is an error of
its cell in the preview (the service's own check), never a failed apply or a 500."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from games.models import Game, Player
from games.player_services import column_limit
from games.rules import get_rules
from sheets import services
from sheets.boards.write import BoardData, board_sheet
from sheets.errors import ImportRefused
from sheets.xlsx.writer import write_workbook
from tests.factories import make_user, with_permission
from tests.sheets.helpers import edit, new_tournament, workbook

NAME = column_limit(Player, "name")
CLUB = column_limit(Player, "club")


def test_a_workbooks_name_and_club_at_the_limit_and_past_it(
    db: None, en: str, arbiter: User
) -> None:
    t = new_tournament(arbiter, players=3, format="swiss", rounds=3, pair=False)
    at_limit = {("Players", "B9"): "n" * NAME, ("Players", "D9"): "c" * CLUB}
    past = {
        ("Players", "B9"): "n" * (NAME + 1),
        ("Players", "B10"): "Ann",
        ("Players", "D10"): "c" * (CLUB + 1),
    }
    plan = services.read_workbook(edit(workbook(t), past), tournament=t)
    errors = {e.where: e.message for e in plan.errors}
    assert set(errors) == {"Players!B9", "Players!D10"}
    assert (
        "The name is too long." in errors["Players!B9"]
        and f"{NAME} characters" in (errors["Players!B9"])
    )
    assert "The club's name is too long." in errors["Players!D10"]
    with pytest.raises(ImportRefused):
        services.apply_plan(plan, user=arbiter)

    plan = services.read_workbook(edit(workbook(t), at_limit), tournament=t)
    assert plan.errors == []
    services.apply_plan(plan, user=arbiter)
    assert Player.objects.get(name="n" * NAME).club == "c" * CLUB


def paper_sheet(names: list[str]) -> bytes:
    rules = get_rules("uttt")
    out = io.BytesIO()
    write_workbook([board_sheet(BoardData("uttt", dict(rules.options), names, []), "Game")], out)
    return out.getvalue()


def test_a_board_sheets_long_name_is_its_cells_error(db: None, en: str, client: Client) -> None:
    keeper = with_permission(make_user("keeper"), "games.play_any_seat")
    client.force_login(keeper)
    data = paper_sheet(["n" * (NAME + 1), "Борис"])
    page = client.post(
        "/sheets/paper/", {"file": SimpleUploadedFile("g.xlsx", data)}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert page.status_code == 200
    errors = [e for e in page.context["plan"].errors if e.where.startswith("Game!B1")]
    assert len(errors) == 1 and "The name is too long." in errors[0].message  # the seat's cell
    assert b"The name is too long." in page.content
    assert b"Apply these changes" not in page.content
    assert not Game.objects.exists() and not Player.objects.exists()

    plan = services.read_paper_game(paper_sheet(["n" * NAME, "Борис"]))
    assert [e.message for e in plan.errors if e.where.startswith("Game!B1")] == []
