"""An SOS event at tables (issue 30): a round's tables and their seats. A seat's SOS count is
the fact the arbiter enters; its place and points are derived from its table's counts by the
pure core (``tournaments.pairing.placings``, ``placement_points``) and cached here by the one
act that writes them (``tournaments.acts.tables``). A bye is a ``Pairing`` without a second
player, as in every format."""

from __future__ import annotations

from django.core.validators import MaxValueValidator
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from games.models import Game

from .rounds import Round
from .tournament import Entry

MAX_SEAT = 5  # seats 0..5: six players at most


class TableSeating(models.Model):
    """One table of a round: its number (1 = the best-placed player's table), why it was made
    (the core's reasons, as JSON), and its game when played on the site (not yet)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("table"))
    reasons = models.JSONField(_("why this table"), default=list, blank=True)
    game = models.OneToOneField(
        Game,
        verbose_name=_("game"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="table",
    )

    class Meta:
        ordering = ["round", "number"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_number_unique"),
        ]

    def __str__(self) -> str:
        return _("Table %(number)s") % {"number": self.number}

    def get_absolute_url(self) -> str:
        rnd = self.round
        return reverse("tournaments:round", args=[rnd.tournament_id, rnd.number]) + (
            f"#table-{self.number}"
        )

    @property
    def has_result(self) -> bool:
        return all(seat.sos_count is not None for seat in self.seats.all())


class TableSeat(models.Model):
    """A player's seat at a table (seat 0 moves first), with his SOS count as entered and the
    place and points the act derived from the table's counts (empty until the result)."""

    table = models.ForeignKey(TableSeating, on_delete=models.CASCADE, related_name="seats")
    entry = models.ForeignKey(
        Entry, verbose_name=_("player"), on_delete=models.PROTECT, related_name="+"
    )
    seat = models.PositiveSmallIntegerField(_("seat"), validators=[MaxValueValidator(MAX_SEAT)])
    sos_count = models.PositiveIntegerField(_("SOS made"), null=True, blank=True)
    place = models.FloatField(_("place"), null=True, blank=True)
    points = models.FloatField(_("points"), null=True, blank=True)

    class Meta:
        ordering = ["table", "seat"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=["table", "seat"], name="table_seat_unique"),
            models.UniqueConstraint(fields=["table", "entry"], name="table_entry_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.table} · {self.seat + 1}"
