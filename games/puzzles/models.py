"""A puzzle (a position of a finished game and its one solution) and the visitors' attempts.

The position is not copied: it is the game's first ``ply`` moves (the game's ``Move`` rows stay
the one place of the moves); ``position_key`` is its digest
(:func:`games.engine.puzzles.position_key`), unique, so that no position is a puzzle twice. How
often a puzzle is solved is counted from its attempts (one a visitor: a user, or a session).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext


class PuzzleKind(models.TextChoices):
    WIN = "win", _("The only winning move")
    SOS = "sos", _("The most SOSs at once")


class Puzzle(models.Model):
    """A position of ``game`` after ``ply`` moves, ``seat`` to move, with one ``solution``."""

    game = models.ForeignKey(
        "games.Game", verbose_name=_("game"), on_delete=models.CASCADE, related_name="puzzles"
    )
    ply = models.PositiveIntegerField(_("moves before the position"))
    seat = models.PositiveSmallIntegerField(_("seat to move"))
    kind = models.CharField(_("kind of puzzle"), max_length=8, choices=PuzzleKind.choices)
    # Kind "win": the shortest forced win in the mover's own moves, when it was measured.
    depth = models.PositiveSmallIntegerField(_("win in"), null=True, blank=True)
    # Kind "sos": the SOSs the solution makes at once.
    points = models.PositiveSmallIntegerField(_("SOSs"), null=True, blank=True)
    solution = models.CharField(_("solution"), max_length=16)
    position_key = models.CharField(max_length=40, unique=True, editable=False)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["pk"]
        verbose_name = _("puzzle")
        verbose_name_plural = _("puzzles")

    def __str__(self) -> str:
        return _("Puzzle %(number)s") % {"number": self.pk}

    def get_absolute_url(self) -> str:
        return reverse("games:puzzle", args=[self.pk])

    @property
    def task(self) -> str:
        """What the solver is asked to find, in words."""
        if self.kind == PuzzleKind.SOS:
            n = self.points or 0
            return ngettext(
                "Find the move that makes %(n)s SOS at once.",
                "Find the move that makes %(n)s SOSs at once.",
                n,
            ) % {"n": n}
        if self.depth:
            return ngettext(
                "Find the move that wins in %(n)s move.",
                "Find the move that wins in %(n)s moves.",
                self.depth,
            ) % {"n": self.depth}
        return str(_("Find the only move that wins."))


class PuzzleAttempt(models.Model):
    """A visitor's first answer to a puzzle (later answers are shown, not counted)."""

    puzzle = models.ForeignKey(Puzzle, on_delete=models.CASCADE, related_name="attempts")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    session_key = models.CharField(max_length=40, blank=True, default="")
    move = models.CharField(_("move"), max_length=16)
    solved = models.BooleanField(_("solved"))
    created_at = models.DateTimeField(_("answered"), auto_now_add=True)

    class Meta:
        ordering = ["pk"]
        verbose_name = _("puzzle attempt")
        verbose_name_plural = _("puzzle attempts")
        constraints = [
            models.UniqueConstraint(
                fields=["puzzle", "user"],
                condition=Q(user__isnull=False),
                name="puzzle_attempt_user_once",
            ),
            models.UniqueConstraint(
                fields=["puzzle", "session_key"],
                condition=Q(user__isnull=True),
                name="puzzle_attempt_session_once",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.puzzle}: {self.move}"
