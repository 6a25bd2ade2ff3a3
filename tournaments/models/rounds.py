"""Rounds and their pairings (boards), with the round's status and a pairing's result."""

from __future__ import annotations

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games.bidi import isolate
from games.models import Game
from tournaments.core import history
from tournaments.core import vocabulary as V

from .tournament import Entry, Tournament


class RoundStatus(models.TextChoices):
    PENDING = "pending", _("Not paired yet")
    PAIRED = "paired", _("Paired")
    FINISHED = "finished", pgettext_lazy("tournament or round status", "Finished")


class Result(models.TextChoices):
    """A pairing's result, from the first mover's side: the codes and labels of the vocabulary."""

    WIN = V.WIN, V.LABELS[V.WIN]
    LOSS = V.LOSS, V.LABELS[V.LOSS]
    DRAW = V.DRAW, V.LABELS[V.DRAW]
    FORFEIT_WIN = V.FORFEIT_WIN, V.LABELS[V.FORFEIT_WIN]
    FORFEIT_LOSS = V.FORFEIT_LOSS, V.LABELS[V.FORFEIT_LOSS]
    DOUBLE_FORFEIT = V.DOUBLE_FORFEIT, V.LABELS[V.DOUBLE_FORFEIT]
    BYE = V.BYE, _(V.LABELS[V.BYE])
    HALF_BYE = V.HALF_BYE, _(V.LABELS[V.HALF_BYE])
    ZERO_BYE = V.ZERO_BYE, _(V.LABELS[V.ZERO_BYE])


class Round(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField(_("round"))
    status = models.CharField(
        _("status"), max_length=12, choices=RoundStatus.choices, default=RoundStatus.PENDING
    )
    paired_at = models.DateTimeField(_("paired"), null=True, blank=True)
    warnings = models.JSONField(_("warnings"), default=list, blank=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_number_unique"),
        ]

    def __str__(self) -> str:
        return _("Round %(number)s") % {"number": self.number}

    def get_absolute_url(self) -> str:
        return reverse("tournaments:round", args=[self.tournament_id, self.number])


class Pairing(models.Model):
    """One board of a round: ``first`` moves first; no ``second`` means a bye."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="pairings")
    board = models.PositiveSmallIntegerField(_("board"))
    first = models.ForeignKey(
        Entry, verbose_name=_("first move"), on_delete=models.PROTECT, related_name="+"
    )
    second = models.ForeignKey(
        Entry,
        verbose_name=_("second move"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    result = models.CharField(
        _("result"), max_length=10, choices=Result.choices, blank=True, default=""
    )
    # The SOS points handed in with a result that has no game played on the site behind it (a
    # paper board, an import, an arbiter's entry for a game without moves); ``None``: not given.
    # A game played on the site keeps its own (see ``game_scores`` and tournaments.scores).
    first_score = models.PositiveIntegerField(_("first's game score"), null=True, blank=True)
    second_score = models.PositiveIntegerField(_("second's game score"), null=True, blank=True)
    game = models.OneToOneField(
        Game,
        verbose_name=_("game"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="pairing",
    )
    # A knockout's game: the match it is a game of (``tournaments.models.knockout``).
    match = models.ForeignKey(
        "tournaments.KnockoutMatch",
        verbose_name=_("match"),
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="games",
    )
    reasons = models.JSONField(_("why this pairing"), default=list, blank=True)
    warnings = models.JSONField(_("warnings"), default=list, blank=True)
    manual = models.BooleanField(_("set by the arbiter"), default=False)

    class Meta:
        ordering = ["round", "board"]
        verbose_name = _("pairing")
        verbose_name_plural = _("pairings")
        constraints = [
            models.UniqueConstraint(fields=["round", "board"], name="pairing_board_unique"),
        ]

    def __str__(self) -> str:
        second = isolate(self.second) if self.second else _("bye")
        return f"{self.round}: {isolate(self.first)} – {second}"

    @property
    def is_bye(self) -> bool:
        return self.second_id is None

    @property
    def game_scores(self) -> tuple[int | None, int | None]:
        """The SOS points each side scored on this board, read from their one place: the game
        played on the site (its moves, or its recorded sheet), else the scores handed in with
        the result; ``None`` where not known. Reads ``tournaments.scores.with_scores``'s
        annotations when the pairing was loaded with them (no query), else asks the game."""
        from tournaments import scores

        return scores.of_pairing(self)

    def record(self) -> history.GameRecord:
        first, second = self.game_scores
        return history.GameRecord(
            round=self.round.number,
            first=self.first_id,
            second=self.second_id,
            result=self.result or None,
            first_score=first or 0,
            second_score=second or 0,
        )
