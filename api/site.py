"""The API itself: one ``NinjaAPI`` (``/api/v1/``) with its routers, and its errors answered as
problem details (api/http.py) instead of ninja's ``{"detail": …}``."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from ninja import NinjaAPI
from ninja.errors import AuthenticationError, HttpError, ValidationError

from api import bots, bracket_reads, game_reads, schemas, tournament_reads, writes
from api.auth import RateLimited
from api.http import PROBLEM_TYPE, Refusal, problem

DESCRIPTION = (
    "The club's public reads: tournaments, rounds and pairings, standings with their tie-breaks "
    "and explanations, crosstables, players, games with their moves and position, and the "
    "rules of the game kinds. Errors are RFC 9457 problem details (application/problem+json), "
    "titled in the language of Accept-Language; the rounds, standings and games carry an ETag "
    "(If-None-Match: 304 Not Modified). Writes (moves, results, pairing a round, registering "
    "players) take a personal API token: Authorization: Bearer <key>; a stale write is 409, "
    "too many requests 429 with Retry-After. See docs/api.md."
)

# The problems a write may answer besides 400 and 404.
WRITE_PROBLEMS = {
    401: "No token, or an unknown or revoked one",
    403: "The token's scope or its owner's authority does not allow it",
    409: "Stale: what the write was based on has changed (or it was done already)",
    429: "Too many requests (see Retry-After)",
}


class ClubAPI(NinjaAPI):
    """Ninja's API, its schema saying that every operation may answer a problem."""

    def get_openapi_schema(self, **kwargs: Any) -> Any:
        schema = super().get_openapi_schema(**kwargs)
        schema.setdefault("components", {}).setdefault("schemas", {})["Problem"] = (
            schemas.Problem.model_json_schema()
        )
        ref = {"content": {PROBLEM_TYPE: {"schema": {"$ref": "#/components/schemas/Problem"}}}}
        for operations in schema.get("paths", {}).values():
            for operation in operations.values():
                responses = operation.setdefault("responses", {})
                responses.setdefault(400, {"description": "Bad request", **ref})
                responses.setdefault(404, {"description": "Not found", **ref})
                if operation.get("security"):
                    for status, description in WRITE_PROBLEMS.items():
                        if status == 409 and not operation.get("x-writes"):
                            continue  # a read with a token (a bot's turns) is never stale
                        responses.setdefault(status, {"description": description, **ref})
        return schema


api = ClubAPI(
    title="SOS & ultimate tic-tac-toe club API",
    version="1",
    description=DESCRIPTION,
    urls_namespace="api",
    docs_url=None,  # the site's own page (api/docs.py): no CDN, no inline script
    openapi_url="/openapi.json",
)
api.add_router("", tournament_reads.router)
api.add_router("", bracket_reads.router)
api.add_router("", game_reads.router)
api.add_router("", bots.router)
assert writes  # its operations are on the routers above


@api.exception_handler(Refusal)
def refused(request: HttpRequest, exc: Refusal) -> HttpResponse:
    return problem(request, exc.kind, exc.detail, own_code=exc.code)


@api.exception_handler(AuthenticationError)
def unauthorised(request: HttpRequest, exc: AuthenticationError) -> HttpResponse:
    return problem(request, "unauthorized")


@api.exception_handler(RateLimited)
def rate_limited(request: HttpRequest, exc: RateLimited) -> HttpResponse:
    return too_many(request, exc.seconds)


def too_many(request: HttpRequest, seconds: int) -> HttpResponse:
    """A 429 problem with ``Retry-After``."""
    response = problem(request, "too_many_requests")
    response["Retry-After"] = str(seconds)
    return response


@api.exception_handler(Http404)
def not_found(request: HttpRequest, exc: Http404) -> HttpResponse:
    return problem(request, "not_found")


@api.exception_handler(HttpError)
def http_error(request: HttpRequest, exc: HttpError) -> HttpResponse:
    if exc.status_code == 404:
        return problem(request, "not_found", str(exc))
    return problem(request, "bad_request", str(exc))


@api.exception_handler(ValidationError)
def invalid(request: HttpRequest, exc: ValidationError) -> HttpResponse:
    names = sorted({str(error["loc"][-1]) for error in exc.errors if error.get("loc")})
    return problem(request, "bad_request", invalid=names)
