"""The api app's models: personal API tokens (here) and the players' private calendar links
(api/calendar_links.py).

Personal API tokens: a user's key for the API's writes (docs/api.md, "Tokens and writes").

The key is shown once, when it is made; only its SHA-256 digest is stored (a stolen database
gives no usable key), with a short prefix to tell the tokens apart on the tokens page."""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from api.calendar_links import CalendarLink

__all__ = ["ApiToken", "CalendarLink", "Scope", "digest"]

# The key's first characters, shown on the tokens page (not enough to guess the rest).
PREFIX_LENGTH = 8
# ``last_used`` is written at most this often: not once a request.
LAST_USED_EVERY = timedelta(minutes=1)


class Scope(models.TextChoices):
    PLAY = "play", _("Play: submit my moves")
    ARBITRATE = "arbitrate", _("Arbitrate: results, pairings, entries of my tournaments")


def digest(key: str) -> str:
    """The stored form of a key: its SHA-256, hexadecimal."""
    return hashlib.sha256(key.encode()).hexdigest()


class ApiToken(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("owner"),
        on_delete=models.CASCADE,
        related_name="api_tokens",
    )
    name = models.CharField(_("name"), max_length=80)
    scope = models.CharField(_("scope"), max_length=12, choices=Scope.choices)
    key_hash = models.CharField(_("key digest"), max_length=64, unique=True)
    prefix = models.CharField(_("prefix"), max_length=PREFIX_LENGTH)
    created = models.DateTimeField(_("created"), auto_now_add=True)
    last_used = models.DateTimeField(_("last used"), null=True, blank=True)
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)

    class Meta:
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

    @classmethod
    def issue(cls, *, owner: models.Model, name: str, scope: str) -> tuple[ApiToken, str]:
        """A new token of ``owner`` and its key (the only time the key is known)."""
        key = secrets.token_urlsafe(32)
        token = cls.objects.create(
            owner=owner, name=name, scope=scope, key_hash=digest(key), prefix=key[:PREFIX_LENGTH]
        )
        return token, key

    @classmethod
    def find(cls, key: str) -> ApiToken | None:
        """The live token of ``key`` (not revoked, its owner active), or ``None``."""
        return (
            cls.objects.select_related("owner")
            .filter(key_hash=digest(key), revoked_at__isnull=True, owner__is_active=True)
            .first()
        )

    def touch(self) -> None:
        """Note the use, at most once a minute (one UPDATE, only when the last one is old)."""
        now = timezone.now()
        if self.last_used is not None and now - self.last_used < LAST_USED_EVERY:
            return
        ApiToken.objects.filter(pk=self.pk).update(last_used=now)
        self.last_used = now

    def revoke(self) -> None:
        if self.revoked_at is None:
            self.revoked_at = timezone.now()
            ApiToken.objects.filter(pk=self.pk, revoked_at__isnull=True).update(
                revoked_at=self.revoked_at
            )


class BotAccount(models.Model):
    """An account marked as a bot (by staff, in the site's admin): it plays its games through
    the API with a *play* token, and the pages show a "bot" badge beside its player's name."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("account"),
        on_delete=models.CASCADE,
        related_name="bot_account",
    )
    marked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("marked by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    marked_at = models.DateTimeField(_("marked"), auto_now_add=True)

    class Meta:
        verbose_name = _("bot account")
        verbose_name_plural = _("bot accounts")
        ordering = ["-marked_at"]

    def __str__(self) -> str:
        return str(self.user)
