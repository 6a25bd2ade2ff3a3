"""``/healthz`` for load balancers, the 400 handler that shows what a
:class:`~common.posted.BadInput` says, and the 500 handler that knows a database outage."""

from __future__ import annotations

import sys
import uuid

from django.core.cache import cache
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections
from django.db.migrations.executor import MigrationExecutor
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.defaults import bad_request as django_bad_request
from django.views.defaults import server_error as django_server_error

from common.posted import BadInput
from ops.middleware import UNAVAILABLE, unavailable_response

# Once every migration is applied, it stays so for the life of the process (a deployment that
# migrates restarts the servers): checked until then, not on every probe.
_migrated = False


def check_database() -> bool:
    try:
        with connections[DEFAULT_DB_ALIAS].cursor() as cursor:
            cursor.execute("SELECT 1")
            return cursor.fetchone() == (1,)
    except DatabaseError:
        return False


def check_cache() -> bool:
    key = f"healthz:{uuid.uuid4().hex}"
    try:
        cache.set(key, "ok", 30)
        found = cache.get(key) == "ok"
        cache.delete(key)
    except Exception:
        return False
    return found


def check_migrations() -> bool:
    global _migrated
    if _migrated:
        return True
    try:
        executor = MigrationExecutor(connections[DEFAULT_DB_ALIAS])
        _migrated = not executor.migration_plan(executor.loader.graph.leaf_nodes())
    except DatabaseError:
        return False
    return _migrated


@never_cache
def healthz(request: HttpRequest) -> JsonResponse:
    """``{"status": "ok"|"unavailable", "checks": {"database", "cache", "migrations"}}``: 200
    when every check passes, 503 otherwise. Needs no log-in and reveals nothing else."""
    database = check_database()
    checks = {
        "database": database,
        "cache": check_cache(),
        "migrations": database and check_migrations(),
    }
    ok = all(checks.values())
    return JsonResponse(
        {
            "status": "ok" if ok else "unavailable",
            "checks": {name: "ok" if passed else "failed" for name, passed in checks.items()},
        },
        status=200 if ok else 503,
    )


def server_error(request: HttpRequest) -> HttpResponse:
    """``handler500``: the 503 page when the error was the database's connection, else Django's
    500 page."""
    error = sys.exc_info()[1]
    if isinstance(error, UNAVAILABLE):
        return unavailable_response()
    return django_server_error(request)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """``handler400``: a :class:`BadInput` (input the site could not read) on the site's 400 page
    with its message; anything else (a host not allowed, a broken upload) on Django's page, which
    reads nothing of the request."""
    if isinstance(exception, BadInput):
        return render(request, "400.html", {"message": exception.message}, status=400)
    return django_bad_request(request, exception)
