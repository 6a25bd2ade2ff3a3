"""A forfeit board's sheets say the same thing in two ways: the round sheet writes the forfeit
(``+/-``), the board sheet its winner (or ``Draw`` for a double forfeit). Re-imported unchanged,
they agree; a result changed in the round sheet alone is a correction without a warning."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from sheets import services
from tests.sheets.helpers import edit, new_tournament, workbook
from tournaments.acts import services as tservices
from tournaments.models import Pairing

FORFEITS = ["+/-", "-/+", "-/-"]


def _forfeited(arbiter: User, online: bool):
    t = new_tournament(arbiter, players=6, format="swiss", rounds=3, online=online)
    boards = Pairing.objects.filter(round__tournament=t).order_by("board")
    for p, code in zip(boards, FORFEITS, strict=True):
        tservices.record_result(pairing=p, result=code, user=arbiter)
    return t


@pytest.mark.parametrize("online", [True, False])
def test_an_unchanged_workbook_of_forfeits_reads_back_without_a_word(
    db: None, en: str, arbiter: User, online: bool
) -> None:
    t = _forfeited(arbiter, online)
    plan = services.read_workbook(workbook(t), tournament=t)
    assert plan.errors == [] and plan.warnings == [] and plan.empty


def test_a_forfeit_board_sheet_alone_changes_nothing(db: None, en: str, arbiter: User) -> None:
    t = _forfeited(arbiter, online=True)
    plan = services.read_workbook(workbook(t, without=["Round 1"]), tournament=t)
    assert plan.errors == [] and plan.empty
    assert plan.warnings == ["The sheet of round 1 is missing: its results stay as on the site."]


def test_a_forfeit_changed_in_the_round_sheet_alone_is_enough(
    db: None, en: str, arbiter: User
) -> None:
    t = _forfeited(arbiter, online=True)
    data = edit(workbook(t), {("Round 1", "C4"): "-/+", ("Round 1", "C6"): "1-0"})
    plan = services.read_workbook(data, tournament=t)
    assert plan.errors == [] and plan.warnings == []
    assert [(r.board, r.old, r.new) for r in plan.results] == [(1, "+/-", "-/+"), (3, "-/-", "1-0")]


def test_a_board_sheet_naming_another_winner_still_warns(db: None, en: str, arbiter: User) -> None:
    t = _forfeited(arbiter, online=True)
    p1 = Pairing.objects.select_related("second__player").get(round__tournament=t, board=1)
    data = edit(workbook(t), {("R1 B1", "B16"): p1.second.player.name})
    plan = services.read_workbook(data, tournament=t)
    assert plan.errors == [] and plan.empty
    assert plan.warnings == [
        "R1 B1!B16: the winner differs from the round sheet; the round sheet's +/- is taken."
    ]
