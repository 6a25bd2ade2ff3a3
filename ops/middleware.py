"""While the database is unreachable: a 503 "back in a moment" page instead of a 500.

The page is a plain template read from disk and rendered with no request context (no session,
no user, no query), in the visitor's language, with ``Retry-After``. When the database comes back
the next request simply works: Django drops a connection that failed and opens a new one.
"""

from __future__ import annotations

from collections.abc import Callable

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string

from common.logs import log_event

# Errors that mean "no usable connection": the server is down, refuses, or dropped the link.
UNAVAILABLE = (OperationalError, InterfaceError)
RETRY_AFTER = 5
TEMPLATE = "ops/unavailable.html"


def unavailable_response() -> HttpResponse:
    """The 503 page: rendered from the template alone, with no database."""
    response = HttpResponse(render_to_string(TEMPLATE), status=503)
    response["Retry-After"] = str(RETRY_AFTER)
    response["Cache-Control"] = "no-store"
    return response


class DatabaseUnavailableMiddleware:
    """Turn a database connection error raised while answering into the 503 page.

    ``process_exception`` sees what a view (or the session and user it reads) raised; errors of
    the middleware inside this one (a session saved on the way out) end in :func:`server_error`.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, UNAVAILABLE):
            log_event("club.ops", "database_unavailable", path=request.path, error=str(exception))
            return unavailable_response()
        return None
