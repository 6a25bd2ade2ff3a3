"""Admin of the tournaments app. Pairings and results change through the services (the site's
arbiter pages); the admin lists and searches them."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from tournaments.models import Entry, Pairing, Round, Tournament


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    fields = ("rank", "player", "rating", "joined_round", "withdrawn_from_round", "half_byes")
    readonly_fields = ("joined_round",)
    autocomplete_fields = ("player",)


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "kind", "format", "rounds", "status", "start_date", "online")
    list_filter = ("kind", "format", "status", "online")
    search_fields = ("name",)
    date_hierarchy = "start_date"
    filter_horizontal = ("arbiters",)
    readonly_fields = ("created_by", "created_at")
    inlines = (EntryInline,)


class PairingInline(admin.TabularInline):
    model = Pairing
    extra = 0
    fields = ("board", "first", "second", "result", "first_score", "second_score", "game", "manual")
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("__str__", "tournament", "status", "paired_at", "finished_at")
    list_filter = ("status",)
    search_fields = ("tournament__name",)
    readonly_fields = ("tournament", "number", "paired_at", "finished_at", "warnings")
    inlines = (PairingInline,)


@admin.register(Pairing)
class PairingAdmin(admin.ModelAdmin):
    list_display = ("round", "board", "first", "second", "result", "manual")
    list_filter = ("result", "manual", "round__tournament")
    search_fields = ("first__player__name", "second__player__name", "round__tournament__name")
    list_select_related = ("round__tournament", "first__player", "second__player")
    readonly_fields = (
        "round",
        "board",
        "first",
        "second",
        "result",
        "first_score",
        "second_score",
        "game",
        "reasons",
        "warnings",
        "manual",
    )

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ("player", "tournament", "rank", "rating", "withdrawn_from_round")
    list_filter = ("tournament",)
    search_fields = ("player__name", "tournament__name")
    autocomplete_fields = ("player",)
