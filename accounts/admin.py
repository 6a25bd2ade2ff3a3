"""The accounts' records in the admin: read by superusers (the pages decide them)."""

from __future__ import annotations

from django.contrib import admin

from accounts.models import Invitation, PlayerClaim


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
