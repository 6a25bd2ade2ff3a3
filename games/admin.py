"""Admin of the games app. Moves and states are written by games.services only, so the admin shows
them read-only; adjudication comes through its own services.

Who sees what is :mod:`games.authority`'s answer: an arbiter (staff) sees and changes only the
games he arbitrates (and their moves); only a superuser links a player to an account. The
engine's analyses are read-only here: a superuser sees them all, an arbiter those of the games he
arbitrates."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.html import format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _

from common.admin_widgets import IdAutocompleteMixin
from games import authority, kinds, player_services
from games.analysis_models import AnalysisJob, GameAnalysis, PositionAnalysis
from games.bidi import bdi
from games.models import Game, Move, Player, Seat


@admin.register(Player)
class PlayerAdmin(IdAutocompleteMixin):
    list_display = ("name", "club", "rating", "user", "created_at")
    list_filter = ("club",)
    search_fields = ("name", "club", "user__username")
    autocomplete_fields = ("user",)

    # Who sees and changes which players is games.authority's answer (an arbiter: the players of
    # what he arbitrates, and those in nothing another arbiter has); the entries' autocomplete
    # and raw-id lookups read this queryset too.
    def get_queryset(self, request: HttpRequest) -> QuerySet:
        return authority.visible_players(request.user, super().get_queryset(request))

    def has_change_permission(self, request: HttpRequest, obj: Player | None = None) -> bool:
        allowed = obj is None or authority.may_change_player(request.user, obj)
        return super().has_change_permission(request, obj) and allowed

    def has_delete_permission(self, request: HttpRequest, obj: Player | None = None) -> bool:
        allowed = obj is None or authority.may_change_player(request.user, obj)
        return super().has_delete_permission(request, obj) and allowed

    @staticmethod
    def _links(request: HttpRequest, obj: Player | None) -> bool:
        """May the account field be set here: picked by a superuser (``may_link_accounts``), for
        a player he may link (``may_link_player``, the answer every linking path asks)."""
        return authority.may_link_accounts(request.user) and (
            obj is None or authority.may_link_player(request.user, obj)
        )

    def get_readonly_fields(self, request: HttpRequest, obj: object = None) -> tuple[str, ...]:
        fields = tuple(super().get_readonly_fields(request, obj))
        if self._links(request, obj):  # type: ignore[arg-type]
            return fields
        return (*fields, "user")

    def save_model(self, request: HttpRequest, obj: Player, form: object, change: bool) -> None:
        """A new player is registered through ``games.player_services.create_player``, as on the
        site; a correction goes through ``update_player`` (the account link only for who may
        link)."""
        if change:
            links = self._links(request, obj)
            updated = player_services.update_player(
                player=obj,
                name=obj.name,
                rating=obj.rating,
                club=obj.club,
                user=obj.user if links else player_services.KEEP,
            )
            for field in Player._meta.concrete_fields:
                setattr(obj, field.attname, getattr(updated, field.attname))
            return
        user = obj.user if self._links(request, None) else None
        created = player_services.create_player(
            name=obj.name, rating=obj.rating, club=obj.club, user=user
        )
        for field in Player._meta.concrete_fields:
            setattr(obj, field.attname, getattr(created, field.attname))
        obj._state.adding = False
        obj._state.db = created._state.db


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("number", "player")
    readonly_fields = ("number", "player")
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


class MoveInline(admin.TabularInline):
    model = Move
    extra = 0
    fields = ("ply", "seat", "notation", "points", "submitted_by", "created_at")
    readonly_fields = fields
    can_delete = False
    ordering = ("ply",)

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("__str__", "kind", "status", "players", "ply", "result", "created_at")
    list_filter = ("kind", "status", "over_the_board", "created_at")
    search_fields = ("=id", "seats__player__name")
    readonly_fields = (
        "kind",
        "rules_in_words",
        "ply",
        "winners",
        "scores",
        "end_reason",
        "final_position",
        "final_scores",
        "created_by",
        "created_at",
        "started_at",
        "finished_at",
        "updated_at",
        "status",
        # Chosen when the game is created (games.services.create_game checks it with the clock);
        # flipped here it would let an arbiter enter the moves of a game played online.
        "over_the_board",
    )
    fields = ("kind", "rules_in_words", "status", "over_the_board", *readonly_fields[2:-2])
    inlines = (SeatInline, MoveInline)
    date_hierarchy = "created_at"

    def get_queryset(self, request: HttpRequest):  # type: ignore[no-untyped-def]
        games = super().get_queryset(request).prefetch_related("seats__player")
        return authority.arbitrated_games(request.user, games)

    def _arbitrates(self, request: HttpRequest, obj: Game | None) -> bool:
        return obj is None or authority.may_arbitrate_game(request.user, obj)

    def has_view_permission(self, request: HttpRequest, obj: Game | None = None) -> bool:
        return super().has_view_permission(request, obj) and self._arbitrates(request, obj)

    def has_change_permission(self, request: HttpRequest, obj: Game | None = None) -> bool:
        return super().has_change_permission(request, obj) and self._arbitrates(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Game | None = None) -> bool:
        return super().has_delete_permission(request, obj) and self._arbitrates(request, obj)

    @admin.display(description=_("players"))
    def players(self, obj: Game) -> SafeString:
        return format_html_join(" — ", "{}", ((bdi(s.player.name),) for s in obj.seats.all()))

    @admin.display(description=_("result"))
    def result(self, obj: Game) -> str:
        return obj.result_text

    @admin.display(description=_("rules"))
    def rules_in_words(self, obj: Game) -> str:
        """The rules options in words, never as their machine codes."""
        return kinds.of(obj).summary(obj.options)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # games are created through the site's form (games.services.create_game)


@admin.register(Move)
class MoveAdmin(admin.ModelAdmin):
    list_display = ("game", "ply", "seat", "notation", "points", "submitted_by", "created_at")
    list_filter = ("created_at",)
    search_fields = ("=game__id", "notation")
    readonly_fields = ("game", "ply", "seat", "notation", "points", "submitted_by", "created_at")

    def get_queryset(self, request: HttpRequest):  # type: ignore[no-untyped-def]
        moves = super().get_queryset(request)
        if request.user.is_superuser:
            return moves
        return moves.filter(game__in=authority.arbitrated_games(request.user))

    def has_view_permission(self, request: HttpRequest, obj: Move | None = None) -> bool:
        allowed = obj is None or authority.may_arbitrate_game(request.user, obj.game)
        return super().has_view_permission(request, obj) and allowed

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


class AnalysisJobAdmin(admin.ModelAdmin):
    """The engine's jobs, read-only: they are written by ``games.analysis`` and its worker only.

    Who sees them is :mod:`games.authority`'s answer for their game (a superuser: all; an arbiter:
    those of the games he arbitrates), not a model permission of its own."""

    list_display = ("__str__", "game", "ply", "seconds", "status", "requested_by", "created_at")
    list_filter = ("status", "created_at")
    list_select_related = ("game", "requested_by")
    search_fields = ("=game__id",)
    job_fields: tuple[str, ...] = (
        "game",
        "ply",
        "seconds",
        "status",
        "requested_by",
        "created_at",
        "started_at",
        "finished_at",
    )
    readonly_extra: tuple[str, ...] = ()  # each job's own read-only summaries
    date_hierarchy = "created_at"

    def get_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        return self.job_fields + self.readonly_extra

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        return self.job_fields + self.readonly_extra

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        jobs = super().get_queryset(request)
        if request.user.is_superuser:
            return jobs
        return jobs.filter(game__in=authority.arbitrated_games(request.user))

    def _may_view(self, request: HttpRequest, obj: AnalysisJob | None) -> bool:
        user = request.user
        if not (user.is_active and user.is_staff):
            return False
        if user.is_superuser:
            return True
        if obj is None:  # the list: for whoever arbitrates some game (it shows only those)
            return authority.arbitrated_games(user).exists()
        return authority.may_arbitrate_game(user, obj.game)

    def has_module_permission(self, request: HttpRequest) -> bool:
        return self._may_view(request, None) or super().has_module_permission(request)

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return self._may_view(request, obj)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(PositionAnalysis)
class PositionAnalysisAdmin(AnalysisJobAdmin):
    readonly_extra = ("best_move", "evaluation", "line", "nodes")

    def _result(self, obj: PositionAnalysis) -> dict:
        return obj.result or {}

    @admin.display(description=_("best move"))
    def best_move(self, obj: PositionAnalysis) -> str:
        return self._result(obj).get("best_move") or "—"

    @admin.display(description=_("evaluation"))
    def evaluation(self, obj: PositionAnalysis) -> str:
        ev = self._result(obj).get("evaluation")
        if not ev:
            return "—"
        value = f"{ev['value']:g}"
        if ev.get("visits") is not None:
            value += " " + _("(%(visits)s passes of the search)") % {"visits": ev["visits"]}
        if ev.get("proven"):
            return _("%(value)s for the player to move, proven") % {"value": value}
        return _("%(value)s for the player to move, an estimate") % {"value": value}

    @admin.display(description=_("principal line"))
    def line(self, obj: PositionAnalysis) -> str:
        return " ".join(self._result(obj).get("line") or ()) or "—"

    @admin.display(description=_("nodes"))
    def nodes(self, obj: PositionAnalysis) -> str:
        nodes = self._result(obj).get("nodes")
        return "—" if nodes is None else f"{nodes:,}"


@admin.register(GameAnalysis)
class GameAnalysisAdmin(AnalysisJobAdmin):
    list_display = (*AnalysisJobAdmin.list_display[:5], "progress", "created_at")
    readonly_extra = ("progress",)

    @admin.display(description=_("positions analysed"))
    def progress(self, obj: GameAnalysis) -> str:
        return f"{obj.done_positions} / {obj.total_positions}"
