"""What waits for an arbiter's yes or no: an account's claim of a player, a player's claim of a
win, a player's request to join a tournament.

One vocabulary for all of them (:class:`ClaimStatus`: waiting, accepted, rejected), one status
field, one "one pending per …" constraint, and one abstract model (:class:`PendingDecision`) for
those that keep who decided and when themselves (a claim of a win keeps them in its result
record instead, so it takes only the status field). Django only; no project import.
"""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class ClaimStatus(models.TextChoices):
    """Where a claim (or a request) stands."""

    PENDING = "pending", _("Waiting for an arbiter")
    ACCEPTED = "accepted", _("Accepted")
    REJECTED = "rejected", _("Rejected")


def status_field() -> models.CharField:
    """A claim's status, waiting until an arbiter decides."""
    return models.CharField(
        _("status"), max_length=10, choices=ClaimStatus.choices, default=ClaimStatus.PENDING
    )


def one_pending(*fields: str, name: str) -> models.UniqueConstraint:
    """At most one pending claim per value of ``fields`` (decided ones may pile up)."""
    return models.UniqueConstraint(
        fields=list(fields), condition=models.Q(status=ClaimStatus.PENDING), name=name
    )


def answered_by(verbose_name: str) -> models.ForeignKey:
    """The account that answered (decided a claim, accepted an invitation): empty until then,
    and again once that account is deleted; no way back from the account."""
    return models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=verbose_name,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )


def decided(*, accept: bool, user: AbstractBaseUser, at: datetime) -> dict[str, object]:
    """The fields of a claim decided by ``user`` at ``at`` (for ``QuerySet.update`` too)."""
    status = ClaimStatus.ACCEPTED if accept else ClaimStatus.REJECTED
    return {"status": status, "decided_by": user, "decided_at": at}


class PendingDecision(models.Model):
    """Asked by someone, then accepted or rejected by an arbiter, who is kept with the time."""

    status = status_field()
    created_at = models.DateTimeField(_("asked"), auto_now_add=True)
    decided_by = answered_by(_("decided by"))
    decided_at = models.DateTimeField(_("decided"), null=True, blank=True)

    class Meta:
        abstract = True
        ordering = ["created_at", "pk"]

    @property
    def pending(self) -> bool:
        return self.status == ClaimStatus.PENDING

    def decide(self, *, accept: bool, user: AbstractBaseUser, at: datetime | None = None) -> None:
        """Record the arbiter's answer (the caller holds the row's lock and has checked that it
        is still pending and that ``user`` may decide it)."""
        fields = decided(accept=accept, user=user, at=at or timezone.now())
        for name, value in fields.items():
            setattr(self, name, value)
        self.save(update_fields=list(fields))
