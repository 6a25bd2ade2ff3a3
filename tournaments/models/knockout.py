"""A knockout's facts (issue 29): its seeding and its matches. Everything else of a cup — who
stands in each slot, a match's score and state, the places — is derived by the pure core from
these and from the match games' results (``tournaments.acts.cup``)."""

from __future__ import annotations

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from .rounds import Round
from .tournament import Entry, Tournament


class Cup(models.Model):
    """A knockout's seeding, made when the cup is seeded (an arbiter's act, or round 1's
    pairing) and fixed once round 1 is paired: the entries as seeds 1..n, and the random seed
    of a drawn seeding (kept so that the draw can be shown and replayed)."""

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="cup")
    seeds = models.JSONField(_("seeds (entry ids, seed 1 first)"), default=list)
    seeding = models.CharField(_("seeding"), max_length=12)
    draw_seed = models.PositiveBigIntegerField(_("random seed of the draw"), null=True, blank=True)
    seeded_at = models.DateTimeField(_("seeded"), auto_now=True)
    # A play-off's qualifiers: where each came from in the stage before ("A1", "Swiss 3rd"),
    # by entry id (as a string: JSON keys); empty for a cup seeded by its own rule.
    origins = models.JSONField(_("where the players came from"), default=dict, blank=True)

    class Meta:
        verbose_name = _("cup seeding")
        verbose_name_plural = _("cup seedings")

    def __str__(self) -> str:
        return str(self.tournament)


# ``KnockoutMatch.walkover_winner`` when both entrants had withdrawn: nobody goes on.
BOTH_WITHDRAWN = 2


class KnockoutMatch(models.Model):
    """One match of a knockout's bracket (``number``: the core's match id) as paired in
    ``round``: its two entrants (``second`` empty for a bye), its games (``games``: the
    round's pairings of this match, in order), and the facts a decision left — the winner of a
    walkover (0 the first, 1 the second, :data:`BOTH_WITHDRAWN` nobody) and the lot drawn,
    with its outcome."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="knockout_matches"
    )
    number = models.PositiveSmallIntegerField(_("match"))
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="knockout_matches")
    first = models.ForeignKey(
        Entry, verbose_name=_("first player"), on_delete=models.PROTECT, related_name="+"
    )
    second = models.ForeignKey(
        Entry,
        verbose_name=_("second player"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    walkover_winner = models.PositiveSmallIntegerField(_("walkover to"), null=True, blank=True)
    lot_winner = models.PositiveSmallIntegerField(_("lot drawn for"), null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("knockout match")
        verbose_name_plural = _("knockout matches")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="knockout_match_unique"),
        ]

    def __str__(self) -> str:
        return _("Match %(number)s") % {"number": self.number}

    def get_absolute_url(self) -> str:
        return reverse("tournaments:round", args=[self.tournament_id, self.round.number])
