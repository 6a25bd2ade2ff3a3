"""Reading settings from the environment: small typed helpers that fail with a clear message.

Every function takes the environment as an argument (``os.environ`` by default), so tests can
pass a plain dictionary.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from django.core.exceptions import ImproperlyConfigured

TRUE_WORDS = frozenset({"1", "true", "yes", "on"})
FALSE_WORDS = frozenset({"0", "false", "no", "off"})


def env_bool(name: str, default: bool, environ: Mapping[str, str] | None = None) -> bool:
    """Read a yes/no variable: "1", "true", "yes", "on" mean yes; unset or empty, ``default``.

    Any other word than the yes and no words ("0", "false", "no", "off") is an error: a typo in a
    security switch must not silently turn it off.
    """
    value = (os.environ if environ is None else environ).get(name, "").strip().lower()
    if not value:
        return default
    if value in TRUE_WORDS:
        return True
    if value in FALSE_WORDS:
        return False
    raise ImproperlyConfigured(
        f"{name}={value!r} is not a yes/no value: use one of "
        f"{', '.join(sorted(TRUE_WORDS | FALSE_WORDS))}."
    )


def env_list(name: str, default: str, environ: Mapping[str, str] | None = None) -> list[str]:
    """Read a comma-separated variable into a list of non-empty, stripped items."""
    value = (os.environ if environ is None else environ).get(name, default)
    return [item.strip() for item in value.split(",") if item.strip()]


def env_int(
    name: str, default: int, environ: Mapping[str, str] | None = None, *, minimum: int = 0
) -> int:
    """Read a whole number of at least ``minimum``; unset or empty gives ``default``."""
    value = (os.environ if environ is None else environ).get(name, "").strip()
    if not value:
        return default
    try:
        number = int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={value!r} is not a whole number.") from None
    if number < minimum:
        raise ImproperlyConfigured(f"{name}={value!r} must be at least {minimum}.")
    return number


def env_required(name: str, hint: str, environ: Mapping[str, str] | None = None) -> str:
    """The stripped value of a variable that must be set; ``ImproperlyConfigured`` otherwise."""
    value = (os.environ if environ is None else environ).get(name, "").strip()
    if not value:
        raise ImproperlyConfigured(f"{name} is not set. {hint}")
    return value


def proxy_ssl_header(name: str, environ: Mapping[str, str] | None = None) -> tuple[str, str] | None:
    """``SECURE_PROXY_SSL_HEADER`` from a variable such as ``X-Forwarded-Proto`` (value https).

    ``Header: value`` names another value than ``https``. Unset or empty: ``None`` (no proxy
    header is trusted, which is right when nothing in front of the server sets it).
    """
    raw = (os.environ if environ is None else environ).get(name, "").strip()
    if not raw:
        return None
    header, _sep, value = raw.partition(":")
    header, value = header.strip(), value.strip() or "https"
    if not header or not all(c.isalnum() or c in "-_" for c in header):
        raise ImproperlyConfigured(
            f"{name}={raw!r} is not a header name such as X-Forwarded-Proto "
            "(optionally followed by ': value', default https)."
        )
    return "HTTP_" + header.upper().replace("-", "_"), value


def origins(name: str, environ: Mapping[str, str] | None = None) -> list[str]:
    """A comma-separated list of origins (``https://club.example.org``), each with its scheme."""
    found = env_list(name, "", environ)
    bad = [o for o in found if not o.startswith(("https://", "http://")) or o.count("/") != 2]
    if bad:
        raise ImproperlyConfigured(
            f"{name}: {', '.join(bad)} — each origin is a scheme and a host (and port), "
            "such as https://club.example.org, without a path."
        )
    return found


# DJANGO_ENV names a settings module for entry points started without DJANGO_SETTINGS_MODULE.
ENVIRONMENTS = {
    "production": "config.settings.production",
    "lan": "config.settings.lan",
    "development": "config.settings",
}


def settings_module(environ: Mapping[str, str] | None = None) -> str:
    """The settings module a server entry point (WSGI, ASGI) must use.

    ``DJANGO_SETTINGS_MODULE`` when set; else the one ``DJANGO_ENV`` names (production, lan,
    development). With neither, ``ImproperlyConfigured``: a server started without a choice
    would otherwise serve the development settings (debug on) on an empty database.
    """
    environ = os.environ if environ is None else environ
    explicit = environ.get("DJANGO_SETTINGS_MODULE", "").strip()
    if explicit:
        return explicit
    name = environ.get("DJANGO_ENV", "").strip().lower()
    if name in ENVIRONMENTS:
        return ENVIRONMENTS[name]
    choices = ", ".join(ENVIRONMENTS)
    if name:
        raise ImproperlyConfigured(f"DJANGO_ENV={name!r} is not one of: {choices}.")
    raise ImproperlyConfigured(
        "No settings chosen: set DJANGO_ENV=production (or lan, development), or "
        "DJANGO_SETTINGS_MODULE=config.settings.production, before starting the server "
        "(make serve-production and make serve-lan do)."
    )
