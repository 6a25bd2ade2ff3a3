"""Admin of the tournaments app. Pairings and results change through the services (the site's
arbiter pages); the admin lists and searches them.

Who sees what is :mod:`tournaments.authority`'s answer: an arbiter (staff) sees and changes only
the tournaments he arbitrates, and their rounds, pairings, entries, claims and records (querysets,
per-object permissions, the choices of every form field and filter, and each action's rows). Only
a superuser names a tournament's arbiters. A tournament's settings are checked by the same code as
the site's form (``tournament_settings.validated_changes``) and saved through
``tournament_settings.update_tournament`` or ``services.create_tournament``. The arbiter's acts on
several selected games or pairings (each row's version on the form page) are built in
:mod:`tournaments.admin.actions`.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.db.models import Model, Q, QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from common.admin_widgets import IdAutocompleteMixin
from games.admin import GameAdmin
from games.authority import arbitrated_games, may_arbitrate_game, visible_players
from games.models import Game, Player
from tournaments import authority, scores
from tournaments.acts import claims, entry_changes, services, tournament_settings
from tournaments.admin.actions import act_action, say_unseen
from tournaments.admin.forms import EntryAdminForm, TournamentAdminForm
from tournaments.errors import TournamentError
from tournaments.models import (
    Claim,
    Entry,
    Pairing,
    ResultRecord,
    Round,
    RoundStatus,
    Tournament,
)
from tournaments.web.forms import AnnulForm, DecideForm, TakeBackForm


def _choices(model: type[Model], user: Any) -> QuerySet | None:
    """What ``user`` may pick for a field pointing at ``model`` (None: no limit)."""
    if user.is_superuser:
        return None
    tournaments = authority.arbitrated_tournaments(user)
    if model is Tournament:
        return tournaments
    if model in (Round, Entry):
        return model._default_manager.filter(tournament__in=tournaments)
    if model is Pairing:
        return Pairing.objects.filter(round__tournament__in=tournaments)
    if model is Game:
        return arbitrated_games(user)
    if model is Player:
        return visible_players(user)
    return None


class ArbitratedAdmin(IdAutocompleteMixin):
    """Rows of the tournaments ``request.user`` arbitrates only: ``tournament_path`` leads from
    the model to its tournament (``""``: the model is the tournament)."""

    tournament_path = ""

    def tournament_of(self, obj: Any) -> Tournament | None:
        for step in self.tournament_path.split("__") if self.tournament_path else ():
            obj = getattr(obj, step)
            if obj is None:
                return None
        return obj

    def scope(self, request: HttpRequest) -> Q:
        tournaments = authority.arbitrated_tournaments(request.user)
        if not self.tournament_path:
            return Q(pk__in=tournaments.values("pk"))
        return Q(**{f"{self.tournament_path}__in": tournaments.values("pk")})

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        rows = super().get_queryset(request)
        return rows if request.user.is_superuser else rows.filter(self.scope(request))

    def arbitrates(self, request: HttpRequest, obj: Any) -> bool:
        if obj is None:
            return True
        tournament = self.tournament_of(obj)
        if tournament is None:
            return request.user.is_superuser
        return authority.may_arbitrate(request.user, tournament)

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return super().has_view_permission(request, obj) and self.arbitrates(request, obj)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return super().has_change_permission(request, obj) and self.arbitrates(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return super().has_delete_permission(request, obj) and self.arbitrates(request, obj)

    def formfield_for_foreignkey(self, db_field: Any, request: HttpRequest, **kwargs: Any) -> Any:
        choices = _choices(db_field.related_model, request.user)
        if choices is not None:
            kwargs["queryset"] = choices
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


class ScopedInline:
    """An inline whose parent is a row the user arbitrates; its choices limited the same way."""

    def formfield_for_foreignkey(self, db_field: Any, request: HttpRequest, **kwargs: Any) -> Any:
        choices = _choices(db_field.related_model, request.user)
        if choices is not None:
            kwargs["queryset"] = choices
        return super().formfield_for_foreignkey(db_field, request, **kwargs)  # type: ignore[misc]


class EntryInline(ScopedInline, admin.TabularInline):
    """The tournament's entries, read-only: each is corrected on its own page (the entry admin,
    through ``services.update_entry``); players are registered through the registration service
    (the tournament's page), withdrawals recorded by theirs (the withdrawal page)."""

    model = Entry
    extra = 0
    fields = ("rank", "player", "rating", "joined_round", "withdrawn_from_round", "half_byes")
    readonly_fields = fields
    show_change_link = True
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(Tournament)
class TournamentAdmin(ArbitratedAdmin):
    form = TournamentAdminForm
    list_display = ("name", "kind", "format", "rounds", "status", "start_date", "online")
    list_filter = ("kind", "format", "status", "online", "acceleration")
    search_fields = ("name",)
    date_hierarchy = "start_date"
    filter_horizontal = ("arbiters",)
    readonly_fields = ("status", "created_by", "created_at")
    inlines = (EntryInline,)

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        fields = tuple(super().get_readonly_fields(request, obj))
        if not request.user.is_superuser:
            fields = (*fields, "arbiters")  # only a superuser names a tournament's arbiters
        if obj is not None and obj.round_set.exclude(status=RoundStatus.PENDING).exists():
            fields = (*fields, *tournament_settings.FROZEN_FIELDS)
        return fields

    def save_model(self, request: HttpRequest, obj: Tournament, form: Any, change: bool) -> None:
        data = form.cleaned_data
        if change:
            changes = {
                f: data[f] for f in form.changed_data if f in tournament_settings.SETTING_FIELDS
            }
            saved = tournament_settings.update_tournament(
                tournament=obj, user=request.user, changes=changes
            )
        else:
            settings = {f: data[f] for f in tournament_settings.SETTING_FIELDS if f in data}
            later = {
                f: settings.pop(f, None)
                for f in ("claim_after_minutes", "default_time", "engine_seconds")
            }
            later = {f: v for f, v in later.items() if v is not None}
            saved = services.create_tournament(**settings, created_by=request.user)
            if later:
                saved = tournament_settings.update_tournament(
                    tournament=saved, user=request.user, changes=later
                )
        for field in saved._meta.concrete_fields:
            setattr(obj, field.attname, getattr(saved, field.attname))
        obj._state.adding = False
        obj._state.db = saved._state.db


@admin.display(description=_("SOS points"))
def sos_points(pairing: Pairing) -> str:
    """A board's SOS points, from their one place (its game on the site, or handed in)."""
    first, second = pairing.game_scores
    return "" if first is None else f"{first}:{second}"


class PairingInline(admin.TabularInline):
    model = Pairing
    extra = 0
    fields = ("board", "first", "second", "result", sos_points, "game", "manual")
    readonly_fields = fields
    can_delete = False

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        return scores.with_scores(super().get_queryset(request))

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(Round)
class RoundAdmin(ArbitratedAdmin):
    tournament_path = "tournament"
    list_display = ("__str__", "tournament", "status", "paired_at", "finished_at")
    list_filter = ("status", ("tournament", admin.RelatedOnlyFieldListFilter))
    search_fields = ("tournament__name",)
    # The status too: a round is finished by finish_round, which keeps the tournament's status.
    readonly_fields = ("tournament", "number", "status", "paired_at", "finished_at", "warnings")
    inlines = (PairingInline,)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # rounds are made by pairing them (tournaments.pairings.pair_round)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # nor unmade here: the tournament's status and records follow its rounds


@admin.register(Pairing)
class PairingAdmin(ArbitratedAdmin):
    tournament_path = "round__tournament"
    list_display = ("round", "board", "first", "second", "result", "manual")
    list_filter = ("result", "manual", ("round__tournament", admin.RelatedOnlyFieldListFilter))
    search_fields = ("first__player__name", "second__player__name", "round__tournament__name")
    list_select_related = ("round__tournament", "first__player", "second__player")
    readonly_fields = (
        "round",
        "board",
        "first",
        "second",
        "result",
        sos_points,
        "game",
        "reasons",
        "warnings",
        "manual",
    )

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(Entry)
class EntryAdmin(ArbitratedAdmin):
    tournament_path = "tournament"
    form = EntryAdminForm
    list_display = ("player", "tournament", "rank", "rating", "withdrawn_from_round")
    fields = (
        "tournament",
        "player",
        "rank",
        "rating",
        "half_byes",
        "joined_round",
        "withdrawn_from_round",
    )
    readonly_fields = ("tournament", "joined_round", "withdrawn_from_round")
    list_filter = (("tournament", admin.RelatedOnlyFieldListFilter),)
    search_fields = ("player__name", "tournament__name")
    autocomplete_fields = ("player",)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # players are registered through tournaments.acts.services.register

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        fields = tuple(super().get_readonly_fields(request, obj))
        if obj is not None and tournament_settings.last_paired_round(obj.tournament):
            fields = (*fields, "player")  # the boards name him: withdraw, register another
        return fields

    def save_model(self, request: HttpRequest, obj: Entry, form: Any, change: bool) -> None:
        data = form.cleaned_data
        changes = {f: data[f] for f in form.changed_data if f in entry_changes.ENTRY_FIELDS}
        saved = services.update_entry(entry=obj, user=request.user, changes=changes)
        for field in saved._meta.concrete_fields:
            setattr(obj, field.attname, getattr(saved, field.attname))


# -- Adjudication in the admin: read-only records, and each act as an action with its form ------


@admin.register(ResultRecord)
class ResultRecordAdmin(ArbitratedAdmin):
    tournament_path = "tournament"
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
    list_filter = ("act", "reason", ("tournament", admin.RelatedOnlyFieldListFilter))
    search_fields = ("note", "entry__player__name", "tournament__name", "=game__id")
    list_select_related = ("tournament", "game", "pairing__round", "entry__player", "decided_by")

    def scope(self, request: HttpRequest) -> Q:
        # Records of games outside tournaments: those of the games the user arbitrates.
        casual = Q(tournament__isnull=True, game__in=arbitrated_games(request.user).values("pk"))
        return super().scope(request) | casual

    def arbitrates(self, request: HttpRequest, obj: Any) -> bool:
        if obj is None or obj.tournament_id is not None or obj.game_id is None:
            return super().arbitrates(request, obj)
        return may_arbitrate_game(request.user, obj.game)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(Claim)
class ClaimAdmin(ArbitratedAdmin):
    tournament_path = "pairing__round__tournament"
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
        "record",
    )
    actions = ("accept_claims", "reject_claims")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def _decide(self, request: HttpRequest, queryset: QuerySet, accept: bool) -> None:
        say_unseen(self, request, queryset)
        for claim in queryset:
            try:
                claims.decide_claim(user=request.user, claim=claim, accept=accept)
            except TournamentError as err:
                self.message_user(request, f"{claim}: {err.message}", messages.ERROR)

    @admin.action(description=_("Accept the selected claims"))
    def accept_claims(self, request: HttpRequest, queryset: QuerySet) -> None:
        self._decide(request, queryset, True)

    @admin.action(description=_("Reject the selected claims"))
    def reject_claims(self, request: HttpRequest, queryset: QuerySet) -> None:
        self._decide(request, queryset, False)


class ArbiterGameAdmin(GameAdmin):
    actions = (
        act_action("decide", DecideForm, _("Declare the result or a forfeit")),
        act_action("take_back", TakeBackForm, _("Take back moves")),
        act_action("annul", AnnulForm, _("Annul the game")),
    )


admin.site.unregister(Game)
admin.site.register(Game, ArbiterGameAdmin)
PairingAdmin.actions = (
    act_action("decide", DecideForm, _("Declare, correct or forfeit the result")),
)
