"""The arbiter's log in the tournament workbook: every decision on its own sheet, read back
unchanged by calamine, and ignored (never imported) when the workbook comes back."""

from __future__ import annotations

import io

from django.contrib.auth.models import User
from python_calamine import CalamineWorkbook

from sheets.services import read_workbook
from tests.sheets.helpers import current_round, new_tournament, workbook
from tournaments.acts import decisions


def test_decisions_are_on_the_log_sheet_and_ignored_on_import(
    db: None, en: str, arbiter: User
) -> None:
    t = new_tournament(arbiter, players=4, format="swiss", rounds=3, online=True)
    board = current_round(t).pairings.get(board=1)
    decisions.decide(
        user=arbiter, pairing=board, result="+/-", reason="no_show", note="=Late by an hour"
    )
    data = workbook(t)

    book = CalamineWorkbook.from_filelike(io.BytesIO(data))
    assert "Arbiter's log" in book.sheet_names
    rows = book.get_sheet_by_name("Arbiter's log").to_python()
    assert rows[0][0] == "Arbiter's log"
    header = rows[2]
    assert header[:4] == ["When", "Act", "Reason", "About"]
    record = rows[3]
    assert record[1:4] == ["Forfeit", "No-show", f"R1 B1, Game {board.game_id}"]
    assert "+/-" in record[5]
    assert record[6] == "=Late by an hour"  # user text is never a formula
    assert record[7] == "arbiter"

    plan = read_workbook(data, tournament=t)
    assert plan.ok and plan.empty
