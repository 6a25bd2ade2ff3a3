"""The rating lists and their data (docs/ratings.md, "Data").

Source data, typed or imported by people: the lists (``RatingList``), a club's imported list
(``StartingRating``: the states a list's history starts from) and which tournaments feed which
list (``RatedTournament``). Derived data, the cache with one owner (``ratings.services.rebuild``,
which rewrites it from the results alone): every player's current state (``Rating``) and one row
per player per rating period played (``RatingChange``). ``RatingRecord`` is the log of every
recalculation and its cause.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.bidi import isolate
from games.models import GameKind, Player
from ratings.core.elo import FLOOR, FideElo
from ratings.core.glicko2 import Glicko2, Glicko2State
from tournaments.models import ResultRecord, Tournament

MIN_TAU, MAX_TAU = 0.2, 2.0  # Glickman suggests 0.3 to 1.2
MAX_RATING = 4000


class Method(models.TextChoices):
    ELO = "elo", _("FIDE-style Elo")
    GLICKO2 = "glicko2", _("Glicko-2")


class PeriodKind(models.TextChoices):
    TOURNAMENT = "tournament", _("Each tournament")
    MONTH = "month", _("Calendar month")


def year_of(key: Any) -> int | None:
    """The calendar year of a stored period key ("2026-12" or "2026-12-03#000017")."""
    text = str(key)
    return int(text[:4]) if text[:4].isdigit() else None


class RatingList(models.Model):
    """A club's rating list for one game kind (and, optionally, one preset of it)."""

    name = models.CharField(_("name"), max_length=100)
    kind = models.CharField(_("game"), max_length=8, choices=GameKind.choices)
    preset = models.CharField(
        _("preset"),
        max_length=20,
        blank=True,
        help_text=_("Only tournaments of this preset of the game; empty: every preset."),
    )
    method = models.CharField(_("method"), max_length=8, choices=Method.choices)
    period = models.CharField(
        _("rating period"), max_length=12, choices=PeriodKind.choices, default=PeriodKind.TOURNAMENT
    )
    # FIDE-style Elo: an unrated player gets a first rating from their first 5 games against
    # rated opponents (FIDE 8.2); a rating under the floor is not published.
    floor = models.PositiveSmallIntegerField(
        _("rating floor (Elo)"),
        default=FLOOR,
        validators=[MinValueValidator(0), MaxValueValidator(3000)],
        help_text=_("FIDE: 1400. A rating under the floor is not published."),
    )
    # Glicko-2: the system constant and a new player's state.
    tau = models.FloatField(
        _("τ, the volatility constraint (Glicko-2)"),
        default=0.5,
        validators=[MinValueValidator(MIN_TAU), MaxValueValidator(MAX_TAU)],
        help_text=_("Glickman suggests between 0.3 and 1.2."),
    )
    initial_rating = models.FloatField(
        _("a new player's rating (Glicko-2)"),
        default=1500.0,
        validators=[MinValueValidator(0), MaxValueValidator(MAX_RATING)],
    )
    initial_deviation = models.FloatField(
        _("a new player's deviation (Glicko-2)"),
        default=350.0,
        validators=[MinValueValidator(1), MaxValueValidator(500)],
    )
    initial_volatility = models.FloatField(
        _("a new player's volatility (Glicko-2)"),
        default=0.06,
        validators=[MinValueValidator(0.001), MaxValueValidator(1)],
    )
    casual_games = models.BooleanField(
        _("rate casual games"),
        default=False,
        help_text=_(
            "Also the finished games of this kind between two players, outside tournaments."
        ),
    )
    active = models.BooleanField(_("active"), default=True)
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
        ordering = ["name", "pk"]
        verbose_name = _("rating list")
        verbose_name_plural = _("rating lists")

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        super().clean()
        if self.preset and self.kind != GameKind.UTTT:
            raise ValidationError({"preset": _("Only ultimate tic-tac-toe has presets.")})

    def core_method(self) -> FideElo | Glicko2:
        """The method of ``ratings.core`` with this list's settings."""
        if self.method == Method.GLICKO2:
            new = Glicko2State(self.initial_rating, self.initial_deviation, self.initial_volatility)
            return Glicko2(tau=self.tau, new=new)
        return FideElo(floor=self.floor, year_of=year_of)


class StartingRating(models.Model):
    """A player's state on the list before its history on the site (a club's imported list)."""

    list = models.ForeignKey(
        RatingList, verbose_name=_("rating list"), on_delete=models.CASCADE, related_name="starts"
    )
    player = models.ForeignKey(
        Player, verbose_name=_("player"), on_delete=models.CASCADE, related_name="+"
    )
    rating = models.FloatField(
        _("rating"), validators=[MinValueValidator(0), MaxValueValidator(MAX_RATING)]
    )
    games = models.PositiveIntegerField(_("games played"), default=0)
    deviation = models.FloatField(
        _("deviation"), null=True, blank=True, validators=[MinValueValidator(1)]
    )
    volatility = models.FloatField(
        _("volatility"), null=True, blank=True, validators=[MinValueValidator(0.001)]
    )
    birth_year = models.PositiveSmallIntegerField(_("year of birth"), null=True, blank=True)
    # FIDE 8.3.3: K = 10 once a published rating reached 2400, even when it has fallen since.
    reached_2400 = models.BooleanField(
        _("reached 2400"),
        default=False,
        help_text=_("A published rating of 2400 was reached once (Elo: K = 10 from then on)."),
    )
    as_of = models.DateField(_("as of"), default=timezone.localdate)

    class Meta:
        ordering = ["list", "-rating", "pk"]
        verbose_name = _("starting rating")
        verbose_name_plural = _("starting ratings")
        constraints = [
            models.UniqueConstraint(fields=["list", "player"], name="starting_rating_unique"),
        ]

    def __str__(self) -> str:
        return f"{isolate(self.player)} {self.rating:.0f}"


class RatedTournament(models.Model):
    """A tournament whose played games feed a list (a tournament feeds one list at most)."""

    list = models.ForeignKey(
        RatingList,
        verbose_name=_("rating list"),
        on_delete=models.CASCADE,
        related_name="rated_tournaments",
    )
    tournament = models.OneToOneField(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="rated"
    )
    seed_from_list = models.BooleanField(
        _("starting ratings from the list"),
        default=False,
        help_text=_("The entries' ratings are taken from the list when round 1 is paired."),
    )
    frozen_at = models.DateTimeField(_("ratings taken"), null=True, blank=True, editable=False)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["list", "-created_at", "pk"]
        verbose_name = _("rated tournament")
        verbose_name_plural = _("rated tournaments")

    def __str__(self) -> str:
        return f"{isolate(self.tournament)} · {isolate(self.list)}"


class Rating(models.Model):
    """A player's current state on a list (derived: rewritten by the rebuild only)."""

    list = models.ForeignKey(
        RatingList, on_delete=models.CASCADE, related_name="ratings", db_index=False
    )  # the unique (list, player) serves it
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    rating = models.FloatField(_("rating"), null=True)  # None: not rated yet (Elo)
    deviation = models.FloatField(_("deviation"), null=True)
    volatility = models.FloatField(_("volatility"), null=True)
    k = models.PositiveSmallIntegerField(_("K"), null=True)
    games = models.PositiveIntegerField(_("games"), default=0)
    state = models.JSONField(_("state"), default=dict)
    updated = models.DateTimeField(_("updated"), default=timezone.now)

    class Meta:
        ordering = ["list", "-rating", "pk"]
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        constraints = [
            models.UniqueConstraint(fields=["list", "player"], name="rating_unique"),
        ]

    def __str__(self) -> str:
        return f"{isolate(self.player)}: {self.rating}"


class RatingChange(models.Model):
    """A player's rating period on a list: before, after and the period's games (derived)."""

    # No index of their own on list and player: the unique (list, player, period) serves both,
    # and each index costs every insert of a rebuild.
    list = models.ForeignKey(
        RatingList, on_delete=models.CASCADE, related_name="changes", db_index=False
    )
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+", db_index=False)
    period_key = models.CharField(_("period"), max_length=32)
    period_end = models.DateField(_("period end"))
    tournament = models.ForeignKey(
        Tournament, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    rating_before = models.FloatField(_("rating before"), null=True)
    rating_after = models.FloatField(_("rating after"), null=True)
    deviation_before = models.FloatField(_("deviation before"), null=True)
    deviation_after = models.FloatField(_("deviation after"), null=True)
    k = models.PositiveSmallIntegerField(_("K"), null=True)  # Elo: the K the period used
    games = models.PositiveIntegerField(_("games"))
    score = models.FloatField(_("score"))
    expected = models.FloatField(_("expected score"), null=True)
    opponents_average = models.FloatField(_("opponents' average rating"), null=True)
    state = models.JSONField(_("state after"), default=dict)

    class Meta:
        ordering = ["list", "player", "period_key"]
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        constraints = [
            models.UniqueConstraint(
                fields=["list", "player", "period_key"], name="rating_change_unique"
            ),
        ]
        indexes = [models.Index(fields=["list", "period_key"], name="rating_change_period")]

    def __str__(self) -> str:
        return (
            f"{isolate(self.player)} {self.period_key}: {self.rating_before} → {self.rating_after}"
        )


class Cause(models.TextChoices):
    RESULT = "result", _("A result changed")
    RATED = "rated", _("A tournament was rated or unrated")
    IMPORT = "import", _("Starting ratings imported")
    SETTINGS = "settings", _("The list's settings changed")
    REBUILD = "rebuild", _("Rebuilt by hand")


class RatingRecord(models.Model):
    """One recalculation of a list: its cause, from which period, by whom, what it rewrote."""

    list = models.ForeignKey(
        RatingList, verbose_name=_("rating list"), on_delete=models.CASCADE, related_name="records"
    )
    cause = models.CharField(_("cause"), max_length=12, choices=Cause.choices)
    from_period = models.CharField(_("from period"), max_length=32, blank=True)
    result_record = models.ForeignKey(
        ResultRecord,
        verbose_name=_("result record"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    tournament = models.ForeignKey(
        Tournament,
        verbose_name=_("tournament"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    periods = models.PositiveIntegerField(_("periods recalculated"), default=0)
    rows = models.PositiveIntegerField(_("rows rewritten"), default=0)
    note = models.TextField(_("note"), blank=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    at = models.DateTimeField(_("when"), auto_now_add=True)

    class Meta:
        ordering = ["-at", "-pk"]
        verbose_name = _("rating record")
        verbose_name_plural = _("rating records")

    def __str__(self) -> str:
        return f"{isolate(self.list)} · {self.get_cause_display()} · {self.from_period or '—'}"


class PendingRebuild(models.Model):
    """A list's recalculation waiting for the worker (``ratings.queue``): one row per list, its
    ``from_period`` the earliest period touched so far ("" = from scratch), kept by an atomic
    update of the minimum, so a burst of results makes one rebuild. ``stamp`` counts the requests
    folded in: the worker removes the row only if none came while it ran."""

    list = models.OneToOneField(
        RatingList, verbose_name=_("rating list"), on_delete=models.CASCADE, related_name="pending"
    )
    from_period = models.CharField(_("from period"), max_length=32, blank=True)
    cause = models.CharField(_("cause"), max_length=12, choices=Cause.choices)
    result_record_id = models.BigIntegerField(null=True, blank=True)  # the last one, if any
    tournament_id = models.BigIntegerField(null=True, blank=True)
    by_id = models.BigIntegerField(null=True, blank=True)
    stamp = models.PositiveIntegerField(default=1)
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("pending rebuild")
        verbose_name_plural = _("pending rebuilds")

    def __str__(self) -> str:
        return f"{isolate(self.list)} · {self.from_period or '—'}"
