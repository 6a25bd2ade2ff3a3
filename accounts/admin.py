"""The accounts' records in the admin: read by superusers (the pages decide them)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from accounts.models import Invitation, PlayerClaim
from games.bidi import isolated, ltr_within

# The characters a username may hold, as Django's help text lists them: a left-to-right island.
USERNAME_CHARACTERS = "@/./+/-/_"


class AccountAdmin(UserAdmin):
    """Django's admin of accounts, the account's name isolated on its password page and the
    username's characters (``@/./+/-/_``) a left-to-right island in their help text."""

    def formfield_for_dbfield(self, db_field: Any, request: HttpRequest, **kwargs: Any) -> Any:
        field = super().formfield_for_dbfield(db_field, request, **kwargs)
        if field is not None and db_field.name == "username":
            field.help_text = ltr_within(field.help_text, USERNAME_CHARACTERS)
        return field

    def user_change_password(
        self, request: HttpRequest, id: str, form_url: str = ""
    ) -> HttpResponse:
        response = super().user_change_password(request, id, form_url)
        context = getattr(response, "context_data", None) or {}
        user = context.get("original")
        if user is not None:  # Django's title, the name isolated rather than escaped
            title = (
                _("Change password: %s") if user.has_usable_password() else _("Set password: %s")
            )
            context["title"] = title % isolated(user.get_username())
        return response


admin.site.unregister(get_user_model())
admin.site.register(get_user_model(), AccountAdmin)


@admin.register(PlayerClaim)
class PlayerClaimAdmin(admin.ModelAdmin):
    list_display = ["user", "player", "status", "created_at", "decided_by", "decided_at"]
    list_filter = ["status"]
    raw_id_fields = ["player", "user", "decided_by"]

    def has_change_permission(self, request, obj=None) -> bool:  # type: ignore[no-untyped-def]
        return False  # decided on the site (accounts.services.decide_claim), never edited here

    def has_add_permission(self, request) -> bool:  # type: ignore[no-untyped-def]
        return False


@admin.register(Invitation)
class InvitationAdmin(admin.ModelAdmin):
    list_display = ["player", "email", "invited_by", "created_at", "accepted_by", "accepted_at"]
    raw_id_fields = ["player", "invited_by", "accepted_by"]

    def has_change_permission(self, request, obj=None) -> bool:  # type: ignore[no-untyped-def]
        return False

    def has_add_permission(self, request) -> bool:  # type: ignore[no-untyped-def]
        return False
