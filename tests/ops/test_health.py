"""/healthz for load balancers, the 503 page while the database is unreachable, and the operator's
papercuts: the shared cache chosen from the environment, the SQLite file's mode, the settings a
server entry point picks, the club-LAN settings."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.core.exceptions import ImproperlyConfigured
from django.db import connection
from django.db.migrations.recorder import MigrationRecorder
from django.test import Client

from config.cache import cache_config
from config.env import settings_module
from ops import views as ops_views
from ops.sqlite import create_private_file, database_file
from tests.ops.realservers import free_port

ROOT = Path(django_settings.BASE_DIR)


@pytest.fixture(autouse=True)
def _migrations_checked_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ops_views, "_migrated", False)


# -- /healthz ------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_healthz_is_ok_when_everything_is(client: Client) -> None:
    answer = client.get("/healthz")
    assert answer.status_code == 200
    assert answer.json() == {
        "status": "ok",
        "checks": {"database": "ok", "cache": "ok", "migrations": "ok"},
    }
    assert "no-cache" in answer["Cache-Control"]


@pytest.mark.django_db
def test_healthz_fails_on_a_migration_not_applied(client: Client) -> None:
    MigrationRecorder.Migration.objects.filter(app="ops", name="0001_create_cache_table").delete()
    answer = client.get("/healthz")
    assert answer.status_code == 503
    assert answer.json()["checks"] == {"database": "ok", "cache": "ok", "migrations": "failed"}


@pytest.mark.django_db
def test_healthz_fails_when_the_cache_is_unreachable(client: Client, settings: Any) -> None:
    settings.CACHES = {"default": cache_config({"REDIS_URL": f"redis://127.0.0.1:{free_port()}/0"})}
    answer = client.get("/healthz")
    assert answer.status_code == 503
    assert answer.json() == {
        "status": "unavailable",
        "checks": {"database": "ok", "cache": "failed", "migrations": "ok"},
    }


# -- the database unreachable --------------------------------------------------------------------


@pytest.fixture
def database_gone(django_db_blocker: Any, tmp_path: Path) -> Iterator[None]:
    """The default connection pointed at a database file in a folder that does not exist: every
    connection attempt fails (``OperationalError: unable to open database file``), as a stopped
    server's would. Put back afterwards."""
    if connection.vendor != "sqlite":
        pytest.skip("the real outage of PostgreSQL is in test_multiserver.py")
    with django_db_blocker.unblock():
        connection.close()
        saved = connection.settings_dict["NAME"]
        connection.settings_dict["NAME"] = str(tmp_path / "missing" / "db.sqlite3")
        try:
            yield
        finally:
            connection.close()
            connection.settings_dict["NAME"] = saved


@pytest.mark.parametrize(
    ("language", "text"),
    [("en", "Back in a moment"), ("ru", "Скоро вернёмся")],
)
def test_pages_answer_503_while_the_database_is_unreachable(
    database_gone: None, language: str, text: str
) -> None:
    client = Client(HTTP_ACCEPT_LANGUAGE=language, raise_request_exception=False)
    for path in ("/", "/games/", "/tournaments/", "/players/"):
        answer = client.get(path)
        assert answer.status_code == 503, path
        assert text in answer.content.decode(), path
        assert answer["Retry-After"] == "5"
        assert answer["Cache-Control"] == "no-store"


def test_a_post_answers_503_too(database_gone: None) -> None:
    client = Client(HTTP_ACCEPT_LANGUAGE="en", raise_request_exception=False)
    answer = client.post("/accounts/login/", {"username": "alice", "password": "x"})
    assert answer.status_code == 503


def test_healthz_says_the_database_is_unreachable(database_gone: None) -> None:
    answer = Client().get("/healthz")
    assert answer.status_code == 503
    assert answer.json()["checks"]["database"] == "failed"
    assert answer.json()["checks"]["migrations"] == "failed"


def test_the_site_comes_back_by_itself(django_db_blocker: Any, tmp_path: Path) -> None:
    if connection.vendor != "sqlite":
        pytest.skip("the real outage of PostgreSQL is in test_multiserver.py")
    client = Client(raise_request_exception=False)
    with django_db_blocker.unblock():
        connection.close()
        saved = connection.settings_dict["NAME"]
        connection.settings_dict["NAME"] = str(tmp_path / "missing" / "db.sqlite3")
        try:
            assert client.get("/healthz").status_code == 503
        finally:
            connection.close()
            connection.settings_dict["NAME"] = saved
        assert client.get("/healthz").status_code == 200
        assert client.get("/").status_code == 200


def test_other_errors_stay_500s(rf: Any) -> None:
    """Only a lost database is a 503: any other exception is Django's 500 page."""
    request = rf.get("/")
    try:
        raise ValueError("a bug")
    except ValueError:
        assert ops_views.server_error(request).status_code == 500
    from django.db import OperationalError

    try:
        raise OperationalError("connection refused")
    except OperationalError:
        answer = ops_views.server_error(request)
    assert answer.status_code == 503


# -- the shared cache ----------------------------------------------------------------------------


def test_the_cache_is_the_database_unless_redis_is_named() -> None:
    assert cache_config({}) == {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "django_cache",
    }
    assert cache_config({"REDIS_URL": " redis://cache.internal:6379/2 "}) == {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": "redis://cache.internal:6379/2",
    }


def test_the_test_settings_share_the_cache_and_keep_sessions_in_the_database() -> None:
    assert django_settings.CACHES["default"]["BACKEND"].endswith(("DatabaseCache", "RedisCache"))
    from importlib import import_module

    from django.contrib.sessions.backends.db import SessionStore as DatabaseSessionStore

    engine = import_module(django_settings.SESSION_ENGINE)
    assert issubclass(engine.SessionStore, DatabaseSessionStore)


@pytest.mark.django_db
def test_the_database_cache_works(settings: Any) -> None:
    from django.core.cache import cache

    settings.CACHES = {"default": cache_config({})}
    cache.set("club", "ok", 30)
    assert cache.get("club") == "ok"
    with connection.cursor() as cursor:
        cursor.execute("SELECT COUNT(*) FROM django_cache")
        assert cursor.fetchone()[0] >= 1


# -- the SQLite file -----------------------------------------------------------------------------


def test_a_new_sqlite_file_is_private(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite3"
    assert create_private_file(path) is True
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert create_private_file(path) is False  # an existing file is left alone
    assert create_private_file(tmp_path / "no" / "such.sqlite3") is False
    assert database_file({"ENGINE": "django.db.backends.sqlite3", "NAME": ":memory:"}) is None
    assert database_file({"ENGINE": "django.db.backends.postgresql", "NAME": "club"}) is None


def clean_environment(tmp: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "SQLITE_"))}
    env.pop("DATABASE_URL", None)
    env.update(SQLITE_PATH=str(tmp / "club.sqlite3"), **extra)
    return env


def test_migrate_makes_the_database_readable_by_its_owner_only(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v0"],
        cwd=ROOT,
        env=clean_environment(tmp_path),
        preexec_fn=lambda: os.umask(0o022),  # the usual umask: new files readable by all
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    for name in ("club.sqlite3", "club.sqlite3-wal", "club.sqlite3-shm"):
        path = tmp_path / name
        if path.exists():
            assert stat.S_IMODE(path.stat().st_mode) == 0o600, name


# -- which settings a server starts with ---------------------------------------------------------


def test_the_settings_module_of_a_server() -> None:
    assert settings_module({"DJANGO_SETTINGS_MODULE": "x.y"}) == "x.y"
    assert settings_module({"DJANGO_ENV": "production"}) == "config.settings.production"
    assert settings_module({"DJANGO_ENV": " LAN "}) == "config.settings.lan"
    assert settings_module({"DJANGO_ENV": "development"}) == "config.settings"
    with pytest.raises(ImproperlyConfigured, match="No settings chosen"):
        settings_module({})
    with pytest.raises(ImproperlyConfigured, match="is not one of"):
        settings_module({"DJANGO_ENV": "prod"})


WSGI_SCRIPT = "import config.wsgi; from django.conf import settings; print(settings.DEBUG)"


@pytest.mark.parametrize(
    "arguments",
    [["-c", WSGI_SCRIPT], ["-m", "config.server", "--bind", "127.0.0.1:1"]],
    ids=["wsgi", "server"],
)
def test_the_server_refuses_to_start_without_settings(tmp_path: Path, arguments) -> None:
    done = subprocess.run(
        [sys.executable, *arguments],
        cwd=ROOT,
        env=clean_environment(tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode != 0
    assert "No settings chosen: set DJANGO_ENV=production" in done.stderr


def test_the_wsgi_entry_point_picks_production_from_django_env(tmp_path: Path) -> None:
    env = clean_environment(
        tmp_path,
        DJANGO_ENV="production",
        DJANGO_SECRET_KEY="s" * 60,
        DJANGO_ALLOWED_HOSTS="club.example.org",
    )
    done = subprocess.run(
        [sys.executable, "-c", WSGI_SCRIPT],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"


LAN_SCRIPT = """
import json, django
django.setup()
from django.conf import settings as s
print(json.dumps([s.DEBUG, s.SECURE_SSL_REDIRECT, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE,
                  s.SECURE_HSTS_SECONDS, s.ALLOWED_HOSTS, s.STORAGES["staticfiles"]["BACKEND"]]))
"""


def test_the_club_lan_settings(tmp_path: Path) -> None:
    """Production over plain HTTP: debug off, WhiteNoise, no HTTPS redirect or Secure cookies."""
    env = clean_environment(
        tmp_path, DJANGO_SETTINGS_MODULE="config.settings.lan", DJANGO_SECRET_KEY="s" * 60
    )
    done = subprocess.run(
        [sys.executable, "-c", LAN_SCRIPT],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [
        False,
        False,
        False,
        False,
        0,
        ["*"],
        "whitenoise.storage.CompressedManifestStaticFilesStorage",
    ]
