"""Admin of the tournaments app. Pairings and results change through the services (the site's
arbiter pages); the admin lists and searches them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.admin import GameAdmin
from games.models import Game
from tournaments import adjudication
from tournaments.errors import TournamentError
from tournaments.forms import AnnulForm, DecideForm, TakeBackForm
from tournaments.models import Adjudication, Claim, Entry, Pairing, Round, Tournament


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    fields = ("rank", "player", "rating", "joined_round", "withdrawn_from_round", "half_byes")
    # Withdrawals are arbiters' decisions, recorded by their service (the withdrawal page).
    readonly_fields = ("joined_round", "withdrawn_from_round")
    autocomplete_fields = ("player",)


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "kind", "format", "rounds", "status", "start_date", "online")
    list_filter = ("kind", "format", "status", "online", "acceleration")
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
    readonly_fields = ("tournament", "joined_round", "withdrawn_from_round")
    list_filter = ("tournament",)
    search_fields = ("player__name", "tournament__name")
    autocomplete_fields = ("player",)


# -- Adjudication in the admin: read-only records, and each act as an action with its form ------


@admin.register(Adjudication)
class AdjudicationAdmin(admin.ModelAdmin):
    list_display = (
        "decided_at",
        "act",
        "reason",
        "tournament",
        "game",
        "pairing",
        "entry",
        "decided_by",
    )
    list_filter = ("act", "reason", "tournament")
    search_fields = ("note", "entry__player__name", "tournament__name", "=game__id")
    list_select_related = ("tournament", "game", "pairing__round", "entry__player", "decided_by")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(Claim)
class ClaimAdmin(admin.ModelAdmin):
    list_display = ("game", "seat", "claimed_by", "claimed_at", "status")
    list_filter = ("status",)
    readonly_fields = (
        "game",
        "pairing",
        "seat",
        "claimed_by",
        "claimed_at",
        "ply",
        "status",
        "adjudication",
    )
    actions = ("accept_claims", "reject_claims")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def _decide(self, request: HttpRequest, queryset: QuerySet, accept: bool) -> None:
        for claim in queryset:
            try:
                adjudication.decide_claim(user=request.user, claim=claim, accept=accept)
            except TournamentError as err:
                self.message_user(request, f"{claim}: {err.message}", messages.ERROR)

    @admin.action(description=_("Accept the selected claims"))
    def accept_claims(self, request: HttpRequest, queryset: QuerySet) -> None:
        self._decide(request, queryset, True)

    @admin.action(description=_("Reject the selected claims"))
    def reject_claims(self, request: HttpRequest, queryset: QuerySet) -> None:
        self._decide(request, queryset, False)


def _act_action(act: str, form_class: type, description: str) -> Callable[..., Any]:
    """An admin action that asks for the act's form (reason required), then calls the service
    for each selected game or pairing."""

    def action(
        modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet
    ) -> HttpResponse | None:
        # A bulk action acts on several objects: no single version to check (each act locks
        # its rows and is refused when it no longer applies).
        form = form_class(request.POST if "apply" in request.POST else None, versioned=False)
        if form.is_bound and form.is_valid():
            d = form.cleaned_data
            done = 0
            for obj in queryset:
                game = obj if isinstance(obj, Game) else obj.game
                pairing = obj if isinstance(obj, Pairing) else None
                common = {"user": request.user, "reason": d["reason"], "note": d["note"]}
                try:
                    if act == "decide":
                        adjudication.decide(
                            game=game, pairing=pairing, result=d["result"], **common
                        )
                    elif act == "take_back":
                        adjudication.take_back(game=game, count=d["count"], **common)
                    else:
                        adjudication.annul(game=game, replay=d["replay"], **common)
                    done += 1
                except TournamentError as err:
                    modeladmin.message_user(request, f"{obj}: {err.message}", messages.ERROR)
            if done:
                modeladmin.message_user(
                    request,
                    ngettext("%(count)s decision recorded.", "%(count)s decisions recorded.", done)
                    % {"count": done},
                    messages.SUCCESS,
                )
            return None
        return render(
            request,
            "admin/tournaments/act.html",
            {
                **modeladmin.admin_site.each_context(request),
                "title": description,
                "form": form,
                "queryset": queryset,
                "action": request.POST.get("action"),
                "opts": modeladmin.model._meta,
                "selected": request.POST.getlist(helpers.ACTION_CHECKBOX_NAME),
            },
        )

    action.__name__ = f"adjudicate_{act}"
    return admin.action(description=description)(action)


class ArbiterGameAdmin(GameAdmin):
    actions = (
        _act_action("decide", DecideForm, _("Declare the result or a forfeit")),
        _act_action("take_back", TakeBackForm, _("Take back moves")),
        _act_action("annul", AnnulForm, _("Annul the game")),
    )


admin.site.unregister(Game)
admin.site.register(Game, ArbiterGameAdmin)
PairingAdmin.actions = (
    _act_action("decide", DecideForm, _("Declare, correct or forfeit the result")),
)
