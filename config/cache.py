"""Choice of the shared cache from the environment, kept apart from settings so it can be tested."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

CACHE_TABLE = "django_cache"


def cache_config(environ: Mapping[str, str]) -> dict[str, Any]:
    """The ``default`` entry of CACHES: Redis at ``REDIS_URL`` when set, else the database.

    Both are shared by every server and worker process, unlike Django's per-process memory cache.
    """
    url = environ.get("REDIS_URL", "").strip()
    if url:
        return {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url}
    return {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": CACHE_TABLE}
