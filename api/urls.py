"""The API's URLs under ``/api/v1/`` (namespace ``api``): ninja's operations and schema, the
documentation page, and problem details for every other address and method."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.urls import URLPattern, path, re_path
from django.views.generic import RedirectView

from api import feed_views
from api.docs import docs_page
from api.http import problem
from api.site import api

app_name = "api"


def with_problems(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """``view`` answering HEAD as GET without a body, and a refused method as a problem."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        head = request.method == "HEAD"
        if head:
            request.method = "GET"
        response = view(request, *args, **kwargs)
        if response.status_code == 405:
            return problem(request, "method_not_allowed")
        if head:
            response.content = b""
        return response

    return wrapped


def not_found(request: HttpRequest, rest: str = "") -> HttpResponse:
    """Any other address under /api/v1/: a problem, not the site's HTML 404 page."""
    return problem(request, "not_found")


def _operations() -> list[URLPattern]:
    found = []
    for pattern in api.urls[0]:
        if pattern.name == "api-root":  # ninja's root only raises a 404: the docs instead
            continue
        pattern.callback = with_problems(pattern.callback)
        found.append(pattern)
    return found


urlpatterns = [
    *_operations(),
    path("", RedirectView.as_view(pattern_name="api:docs"), name="api-root"),
    path("docs", docs_page, name="docs"),
    # The calendar feeds (api/feed_views.py): iCalendar, not JSON.
    path(
        "tournaments/<int:pk>/calendar.ics",
        with_problems(feed_views.tournament_calendar),
        name="tournament_calendar",
    ),
    path(
        "calendar/<str:secret>.ics",
        with_problems(feed_views.player_calendar),
        name="player_calendar",
    ),
    re_path(r"^(?P<rest>.*)$", not_found, name="not_found"),
]
