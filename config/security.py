"""Security middleware of the project: the Content-Security-Policy header and a request size cap.

Django's SecurityMiddleware and XFrameOptionsMiddleware set the other headers (nosniff,
Referrer-Policy, Cross-Origin-Opener-Policy, X-Frame-Options, and in production HSTS); Django
5.2 has no CSP of its own, hence the small middleware here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from common.posted import BadInput

CSP_HEADER = "Content-Security-Policy"

# With DEBUG on, Django's technical 404 and 500 pages carry inline styles and scripts; a CSP
# would leave them unreadable, so they go without one (never in production, where DEBUG is off).
DEBUG_PAGE_STATUSES = frozenset({404, 500})


def build_policy(directives: Mapping[str, Sequence[str]] | None) -> str:
    """The header value for ``{"default-src": ["'self'"], …}``: ``default-src 'self'; …``."""
    if not directives:
        return ""
    return "; ".join(
        " ".join([name, *sources]) if sources else name for name, sources in directives.items()
    )


class ContentSecurityPolicyMiddleware:
    """Add ``Content-Security-Policy`` from ``settings.CONTENT_SECURITY_POLICY`` to responses.

    A response that already has the header (a view that needs another policy) keeps its own.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        # The header built once for the directives in force (the very object: a test that
        # overrides the setting brings another one, and gets its own header).
        self._directives: object = None
        self._policy = ""

    def policy(self) -> str:
        directives = getattr(settings, "CONTENT_SECURITY_POLICY", None)
        if directives is not self._directives:
            self._directives, self._policy = directives, build_policy(directives)
        return self._policy

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        policy = self.policy()
        if not policy or CSP_HEADER in response:
            return response
        if settings.DEBUG and response.status_code in DEBUG_PAGE_STATUSES:
            return response
        response[CSP_HEADER] = policy
        return response


class RequestBodyLimitMiddleware:
    """Refuse with 413 a request whose declared body is over ``settings.MAX_REQUEST_BODY_SIZE``.

    Django limits the form fields it parses (DATA_UPLOAD_MAX_MEMORY_SIZE) but not uploaded files,
    which it streams to temporary files whatever their size. This cap stops any oversized body
    before it is read. Under WSGI the body is read only up to CONTENT_LENGTH, so a request cannot
    slip past by not declaring it.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        limit = getattr(settings, "MAX_REQUEST_BODY_SIZE", None)
        if limit is not None and declared_length(request) > limit:
            return HttpResponse(
                _("The request is too large."),
                status=413,
                content_type="text/plain; charset=utf-8",
            )
        return self.get_response(request)


FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


class NulCharacterMiddleware:
    """Refuse with a 400 page a request whose query or form fields hold a NUL character.

    No text the site keeps may hold one, and PostgreSQL refuses it even in a query's condition
    (psycopg raises before the query is sent), so a NUL that reached any view's lookup was a 500
    on PostgreSQL while SQLite answered. Refused here once, for every view, in the visitor's
    language; uploaded files are not fields and are not looked at.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        fields = [request.GET]
        if request.method == "POST" and request.content_type in FORM_TYPES:
            fields.append(request.POST)
        for data in fields:
            for key, values in data.lists():
                if "\x00" in key or any("\x00" in value for value in values):
                    raise BadInput(_("The request holds a character no text may hold (NUL)."))
        return self.get_response(request)


def declared_length(request: HttpRequest) -> int:
    """The request's Content-Length (0 when absent or not a number, as Django reads it)."""
    try:
        return max(0, int(request.META.get("CONTENT_LENGTH") or 0))
    except ValueError:
        return 0
