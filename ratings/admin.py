"""The rating lists in the admin, until their pages come: staff with the ratings' permissions
create a list, enter a club's starting ratings and mark tournaments rated. Every change that
moves ratings goes through the ratings' acts and ``ratings.services.rebuild``; the derived rows
(ratings, changes) and the records are read-only here."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.http import HttpRequest

from ratings import acts, services
from ratings.errors import RatingError
from ratings.models import (
    Cause,
    RatedTournament,
    Rating,
    RatingChange,
    RatingList,
    RatingRecord,
    StartingRating,
)

# The settings of a list that change its ratings: a change recalculates it.
METHOD_FIELDS = (
    "kind",
    "preset",
    "method",
    "period",
    "floor",
    "tau",
    "initial_rating",
    "initial_deviation",
    "initial_volatility",
    "casual_games",
)


@admin.register(RatingList)
class RatingListAdmin(admin.ModelAdmin):
    list_display = ("name", "kind", "preset", "method", "period", "active", "created_at")
    list_filter = ("kind", "method", "period", "active")
    search_fields = ("name",)
    readonly_fields = ("created_by", "created_at")

    def save_model(self, request: HttpRequest, obj: RatingList, form: Any, change: bool) -> None:
        if not change:
            obj.created_by = request.user
        super().save_model(request, obj, form, change)
        if change and set(form.changed_data) & set(METHOD_FIELDS):
            services.rebuild(obj, cause=Cause.SETTINGS, user=request.user)


@admin.register(StartingRating)
class StartingRatingAdmin(admin.ModelAdmin):
    list_display = (
        "player",
        "list",
        "rating",
        "games",
        "deviation",
        "birth_year",
        "reached_2400",
        "as_of",
    )
    list_filter = ("list",)
    search_fields = ("player__name",)
    raw_id_fields = ("player",)
    list_select_related = ("player", "list")

    def save_model(
        self, request: HttpRequest, obj: StartingRating, form: Any, change: bool
    ) -> None:
        super().save_model(request, obj, form, change)
        services.rebuild(obj.list, cause=Cause.IMPORT, user=request.user)

    def delete_model(self, request: HttpRequest, obj: StartingRating) -> None:
        rating_list = obj.list
        super().delete_model(request, obj)
        services.rebuild(rating_list, cause=Cause.IMPORT, user=request.user)

    def delete_queryset(self, request: HttpRequest, queryset: Any) -> None:
        lists = {row.list for row in queryset.select_related("list")}
        super().delete_queryset(request, queryset)
        for rating_list in lists:
            services.rebuild(rating_list, cause=Cause.IMPORT, user=request.user)


class RatedTournamentForm(forms.ModelForm):
    class Meta:
        model = RatedTournament
        fields = ("list", "tournament", "seed_from_list")

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        rating_list = data.get("list")
        tournament = data.get("tournament") or (
            self.instance.tournament if self.instance.pk else None
        )
        if rating_list is not None and tournament is not None:
            try:
                acts.check_fits(rating_list, tournament)
            except RatingError as err:
                raise forms.ValidationError(err.message) from None
        return data


@admin.register(RatedTournament)
class RatedTournamentAdmin(admin.ModelAdmin):
    form = RatedTournamentForm
    list_display = ("tournament", "list", "seed_from_list", "frozen_at")
    list_filter = ("list",)
    search_fields = ("tournament__name",)
    raw_id_fields = ("tournament",)
    list_select_related = ("tournament", "list")
    actions = None  # each unrating recalculates: one at a time, through its act

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        return ("tournament", "frozen_at") if obj is not None else ("frozen_at",)

    def save_model(
        self, request: HttpRequest, obj: RatedTournament, form: Any, change: bool
    ) -> None:
        saved = acts.mark_rated(
            tournament=obj.tournament,
            rating_list=obj.list,
            user=request.user,
            seed_from_list=obj.seed_from_list,
        )
        obj.pk, obj.frozen_at, obj.created_at = saved.pk, saved.frozen_at, saved.created_at

    def delete_model(self, request: HttpRequest, obj: RatedTournament) -> None:
        acts.unmark_rated(tournament=obj.tournament, user=request.user)


class DerivedAdmin(admin.ModelAdmin):
    """Rows the rebuild writes: read here, never changed (``manage.py ratings_rebuild``)."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(Rating)
class RatingAdmin(DerivedAdmin):
    list_display = ("player", "list", "rating", "deviation", "k", "games", "updated")
    list_filter = ("list",)
    search_fields = ("player__name",)
    list_select_related = ("player", "list")


@admin.register(RatingChange)
class RatingChangeAdmin(DerivedAdmin):
    list_display = (
        "player",
        "list",
        "period_key",
        "tournament",
        "rating_before",
        "rating_after",
        "games",
        "score",
        "expected",
    )
    list_filter = ("list",)
    search_fields = ("player__name", "period_key")
    list_select_related = ("player", "list", "tournament")


@admin.register(RatingRecord)
class RatingRecordAdmin(DerivedAdmin):
    list_display = ("at", "list", "cause", "from_period", "tournament", "periods", "rows", "by")
    list_filter = ("list", "cause")
    list_select_related = ("list", "tournament", "by")
