"""Players' requests to join a tournament whose registration needs the arbiter's approval."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from common.decisions import PendingDecision, one_pending
from games.bidi import isolate
from games.models import Player

from .tournament import Tournament


class JoinRequest(PendingDecision):
    """A player's request to join a tournament whose registration needs the arbiter's approval;
    accepting it registers him (an :class:`Entry`)."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="join_requests"
    )
    player = models.ForeignKey(
        Player, verbose_name=_("player"), on_delete=models.CASCADE, related_name="join_requests"
    )

    class Meta(PendingDecision.Meta):
        verbose_name = _("request to join")
        verbose_name_plural = _("requests to join")
        constraints = [one_pending("tournament", "player", name="one_pending_join_request")]

    def __str__(self) -> str:
        return f"{isolate(self.player)} → {isolate(self.tournament)}"
