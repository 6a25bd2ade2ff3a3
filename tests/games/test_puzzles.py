"""Puzzles from finished games (games.puzzles): made by the command and by the worker after an
analysis, never twice; the puzzle page answered by a plain form (no JavaScript), counted once a
visitor; the list, and the daily puzzle on the home page."""

from __future__ import annotations

import datetime
from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games import analysis, analysis_tasks
from games.device_models import DeviceGame
from games.models import Game
from games.puzzles import solving
from games.puzzles.making import finished_games, puzzles_from_game
from games.puzzles.models import Puzzle, PuzzleAttempt
from tests import factories
from tests.engine.site_helpers import over_the_board_game

pytestmark = pytest.mark.django_db

# 3×3 SOS "first": X misses B1=O (the only winning move: A1-B1-C1) and O takes it.
MISSED = ["A1=S", "C1=S", "C3=S", "B1=O"]
FIRST = {"rows": 3, "cols": 3, "mode": "first"}


@pytest.fixture
def arbiter() -> User:
    return User.objects.create_superuser(username="root", password=None)


@pytest.fixture
def game(arbiter: User) -> Game:
    game = over_the_board_game(arbiter, "sos", FIRST, MISSED)
    assert game.status == "finished"
    return game


@pytest.fixture
def puzzle(game: Game) -> Puzzle:
    (made,) = puzzles_from_game(game)
    return made


def english(user: User | None = None) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    if user is not None:
        client.force_login(user)
    return client


def test_a_game_with_a_missed_win_makes_one_puzzle(game: Game) -> None:
    (puzzle,) = puzzles_from_game(game)
    assert (puzzle.ply, puzzle.seat, puzzle.kind, puzzle.solution, puzzle.depth) == (
        2,
        0,
        "win",
        "B1=O",
        1,
    )
    with translation.override("en"):
        assert puzzle.task == "Find the move that wins in 1 move."
    assert puzzles_from_game(game) == []  # the same position is never a puzzle twice
    assert Puzzle.objects.count() == 1


def test_the_same_position_in_another_game_is_no_new_puzzle(game: Game, arbiter: User) -> None:
    puzzles_from_game(game)
    other = over_the_board_game(arbiter, "sos", FIRST, MISSED, names=("Carol", "Dan"))
    assert puzzles_from_game(other) == []


def test_an_unfinished_game_makes_none(arbiter: User) -> None:
    unfinished = over_the_board_game(arbiter, "sos", FIRST, MISSED[:3])
    assert puzzles_from_game(unfinished) == []


def test_a_game_on_one_device_makes_none(game: Game, arbiter: User) -> None:
    """A pass-and-play game is its owner's alone: no puzzle shows it to others."""
    DeviceGame.objects.create(game=game, owner=arbiter)
    assert puzzles_from_game(game) == []
    assert list(finished_games()) == []


def test_a_game_with_a_seat_out_on_time_makes_none(game: Game) -> None:
    game.clock_log = [{"act": "out", "seat": 1, "ply": 2, "at": "2026-01-01T00:00:00+00:00"}]
    assert game.out_seats == ((1, 2),)
    assert puzzles_from_game(game) == []


def test_the_command(game: Game) -> None:
    out = StringIO()
    call_command("make_puzzles", "--language", "en", stdout=out)
    assert "1 new puzzle." in out.getvalue()
    out = StringIO()
    call_command(
        "make_puzzles", "--game", str(game.pk), "--limit", "5", "--language", "en", stdout=out
    )
    assert "0 new puzzles." in out.getvalue()


def test_the_worker_makes_them_after_an_analysis(game: Game, settings) -> None:
    settings.ENGINE_ANALYSIS_SECONDS = 0.02
    member = factories.make_user("member")
    with factories.committed():
        job, _ = analysis.request_game_analysis(game=game, user=member)
    analysis_tasks.run_game_analysis(job.pk)
    assert list(Puzzle.objects.values_list("solution", flat=True)) == ["B1=O"]


def test_the_page_and_its_form_without_javascript(puzzle: Puzzle) -> None:
    page = english().get(puzzle.get_absolute_url())
    text = page.content.decode()
    assert page.status_code == 200
    assert "Find the move that wins in 1 move." in text
    assert 'name="cell" value="B1"' in text and 'name="letter" value="O"' in text
    assert 'name="notation"' in text


def test_solved_once_counted_once(puzzle: Puzzle) -> None:
    client = english(factories.make_user("solver"))
    url = puzzle.get_absolute_url()
    right = client.post(url, {"cell": "B1", "letter": "O"})
    assert right.status_code == 200 and "Right!" in right.content.decode()
    again = client.post(url, {"notation": "c3=s"})
    assert "Not this one." in again.content.decode()
    assert "Only your first answer to a puzzle is counted." in again.content.decode()
    assert list(PuzzleAttempt.objects.values_list("move", "solved")) == [("B1=O", True)]


def test_a_wrong_answer_shows_the_solution_and_counts_per_session(puzzle: Puzzle) -> None:
    visitor = english()
    url = puzzle.get_absolute_url()
    wrong = visitor.post(url, {"cell": "C3", "letter": "S"})
    text = wrong.content.decode()
    assert "Not this one." in text and "B1=O" in text
    visitor.post(url, {"cell": "B1", "letter": "O"})
    english().post(url, {"cell": "B1", "letter": "O"})  # another visitor
    rated = solving.with_rates(Puzzle.objects.all()).get()
    assert (rated.tries, rated.solves) == (2, 1)
    listing = english().get(reverse("games:puzzles")).content.decode()
    assert "1 of 2 players" in listing


def test_an_illegal_or_missing_move_is_refused_and_not_counted(puzzle: Puzzle) -> None:
    url = puzzle.get_absolute_url()
    occupied = english().post(url, {"cell": "A1", "letter": "O"})
    assert occupied.status_code == 400 and 'role="alert"' in occupied.content.decode()
    empty = english().post(url, {})
    assert empty.status_code == 400
    assert "Tap a cell of the board, or type the move." in empty.content.decode()
    assert not PuzzleAttempt.objects.exists()


def test_an_unknown_puzzle_is_404(puzzle: Puzzle) -> None:
    assert english().get(reverse("games:puzzle", args=[puzzle.pk + 1])).status_code == 404


def test_the_daily_puzzle_is_the_same_all_day(puzzle: Puzzle, game: Game) -> None:
    Puzzle.objects.create(
        game=game, ply=0, seat=0, kind="win", solution="A1=S", position_key="x" * 40
    )
    day = datetime.date(2026, 12, 4)
    assert solving.daily(day) == solving.daily(day)
    assert {solving.daily(day + datetime.timedelta(days=n)) for n in range(20)} == set(
        Puzzle.objects.all()
    )


def test_the_home_page_shows_it(puzzle: Puzzle) -> None:
    text = english().get("/").content.decode()
    assert "Puzzle of the day" in text and puzzle.get_absolute_url() in text


def test_an_ultimate_tic_tac_toe_puzzle_is_answered_by_its_cell(arbiter: User) -> None:
    from games.engine.puzzles import find_puzzle, position_key
    from tests.engine.test_puzzles import UTTT_MOVES

    game = over_the_board_game(arbiter, "uttt", {"preset": "classic"}, [*UTTT_MOVES, "I9"])
    state = game.rules.replay(UTTT_MOVES)
    found = find_puzzle(game.rules, state, "I9")
    assert found is not None
    puzzle = Puzzle.objects.create(
        game=game,
        ply=len(UTTT_MOVES),
        seat=found.seat,
        kind=found.kind,
        depth=found.depth,
        solution=found.solution,
        position_key=position_key(game.rules, state),
    )
    page = english().get(puzzle.get_absolute_url()).content.decode()
    assert "Find the move that wins in 2 moves." in page and "O to move" in page
    assert 'name="cell" value="H8"' in page and 'name="letter"' not in page
    assert "Right!" in english().post(puzzle.get_absolute_url(), {"cell": "H8"}).content.decode()
