"""Where an engine job stands in the worker's queue, for the pages that wait for it.

The worker (``manage.py db_worker``) takes the engine's jobs one at a time in the order they were
asked for, both kinds together (a position to adjudicate, a whole game to analyse). A waiting page
says how many jobs are ahead of its own — the running ones and the older waiting ones — and, when
no job has been taken for :data:`STALLED_AFTER_SECONDS` while this one waits, that the worker may
not be running: "waiting" and "nobody is there to take it" are different answers to an arbiter.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Max, Q
from django.utils import timezone

from games.analysis_models import AnalysisJob, AnalysisStatus, GameAnalysis, PositionAnalysis

STALLED_AFTER_SECONDS = 60
JOB_MODELS: tuple[type[AnalysisJob], ...] = (PositionAnalysis, GameAnalysis)


@dataclass(frozen=True)
class QueueState:
    """``ahead``: jobs the worker takes before this one (running first); ``stalled``: no job is
    running, and none was taken in the :data:`STALLED_AFTER_SECONDS` this one has waited."""

    ahead: int
    stalled: bool
    waited_seconds: int


def _earlier(job: AnalysisJob, model: type[AnalysisJob]) -> Q:
    before = Q(created_at__lt=job.created_at)
    if isinstance(job, model):  # one table: the key breaks a tie of the same instant
        before |= Q(created_at=job.created_at, pk__lt=job.pk)
    return before


def queue_state(job: AnalysisJob, *, now: datetime | None = None) -> QueueState | None:
    """The queue as ``job`` sees it while it waits; ``None`` once it is taken (or done)."""
    if job.status != AnalysisStatus.QUEUED:
        return None
    now = now or timezone.now()
    ahead = running = 0
    last_taken: datetime | None = None
    for model in JOB_MODELS:
        rows = model.objects.filter(status__in=(AnalysisStatus.QUEUED, AnalysisStatus.RUNNING))
        ahead += rows.filter(status=AnalysisStatus.QUEUED).filter(_earlier(job, model)).count()
        running += sum(not r.lost for r in rows.filter(status=AnalysisStatus.RUNNING))
        taken = model.objects.aggregate(last=Max("started_at"))["last"]
        if taken is not None and (last_taken is None or taken > last_taken):
            last_taken = taken
    waited = max(0, int((now - job.created_at).total_seconds()))
    quiet_since = max(job.created_at, last_taken) if last_taken else job.created_at
    stalled = not running and now - quiet_since > timedelta(seconds=STALLED_AFTER_SECONDS)
    return QueueState(ahead=ahead + running, stalled=stalled, waited_seconds=waited)


def took(job: AnalysisJob) -> tuple[int | None, int | None]:
    """Seconds of wall time the job waited in the queue and then ran (``None`` while unknown)."""
    waited = ran = None
    if job.started_at is not None:
        waited = max(0, round((job.started_at - job.created_at).total_seconds()))
        if job.finished_at is not None:
            ran = max(0, round((job.finished_at - job.started_at).total_seconds()))
    return waited, ran
