"""The development server's periodic clock check: started only under ``runserver``, and it ends
the games whose time ran out while nobody looks at them."""

from __future__ import annotations

import threading
import time

import pytest

from games import apps
from games.models import Game, GameStatus
from tests.adjudication.helpers import build_world
from tests.conftest import started


@pytest.mark.parametrize(
    "argv, run_main, serving",
    [
        (["manage.py", "runserver"], "true", True),
        (["manage.py", "runserver"], None, False),  # the autoreloader's watching parent
        (["manage.py", "runserver", "--noreload"], None, True),
        (["manage.py", "migrate"], "true", False),
        (["-m", "config.server", "--bind", "127.0.0.1:8000"], None, False),
        (["pytest"], None, False),
    ],
)
def test_the_check_runs_only_under_runserver(monkeypatch, argv, run_main, serving) -> None:
    monkeypatch.setattr("sys.argv", argv)
    if run_main is None:
        monkeypatch.delenv("RUN_MAIN", raising=False)
    else:
        monkeypatch.setenv("RUN_MAIN", run_main)
    assert apps._serving_with_runserver() is serving


@pytest.mark.django_db(transaction=True)
def test_the_thread_ends_a_game_whose_time_ran_out(frozen) -> None:
    world = started(build_world(time_control="fischer/180/2"))
    frozen.advance(minutes=10)
    stop = threading.Event()
    thread = apps.start_clock_checks(every=0.05, stop=stop)
    try:
        deadline = time.monotonic() + 30  # a bound for a hung thread, not a speed target
        while Game.objects.get(pk=world.game.pk).is_active and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        stop.set()
        thread.join(timeout=30)
    assert not thread.is_alive()
    assert Game.objects.get(pk=world.game.pk).status == GameStatus.FINISHED
