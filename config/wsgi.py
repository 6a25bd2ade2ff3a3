"""WSGI entry point: ``config.wsgi:application`` (``python -m config.server`` serves it).

The settings are ``DJANGO_SETTINGS_MODULE``'s, or those ``DJANGO_ENV`` names (``production``,
``lan``, ``development``); with neither the server refuses to start (config/env.py).

granian (``config/server.py``) and the development server (``wsgiref``), like CGI, start every
request's environ from a copy of their process environment: the secret key, ``DATABASE_URL``
with its password and the rest would be in ``request.META`` of every request (and in whatever
shows it). :func:`application` takes them out again: a variable of the process environment
leaves the request's environ unless the request itself set it (a CGI name, or a value of its
own).
"""

import os
from collections.abc import Callable, Iterable
from typing import Any

from django.core.wsgi import get_wsgi_application

from config.env import settings_module

os.environ["DJANGO_SETTINGS_MODULE"] = settings_module()

django_application = get_wsgi_application()

# The names a request's environ has of its own (PEP 3333): never the server's environment.
REQUEST_NAMES = frozenset(
    {
        "REQUEST_METHOD",
        "SCRIPT_NAME",
        "PATH_INFO",
        "QUERY_STRING",
        "CONTENT_TYPE",
        "CONTENT_LENGTH",
        "SERVER_NAME",
        "SERVER_PORT",
        "SERVER_PROTOCOL",
        "REMOTE_ADDR",
        "REMOTE_PORT",
        "GATEWAY_INTERFACE",
        "SERVER_SOFTWARE",
    }
)


def _process_environment() -> tuple[tuple[str, str], ...]:
    return tuple((k, v) for k, v in os.environ.items() if k not in REQUEST_NAMES)


PROCESS_ENVIRONMENT = _process_environment()


def application(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
    """Django's WSGI application, given the request's environ without the server's process
    environment (see the module's notes)."""
    for key, value in PROCESS_ENVIRONMENT:
        if environ.get(key) == value:
            del environ[key]
    return django_application(environ, start_response)
