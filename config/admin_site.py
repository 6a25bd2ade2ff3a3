"""The site's admin: Django's, except that a logged-in user who may not use it gets a 403 page.

Django's admin sends every request it refuses to its log-in form, a logged-in player's too,
where the form says he is "not authorized" and offers another log-in. The site answers such a
refusal as every other page does: the 403 page, in the visitor's language. A visitor who is not
logged in is still sent to the log-in form. ``INSTALLED_APPS`` names :class:`ClubAdminConfig` in
place of ``django.contrib.admin``, so ``admin.site`` is a :class:`ClubAdminSite`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import admin
from django.contrib.admin.apps import AdminConfig
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse


class ClubAdminSite(admin.AdminSite):
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
