"""Tournaments, entries, rounds and pairings. Tournaments point at games, never the reverse."""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games.analysis_models import DEFAULT_ADJUDICATION_SECONDS, MAX_ADJUDICATION_SECONDS
from games.models import Game, GameKind, Player
from tournaments import records
from tournaments import vocabulary as V
from tournaments.pairing.acceleration import fits_point_system


class TournamentFormat(models.TextChoices):
    SWISS = "swiss", _("Swiss")
    ROUND_ROBIN = "round_robin", _("Round robin")
    DOUBLE_ROUND_ROBIN = "double_round_robin", _("Double round robin")


class Acceleration(models.TextChoices):
    """Accelerated pairings of a Swiss (FIDE C.04.5)."""

    NONE = "none", pgettext_lazy("accelerated pairings", "None")
    BAKU = "baku", _("Baku acceleration (FIDE C.04.5.1)")


class TournamentStatus(models.TextChoices):
    REGISTRATION = "registration", _("Registration")
    RUNNING = "running", _("Running")
    FINISHED = "finished", pgettext_lazy("tournament or round status", "Finished")


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


POINT_FIELD = {"max_digits": 4, "decimal_places": 1}


class Tournament(models.Model):
    name = models.CharField(_("name"), max_length=200)
    start_date = models.DateField(_("start date"), null=True, blank=True)
    end_date = models.DateField(_("end date"), null=True, blank=True)
    kind = models.CharField(_("game"), max_length=8, choices=GameKind.choices)
    options = models.JSONField(_("rules options"), default=dict, blank=True)
    format = models.CharField(
        _("format"),
        max_length=24,
        choices=TournamentFormat.choices,
        default=TournamentFormat.SWISS,
    )
    rounds = models.PositiveSmallIntegerField(
        _("number of rounds"),
        null=True,
        blank=True,
        help_text=_("Swiss only; a round robin has as many rounds as its schedule needs."),
    )
    online = models.BooleanField(
        _("games played on the site"),
        default=True,
        help_text=_("Otherwise the games are played on paper and the arbiter enters results."),
    )
    points_win = models.DecimalField(_("points for a win"), default=Decimal("1"), **POINT_FIELD)
    points_draw = models.DecimalField(_("points for a draw"), default=Decimal("0.5"), **POINT_FIELD)
    points_loss = models.DecimalField(_("points for a loss"), default=Decimal("0"), **POINT_FIELD)
    points_bye = models.DecimalField(_("points for a bye"), default=Decimal("1"), **POINT_FIELD)
    tiebreaks = models.JSONField(_("tie-breaks, in order"), default=list, blank=True)
    dummy_cap = models.BooleanField(
        _("cap the dummy opponent's score (FIDE 2026)"),
        default=False,
        help_text=_(
            "Buchholz and Sonneborn-Berger: an own unplayed round counts at most the forfeiting "
            "opponent's score, or a draw in every round for a bye (FIDE tie-break regulations "
            "from 1 March 2026, article 16.4)."
        ),
    )
    acceleration = models.CharField(
        _("accelerated pairings"),
        max_length=8,
        choices=Acceleration.choices,
        default=Acceleration.NONE,
        help_text=_(
            "Swiss only. Baku: the top half of the players get virtual points for the pairing "
            "of the first half of the rounds."
        ),
    )
    claim_after_minutes = models.PositiveIntegerField(
        _("a win may be claimed after (minutes)"),
        null=True,
        blank=True,
        help_text=_("When the opponent has not moved for this long; empty: no claims."),
    )
    time_control = models.CharField(
        _("time control"),
        max_length=40,
        blank=True,
        default="",
        help_text=_("The clock the games played on the site get when their round is paired."),
    )
    engine_seconds = models.PositiveSmallIntegerField(
        _("engine time for an adjudication (seconds)"),
        default=DEFAULT_ADJUDICATION_SECONDS,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_ADJUDICATION_SECONDS)],
        help_text=_("How long the engine analyses an unfinished game an arbiter adjudicates."),
    )
    status = models.CharField(
        _("status"),
        max_length=16,
        choices=TournamentStatus.choices,
        default=TournamentStatus.REGISTRATION,
        db_index=True,
    )
    # Open registration (tournaments/registration.py): players join through a public link.
    registration_open = models.BooleanField(
        _("players may join through the registration link"),
        default=False,
        help_text=_("Until round 1 is paired."),
    )
    registration_approval = models.BooleanField(
        _("each joining player waits for an arbiter's approval"), default=False
    )
    arbiters = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("arbiters"),
        blank=True,
        related_name="arbitrated_tournaments",
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("created by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["-start_date", "-created_at", "-pk"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:detail", args=[self.pk])

    @property
    def is_round_robin(self) -> bool:
        return self.format != TournamentFormat.SWISS

    @property
    def accelerated(self) -> bool:
        """Whether the Swiss pairing gives virtual points (``acceleration`` is not "none")."""
        return self.acceleration not in ("", Acceleration.NONE)

    def acceleration_problem(self) -> str | None:
        """Why the tournament's acceleration does not fit its format or points, if it does not."""
        return acceleration_problem(
            acceleration=self.acceleration,
            format=self.format,
            win=self.points_win,
            draw=self.points_draw,
            loss=self.points_loss,
        )

    def clean(self) -> None:
        super().clean()
        problem = self.acceleration_problem()
        if problem:
            raise ValidationError({"acceleration": problem})

    @property
    def point_system(self) -> records.PointSystem:
        return records.PointSystem(
            win=float(self.points_win),
            draw=float(self.points_draw),
            loss=float(self.points_loss),
            bye=float(self.points_bye),
            half_bye=float(self.points_draw),
            zero_bye=float(self.points_loss),
        )


def acceleration_problem(
    *, acceleration: str, format: str, win: object, draw: object, loss: object
) -> str | None:
    """The translated reason why ``acceleration`` cannot be used with this format and points."""
    if acceleration in ("", Acceleration.NONE):
        return None
    if acceleration not in Acceleration.values:
        return str(_("Unknown kind of accelerated pairings."))
    if format != TournamentFormat.SWISS:
        return str(_("Accelerated pairings are for Swiss tournaments only."))
    if not fits_point_system(win=float(str(win)), draw=float(str(draw)), loss=float(str(loss))):
        return str(
            _(
                "Baku acceleration needs a loss to score 0 and a draw half a win "
                "(FIDE C.04.5.1 is for the 1 – ½ – 0 point system)."
            )
        )
    return None


class Entry(models.Model):
    """A player registered in a tournament."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(
        Player, verbose_name=_("player"), on_delete=models.PROTECT, related_name="entries"
    )
    rank = models.PositiveIntegerField(_("starting rank"), null=True, blank=True)
    rating = models.PositiveIntegerField(_("rating"), null=True, blank=True)
    joined_round = models.PositiveSmallIntegerField(_("joins in round"), default=1)
    withdrawn_from_round = models.PositiveSmallIntegerField(
        _("withdrawn from round"), null=True, blank=True
    )
    half_byes = models.JSONField(_("requested half-point byes (rounds)"), default=list, blank=True)
    created_at = models.DateTimeField(_("registered"), auto_now_add=True)

    class Meta:
        ordering = ["tournament", "rank", "pk"]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="entry_player_unique"),
        ]

    def __str__(self) -> str:
        return str(self.player)

    def is_active_in(self, round_no: int) -> bool:
        return self.joined_round <= round_no and (
            self.withdrawn_from_round is None or round_no < self.withdrawn_from_round
        )


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
        second = self.second or _("bye")
        return f"{self.round}: {self.first} – {second}"

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

    def record(self) -> records.GameRecord:
        first, second = self.game_scores
        return records.GameRecord(
            round=self.round.number,
            first=self.first_id,
            second=self.second_id,
            result=self.result or None,
            first_score=first or 0,
            second_score=second or 0,
        )


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
    ENGINE_RESULT = "engine_result", _("Result decided with the engine")


class AdjudicationReason(models.TextChoices):
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


# The reasons an arbiter chooses from (the others are given by the results service).
ARBITER_REASONS = [
    (value, label)
    for value, label in AdjudicationReason.choices
    if value
    not in (
        AdjudicationReason.PLAYED,
        AdjudicationReason.WITHDRAWAL,
        AdjudicationReason.INTERRUPTION,  # given by the acts on a round's clocks
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


class Adjudication(models.Model):
    """The permanent record of one change of a result, or of one arbiter's decision, whatever
    its source (see ``tournaments.results``). Never edited or deleted."""

    act = models.CharField(_("act"), max_length=20, choices=Act.choices)
    source = models.CharField(
        _("source"),
        max_length=16,
        choices=ResultSource.choices,
        default=ResultSource.ADJUDICATION,
        db_index=True,
    )
    reason = models.CharField(_("reason"), max_length=20, choices=AdjudicationReason.choices)
    note = models.TextField(_("note"), blank=True)
    tournament = models.ForeignKey(
        Tournament,
        verbose_name=_("tournament"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="adjudications",
    )
    pairing = models.ForeignKey(
        Pairing,
        verbose_name=_("pairing"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="adjudications",
    )
    game = models.ForeignKey(
        Game,
        verbose_name=_("game"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="adjudications",
    )
    entry = models.ForeignKey(
        Entry,
        verbose_name=_("player"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="adjudications",
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
            raise PermissionError("adjudication records are never changed")
        super().save(*args, **kwargs)  # type: ignore[arg-type]

    def delete(self, *args: object, **kwargs: object) -> tuple[int, dict[str, int]]:
        raise PermissionError("adjudication records are never deleted")


class ClaimStatus(models.TextChoices):
    PENDING = "pending", _("Waiting for the arbiter")
    ACCEPTED = "accepted", _("Accepted")
    REJECTED = "rejected", _("Rejected")


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
    status = models.CharField(
        _("status"), max_length=10, choices=ClaimStatus.choices, default=ClaimStatus.PENDING
    )
    adjudication = models.OneToOneField(
        Adjudication, null=True, blank=True, on_delete=models.PROTECT, related_name="claim"
    )

    class Meta:
        ordering = ["-claimed_at"]
        verbose_name = _("claim")
        verbose_name_plural = _("claims")

    def __str__(self) -> str:
        return _("Claim on game %(game)s") % {"game": self.game_id}


class JoinStatus(models.TextChoices):
    PENDING = "pending", _("Waiting for an arbiter")
    ACCEPTED = "accepted", _("Accepted")
    REFUSED = "refused", _("Refused")


class JoinRequest(models.Model):
    """A player's request to join a tournament whose registration needs the arbiter's approval;
    accepting it registers him (an :class:`Entry`)."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="join_requests"
    )
    player = models.ForeignKey(
        Player, verbose_name=_("player"), on_delete=models.CASCADE, related_name="join_requests"
    )
    status = models.CharField(
        _("status"), max_length=10, choices=JoinStatus.choices, default=JoinStatus.PENDING
    )
    created_at = models.DateTimeField(_("asked"), auto_now_add=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("decided by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    decided_at = models.DateTimeField(_("decided"), null=True, blank=True)

    class Meta:
        ordering = ["created_at", "pk"]
        verbose_name = _("request to join")
        verbose_name_plural = _("requests to join")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player"],
                condition=models.Q(status="pending"),
                name="one_pending_join_request",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} → {self.tournament}"
