"""The admin's versioned bulk actions: an arbiter's act (decide, take back, annul) on several
selected games or pairings, whose form page carries each row's version (``version-<pk>``) so
that each act applies once, as on the site's pages.

``tournaments.admin`` puts them on the game and pairing admins.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop, ngettext

from games.models import Game
from tournaments.acts import decisions, versions
from tournaments.errors import TournamentError
from tournaments.models import Pairing


def say_unseen(modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet) -> None:
    """An error message when rows were selected that the user may not act on: those are not in
    his queryset at all (another tournament's), so the action would skip them silently."""
    selected = set(request.POST.getlist(helpers.ACTION_CHECKBOX_NAME))
    if len(selected) > queryset.count():
        modeladmin.message_user(
            request,
            _("Some of the selected rows are not yours to decide: nothing was done there."),
            messages.ERROR,
        )


NOT_YOURS = "Only this game's arbiters may decide it."
NO_VERSION = gettext_noop(
    "The form did not say which version of this row it was based on: nothing was done here. "
    "Choose the action again from the list."
)


def _scope_of(obj: Game | Pairing) -> tuple[Game | None, Pairing | None]:
    """The game and the pairing an action on ``obj`` (a game or a pairing) acts on."""
    if isinstance(obj, Pairing):
        return obj.game, obj
    return obj, decisions.pairing_of(obj)


def _version_field_name(obj: Game | Pairing) -> str:
    return f"version-{obj.pk}"


def act_action(act: str, form_class: type, description: str) -> Callable[..., Any]:
    """An admin action that asks for the act's form (reason required), then calls the service
    for each selected game or pairing.

    The form page carries the version of each selected row as the arbiter saw it
    (``version-<pk>``), and each act is based on it: sent twice, or after the row changed,
    the act is refused for that row as already done, as on the site.
    """

    def action(
        modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet
    ) -> HttpResponse | None:
        # Several rows: each carries its own version, checked by the act itself.
        form = form_class(request.POST if "apply" in request.POST else None, versioned=False)
        if form.is_bound and form.is_valid():
            d = form.cleaned_data
            done = 0
            say_unseen(modeladmin, request, queryset)
            for obj in queryset:
                game = obj if isinstance(obj, Game) else obj.game
                pairing = obj if isinstance(obj, Pairing) else None
                if not decisions.may_adjudicate(request.user, game=game, pairing=pairing):
                    modeladmin.message_user(
                        request,
                        f"{obj}: {_(NOT_YOURS)}",
                        messages.ERROR,
                    )
                    continue
                seen = request.POST.get(_version_field_name(obj), "")
                if versions.parse_version(seen) is None:
                    modeladmin.message_user(request, f"{obj}: {_(NO_VERSION)}", messages.ERROR)
                    continue
                common = {
                    "user": request.user,
                    "reason": d["reason"],
                    "note": d["note"],
                    "expected_version": seen,
                }
                try:
                    if act == "decide":
                        decisions.decide(game=game, pairing=pairing, result=d["result"], **common)
                    elif act == "take_back":
                        decisions.take_back(game=game, count=d["count"], **common)
                    else:
                        decisions.annul(game=game, replay=d["replay"], **common)
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
                "versions": {
                    _version_field_name(obj): decisions.version(
                        game=_scope_of(obj)[0], pairing=_scope_of(obj)[1]
                    )
                    for obj in queryset
                },
            },
        )

    action.__name__ = f"adjudicate_{act}"
    return admin.action(description=description)(action)
