"""The API's URLs under ``/api/v1/`` (namespace ``api``): ninja's operations and schema, the
documentation page, and problem details for every other address and method."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.urls import URLPattern, path, re_path
from django.views.decorators.csrf import csrf_exempt
from django.views.generic import RedirectView

from api import feed_views
from api.docs import docs_page
from api.http import problem
from api.limits import address_over_limit
from api.site import api, too_many

app_name = "api"


def with_problems(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """``view`` answering HEAD as GET without a body, a refused method as a problem, and a
    client over its address's rate limit (api/limits.py) with a 429, and a query parameter given
    more than once as a bad request (none of the API's is a list: ninja would silently read the
    last of them)."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        wait = address_over_limit(request)
        if wait is not None:
            return too_many(request, wait)
        repeated = sorted(name for name, values in request.GET.lists() if len(values) > 1)
        if repeated:
            return problem(request, "bad_request", invalid=repeated)
        head = request.method == "HEAD"
        if head:
            request.method = "GET"
        response = view(request, *args, **kwargs)
        if response.status_code == 405:
            allowed = response.get("Allow", "GET")
            refused = problem(request, "method_not_allowed")
            refused["Allow"] = ", ".join([allowed, "HEAD"] if "GET" in allowed else [allowed])
            return refused
        if head:
            response.content = b""
        return response

    return wrapped


@csrf_exempt
def not_found(request: HttpRequest, rest: str = "") -> HttpResponse:
    """Any other address under /api/v1/, by any method: a problem, not the site's HTML 404 page
    (nor its CSRF 403 page for a POST: nothing here reads the session or writes)."""
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
    # [\s\S], not ".": a newline (%0A) in the path is still under /api/v1/, a problem too.
    re_path(r"^(?P<rest>[\s\S]*)$", not_found, name="not_found"),
]
