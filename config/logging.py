"""Structured logs: one JSON object per line on stderr, and a helper that never logs secrets.

Settings take the configuration with ``from config.logging import LOGGING``. Code that records
what happened calls :func:`log_event`::

    log_event("club.moves", "move", game=game.pk, ply=move.ply, seat=move.seat, user=user.pk)

which writes a line like::

    {"time": "2025-05-01T12:00:00.123Z", "level": "INFO", "logger": "club.moves",
     "event": "move", "game": 7, "ply": 12, "seat": 1, "user": 3}

Keys that look like credentials (password, secret, token, csrf…, sessionid, cookie,
authorization, …) are dropped at any depth, both by :func:`log_event` and, for records logged
with a plain ``extra=``, by the formatter.
"""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime
from typing import Any

from common.logs import (  # noqa: F401 - re-exported for settings and tests
    FIELDS_ATTR,
    MAX_DEPTH,
    SECRET_KEY_PATTERN,
    TOO_DEEP,
    is_secret_key,
    log_event,
    scrub,
)

# The loggers of the club's own events, each at INFO.
CLUB_LOGGERS = ("club.moves", "club.imports", "club.adjudication", "club.security")

# What every LogRecord has; any other attribute was passed in ``extra``.
_RECORD_ATTRS = frozenset(logging.LogRecord("", logging.INFO, "", 0, "", (), None).__dict__) | {
    "message",
    "asctime",
    "event",
    FIELDS_ATTR,
}


def _json_default(value: Any) -> Any:
    """Render what json cannot: requests as method and path (no query string), else str()."""
    method = getattr(value, "method", None)
    path = getattr(value, "path", None)
    if isinstance(method, str) and isinstance(path, str):
        return {"method": method, "path": path}
    return str(value)


class JsonLinesFormatter(logging.Formatter):
    """Format a record as one line of JSON: time (UTC), level, logger, event, then the fields."""

    def format(self, record: logging.LogRecord) -> str:
        data: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, tz=UTC)
            .isoformat(timespec="milliseconds")
            .replace("+00:00", "Z"),
            "level": record.levelname,
            "logger": record.name,
            "event": getattr(record, "event", None) or record.getMessage(),
        }
        fields: dict[str, Any] = {}
        for key, value in record.__dict__.items():
            if key not in _RECORD_ATTRS and not key.startswith("_"):
                fields[key] = value
        fields.update(getattr(record, FIELDS_ATTR, None) or {})
        for key, value in scrub(fields).items():
            data.setdefault(key, value)
        if record.exc_info:
            data["exc"] = self.formatException(record.exc_info)
        if record.stack_info:
            data["stack"] = self.formatStack(record.stack_info)
        try:
            return json.dumps(data, ensure_ascii=False, default=_json_default)
        except (TypeError, ValueError) as err:  # e.g. a circular structure
            data = {key: data[key] for key in ("time", "level", "logger", "event")}
            data["format_error"] = str(err)
            return json.dumps(data, ensure_ascii=False, default=str)


# One handler, on the root logger: every logger propagates to it (so pytest's caplog, which
# listens on the root, sees the club's events too). The named loggers only set their levels.
LOGGING: dict[str, Any] = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "json": {"()": JsonLinesFormatter},
    },
    "handlers": {
        "stderr_json": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stderr",
            "formatter": "json",
        },
    },
    "loggers": {
        **{name: {"handlers": [], "level": "INFO", "propagate": True} for name in CLUB_LOGGERS},
        # Django's own handlers (console in debug mode, mail to ADMINS) give way to the root's.
        "django": {"handlers": [], "level": "INFO", "propagate": True},
        # A refused move answers 400 by design, and a missing page 404: not worth a line each.
        # Server errors (5xx) are still logged; CSRF failures go to django.security.csrf.
        "django.request": {"handlers": [], "level": "ERROR", "propagate": True},
    },
    "root": {"handlers": ["stderr_json"], "level": "WARNING"},
}
