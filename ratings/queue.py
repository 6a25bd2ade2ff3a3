"""Rebuilds off the request: a change that moves a list's ratings asks for a rebuild here
(:func:`request`), the background worker (``manage.py db_worker``) does it (:func:`run`).

One :class:`~ratings.models.PendingRebuild` row per list holds the earliest period touched so
far: a request lowers it with one atomic ``UPDATE … SET from_period = MIN(from_period, P)``, or
creates the row, in the caller's transaction, and the task is enqueued once that transaction
commits. So a burst of five results is one row and, when the worker comes to it, one rebuild from
the earliest of their periods. The worker's rebuild and the row's removal are one transaction:
a failure leaves the row (the next task, or the next request, retries it) and never half the
rows. The row is removed only if no request came while the rebuild ran (its ``stamp`` is the
same); otherwise it stays and a new task is enqueued.

The task runs on the backend ``settings.RATINGS_TASK_BACKEND`` (``default``: the database, the
worker of the engine's analyses). Set to Django's immediate backend (the tests' set-up), a request
rebuilds at once, in the caller's transaction, as before the queue existed.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import F, Value
from django.db.models.functions import Least
from django_tasks import task
from django_tasks.backends.immediate import ImmediateBackend

from ratings import services
from ratings.models import PendingRebuild, RatingList, RatingRecord
from tournaments.authority import AnyUser


@task()
def rebuild_list(list_id: int) -> int | None:
    """The worker's task: the pending rebuild of list ``list_id``; the record's id, or None."""
    record = run(list_id)
    return record.pk if record is not None else None


def _task() -> Any:
    return rebuild_list.using(backend=settings.RATINGS_TASK_BACKEND)


def _enqueue(list_id: int) -> None:
    transaction.on_commit(lambda: _task().enqueue(list_id), robust=True)


def immediate() -> bool:
    """Whether requests rebuild at once (the rebuilds' task backend is the immediate one)."""
    return isinstance(_task().get_backend(), ImmediateBackend)


def _user_id(user: AnyUser | None) -> int | None:
    return user.pk if user is not None and user.is_authenticated else None


def _fold(
    rating_list: RatingList,
    from_period: str,
    changes: dict[str, object],
) -> None:
    """Lower the list's pending row to ``from_period`` (creating it when there is none)."""
    for _attempt in range(3):
        done = PendingRebuild.objects.filter(list=rating_list).update(
            from_period=Least(F("from_period"), Value(from_period)),
            stamp=F("stamp") + 1,
            **changes,
        )
        if done:
            return
        try:
            with transaction.atomic():
                PendingRebuild.objects.create(list=rating_list, from_period=from_period, **changes)
            return
        except IntegrityError:  # another request created it meanwhile: update it
            continue


def request(
    rating_list: RatingList,
    *,
    from_period: str | None,
    cause: str,
    user: AnyUser | None = None,
    result_record_id: int | None = None,
    tournament_id: int | None = None,
) -> RatingRecord | None:
    """Ask for ``rating_list`` to be rebuilt from ``from_period`` (None: from scratch). Queued:
    None; with the immediate backend the rebuild is done now and its record returned."""
    if immediate():
        return services.rebuild(
            rating_list,
            from_period=from_period,
            cause=cause,
            user=user,
            result_record_id=result_record_id,
            tournament_id=tournament_id,
        )
    changes: dict[str, object] = {
        "cause": cause,
        "result_record_id": result_record_id,
        "tournament_id": tournament_id,
        "by_id": _user_id(user),
    }
    _fold(rating_list, from_period or "", changes)
    _enqueue(rating_list.pk)
    return None


def run(list_id: int) -> RatingRecord | None:
    """Do the pending rebuild of list ``list_id`` (None: nothing pending). The rebuild and the
    row's removal commit together; a request folded in meanwhile keeps the row for a next run."""
    taken = PendingRebuild.objects.filter(list_id=list_id).select_related("list").first()
    if taken is None:
        return None
    by = get_user_model().objects.filter(pk=taken.by_id).first() if taken.by_id else None
    with transaction.atomic():
        record = services.rebuild(
            taken.list,
            from_period=taken.from_period or None,
            cause=taken.cause,
            user=by,
            result_record_id=taken.result_record_id,
            tournament_id=taken.tournament_id,
        )
        gone, _counts = PendingRebuild.objects.filter(pk=taken.pk, stamp=taken.stamp).delete()
    if not gone:
        _enqueue(list_id)
    return record


def pending(rating_list_id: int) -> bool:
    """Whether a rebuild of the list is waiting (the pages say the ratings are being updated)."""
    return PendingRebuild.objects.filter(list_id=rating_list_id).exists()


def pending_of(list_ids: list[int]) -> set[int]:
    """Which of the lists ``list_ids`` have a rebuild waiting (one query)."""
    return set(
        PendingRebuild.objects.filter(list_id__in=list_ids).values_list("list_id", flat=True)
    )
