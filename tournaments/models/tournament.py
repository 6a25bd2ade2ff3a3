"""Tournaments and their entries, with the choices of a tournament's acceleration and status (its
format's stored choice, ``TournamentFormat``, is defined with its registry in
``tournaments.formats``)."""

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
from games.clock import DEFAULT_TIME_MINUTES, MAX_DEFAULT_TIME_MINUTES
from games.models import GameKind, Player
from tournaments import formats
from tournaments.core import history
from tournaments.formats import TournamentFormat
from tournaments.pairing.acceleration import fits_point_system


class Acceleration(models.TextChoices):
    """Accelerated pairings of a Swiss (FIDE C.04.5)."""

    NONE = "none", pgettext_lazy("accelerated pairings", "None")
    BAKU = "baku", _("Baku acceleration (FIDE C.04.5.1)")


class TournamentStatus(models.TextChoices):
    REGISTRATION = "registration", _("Registration")
    RUNNING = "running", _("Running")
    FINISHED = "finished", pgettext_lazy("tournament or round status", "Finished")


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
    # The format's own options, checked by its entry (``Format.clean_options``): a knockout's.
    format_options = models.JSONField(_("format options"), default=dict, blank=True)
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
    default_time = models.PositiveSmallIntegerField(
        _("default time (minutes)"),
        default=DEFAULT_TIME_MINUTES,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_DEFAULT_TIME_MINUTES)],
        help_text=_(
            "A side of a game with a clock that has not made its first move within this time of "
            "its turn (or its own time, if less) loses by forfeit; when neither side has moved, "
            "both do."
        ),
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
    # Open registration (tournaments/acts/registration.py): players join through a public link.
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
    # Events in stages (issue 29, docs/stages.md): a later stage (a play-off) points to the
    # stage it follows; players, rules and time controls were carried over when it was made.
    previous_stage = models.OneToOneField(
        "self",
        verbose_name=_("previous stage"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="next_stage",
    )
    # The change stamp: raised (tournaments.acts.revision) by every change to what the
    # tournament's reads show; the API's ETags are made of it.
    revision = models.PositiveBigIntegerField(_("revision"), default=0, editable=False)

    class Meta:
        ordering = ["-start_date", "-created_at", "-pk"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:detail", args=[self.pk])

    @property
    def format_entry(self) -> formats.Format:
        """The registry's entry of the tournament's format (``formats.UnknownFormat`` for a
        stored value with none): ask it, not the format's name."""
        return formats.get(self.format)

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
    def point_system(self) -> history.PointSystem:
        return history.PointSystem(
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
    entry = formats.find(format)
    if entry is None or not entry.accelerates:
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
    # A group stage's group ("A", "B", …), drawn when round 1 is paired (tournaments.acts.stages)
    group = models.CharField(_("group"), max_length=2, blank=True, default="")
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
