"""The permanent records of results and arbiters' decisions, and players' claims of a win, with
their acts, reasons and sources."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from common.decisions import ClaimStatus as ClaimStatus  # the claims' one vocabulary, re-exported
from common.decisions import status_field
from games.models import Game
from tournaments.acts import notes
from tournaments.core import vocabulary as V

from .rounds import Pairing
from .tournament import Entry, Tournament


class Act(models.TextChoices):
    RESULT = "result", _("Result recorded")
    DECLARE_RESULT = "declare_result", _("Result declared")
    FORFEIT = "forfeit", _("Forfeit")
    TAKE_BACK = "take_back", _("Moves taken back")
    ANNUL = "annul", _("Game annulled")
    CORRECT_RESULT = "correct_result", _("Result corrected")
    WITHDRAW = "withdraw", _("Player withdrawn")
    REINSTATE = "reinstate", _("Withdrawal undone")
    CLAIM_ACCEPTED = "claim_accepted", _("Claim accepted")
    CLAIM_REJECTED = "claim_rejected", _("Claim rejected")
    ADD_TIME = "add_time", _("Time added")
    PAUSE_CLOCKS = "pause_clocks", _("Clocks paused")
    RESUME_CLOCKS = "resume_clocks", _("Clocks restarted")
    START_ROUND = "start_round", _("Round started")
    ENGINE_RESULT = "engine_result", _("Result decided with the engine")
    MATCH = "match", _("Match decision")
    SEED = "seed", _("Cup seeded")


class RecordReason(models.TextChoices):
    AGREEMENT = "agreement", _("Agreement")
    NO_SHOW = "no_show", _("No-show")
    TIME = "time", _("Time")
    ILLEGAL_CONDUCT = "illegal_conduct", _("Illegal conduct")
    UNFINISHED = "unfinished", _("Unfinished game")
    CORRECTION = "correction", _("Correction of a mistake")
    PLAYED = "played", _("Played on the site")
    REPORTED = "reported", _("Result handed in")
    WITHDRAWAL = "withdrawal", _("Player withdrawn")
    INTERRUPTION = "interruption", _("Interruption of play")
    PAIRING_BYE = "pairing_bye", _("Bye given by the pairing")
    REQUESTED_BYE = "requested_bye", _("Bye asked for")
    LATE_ENTRY = "late_entry", _("Round missed: late entry")
    NOT_PAIRED = "not_paired", _("Not paired in this round")
    PAIRING_CHANGED = "pairing_changed", _("Pairing changed by the arbiter")
    ROUND_START = "round_start", _("Start of the round")
    TIEBREAK_STARTED = "tiebreak_started", _("Tie-break started")
    DECIDER_STARTED = "decider_started", _("Decider started")
    BY_ARMAGEDDON = "by_armageddon", _("Decided by armageddon")
    BY_SUDDEN_DEATH = "by_sudden_death", _("Decided by sudden death")
    BY_LOT = "by_lot", _("Decided by lot")
    SEEDING = "seeding", _("Seeding of the cup")


# Why a bye got its result, by the result, where the caller does not say (a round paired
# elsewhere: a TRF file).
BYE_REASONS = {
    V.BYE: RecordReason.PAIRING_BYE,
    V.HALF_BYE: RecordReason.REQUESTED_BYE,
    V.ZERO_BYE: RecordReason.NOT_PAIRED,
}


# The reasons of a knockout match's records (``tournaments.acts.cup``).
MATCH_REASONS = (
    RecordReason.TIEBREAK_STARTED,
    RecordReason.DECIDER_STARTED,
    RecordReason.BY_ARMAGEDDON,
    RecordReason.BY_SUDDEN_DEATH,
    RecordReason.BY_LOT,
    RecordReason.SEEDING,
)

# The reasons an arbiter chooses from (the others are given by the results service).
ARBITER_REASONS = [
    (value, label)
    for value, label in RecordReason.choices
    if value
    not in (
        RecordReason.PLAYED,
        RecordReason.WITHDRAWAL,
        RecordReason.INTERRUPTION,  # given by the acts on a round's clocks
        *BYE_REASONS.values(),  # given when a bye is made
        RecordReason.LATE_ENTRY,
        RecordReason.PAIRING_CHANGED,
        RecordReason.ROUND_START,  # given by the act that starts a round
        *MATCH_REASONS,  # given by a knockout's matches
    )
]


class ResultSource(models.TextChoices):
    """Where a change of a result came from."""

    ONLINE = "online", _("Game on the site")
    PAPER = "paper", _("Paper result")
    IMPORT = "import", _("Workbook import")
    TRF = "trf", _("TRF import")
    ADJUDICATION = "adjudication", _("Arbiter's decision")
    CLAIM = "claim", _("Claim")
    PAIRING = "pairing", _("Pairing")
    CLOCK = "clock", _("The clock")  # a flag fell, a side never moved: decided by nobody
    API = "api", _("API")  # an arbiter's script, with a personal API token (the api app)


class ResultRecord(models.Model):
    """The permanent record of one change of a result, or of one arbiter's decision, whatever
    its source (see ``tournaments.acts.results``). Never edited or deleted."""

    act = models.CharField(_("act"), max_length=20, choices=Act.choices)
    source = models.CharField(
        _("source"),
        max_length=16,
        choices=ResultSource.choices,
        default=ResultSource.ADJUDICATION,
        db_index=True,
    )
    reason = models.CharField(_("reason"), max_length=20, choices=RecordReason.choices)
    note = models.TextField(_("note"), blank=True)  # an arbiter's words, as typed
    # A note of the site's own (``tournaments.acts.notes``): its code and the sentence's parameters,
    # put into words in the reader's language where the record is shown (``note_text``).
    note_code = models.CharField(_("note code"), max_length=40, blank=True)
    note_params = models.JSONField(_("note parameters"), default=dict, blank=True)
    tournament = models.ForeignKey(
        Tournament,
        verbose_name=_("tournament"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="result_records",
    )
    pairing = models.ForeignKey(
        Pairing,
        verbose_name=_("pairing"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="result_records",
    )
    game = models.ForeignKey(
        Game,
        verbose_name=_("game"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="result_records",
    )
    entry = models.ForeignKey(
        Entry,
        verbose_name=_("player"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="result_records",
    )
    before = models.JSONField(_("before"), default=dict)
    after = models.JSONField(_("after"), default=dict)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("arbiter"),
        null=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    decided_at = models.DateTimeField(_("when"), auto_now_add=True)

    class Meta:
        ordering = ["-decided_at", "-pk"]
        verbose_name = _("result record")
        verbose_name_plural = _("result records")

    def __str__(self) -> str:
        return f"{self.get_act_display()} · {self.get_reason_display()}"

    def save(self, *args: object, **kwargs: object) -> None:
        if self.pk is not None:
            raise PermissionError("result records are never changed")
        super().save(*args, **kwargs)  # type: ignore[arg-type]

    def delete(self, *args: object, **kwargs: object) -> tuple[int, dict[str, int]]:
        raise PermissionError("result records are never deleted")

    @property
    def note_text(self) -> str:
        """The note as the reader reads it: the site's note in the active language, then the
        arbiter's words."""
        coded = notes.text(self.note_code, self.note_params) if self.note_code else ""
        return " ".join(part for part in (coded, self.note) if part)


class Claim(models.Model):
    """A player's claim of a win because the opponent has not moved in time."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="claims")
    pairing = models.ForeignKey(Pairing, on_delete=models.CASCADE, related_name="claims")
    seat = models.PositiveSmallIntegerField(_("claimant's seat"))
    claimed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    claimed_at = models.DateTimeField(_("claimed"), auto_now_add=True)
    ply = models.PositiveIntegerField(_("moves played when claimed"))
    status = status_field()
    record = models.OneToOneField(
        ResultRecord,
        verbose_name=_("result record"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="claim",
    )

    class Meta:
        ordering = ["-claimed_at"]
        verbose_name = _("claim")
        verbose_name_plural = _("claims")

    def __str__(self) -> str:
        return _("Claim on game %(game)s") % {"game": self.game_id}
