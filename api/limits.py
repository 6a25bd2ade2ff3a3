"""The API's rate limits: fixed windows counted in a cache, per client address (IPv6 by its /64,
``accounts.throttle.client_address``) and per token; over the limit, a 429 problem with
``Retry-After``. The limits are ``settings.API_RATE_LIMITS``; reads are counted in the cache
``api_limits`` (cheap), writes in the shared ``default`` one."""

from __future__ import annotations

import math
import time

from django.conf import settings
from django.core.cache import caches

from accounts.throttle import client_address

READ_METHODS = ("GET", "HEAD", "OPTIONS")


def over_limit(kind: str, who: str) -> int | None:
    """Count one request of ``kind`` (``read``, ``write``, ``token``) by ``who``; the seconds to
    wait (``Retry-After``) when it is over the limit, else ``None``."""
    limit = settings.API_RATE_LIMITS.get(kind)
    if not limit:
        return None
    count, period = limit
    now = time.time()
    window = int(now // period)
    cache = caches["api_limits" if kind == "read" else "default"]
    key = f"api-rate:{kind}:{who}:{window}"
    cache.add(key, 0, timeout=period + 1)
    try:
        seen = cache.incr(key)
    except ValueError:  # gone between add and incr (the window ended, or culled)
        cache.set(key, 1, timeout=period + 1)
        seen = 1
    if seen <= count:
        return None
    return max(1, math.ceil((window + 1) * period - now))


def address_over_limit(request: object) -> int | None:
    """:func:`over_limit` for the request's client address: reads and writes apart."""
    method = getattr(request, "method", "GET")
    kind = "read" if method in READ_METHODS else "write"
    return over_limit(kind, client_address(request) or "unknown")  # type: ignore[arg-type]
