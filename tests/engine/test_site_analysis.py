"""The analysis of a finished game: asked for from its page, computed once in the background
(the task framework's database queue; the worker's function run here, or the immediate backend),
stored, and shown as a table of moves and an SVG chart."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django_tasks_db.models import DBTaskResult

from games import analysis, analysis_tasks
from games.analysis_chart import chart_svg, series
from games.analysis_models import AnalysisStatus, GameAnalysis
from games.errors import GameError
from games.rules import get_rules
from tests import factories
from tests.engine.site_helpers import over_the_board_game, random_moves

pytestmark = pytest.mark.django_db

# 3×3 SOS: the first mover scores A1-B1-C1 and wins 1:0 (as in tests/adjudication/helpers.py).
SOS_FIRST_WINS = ["A1=S", "B1=O", "C1=S", "A2=O", "B2=O", "C2=O", "A3=O", "B3=O", "C3=O"]
SOS = {"rows": 3, "cols": 3}


@pytest.fixture(autouse=True)
def quick_engine(settings) -> None:
    settings.ENGINE_ANALYSIS_SECONDS = 0.02


@pytest.fixture
def arbiter() -> User:
    return User.objects.create_superuser(username="root", password=None)


@pytest.fixture
def member() -> User:
    return factories.make_user("member")


def english(user: User | None) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    if user is not None:
        client.force_login(user)
    return client


def test_a_request_makes_one_job_and_one_task(arbiter: User, member: User) -> None:
    game = over_the_board_game(arbiter, "sos", SOS, SOS_FIRST_WINS)
    assert game.status == "finished"
    with factories.committed():
        job, created = analysis.request_game_analysis(game=game, user=member)
    with factories.committed():
        again, created_again = analysis.request_game_analysis(game=game, user=arbiter)
    assert created and not created_again and again.pk == job.pk
    assert GameAnalysis.objects.count() == 1
    tasks = DBTaskResult.objects.all()
    assert [t.task_path for t in tasks] == ["games.analysis_tasks.analyse_game"]
    assert tasks[0].args_kwargs["args"] == [job.pk]
    assert job.status == AnalysisStatus.QUEUED and job.requested_by == member


def test_the_worker_stores_every_position_once(arbiter: User, member: User) -> None:
    game = over_the_board_game(arbiter, "sos", SOS, SOS_FIRST_WINS)
    job, _ = analysis.request_game_analysis(game=game, user=member)
    done = analysis_tasks.run_game_analysis(job.pk)
    assert done is not None and done.status == AnalysisStatus.DONE
    job.refresh_from_db()
    assert len(job.positions) == len(SOS_FIRST_WINS) + 1
    # The last position is the end of the game: a proven 1:0 for the first mover.
    last = job.positions[-1]["evaluation"]
    assert last["proven"] and last["winners"] == [0]
    assert job.positions[-1]["best_move"] is None
    # Every position before it has a legal best move of its own.
    rules = get_rules("sos", rows=3, cols=3)
    state = rules.start()
    for k, pos in enumerate(job.positions[:-1]):
        assert pos["best_move"] in rules.legal_moves(state), k
        state = rules.play(state, SOS_FIRST_WINS[k])
    # Computed once: the worker does not run a finished job again, and asking again queues nothing.
    stored = list(job.positions)
    assert analysis_tasks.run_game_analysis(job.pk) is None
    _job, created = analysis.request_game_analysis(game=game, user=member)
    assert not created
    job.refresh_from_db()
    assert job.positions == stored


def test_only_finished_games_with_moves(arbiter: User, member: User) -> None:
    unfinished = over_the_board_game(arbiter, "sos", SOS, SOS_FIRST_WINS[:4])
    with pytest.raises(GameError) as err:
        analysis.request_game_analysis(game=unfinished, user=member)
    assert err.value.code == "not_finished"
    finished = over_the_board_game(arbiter, "sos", SOS, SOS_FIRST_WINS, names=("C", "D"))
    with pytest.raises(GameError) as err:
        analysis.request_game_analysis(game=finished, user=None)
    assert err.value.code == "not_allowed"
    assert GameAnalysis.objects.count() == 0


def test_the_page_asks_shows_progress_and_then_the_chart(arbiter: User, member: User) -> None:
    moves = random_moves("uttt", {"preset": "classic"}, seed=3)
    game = over_the_board_game(arbiter, "uttt", {"preset": "classic"}, moves)
    page = english(member).get(game.get_absolute_url()).content.decode()
    assert "Analyse the game with the engine" in page
    anonymous = english(None).get(game.get_absolute_url()).content.decode()
    assert "Log in to ask for the engine" in anonymous
    url = reverse("games:analysis", args=[game.pk])
    assert english(None).post(url).status_code == 302  # to the log-in page
    assert GameAnalysis.objects.count() == 0
    with factories.committed():
        response = english(member).post(url)
    assert response.status_code == 302 and response["Location"].endswith("#analysis")
    job = GameAnalysis.objects.get()
    page = english(member).get(game.get_absolute_url()).content.decode()
    assert 'http-equiv="refresh"' in page and f"0 of {len(moves) + 1} positions" in page
    analysis_tasks.run_game_analysis(job.pk)
    page = english(None).get(game.get_absolute_url()).content.decode()
    assert 'http-equiv="refresh"' not in page
    svg = re.search(r"<svg class=\"analysis-chart\".*?</svg>", page, re.S)
    assert svg is not None
    points = re.search(r'<polyline[^>]*points="([^"]+)"', svg.group(0))
    assert points is not None and len(points.group(1).split()) == len(moves) + 1
    rows = re.findall(r"<tr(?: class=\"analysis-differs\")?>\s*<td>(\d+)</td>", page)
    assert [int(r) for r in rows] == list(range(1, len(moves) + 1))
    # A random game: the engine would have played otherwise somewhere, and says what.
    assert 'class="analysis-differs"' in page


def test_the_immediate_backend_runs_it_at_once(settings, arbiter: User, member: User) -> None:
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
    game = over_the_board_game(arbiter, "sos", SOS, SOS_FIRST_WINS)
    with factories.committed():
        job, _ = analysis.request_game_analysis(game=game, user=member)
    job.refresh_from_db()
    assert job.status == AnalysisStatus.DONE and len(job.positions) == len(SOS_FIRST_WINS) + 1


def test_taken_back_moves_leave_the_old_analysis_behind(arbiter: User, member: User) -> None:
    from games import services

    game = over_the_board_game(arbiter, "sos", SOS, SOS_FIRST_WINS)
    job, _ = analysis.request_game_analysis(game=game, user=member)
    with factories.committed():
        services.take_back(game=game, count=1)
    game.refresh_from_db()
    assert analysis.game_analysis_of(game) is None
    # The worker sees the position is gone and does not analyse another one in its place.
    assert analysis_tasks.run_game_analysis(job.pk).status == AnalysisStatus.FAILED


def test_chart_series_are_from_the_first_seat() -> None:
    positions = [
        {"evaluation": {"seat": 0, "value": 0.75, "proven": False, "margin": 0.1}},
        {"evaluation": {"seat": 1, "value": 0.75, "proven": False, "margin": 0.1}},
        {"evaluation": {"seat": 0, "value": 1.0, "proven": True, "winners": [0]}},
    ]
    assert series(positions, players=2, points=False) == [[(0, 0.75), (1, 0.25), (2, 1.0)]]
    most = [
        {"evaluation": {"seat": 0, "value": 2.0, "proven": False}},
        {"evaluation": {"seat": 1, "value": 3.0, "proven": False}},
    ]
    assert series(most, players=2, points=True) == [[(0, 2.0), (1, -3.0)]]
    svg = chart_svg(positions, players=2, points=False, names=["<Alice>"])
    assert svg.startswith("<svg") and "&lt;Alice&gt;" in svg and "<Alice>" not in svg


def test_a_job_whose_worker_stopped_is_asked_for_again(arbiter: User, member: User) -> None:
    """A job left "running" long past its budget (its worker was killed) is lost: the page says
    so and offers it again, and asking again queues it (once) instead of waiting for ever."""
    from datetime import timedelta

    from django.utils import timezone

    game = over_the_board_game(arbiter, "sos", SOS, SOS_FIRST_WINS)
    with factories.committed():
        job, _ = analysis.request_game_analysis(game=game, user=member)
    started = timezone.now() - timedelta(seconds=30)
    GameAnalysis.objects.filter(pk=job.pk).update(status=AnalysisStatus.RUNNING, started_at=started)
    job.refresh_from_db()
    assert job.pending and not job.lost  # still within its budget: wait for it
    with factories.committed():
        same, created = analysis.request_game_analysis(game=game, user=member)
    assert not created and same.status == AnalysisStatus.RUNNING
    long_ago = timezone.now() - timedelta(hours=1)
    GameAnalysis.objects.filter(pk=job.pk).update(started_at=long_ago)
    job.refresh_from_db()
    assert job.lost and not job.pending
    page = english(member).get(game.get_absolute_url())
    assert b"The analysis was interrupted" in page.content and b"Try again" in page.content
    with factories.committed():
        again, created = analysis.request_game_analysis(game=game, user=member)
    assert created and again.pk == job.pk and again.status == AnalysisStatus.QUEUED
    assert DBTaskResult.objects.count() == 2  # queued once more, not a second job
    assert GameAnalysis.objects.count() == 1
