"""A workbook import and a board's SOS scores: the sheet's scores are compared with the site's,
read from their one place (the game played on the site, or those handed in), and a site game's
scores are never changed by a sheet."""

from __future__ import annotations

from django.contrib.auth.models import User

from sheets import services
from sheets.imports import gameio
from tests import factories
from tests.sheets.helpers import edit, new_tournament, workbook
from tests.tournaments.test_results import SOS_FIRST_WINS_5_1
from tournaments.acts import services as tservices
from tournaments.models import Pairing, Result, ResultRecord, ResultSource


def online_sos(arbiter: User):  # type: ignore[no-untyped-def]
    """An online SOS Swiss of two: its one board, round 1."""
    t = new_tournament(arbiter, kind="sos", players=2, format="swiss", rounds=3, online=True)
    return t, Pairing.objects.select_related("game").get(round__tournament=t)


def test_a_sheet_that_gives_a_site_game_other_scores_is_refused(
    db: None, en: str, arbiter: User
) -> None:
    t, p = online_sos(arbiter)
    with factories.committed():
        gameio.play_moves(game=p.game, user=arbiter, moves=SOS_FIRST_WINS_5_1, expected_ply=0)
    data = workbook(t)
    same = services.read_workbook(data, tournament=t)
    assert same.errors == [] and same.empty  # the written 5:1 is the game's
    data = edit(data, {("Round 1", "E4"): 4, ("Round 1", "F4"): 1})
    plan = services.read_workbook(data, tournament=t)
    assert [(e.sheet, e.cell, e.message) for e in plan.errors] == [
        ("Round 1", "C4", "The game's score is 5:1.")
    ]
    p = Pairing.objects.get(pk=p.pk)
    assert (p.first_score, p.second_score, p.game_scores) == (None, None, (5, 1))


def test_scores_handed_in_on_a_sheet_for_a_game_without_moves_are_kept_once(
    db: None, en: str, arbiter: User
) -> None:
    t, p = online_sos(arbiter)
    data = edit(
        workbook(t),
        {("Round 1", "C4"): "0-1", ("Round 1", "E4"): 1, ("Round 1", "F4"): 3},
    )
    plan = services.read_workbook(data, tournament=t)
    assert plan.errors == []
    with factories.committed():  # the closed game's outcome is announced after the commit
        services.apply_plan(plan, user=arbiter)
    p = Pairing.objects.get(pk=p.pk)
    assert (p.result, p.game_scores) == (Result.LOSS, (1, 3))
    assert p.game.ply == 0  # not played on the site: the pairing keeps the scores
    (record,) = ResultRecord.objects.filter(pairing=p)
    assert record.source == ResultSource.IMPORT
    again = services.read_workbook(workbook(t), tournament=t)
    assert again.errors == [] and again.empty
    # A correction of the scores alone is a change of the board, recorded as such.
    data = edit(workbook(t), {("Round 1", "E4"): 2, ("Round 1", "F4"): 3})
    plan = services.read_workbook(data, tournament=t)
    assert [(r.old, r.new, r.first_score, r.second_score) for r in plan.results] == [
        (Result.LOSS, Result.LOSS, 2, 3)
    ]
    services.apply_plan(plan, user=arbiter)
    assert Pairing.objects.get(pk=p.pk).game_scores == (2, 3)
    assert ResultRecord.objects.filter(pairing=p).count() == 2
    # Nothing was given to the game: its record has no moves and no scores of its own.
    tservices.record_result(pairing=p, result="0-1", user=arbiter)  # a repeat changes nothing
    assert ResultRecord.objects.filter(pairing=p).count() == 2
