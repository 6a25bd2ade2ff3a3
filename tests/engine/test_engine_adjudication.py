"""Adjudication by engine: the arbiter has the engine analyse an unfinished game in the background,
sees its verdict and decides; the decision is one record (source adjudication) that keeps the
engine's verdict, shown to the players. Permissions, versions and races as for every other act
(tests/adjudication)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django_tasks_db.models import DBTaskResult

from games import analysis_tasks
from games.analysis_models import DEFAULT_ADJUDICATION_SECONDS, AnalysisStatus, PositionAnalysis
from games.models import Game, GameStatus
from games.rules import get_rules
from tests import factories
from tests.adjudication.helpers import (
    SOS_FIRST_WINS,
    World,
    build_world,
    in_arbiter_group,
    is_login_redirect,
    make_user,
    play,
    reload,
)
from tests.engine.site_helpers import over_the_board_game
from tests.engine.test_sos import brute_most
from tournaments.acts import engine_verdict, tournament_settings, versions
from tournaments.errors import TournamentError
from tournaments.models import Act, RecordReason, Result, ResultRecord, ResultSource

pytestmark = pytest.mark.django_db

# After these four moves of 3×3 SOS the first mover (Alice) leads 1:0 with five cells empty, and
# the second (Carol) is to move: A3=S scores A1-A2-A3 and best play wins her the game by 4 points
# (checked by plain minimax below). The exact solver proves it at once.
OPENING = SOS_FIRST_WINS[:4]


def test_the_opening_is_a_proven_win_for_the_second_mover() -> None:
    rules = get_rules("sos", rows=3, cols=3)
    state = rules.replay(OPENING)
    assert rules.to_move(state) == 1 and tuple(state.scores) == (1, 0)
    assert brute_most(rules, state) - 1 == 4  # Carol's final lead under best play


@pytest.fixture
def world() -> World:
    w = build_world()
    tournament_settings.update_tournament(
        tournament=w.tournament, user=w.arbiter, changes={"engine_seconds": 2}
    )
    return w


def english(user: User | None) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    if user is not None:
        client.force_login(user)
    return client


def engine_url(game: Game) -> str:
    return reverse("tournaments:engine", args=[game.pk])


def page_version(client: Client, game: Game) -> str:
    found = re.search(
        r'name="version" value="([^"]*)"', client.get(engine_url(game)).content.decode()
    )
    assert found, "the page carries no version"
    return found.group(1)


def analysed(world: World) -> tuple[Game, PositionAnalysis, str]:
    """Board 1 after the opening, analysed by the engine at the arbiter's request."""
    game = play(world.game, *OPENING)
    seen = versions.version_of(game=game, pairing=reload(world.board1))
    job = engine_verdict.request_analysis(user=world.arbiter, game=game, expected_version=seen)
    analysis_tasks.run_position_analysis(job.pk)
    return game, reload(job), seen


# -- Permissions -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "role, allowed",
    [
        ("arbiter", True),
        ("staff_arbiter", True),
        ("superuser", True),
        ("other_arbiter", False),
        ("seated", False),
        ("opponent", False),
        ("another_player", False),
    ],
)
def test_only_the_games_arbiters_adjudicate_by_engine(world: World, role: str, allowed: bool):
    game = play(world.game, *OPENING)
    client = english(getattr(world, role))
    version = versions.version_of(game=game, pairing=reload(world.board1))
    assert client.get(engine_url(game)).status_code == (200 if allowed else 403)
    response = client.post(engine_url(game), {"act": "analyse", "version": version})
    assert response.status_code == (302 if allowed else 403)
    assert PositionAnalysis.objects.exists() is allowed
    with pytest.raises(TournamentError) if not allowed else _nothing():
        engine_verdict.request_analysis(
            user=getattr(world, role), game=game, expected_version=version
        )


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> bool:
        return False


def test_anonymous_visitors_are_sent_to_log_in(world: World) -> None:
    game = play(world.game, *OPENING)
    assert is_login_redirect(english(None).get(engine_url(game)))
    assert is_login_redirect(english(None).post(engine_url(game), {"act": "analyse"}))
    assert not PositionAnalysis.objects.exists()


def test_a_casual_game_is_for_its_creating_arbiter_with_the_default_time(world: World) -> None:
    creator = in_arbiter_group(make_user("club-arbiter"))
    stranger = in_arbiter_group(make_user("club-arbiter-2"))
    game = over_the_board_game(creator, "sos", {"rows": 3, "cols": 3}, OPENING)
    assert english(stranger).get(engine_url(game)).status_code == 403
    client = english(creator)
    response = client.post(
        engine_url(game), {"act": "analyse", "version": page_version(client, game)}
    )
    assert response.status_code == 302
    job = PositionAnalysis.objects.get()
    assert job.seconds == DEFAULT_ADJUDICATION_SECONDS == engine_verdict.engine_seconds(game)


def test_the_arbiters_page_links_to_it_while_the_game_is_unfinished(world: World) -> None:
    game = play(world.game, *OPENING)
    arbiter_page = reverse("tournaments:game_arbiter", args=[game.pk])
    assert engine_url(game) in english(world.arbiter).get(arbiter_page).content.decode()
    play(game, *SOS_FIRST_WINS[4:])
    assert engine_url(game) not in english(world.arbiter).get(arbiter_page).content.decode()


# -- The act and its record --------------------------------------------------------------------


def test_the_arbiter_asks_watches_and_decides_and_the_record_keeps_the_verdict(
    world: World,
) -> None:
    game = play(world.game, *OPENING)
    client = english(world.arbiter)
    with factories.committed():
        client.post(engine_url(game), {"act": "analyse", "version": page_version(client, game)})
    job = PositionAnalysis.objects.get()
    assert (job.ply, job.seconds, job.status) == (4, 2, AnalysisStatus.QUEUED)
    assert [t.task_path for t in DBTaskResult.objects.all()] == [
        "games.analysis_tasks.analyse_position"
    ]
    waiting = client.get(engine_url(game)).content.decode()
    assert 'http-equiv="refresh"' in waiting and "Waiting for the engine" in waiting

    analysis_tasks.run_position_analysis(job.pk)
    page = client.get(engine_url(game)).content.decode()
    assert "Proven result: Carol wins." in page
    assert "For Carol (to move): proven win (+4)." in page
    # The engine's suggestion is the form's choice; the arbiter decides.
    assert re.search(r'<option value="0-1" selected>', page)
    response = client.post(
        engine_url(game),
        {
            "act": "decide",
            "result": Result.LOSS,
            "reason": RecordReason.UNFINISHED,
            "note": "the hall closed",
            "version": page_version(client, game),
        },
    )
    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()

    record = ResultRecord.objects.get()
    assert (record.act, record.source, record.reason) == (
        Act.ENGINE_RESULT,
        ResultSource.ADJUDICATION,
        RecordReason.UNFINISHED,
    )
    assert record.decided_by == world.arbiter and record.note == "the hall closed"
    engine = record.after["engine"]
    assert engine["engine"] == "games.engine" and engine["budget_seconds"] == 2
    assert engine["ply"] == 4 and engine["analysis"] == job.pk
    assert engine["verdict"] == {"kind": "proven", "winners": [1]}
    assert engine["evaluation"]["proven"] and engine["evaluation"]["method"] == "solved"
    assert engine["line"] and engine["best_move"] == engine["line"][0]
    # The wall time the verdict took, after its wait in the queue (games.analysis_queue.took).
    assert engine["wall_seconds"] is not None and engine["queued_seconds"] is not None
    assert record.after["game"]["status"] == GameStatus.ADJUDICATED
    assert reload(world.board1).result == Result.LOSS
    assert reload(game).winners == [1]
    # The players see the verdict with the record, on the game page.
    shown = english(world.opponent).get(game.get_absolute_url()).content.decode()
    assert "The engine&#x27;s verdict (after move 4, 2 s):" in shown or (
        "The engine's verdict (after move 4, 2 s):" in shown
    )
    assert "Proven result: Carol wins." in shown
    assert "of wall time, after" in shown


def test_the_arbiter_may_decide_otherwise_than_the_engine(world: World) -> None:
    _game, job, seen = analysed(world)
    record = engine_verdict.decide_by_engine(
        user=world.arbiter,
        job=job,
        result=Result.DRAW,
        reason=RecordReason.UNFINISHED,
        expected_version=seen,
    )
    assert record.after["engine"]["verdict"]["winners"] == [1]
    assert reload(world.board1).result == Result.DRAW


def test_no_decision_before_the_engine_has_answered(world: World) -> None:
    game = play(world.game, *OPENING)
    seen = versions.version_of(game=game, pairing=reload(world.board1))
    job = engine_verdict.request_analysis(user=world.arbiter, game=game, expected_version=seen)
    with pytest.raises(TournamentError) as err:
        engine_verdict.decide_by_engine(
            user=world.arbiter,
            job=job,
            result=Result.WIN,
            reason="unfinished",
            expected_version=seen,
        )
    assert err.value.code == "not_ready"
    assert not ResultRecord.objects.exists()


def test_forfeits_are_not_an_engine_decision(world: World) -> None:
    _game, job, seen = analysed(world)
    with pytest.raises(TournamentError) as err:
        engine_verdict.decide_by_engine(
            user=world.arbiter,
            job=job,
            result=Result.FORFEIT_WIN,
            reason="unfinished",
            expected_version=seen,
        )
    assert err.value.code == "bad_result"
    assert not ResultRecord.objects.exists()


def test_a_move_after_the_analysis_makes_it_stale(world: World) -> None:
    game, job, seen = analysed(world)
    play(game, SOS_FIRST_WINS[4])
    with pytest.raises(TournamentError) as err:
        engine_verdict.decide_by_engine(
            user=world.arbiter,
            job=job,
            result=Result.WIN,
            reason="unfinished",
            expected_version=seen,
        )
    assert err.value.code == "stale"
    # Asking with the old version is refused too; the page offers the new position.
    with pytest.raises(TournamentError) as err:
        engine_verdict.request_analysis(user=world.arbiter, game=game, expected_version=seen)
    assert err.value.code == "stale"
    assert PositionAnalysis.objects.count() == 1
    assert not ResultRecord.objects.exists()
    assert "Analyse the position" in english(world.arbiter).get(engine_url(game)).content.decode()


def test_a_finished_game_has_nothing_to_adjudicate(world: World) -> None:
    game = play(world.game, *SOS_FIRST_WINS)
    seen = versions.version_of(game=game, pairing=reload(world.board1))
    with pytest.raises(TournamentError) as err:
        engine_verdict.request_analysis(user=world.arbiter, game=game, expected_version=seen)
    assert err.value.code == "over"
    page = english(world.arbiter).get(engine_url(game)).content.decode()
    assert "nothing to adjudicate" in page


def test_the_engines_time_is_a_tournament_setting(world: World) -> None:
    assert engine_verdict.engine_seconds(world.game) == 2
    for bad in (0, 601):
        with pytest.raises(TournamentError) as err:
            tournament_settings.update_tournament(
                tournament=world.tournament, user=world.arbiter, changes={"engine_seconds": bad}
            )
        assert err.value.code == "engine_seconds"
    assert reload(world.tournament).engine_seconds == 2


def test_three_seats_decide_by_winners(world: World) -> None:
    creator = in_arbiter_group(make_user("club-arbiter"))
    game = over_the_board_game(
        creator, "sos", {"rows": 3, "cols": 3}, ["A1=S", "B1=O", "C1=S"], names=("A", "B", "C")
    )
    assert game.seats.count() == 3
    job = engine_verdict.request_analysis(
        user=creator, game=game, expected_version=versions.version_of(game=game)
    )
    analysis_tasks.run_position_analysis(job.pk)
    client = english(creator)
    page = client.get(engine_url(game)).content.decode()
    assert 'name="winners"' in page
    record = engine_verdict.decide_by_engine(
        user=creator,
        job=reload(job),
        winners=[0],
        reason="unfinished",
        expected_version=versions.version_of(game=game),
    )
    assert record.act == Act.ENGINE_RESULT and reload(game).winners == [0]


@pytest.mark.parametrize("version", ["abc", "3", "3.0.1", "٣.٠"])
def test_a_malformed_version_is_a_bad_request_not_a_stale_form(world: World, version: str) -> None:
    from django.core.exceptions import BadRequest

    _game, job, _seen = analysed(world)
    for act in (engine_verdict.request_analysis, engine_verdict.decide_by_engine):
        kwargs: dict = {"user": world.arbiter, "expected_version": version}
        if act is engine_verdict.request_analysis:
            kwargs["game"] = reload(world.board1).game
        else:
            kwargs.update(job=job, result=Result.WIN, reason="unfinished")
        with pytest.raises(BadRequest):
            act(**kwargs)
    assert not ResultRecord.objects.exists()
    assert PositionAnalysis.objects.count() == 1
