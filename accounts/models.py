"""The player's side of an account: claims of an existing player and invitations by e-mail.

A new account either makes its own player (``games.player_services.create_player``) or claims
one that an arbiter registered before (:class:`PlayerClaim`); a claim links the player only once an
arbiter of one of the player's tournaments (or a superuser) confirms it. An arbiter may also
invite a registered player by e-mail (:class:`Invitation`): the account made through the link is
linked at once.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from common.decisions import ClaimStatus as ClaimStatus  # the claims' one vocabulary, re-exported
from common.decisions import PendingDecision, answered_by, one_pending
from games.bidi import isolate
from games.models import Player


class PlayerClaim(PendingDecision):
    """An account's claim to be an existing, unlinked player."""

    player = models.ForeignKey(
        Player, verbose_name=_("player"), on_delete=models.CASCADE, related_name="account_claims"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("account"),
        on_delete=models.CASCADE,
        related_name="player_claims",
    )
    created_at = models.DateTimeField(_("claimed"), auto_now_add=True)

    class Meta(PendingDecision.Meta):
        verbose_name = _("player claim")
        verbose_name_plural = _("player claims")
        constraints = [one_pending("user", name="one_pending_claim_per_account")]

    def __str__(self) -> str:
        return f"{isolate(self.user)} → {isolate(self.player)}"


class Invitation(models.Model):
    """An e-mailed link that lets its receiver sign up already linked to ``player``."""

    player = models.ForeignKey(
        Player, verbose_name=_("player"), on_delete=models.CASCADE, related_name="invitations"
    )
    email = models.EmailField(_("e-mail address"))
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("invited by"),
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(_("sent"), auto_now_add=True)
    accepted_by = answered_by(_("accepted by"))
    accepted_at = models.DateTimeField(_("accepted"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")

    def __str__(self) -> str:
        return f"{isolate(self.player)} <{self.email}>"


class NoticeSettings(models.Model):
    """What an account has seen of its news ("my games"), and whether it wants them by mail.

    The news themselves are not stored: they are read from the pairings, moves and arbiter's
    records newer than ``seen_at`` (on the site) or ``mailed_at`` (by mail), see
    :mod:`accounts.notices`.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notice_settings"
    )
    by_email = models.BooleanField(
        _("e-mail me when I am paired, when it is my move and when an arbiter decides my game"),
        default=False,
    )
    seen_at = models.DateTimeField(_("news seen"), null=True, blank=True)
    mailed_at = models.DateTimeField(_("news mailed"), null=True, blank=True)

    class Meta:
        verbose_name = _("notice settings")
        verbose_name_plural = _("notice settings")

    def __str__(self) -> str:
        return str(self.user)
