"""Structured events of the club (moves, imports, adjudications, security) for the logs.

Stdlib only, so that every app can record what happened (``log_event``) without importing the
project's configuration; ``config.logging`` formats the records as JSON lines. Anything that looks
like a credential is dropped, at any depth.
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Mapping
from typing import Any

# A key is secret when any part of it matches (case-insensitive): "csrfmiddlewaretoken",
# "HTTP_AUTHORIZATION", "X-CSRFToken", "new_password1", "sessionid", "Set-Cookie", "api_key"…
SECRET_KEY_PATTERN = re.compile(
    r"pass(word|wd|phrase)|secret|token|csrf|session_?(id|key)|cookie|authori[sz]ation"
    r"|api_?key|private_?key",
    re.IGNORECASE,
)

# How deep nested containers are copied; anything deeper is replaced by a marker.
MAX_DEPTH = 8
TOO_DEEP = "…"

# The attribute of a record that holds log_event()'s fields (one attribute, so no field name
# can collide with LogRecord's own: "name", "message", "args", "module"…).
FIELDS_ATTR = "club_fields"


@functools.lru_cache(maxsize=1024)  # the same few field names, every line
def is_secret_key(key: object) -> bool:
    """Does ``key`` name a credential that must never be written to a log?"""
    return isinstance(key, str) and SECRET_KEY_PATTERN.search(key) is not None


# Values with nothing inside them (their exact types: a subclass may be anything).
PLAIN = frozenset({str, int, float, bool, type(None)})


def scrub(value: Any, _depth: int = 0) -> Any:
    """A copy of ``value`` without any mapping key that names a secret, at any depth.

    Mappings, lists, tuples and sets are copied; other values are returned as they are.
    """
    if type(value) in PLAIN:  # the usual field (a number, a code): nothing inside to drop
        return value
    if _depth > MAX_DEPTH:
        return TOO_DEEP
    if isinstance(value, Mapping):
        return {str(k): scrub(v, _depth + 1) for k, v in value.items() if not is_secret_key(str(k))}
    if isinstance(value, list | tuple | set | frozenset):
        return [scrub(v, _depth + 1) for v in value]
    return value


def log_event(logger_name: str, event: str, **fields: Any) -> None:
    """Log ``event`` at INFO on ``logger_name`` with ``fields``, minus anything secret.

    The fields go to the record as ``extra`` (under one attribute, see ``FIELDS_ATTR``), so any
    field name is allowed. Model instances and other values json cannot write are logged as
    ``str()``; pass primary keys rather than objects.
    """
    logger = logging.getLogger(logger_name)
    if logger.isEnabledFor(logging.INFO):
        logger.info(event, extra={"event": event, FIELDS_ATTR: scrub(fields)})
