"""The site's admin for the API: staff mark an account as a bot (add a *bot account*) and unmark
it (delete it) — docs/api.md, "Bots"."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from api.models import BotAccount


@admin.register(BotAccount)
class BotAccountAdmin(admin.ModelAdmin):
    list_display = ("user", "marked_by", "marked_at")
    raw_id_fields = ("user",)
    readonly_fields = ("marked_by", "marked_at")
    search_fields = ("user__username",)

    def save_model(self, request: HttpRequest, obj: BotAccount, form: Any, change: bool) -> None:
        if not change:
            obj.marked_by = request.user  # type: ignore[assignment]
        super().save_model(request, obj, form, change)
