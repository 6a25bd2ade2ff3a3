"""A tournament's planned round times (its timetable): when each round starts, and where.

Rounds themselves only know when they were paired and finished; the arbiter plans the start of
rounds 1..N ahead (tournaments/acts/round_times.py), and the calendar feeds and pages read it.
``sequence`` grows each time a start changes (a calendar's SEQUENCE), ``modified_at`` with it.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from .tournament import Tournament


class RoundTime(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_times")
    number = models.PositiveSmallIntegerField(_("round"))
    starts_at = models.DateTimeField(_("starts at"))
    place = models.CharField(_("venue"), max_length=200, blank=True, default="")
    sequence = models.PositiveIntegerField(default=0)
    modified_at = models.DateTimeField(_("changed"))

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("round time")
        verbose_name_plural = _("round times")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_time_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament_id}/{self.number}: {self.starts_at.isoformat()}"
