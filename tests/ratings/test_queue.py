"""Rebuilds off the request (``ratings.queue``): with the database backend a result only folds
the list's pending row and enqueues the task; a burst of results is one rebuild; a failing
worker leaves the row and no half-written rows. (The other tests of the ratings run with the
immediate backend: the rebuild at once, as before the queue.)"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django_tasks_db.models import DBTaskResult

from ratings import queue, services
from ratings.models import Cause, PendingRebuild, RatingChange, RatingList, RatingRecord
from tests import factories
from tests.ratings.helpers import changes, make_list, play, rated_tournament, ratings, start
from tests.tournaments.helpers import boards, make_player
from tournaments.acts import services as entries

pytestmark = pytest.mark.django_db

MARCH, APRIL = dt.date(2026, 3, 1), dt.date(2026, 4, 1)


def _queued(settings: Any) -> None:
    """From now on the rebuilds are queued in the database for the worker, as in production."""
    settings.RATINGS_TASK_BACKEND = "default"


def _played(arbiter: User, players: int = 10) -> tuple[RatingList, list, Any]:
    """A list and a rated one-round event of ``players`` played at once (rebuilt at once)."""
    rating_list = make_list()
    people = [make_player(f"P{i:02d}") for i in range(players)]
    for i, player in enumerate(people):
        start(rating_list, player, 1500 + 10 * i, games=40)
    event = rated_tournament(arbiter, rating_list, people, MARCH, rounds=1)
    games = [(people[i], people[i + 1], "1-0") for i in range(0, players, 2)]
    rnd = play(event, arbiter, games)
    return rating_list, people, rnd


def _tasks() -> list[DBTaskResult]:
    return list(DBTaskResult.objects.filter(task_path="ratings.queue.rebuild_list"))


def test_a_burst_of_five_results_is_one_rebuild(arbiter: User, settings: Any) -> None:
    rating_list, _people, rnd = _played(arbiter)
    _queued(settings)
    before = ratings(rating_list)
    records = RatingRecord.objects.filter(list=rating_list).count()
    with factories.committed():
        for board in boards(rnd):
            entries.record_result(pairing=board, result="0-1", user=arbiter)
    # Nothing rebuilt in the requests: one pending row, five requests folded in, five tasks.
    assert ratings(rating_list) == before
    pending = PendingRebuild.objects.get(list=rating_list)
    assert pending.stamp == 5 and pending.cause == Cause.RESULT
    assert pending.from_period.startswith("2026-03-01#")
    assert len(_tasks()) == 5
    # The worker: the first task rebuilds, the four others find nothing to do (each task
    # queued is called as the worker calls it, with its stored arguments).
    done = [queue.rebuild_list.call(*t.args_kwargs["args"]) for t in _tasks()]
    assert [d is not None for d in done] == [True, False, False, False, False]
    assert RatingRecord.objects.filter(list=rating_list).count() == records + 1
    assert not PendingRebuild.objects.exists()
    assert ratings(rating_list) != before
    assert services.differences(rating_list) == []
    record = RatingRecord.objects.filter(list=rating_list).first()
    assert record is not None and record.cause == Cause.RESULT and record.periods == 1


def test_the_pending_period_is_the_earliest_touched(arbiter: User, settings: Any) -> None:
    _queued(settings)
    rating_list = make_list()
    queue.request(rating_list, from_period="2026-05", cause=Cause.RESULT)
    queue.request(rating_list, from_period="2026-03", cause=Cause.RESULT)
    queue.request(rating_list, from_period="2026-04", cause=Cause.RATED, user=arbiter)
    pending = PendingRebuild.objects.get(list=rating_list)
    assert (pending.from_period, pending.stamp, pending.cause) == ("2026-03", 3, Cause.RATED)
    assert pending.by_id == arbiter.pk
    queue.request(rating_list, from_period=None, cause=Cause.RESULT, user=arbiter)  # scratch
    assert PendingRebuild.objects.get(list=rating_list).from_period == ""
    record = queue.run(rating_list.pk)
    assert record is not None and record.from_period == "" and record.by_id == arbiter.pk


def test_the_worker_task_runs_the_rebuild(arbiter: User, settings: Any) -> None:
    rating_list, _people, rnd = _played(arbiter, players=2)
    _queued(settings)
    before = ratings(rating_list)
    with factories.committed():
        entries.record_result(pairing=boards(rnd)[0], result="0-1", user=arbiter)
    assert ratings(rating_list) == before  # not yet
    result = queue.rebuild_list.call(rating_list.pk)
    assert result is not None
    assert ratings(rating_list) == {"P00": 1490, "P01": 1520}
    assert services.differences(rating_list) == []


def test_a_failing_worker_leaves_the_row_and_no_half_rows(
    arbiter: User, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    rating_list, _people, rnd = _played(arbiter, players=4)
    _queued(settings)
    with factories.committed():
        entries.record_result(pairing=boards(rnd)[0], result="0-1", user=arbiter)
    before = changes(rating_list)
    real = services._insert

    def fail_on_ratings(model: Any, *args: Any) -> None:
        if model is RatingChange:
            real(model, *args)  # the change rows are written ...
            return
        raise RuntimeError("the worker died")  # ... and then it fails

    monkeypatch.setattr(services, "_insert", fail_on_ratings)
    with pytest.raises(RuntimeError):
        queue.run(rating_list.pk)
    assert changes(rating_list) == before  # rolled back whole
    assert PendingRebuild.objects.filter(list=rating_list).exists()
    monkeypatch.setattr(services, "_insert", real)
    assert queue.run(rating_list.pk) is not None  # the retry
    assert not PendingRebuild.objects.exists()
    assert services.differences(rating_list) == []


def test_a_request_during_the_rebuild_keeps_the_row(
    arbiter: User, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    _queued(settings)
    rating_list = make_list()
    queue.request(rating_list, from_period="2026-04", cause=Cause.RESULT)
    real = services.rebuild

    def meanwhile(*args: Any, **kwargs: Any) -> RatingRecord:
        queue.request(rating_list, from_period="2026-02", cause=Cause.RESULT)
        return real(*args, **kwargs)

    monkeypatch.setattr(services, "rebuild", meanwhile)
    with factories.committed() as callbacks:
        queue.run(rating_list.pk)
    pending = PendingRebuild.objects.get(list=rating_list)
    assert pending.from_period == "2026-02"
    assert len(callbacks) >= 1  # enqueued again


def test_the_pages_say_the_ratings_are_being_updated(
    arbiter: User, settings: Any, client: Client
) -> None:
    rating_list, people, rnd = _played(arbiter, players=2)
    _queued(settings)
    event = rnd.tournament
    pages = [
        reverse("ratings:list", args=[rating_list.pk]),
        reverse("ratings:report", args=[event.pk]),
        people[0].get_absolute_url(),
    ]
    for url in pages:
        assert 'id="rating-pending"' not in client.get(url).content.decode()
    with factories.committed():
        entries.record_result(pairing=boards(rnd)[0], result="0-1", user=arbiter)
    for url in pages:
        assert 'id="rating-pending"' in client.get(url).content.decode(), url
    queue.run(rating_list.pk)
    for url in pages:
        assert 'id="rating-pending"' not in client.get(url).content.decode()


def test_immediate_backend_rebuilds_in_the_request(arbiter: User) -> None:
    """The tests' default (the immediate backend): no row, the ratings moved at once."""
    rating_list, _people, _rnd = _played(arbiter, players=2)
    assert ratings(rating_list) == {"P00": 1510, "P01": 1500}
    assert not PendingRebuild.objects.exists()
    assert queue.immediate()


def test_the_command_does_the_pending_rebuilds(arbiter: User, settings: Any) -> None:
    """``manage.py ratings_rebuild --pending``: what waits for the worker (a failed task, no
    worker running) done by hand."""
    from io import StringIO

    from django.core.management import call_command

    rating_list, _people, rnd = _played(arbiter, players=2)
    _queued(settings)
    with factories.committed():
        entries.record_result(pairing=boards(rnd)[0], result="0-1", user=arbiter)
    out = StringIO()
    call_command("ratings_rebuild", "--pending", stdout=out)
    assert "1" in out.getvalue()
    assert not PendingRebuild.objects.exists()
    assert ratings(rating_list) == {"P00": 1490, "P01": 1520}
    call_command("ratings_rebuild", "--pending", stdout=StringIO())  # nothing left: nothing done
