"""The engine's analyses of games, computed in the background (``games.analysis``) and kept.

- :class:`PositionAnalysis`: one position of a game (after ``ply`` moves) analysed within a budget
  of seconds — what an arbiter adjudicating an unfinished game by engine looks at.
- :class:`GameAnalysis`: every position of a finished game, for the evaluation of each move and
  the chart of the game.

Each is made once per position (or move list) and budget, whoever asks and however often: the
rows are unique on the game, the moves they analyse (``moves_key``, a digest of the move list up
to ``ply``) and the budget. The moves themselves stay in the game's ``Move`` rows.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

# Seconds the engine spends on the position of an unfinished game an arbiter adjudicates, unless
# the tournament sets otherwise (casual games always take this).
DEFAULT_ADJUDICATION_SECONDS = 10
MAX_ADJUDICATION_SECONDS = 600


class AnalysisStatus(models.TextChoices):
    QUEUED = "queued", _("Waiting for the engine")
    RUNNING = "running", _("The engine is analysing")
    DONE = "done", _("Done")
    FAILED = "failed", _("The analysis failed")


def moves_key(notations: Sequence[str]) -> str:
    """A digest of a move list: the position's identity for the analyses (``moves_key``)."""
    return hashlib.sha1("\n".join(notations).encode()).hexdigest()


PENDING_STATUSES = (AnalysisStatus.QUEUED, AnalysisStatus.RUNNING)
# How long past its engine budget a running job may go before it counts as lost (its worker was
# stopped mid-job): it may then be asked for again.
LOST_AFTER_SECONDS = 120


class AnalysisJob(models.Model):
    """What every engine job keeps: the moves it is about, its state, who asked and when."""

    ply = models.PositiveIntegerField(_("moves played"))
    moves_key = models.CharField(max_length=40, editable=False)
    status = models.CharField(
        _("status"), max_length=10, choices=AnalysisStatus.choices, default=AnalysisStatus.QUEUED
    )
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(_("requested"), auto_now_add=True)
    started_at = models.DateTimeField(_("started"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)

    class Meta:
        abstract = True
        ordering = ["-created_at", "-pk"]

    seconds: Any  # the engine time: each subclass's own field
    positions_to_analyse = 1  # how many positions the job's ``seconds`` are spent on

    @property
    def lost(self) -> bool:
        """Marked running long after its budget (twice the engine time, plus a margin)?"""
        if self.status != AnalysisStatus.RUNNING or self.started_at is None:
            return False
        budget = 2 * float(self.seconds) * self.positions_to_analyse + LOST_AFTER_SECONDS
        return (timezone.now() - self.started_at).total_seconds() > budget

    @property
    def pending(self) -> bool:
        return self.status in PENDING_STATUSES and not self.lost


class PositionAnalysis(AnalysisJob):
    """The engine's analysis of a game's position after ``ply`` moves, within ``seconds``."""

    game = models.ForeignKey(
        "games.Game", on_delete=models.CASCADE, related_name="position_analyses"
    )
    seconds = models.PositiveSmallIntegerField(_("engine time (seconds)"))
    # ``games.engine.as_dict`` of the engine's answer, once done.
    result = models.JSONField(_("result"), null=True, blank=True, editable=False)

    class Meta(AnalysisJob.Meta):
        verbose_name = _("position analysis")
        verbose_name_plural = _("position analyses")
        constraints = [
            models.UniqueConstraint(
                fields=["game", "moves_key", "seconds"], name="position_analysis_once"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game_id}@{self.ply} ({self.seconds} s)"


class GameAnalysis(AnalysisJob):
    """The engine's analysis of every position of a game's ``ply`` moves (0 … ``ply``), each
    within ``seconds`` a position; ``positions`` grows as the worker goes (the progress)."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="analyses")
    seconds = models.FloatField(_("engine time a position (seconds)"))
    # One ``games.engine.as_dict`` per position, the start first.
    positions = models.JSONField(_("positions analysed"), default=list, blank=True, editable=False)

    class Meta(AnalysisJob.Meta):
        verbose_name = _("game analysis")
        verbose_name_plural = _("game analyses")
        constraints = [
            models.UniqueConstraint(fields=["game", "moves_key"], name="game_analysis_once"),
        ]

    def __str__(self) -> str:
        return f"{self.game_id} ({self.ply} moves)"

    @property
    def positions_to_analyse(self) -> int:  # type: ignore[override]
        return self.ply + 1

    @property
    def done_positions(self) -> int:
        return len(self.positions)

    @property
    def total_positions(self) -> int:
        return self.ply + 1
