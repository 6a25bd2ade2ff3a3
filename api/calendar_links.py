"""A player's private calendar link (``/api/v1/calendar/{secret}.ics``): one per player, its
secret a random token (192 bits). The link only reads the player's rounds, and he must be able to
copy it again on another phone: it is kept as it is, shown on his calendar page. A reset makes a
new secret, and the old link answers 404 from then on."""

from __future__ import annotations

import secrets

from django.db import models, transaction
from django.utils.translation import gettext_lazy as _

from games.models import Player

SECRET_BYTES = 24


class CalendarLink(models.Model):
    player = models.OneToOneField(
        Player, on_delete=models.CASCADE, related_name="calendar_link", verbose_name=_("player")
    )
    secret = models.CharField(max_length=64, unique=True)
    created = models.DateTimeField(_("created"), auto_now=True)

    class Meta:
        app_label = "api"
        verbose_name = _("calendar link")
        verbose_name_plural = _("calendar links")

    def __str__(self) -> str:
        return f"{self.player_id}: {self.created.isoformat()}"


@transaction.atomic
def new_secret(player: Player) -> str:
    """A new secret for ``player``'s link (the old one, if any, stops working)."""
    secret = secrets.token_urlsafe(SECRET_BYTES)
    CalendarLink.objects.update_or_create(player=player, defaults={"secret": secret})
    return secret


def secret_of(player: Player) -> str:
    """``player``'s secret, made on first use."""
    link = CalendarLink.objects.filter(player=player).first()
    return link.secret if link else new_secret(player)


def player_by_secret(secret: str) -> Player | None:
    """The player whose link has ``secret`` (``None``: no such link)."""
    if not secret or len(secret) > 100:
        return None
    link = CalendarLink.objects.select_related("player").filter(secret=secret)
    found = link.first()
    return found.player if found else None
