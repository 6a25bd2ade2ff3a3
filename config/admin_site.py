"""The site's admin: Django's, except that a logged-in user who may not use it gets a 403 page.

Django's admin sends every request it refuses to its log-in form, a logged-in player's too,
where the form says he is "not authorized" and offers another log-in. The site answers such a
refusal as every other page does: the 403 page, in the visitor's language. A visitor who is not
logged in is still sent to the log-in form. ``INSTALLED_APPS`` names :class:`ClubAdminConfig` in
place of ``django.contrib.admin``, so ``admin.site`` is a :class:`ClubAdminSite`. Every model
registered with it gets :mod:`config.admin_bidi`'s mixin: its names bidi-isolated.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import admin
from django.contrib.admin.apps import AdminConfig
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse

from config.admin_bidi import isolating
from games.bidi import bdi


class ClubAdminSite(admin.AdminSite):
    def register(self, model_or_iterable: Any, admin_class: Any = None, **options: Any) -> None:
        """Every model's admin with names bidi-isolated (:mod:`config.admin_bidi`)."""
        admin_class = isolating(admin_class or admin.ModelAdmin)
        super().register(model_or_iterable, admin_class, **options)

    def login(self, request: HttpRequest, extra_context: dict | None = None) -> HttpResponse:
        """The log-in form; "you are authenticated as …" names the account isolated."""
        extra_context = {**(extra_context or {}), "username": bdi(request.user.get_username())}
        return super().login(request, extra_context)

    def admin_view(
        self, view: Callable[..., HttpResponse], cacheable: bool = False
    ) -> Callable[..., HttpResponse]:
        guarded = super().admin_view(view, cacheable)

        @wraps(view)
        def inner(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if request.user.is_authenticated and not self.has_permission(request):
                raise PermissionDenied
            return guarded(request, *args, **kwargs)

        return inner


class ClubAdminConfig(AdminConfig):
    default_site = "config.admin_site.ClubAdminSite"
