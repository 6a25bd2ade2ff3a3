"""Workbooks waiting between an import's preview and its apply step, kept in the database so that
the apply step may reach any of the site's servers (nothing is kept on one server's disk)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class PendingUpload(models.Model):
    """One uploaded workbook, found again by its random ``key`` (named in a signed token)."""

    key = models.CharField(_("key"), max_length=32, unique=True)
    tournament = models.ForeignKey(
        "tournaments.Tournament",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        verbose_name=_("tournament"),
        help_text=_("Empty for one game's board sheet."),
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, verbose_name=_("uploaded by")
    )
    data = models.BinaryField(_("workbook"))
    created = models.DateTimeField(_("uploaded"), auto_now_add=True, db_index=True)

    class Meta:
        verbose_name = _("uploaded workbook")
        verbose_name_plural = _("uploaded workbooks")

    def __str__(self) -> str:
        return self.key
