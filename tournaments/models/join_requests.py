"""Players' requests to join a tournament whose registration needs the arbiter's approval."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.bidi import isolate
from games.models import Player

from .tournament import Tournament


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
        return f"{isolate(self.player)} → {isolate(self.tournament)}"
