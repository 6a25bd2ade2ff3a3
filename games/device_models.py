"""A game played on one device (pass-and-play): one screen plays every seat.

The game is an ordinary :class:`games.models.Game` with its seats and moves; this row says who
owns it — the browser session that created it (a hash of a random token kept in that session,
never the session key itself) until an account claims it, then that account — and the owner's
setting of turning the board for the player to move. Such a game is never rated, never in a
tournament, and listed nowhere but its owner's *My games*.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class DeviceGame(models.Model):
    game = models.OneToOneField(
        "games.Game",
        verbose_name=_("game"),
        primary_key=True,
        on_delete=models.CASCADE,
        related_name="device",
    )
    # The SHA-256 of the token in the creating session (games.device.SESSION_KEY); "" once an
    # account has claimed the game.
    token_hash = models.CharField(max_length=64, blank=True, db_index=True, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("owner"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    turn_board = models.BooleanField(
        _("turn the board"),
        default=False,
        help_text=_("Turn the board towards the player to move."),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    # Against the computer (games.computer): the seats the computer plays, one bit a seat
    # (seat n: bit n; 0: none, every seat is the owner's), and its level (1-8).
    computer_seats = models.PositiveSmallIntegerField(_("computer's seats"), default=0)
    level = models.PositiveSmallIntegerField(_("computer's level"), null=True, blank=True)
    # The last hint asked for: the engine's best move at the position after ``hint_ply`` moves.
    hint_ply = models.PositiveIntegerField(null=True, blank=True, editable=False)
    hint_move = models.CharField(max_length=16, blank=True, editable=False)
    hints = models.PositiveIntegerField(_("hints asked"), default=0, editable=False)
    takebacks = models.PositiveIntegerField(_("moves taken back"), default=0, editable=False)

    class Meta:
        verbose_name = _("game on one device")
        verbose_name_plural = _("games on one device")

    def __str__(self) -> str:
        return str(self.game_id)

    def is_computer(self, seat: int) -> bool:
        """Does the computer play ``seat`` (from 0)?"""
        return bool(self.computer_seats >> seat & 1)


class ComputerMove(models.Model):
    """How long the computer thought over its move ``ply`` of a game against it (wall seconds of
    the search, and the positions it looked at): shown beside the move."""

    game = models.ForeignKey(
        "games.Game", on_delete=models.CASCADE, related_name="computer_moves", editable=False
    )
    ply = models.PositiveIntegerField(editable=False)
    seconds = models.FloatField(editable=False)
    nodes = models.PositiveIntegerField(editable=False)

    class Meta:
        verbose_name = _("computer's move")
        verbose_name_plural = _("computer's moves")
        constraints = [
            models.UniqueConstraint(fields=["game", "ply"], name="computer_move_once"),
        ]

    def __str__(self) -> str:
        return f"{self.game_id}:{self.ply}"
