"""Players and games between seats. A game knows nothing of tournaments."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games import endings, positions
from games.bidi import isolate
from games.clock import OUT, TimeControl
from games.rules import Outcome, SosRules, UtttRules, get_rules


class GameKind(models.TextChoices):
    SOS = "sos", _("SOS")
    UTTT = "uttt", _("Ultimate tic-tac-toe")


class GameStatus(models.TextChoices):
    WAITING = "waiting", _("Waiting for the first move")
    IN_PROGRESS = "in_progress", _("In progress")
    FINISHED = "finished", pgettext_lazy("game status", "Finished")
    ADJUDICATED = "adjudicated", _("Adjudicated")
    ANNULLED = "annulled", _("Annulled")
    ABORTED = "aborted", _("Aborted")


ACTIVE_STATUSES = (GameStatus.WAITING, GameStatus.IN_PROGRESS)
ENDED_STATUSES = (GameStatus.FINISHED, GameStatus.ADJUDICATED)


class Player(models.Model):
    """A person who plays; the name may be in any script."""

    name = models.CharField(_("name"), max_length=100)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("account"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="player",
    )
    rating = models.PositiveIntegerField(_("rating"), null=True, blank=True)
    club = models.CharField(_("club"), max_length=100, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    # Name and club case-folded in Python: SQLite's LIKE folds ASCII letters only.
    search_key = models.TextField(blank=True, editable=False)

    class Meta:
        ordering = ["name", "pk"]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.search_key = f"{self.name} {self.club}".casefold()
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and {"name", "club"} & set(update_fields):
            kwargs["update_fields"] = {*update_fields, "search_key"}
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("games:player", args=[self.pk])


class Game(models.Model):
    """One game between seated players, every move adjudicated by the rules engine.

    The game's ``Move`` rows are the game: the position, the scores and the engine's outcome are
    derived from them (:meth:`current_state`, :attr:`scores`). The game itself keeps only what
    the moves cannot say: the decided outcome (``winners``, ``end_reason``, ``finished_at``,
    written by :mod:`games.services` when the engine or an arbiter ends the game), the
    ``status``, and ``ply``, a cached count of the moves (for cheap polls and lists) that only
    the services write, in the same transaction as the moves. A game recorded from a paper
    sheet without a move list keeps its ``final_position`` and ``final_scores`` instead.
    """

    kind = models.CharField(_("game"), max_length=8, choices=GameKind.choices)
    options = models.JSONField(_("rules options"), default=dict)
    status = models.CharField(
        _("status"),
        max_length=16,
        choices=GameStatus.choices,
        default=GameStatus.WAITING,
        db_index=True,
    )
    over_the_board = models.BooleanField(
        _("over the board"),
        default=False,
        help_text=_("Moves are entered by an arbiter for the players at the table."),
    )
    ply = models.PositiveIntegerField(_("moves played"), default=0, editable=False)
    # The time control (games.clock.TimeControl's code, "" for none) and the arbiter's clock
    # acts (pauses, resumptions, time added; ClockAct dicts in order). Each side's time is
    # derived from these and the moves' arrival times (Move.created_at).
    time_control = models.CharField(_("time control"), max_length=40, blank=True, default="")
    clock_log = models.JSONField(_("clock acts"), default=list, blank=True, editable=False)
    winners = models.JSONField(_("winning seats"), null=True, blank=True, editable=False)
    end_reason = models.CharField(_("how it ended"), max_length=32, blank=True, editable=False)
    final_position = models.JSONField(
        _("final position"),
        null=True,
        blank=True,
        editable=False,
        help_text=_("A game recorded without its moves: the final board, a string a row."),
    )
    final_scores = models.JSONField(
        _("final scores"),
        null=True,
        blank=True,
        editable=False,
        help_text=_("A game recorded without its moves: the scores of its paper sheet."),
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
    started_at = models.DateTimeField(_("started"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("game")
        verbose_name_plural = _("games")
        permissions = [
            ("play_any_seat", _("Can enter moves for any seat of an over-the-board game")),
        ]

    def __str__(self) -> str:
        return _("Game %(number)s") % {"number": self.pk}

    def get_absolute_url(self) -> str:
        return reverse("games:detail", args=[self.pk])

    def refresh_from_db(self, *args: Any, **kwargs: Any) -> None:
        super().refresh_from_db(*args, **kwargs)
        self._forget_moves()

    def _forget_moves(self) -> None:
        for name in ("_move_list", "_replayed"):
            self.__dict__.pop(name, None)

    @cached_property
    def rules(self) -> SosRules | UtttRules:
        return get_rules(self.kind, **self.options)

    @property
    def moves_list(self) -> list[str]:
        """The notations of the game's moves in order, read once per instance from its ``Move``
        rows (or from ``prefetch_related("moves")``)."""
        cached = self.__dict__.get("_move_list")
        if cached is None:
            if self.pk is None:
                cached = []
            elif "moves" in getattr(self, "_prefetched_objects_cache", {}):
                cached = [m.notation for m in sorted(self.moves.all(), key=lambda m: m.ply)]
            else:
                cached = list(
                    Move.objects.filter(game_id=self.pk)
                    .order_by("ply")
                    .values_list("notation", flat=True)
                )
            self.__dict__["_move_list"] = cached
        return cached

    def use_moves(self, notations: list[str]) -> None:
        """Take ``notations`` (the game's moves in order, just read by the caller) as this
        instance's move list, so that it is not read again."""
        self._forget_moves()
        self.__dict__["_move_list"] = list(notations)

    def current_state(self) -> Any:
        """The engine's state after the game's moves (replayed once per instance)."""
        state = self.__dict__.get("_replayed")
        if state is None:
            # This process's last position of the game, while it is still these moves' replay.
            state = positions.replayed(self.pk, self.rules, self.moves_list, self.out_seats)
            self.__dict__["_replayed"] = state
        return state

    @property
    def out_seats(self) -> tuple[tuple[int, int], ...]:
        """The seats out of the game (their time ran out, in a game of three or more), as
        ``(seat, ply)`` in order: the clock log's ``out`` acts (``games.timekeeping``)."""
        return tuple(
            (int(a["seat"]), int(a["ply"])) for a in self.clock_log or () if a.get("act") == OUT
        )

    def state_at(self, ply: int) -> Any:
        """The position after the first ``ply`` moves (for replay)."""
        if ply >= len(self.moves_list):
            return self.current_state()
        out = [(seat, at) for seat, at in self.out_seats if at <= ply]
        return self.rules.replay(self.moves_list[:ply], out)

    @property
    def scores(self) -> list[int]:
        """The scores, one per seat, as the rules engine counts them from the moves (SOS
        points, or small boards won in ultimate tic-tac-toe); a game recorded by its final
        position only has the scores of its paper sheet."""
        if self.final_scores is not None and not self.ply:
            return list(self.final_scores)
        return list(self.current_state().scores)

    @property
    def clock(self) -> TimeControl:
        """The time control (``TimeControl()``, kind none, when the game has no clock)."""
        return TimeControl.from_code(self.time_control)

    @property
    def is_active(self) -> bool:
        return self.status in ACTIVE_STATUSES

    @property
    def outcome(self) -> Outcome | None:
        if self.winners is None:
            return None
        return Outcome(tuple(self.winners), tuple(self.scores), self.end_reason)

    @property
    def result_text(self) -> str:
        """``1-0``, ``0-1`` or ``½-½`` for two seats; winners' seats for more; ``""`` while open."""
        if self.status == GameStatus.ANNULLED:
            return ""
        return endings.result_text(self.winners, seats=self.rules.players)


class Seat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField(_("seat"))
    player = models.ForeignKey(
        Player, verbose_name=_("player"), on_delete=models.PROTECT, related_name="seats"
    )

    class Meta:
        ordering = ["game", "number"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="seat_number_unique"),
            models.UniqueConstraint(fields=["game", "player"], name="seat_player_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.number + 1}. {isolate(self.player)}"


class Move(models.Model):
    """One accepted move. Moves are never edited in place."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves")
    ply = models.PositiveIntegerField(_("move number"))
    seat = models.PositiveSmallIntegerField(_("seat"))
    notation = models.CharField(_("move"), max_length=16)
    points = models.PositiveSmallIntegerField(_("points"), default=0)
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("submitted by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    # When the server received the move: the one fact the clocks are computed from. The move
    # service sets it to the moment it checked the mover's clock.
    created_at = models.DateTimeField(_("played at"), default=timezone.now, editable=False)

    class Meta:
        ordering = ["game", "ply"]
        verbose_name = _("move")
        verbose_name_plural = _("moves")
        constraints = [
            models.UniqueConstraint(fields=["game", "ply"], name="move_ply_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.ply}. {self.notation}"


# The engine's analyses (their own module; imported here so that Django registers them).
from games.analysis_models import GameAnalysis, PositionAnalysis  # noqa: E402, F401
from games.device_models import ComputerMove, DeviceGame  # noqa: E402, F401
from games.puzzles.models import Puzzle, PuzzleAttempt  # noqa: E402, F401
