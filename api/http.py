"""The API's HTTP side: RFC 9457 problem details for errors, in the request's language, and the
conditional answers (ETag, ``If-None-Match`` → 304, ``Cache-Control``) of the pages clubs poll."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.translation import gettext_lazy as _
from ninja import Schema

from api.schemas import Problem
from common.posted import BadInput
from ops import views as ops_views

PROBLEM_TYPE = "application/problem+json"

# A problem's title by its code: short, translated, the same for every occurrence of it.
TITLES = {
    "not_found": _("Not found"),
    "bad_request": _("Bad request"),
    "method_not_allowed": _("Method not allowed"),
    "unauthorized": _("Not authorised"),
    "forbidden": _("Forbidden"),
    "conflict": _("Conflict"),
    "refused": _("Refused"),
    "too_many_requests": _("Too many requests"),
}
DETAILS = {
    "not_found": _("There is no such page, or it is not public."),
    "bad_request": _("A parameter of the request is missing or malformed."),
    "method_not_allowed": _("This address does not answer this method."),
    "unauthorized": _(
        "This request needs a valid API token: Authorization: Bearer followed by its key."
    ),
    "forbidden": _("Your token may not do this."),
    "conflict": _("Already done: what you based this on has changed. Read it again."),
    "refused": _("The site refused this request."),
    "too_many_requests": _("Too many requests: wait a little and try again."),
}
STATUSES = {
    "not_found": 404,
    "bad_request": 400,
    "method_not_allowed": 405,
    "unauthorized": 401,
    "forbidden": 403,
    "conflict": 409,
    "refused": 400,
    "too_many_requests": 429,
}


class Refusal(Exception):
    """A refused API request, answered as the problem ``kind`` (a key of ``STATUSES``) with
    ``detail`` and ``code`` (a service's own error code, the site's; the kind by default)."""

    def __init__(self, kind: str, detail: str = "", code: str = "") -> None:
        super().__init__(detail or kind)
        self.kind = kind
        self.detail = str(detail)
        self.code = code or kind


# How long a client or a shared cache may reuse an answer without asking again (seconds): the
# standings and pairings change with a result, a game with every move (so it is always
# revalidated; the ETag makes that a 304 while nothing moved).
POLLED_MAX_AGE = 10


def conditional_openapi() -> dict[str, Any]:
    """What the OpenAPI schema says of an operation answered by :func:`conditional` (its route's
    ``openapi_extra``, a new dict each: ninja extends its lists in place): the 200 carries an
    ETag and Cache-Control, and ``If-None-Match`` may give a 304."""
    return {
        "parameters": [
            {
                "in": "header",
                "name": "If-None-Match",
                "required": False,
                "schema": {"type": "string"},
                "description": "The ETag of an answer already held: 304 while it is still current.",
            }
        ],
        "responses": {
            200: {
                "headers": {
                    "ETag": {
                        "required": True,
                        "schema": {"type": "string", "pattern": '^"[0-9a-f]+"$'},
                        "description": "The answer's version (strong).",
                    },
                    "Cache-Control": {"required": True, "schema": {"type": "string"}},
                }
            },
            304: {
                "description": "Not modified: the ETag sent in If-None-Match is still current.",
                "headers": {"ETag": {"required": True, "schema": {"type": "string"}}},
            },
        },
    }


def problem_codes() -> list[dict[str, object]]:
    """Every problem the API answers: code, status, title and detail (the documentation page
    lists them, each under its code: a problem's ``type`` points there)."""
    return [
        {"code": code, "status": status, "title": TITLES[code], "detail": DETAILS[code]}
        for code, status in STATUSES.items()
    ]


def problem(
    request: HttpRequest,
    code: str,
    detail: str = "",
    *,
    invalid: list[str] | None = None,
    own_code: str = "",
) -> HttpResponse:
    """An error as problem details: ``type``, ``title`` (translated by the request's language,
    chosen by the site's LocaleMiddleware from the cookie or ``Accept-Language``), ``status``,
    ``detail``, ``instance`` (the path asked), ``code`` (the same code whatever the language)
    and, for a bad request, ``invalid_params``: the names of the parameters refused.
    ``own_code``: the code to send instead of ``code`` (a service's, such as ``stale``)."""
    status = STATUSES[code]
    body = Problem(
        type=f"{reverse('api:docs')}#{code}",
        title=str(TITLES[code]),
        status=status,
        detail=detail or str(DETAILS[code]),
        instance=request.path,
        code=own_code or code,
        invalid_params=invalid or [],
    )
    response = HttpResponse(body.model_dump_json(), status=status, content_type=PROBLEM_TYPE)
    response["Content-Language"] = getattr(request, "LANGUAGE_CODE", "")
    patch_vary_headers(response, ("Accept-Language",))
    if code == "method_not_allowed":
        response["Allow"] = "GET, HEAD"
    if code == "unauthorized":
        response["WWW-Authenticate"] = "Bearer"
    return response


def conditional(
    request: HttpRequest, body: Schema, *, max_age: int = POLLED_MAX_AGE
) -> HttpResponse:
    """``body`` as JSON with a strong ETag (a digest of the bytes sent, so it changes with the
    data and with the language) and ``Cache-Control``; a 304 without a body when the client's
    ``If-None-Match`` names it. ``max_age`` 0: always revalidate (``no-cache``)."""
    content = body.model_dump_json().encode()
    etag = '"' + hashlib.blake2b(content, digest_size=16).hexdigest() + '"'
    response = HttpResponse(content, content_type="application/json")
    response["ETag"] = etag
    _cache_headers(response, max_age)
    return get_conditional_response(request, etag=etag, response=response) or response


# How long a built body stays in the site's cache, and the version of the bodies' shape in its
# key (raise it when a cached body's fields change, so no old shape is served after a deploy).
BODY_CACHE_SECONDS = 600
BODY_VERSION = 2


def cached_conditional(
    request: HttpRequest,
    stamp: str,
    build: Callable[[], Schema],
    *,
    max_age: int = POLLED_MAX_AGE,
) -> HttpResponse:
    """:func:`conditional` for a body known by ``stamp`` before it is built (a tournament's
    reads: its change stamp, ``Tournament.revision``): the ETag is a digest of the body version,
    the path, the query, the language and the stamp, so a 304 builds nothing, and the body is
    kept in the site's cache under it (the same stamp builds the same bytes)."""
    language = getattr(request, "LANGUAGE_CODE", "")
    query = request.META.get("QUERY_STRING", "")
    key = f"api:{BODY_VERSION}:{request.path}?{query}:{language}:{stamp}"
    etag = '"' + hashlib.blake2b(key.encode(), digest_size=16).hexdigest() + '"'
    response = HttpResponse(content_type="application/json")
    response["ETag"] = etag
    _cache_headers(response, max_age)
    answered = get_conditional_response(request, etag=etag, response=response)
    if answered is not response:  # a 304 (or a 412): nothing to build
        return answered
    cache_key = "api:" + etag.strip('"')  # short and safe for every cache backend
    content = cache.get(cache_key)
    if content is None:
        content = build().model_dump_json().encode()
        cache.set(cache_key, content, BODY_CACHE_SECONDS)
    response.content = content
    return response


def _cache_headers(response: HttpResponse, max_age: int) -> None:
    if max_age:
        patch_cache_control(response, public=True, max_age=max_age)
    else:
        patch_cache_control(response, no_cache=True)
    patch_vary_headers(response, ("Accept-Language",))


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """``handler400``: under /api/v1/, input the site refuses before any view reads it (a NUL
    character, config.security) as a problem; elsewhere the site's 400 page (ops.views)."""
    if request.path.startswith(reverse("api:api-root")) and isinstance(exception, BadInput):
        return problem(request, "bad_request", exception.message)
    return ops_views.bad_request(request, exception)
