"""The API's authorisation: a personal token (``Authorization: Bearer <key>``, api.models), its
scope, and its own rate limit. An unknown or revoked token, or one of an inactive account, is
a 401 problem; a token of another scope a 403 (api/site.py answers them)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext as _
from ninja.security import HttpBearer

from api.http import Refusal
from api.limits import over_limit
from api.models import ApiToken


class RateLimited(Exception):
    """Too many requests: answered 429 with ``Retry-After: seconds``."""

    def __init__(self, seconds: int) -> None:
        super().__init__(seconds)
        self.seconds = seconds


class TokenAuth(HttpBearer):
    """A live token's owner (``request.auth`` is the :class:`ApiToken`)."""

    openapi_description = "A personal API token (made on the site's tokens page)."

    def authenticate(self, request: HttpRequest, token: str) -> ApiToken | None:
        found = ApiToken.find(token.strip()) if token and len(token) <= 200 else None
        if found is None:
            return None
        wait = over_limit("token", str(found.pk))
        if wait is not None:
            raise RateLimited(wait)
        found.touch()
        request.user = found.owner
        return found


token_auth = TokenAuth()


def token_of(request: HttpRequest, scope: str) -> ApiToken:
    """The request's token, which must be of ``scope`` (else a 403 problem)."""
    token: Any = getattr(request, "auth", None)
    if not isinstance(token, ApiToken):
        raise Refusal("unauthorized")
    if token.scope != scope:
        raise Refusal(
            "forbidden", _("This needs a token of the scope “%(scope)s”.") % {"scope": scope}
        )
    return token
