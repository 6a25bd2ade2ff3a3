"""Final-position board sheets: every check a position allows runs, whatever else is missing;
an SOS position with a winner and no scores is the arbiter's record (scores unknown)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from games.models import GameStatus
from games.rules import get_rules
from sheets import services
from tests.sheets.helpers import board_spec, new_tournament, random_moves, workbook
from tournaments.models import Pairing


def _board(t, number: int = 1):
    return Pairing.objects.select_related("round", "first__player", "second__player").get(
        round__tournament=t, board=number
    )


def _where(plan) -> dict[str, str]:
    return {e.where: e.message for e in plan.errors}


def test_a_position_without_a_winner_is_still_counted(db: None, en: str, arbiter: User) -> None:
    t = new_tournament(arbiter, players=4, format="swiss", rounds=3, online=False)
    position = ["XXX......", "XXX......", "XXX......"] + ["........."] * 6
    plan = services.read_workbook(
        workbook(t, board_spec(t, _board(t), position=position), base=False), tournament=t
    )
    found = _where(plan)
    assert list(found) == ["R1 B1!B16", "R1 B1!B2"]
    assert "name the winner" in found["R1 B1!B16"]
    assert "X has 9 marks and O 0" in found["R1 B1!B2"]


def test_a_position_with_a_missing_players_row_still_counts_marks(
    db: None, en: str, arbiter: User
) -> None:
    t = new_tournament(arbiter, players=4, format="swiss", rounds=3, online=False)
    p = _board(t)
    position = ["XXX......", "XXX......", "XXX......"] + ["........."] * 6
    sheet = board_spec(t, p, position=position, winners=(0,), names=[p.first.player.name])
    plan = services.read_workbook(workbook(t, sheet, base=False), tournament=t)
    found = _where(plan)
    assert "R1 B1!B12" in found and "2 players" in found["R1 B1!B12"]
    assert "X has 9 marks and O 0" in found["R1 B1!B2"]


def _sos_game(seed: int, options: dict) -> tuple[list[str], object]:
    rules = get_rules("sos", **options)
    state = rules.replay(random_moves("sos", dict(rules.options), seed=seed))
    return ["".join(c or "." for c in row) for row in state.grid], state


def _sos_tournament(arbiter: User):
    return new_tournament(
        arbiter,
        kind="sos",
        options={"rows": 4, "cols": 4},
        players=4,
        format="swiss",
        rounds=3,
        online=False,
    )


def test_sos_winner_without_scores_is_the_arbiters_record(db: None, en: str, arbiter: User) -> None:
    t = _sos_tournament(arbiter)
    p = _board(t)
    for seed in range(1, 40):
        position, state = _sos_game(seed, dict(t.options))
        outcome = get_rules("sos", **t.options).outcome(state)
        if outcome is not None and outcome.winners:
            break
    winners = outcome.winners
    data = workbook(t, board_spec(t, p, position=position, winners=winners), base=False)
    plan = services.read_workbook(data, tournament=t)
    assert plan.errors == []
    (change,) = plan.games
    assert change.action == "create" and change.winners == winners and change.scores == ()
    services.apply_plan(plan, user=arbiter)
    p.refresh_from_db()
    assert p.result == {(0,): "1-0", (1,): "0-1"}[winners]
    assert p.game.status == GameStatus.ADJUDICATED and p.game.final_position == position
    assert p.game.scores == []  # scores unknown
    again = services.read_workbook(data, tournament=t)
    assert again.errors == [] and again.empty
    exported = services.read_workbook(workbook(t), tournament=t)
    assert exported.errors == [] and exported.empty  # the export writes no invented scores


@pytest.mark.parametrize(
    ("position", "winners", "message"),
    [
        (["SOS.", "....", "....", "...."], (0,), "not full"),
        (["SOSO", "OOOO", "OOOO", "OOOO"], (), "cannot all have as many"),
        (["OOOO", "OOOO", "OOOO", "OOOO"], (0,), "too few SOSs"),
    ],
)
def test_sos_winner_without_scores_is_checked_against_the_grid(
    db: None, en: str, arbiter: User, position: list[str], winners: tuple, message: str
) -> None:
    t = _sos_tournament(arbiter)
    data = workbook(t, board_spec(t, _board(t), position=position, winners=winners), base=False)
    plan = services.read_workbook(data, tournament=t)
    assert any(message in e.message for e in plan.errors), plan.errors
    assert not plan.games
