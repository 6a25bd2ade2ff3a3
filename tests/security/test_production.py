"""The production settings, run as production runs them: in fresh processes, from the environment.

Each test starts Python (manage.py, a short script, or the site's server) with
``DJANGO_SETTINGS_MODULE=config.settings.production`` and a made-up environment, so nothing of the
test process's development settings leaks in.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings as dev_settings
from django.core.exceptions import ImproperlyConfigured

from config import env
from tests.ops.realservers import HOST as HOST_IP
from tests.ops.realservers import site_server

ROOT = Path(dev_settings.BASE_DIR)
HOST = "club.example.org"
SECRET = "k" * 20 + "-not-a-real-secret-but-long-and-varied-0123456789abcdefXYZ"


def environment(tmp: Path, **overrides: str | None) -> dict[str, str]:
    """The process environment: no DJANGO_* of ours, production settings, the required
    variables, a throw-away SQLite file; ``None`` in ``overrides`` removes a variable."""
    base = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    base.update(
        DJANGO_SETTINGS_MODULE="config.settings.production",
        DJANGO_SECRET_KEY=SECRET,
        DJANGO_ALLOWED_HOSTS=HOST,
        SQLITE_PATH=str(tmp / "db.sqlite3"),
        DJANGO_STATIC_ROOT=str(tmp / "static"),
    )
    for name, value in overrides.items():
        if value is None:
            base.pop(name, None)
        else:
            base[name] = value
    return base


def run(args: list[str], env_vars: Mapping[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env=dict(env_vars),
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )


SETTINGS_SCRIPT = """
import json
import django
django.setup()
from django.conf import settings as s
from django.core.cache import caches
print(json.dumps({
    "DEBUG": s.DEBUG,
    "ALLOWED_HOSTS": s.ALLOWED_HOSTS,
    "CSRF_TRUSTED_ORIGINS": s.CSRF_TRUSTED_ORIGINS,
    "SECRET_KEY_FALLBACKS": s.SECRET_KEY_FALLBACKS,
    "SECURE_SSL_REDIRECT": s.SECURE_SSL_REDIRECT,
    "SECURE_PROXY_SSL_HEADER": s.SECURE_PROXY_SSL_HEADER,
    "SECURE_HSTS_SECONDS": s.SECURE_HSTS_SECONDS,
    "SECURE_HSTS_INCLUDE_SUBDOMAINS": s.SECURE_HSTS_INCLUDE_SUBDOMAINS,
    "SECURE_HSTS_PRELOAD": s.SECURE_HSTS_PRELOAD,
    "SESSION_COOKIE_SECURE": s.SESSION_COOKIE_SECURE,
    "CSRF_COOKIE_SECURE": s.CSRF_COOKIE_SECURE,
    "LANGUAGE_COOKIE_SECURE": s.LANGUAGE_COOKIE_SECURE,
    "STATICFILES": s.STORAGES["staticfiles"]["BACKEND"],
    "MIDDLEWARE": s.MIDDLEWARE,
    "CACHE": type(caches["default"]).__name__,
    "SESSION_ENGINE": s.SESSION_ENGINE,
    "TRUSTED_PROXIES": s.TRUSTED_PROXIES,
    "WHITENOISE": [s.WHITENOISE_USE_FINDERS, s.WHITENOISE_AUTOREFRESH],
}))
"""


def production_settings(tmp: Path, **overrides: str | None) -> dict[str, Any]:
    done = run(["-c", SETTINGS_SCRIPT], environment(tmp, **overrides))
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


# -- manage.py check --deploy --------------------------------------------------------------------


def test_check_deploy_passes_without_a_warning(tmp_path: Path) -> None:
    done = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], environment(tmp_path))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "System check identified no issues" in done.stdout


def test_the_ci_entry_point_needs_no_environment(tmp_path: Path) -> None:
    """``python -m config.checkdeploy`` fills in stand-ins for what CI does not have."""
    env_vars = environment(tmp_path, DJANGO_SECRET_KEY=None, DJANGO_ALLOWED_HOSTS=None)
    env_vars["DJANGO_SETTINGS_MODULE"] = "config.settings"  # it switches to production itself
    done = run(["-m", "config.checkdeploy"], env_vars)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "stand-ins for DJANGO_SECRET_KEY, DJANGO_ALLOWED_HOSTS" in done.stderr


def test_the_ci_entry_point_fails_on_a_warning(tmp_path: Path) -> None:
    done = run(
        ["-m", "config.checkdeploy"], environment(tmp_path, DJANGO_SECURE_SSL_REDIRECT="false")
    )
    assert done.returncode != 0
    assert "security.W008" in done.stderr


def test_a_weak_secret_key_is_a_warning(tmp_path: Path) -> None:
    done = run(
        ["-m", "config.checkdeploy"],
        environment(tmp_path, DJANGO_SECRET_KEY="django-insecure-short"),
    )
    assert done.returncode != 0
    assert "security.W009" in done.stderr


# -- what production refuses to start without ------------------------------------------------------


@pytest.mark.parametrize("value", [None, "", "   "])
def test_no_secret_key_no_start(tmp_path: Path, value: str | None) -> None:
    done = run(["manage.py", "check"], environment(tmp_path, DJANGO_SECRET_KEY=value))
    assert done.returncode != 0
    assert "ImproperlyConfigured: DJANGO_SECRET_KEY is not set." in done.stderr


@pytest.mark.parametrize("value", [None, "", " , "])
def test_no_allowed_hosts_no_start(tmp_path: Path, value: str | None) -> None:
    done = run(["manage.py", "check"], environment(tmp_path, DJANGO_ALLOWED_HOSTS=value))
    assert done.returncode != 0
    assert "DJANGO_ALLOWED_HOSTS" in done.stderr


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("DJANGO_SECURE_SSL_REDIRECT", "maybe"),
        ("DJANGO_SECURE_HSTS_SECONDS", "a year"),
        ("DJANGO_SECURE_HSTS_SECONDS", "-1"),
        ("DJANGO_CSRF_TRUSTED_ORIGINS", "club.example.org"),
        ("DJANGO_CSRF_TRUSTED_ORIGINS", "https://club.example.org/path"),
        ("DJANGO_SECURE_PROXY_SSL_HEADER", "X Forwarded Proto"),
        ("DJANGO_TRUSTED_PROXIES", "one"),
    ],
)
def test_a_bad_value_stops_the_start(tmp_path: Path, name: str, value: str) -> None:
    done = run(["manage.py", "check"], environment(tmp_path, **{name: value}))
    assert done.returncode != 0
    assert f"ImproperlyConfigured: {name}" in done.stderr


# -- the settings ----------------------------------------------------------------------------------


def test_the_defaults(tmp_path: Path) -> None:
    s = production_settings(tmp_path, DJANGO_DEBUG="true")
    assert s["DEBUG"] is False  # DJANGO_DEBUG is ignored in production
    assert s["ALLOWED_HOSTS"] == [HOST]
    assert s["CSRF_TRUSTED_ORIGINS"] == []
    assert s["SECURE_SSL_REDIRECT"] is True
    assert s["SECURE_PROXY_SSL_HEADER"] is None
    assert s["SECURE_HSTS_SECONDS"] == 31_536_000
    assert s["SECURE_HSTS_INCLUDE_SUBDOMAINS"] is True
    assert s["SECURE_HSTS_PRELOAD"] is True
    assert s["SESSION_COOKIE_SECURE"] is True
    assert s["CSRF_COOKIE_SECURE"] is True
    assert s["LANGUAGE_COOKIE_SECURE"] is True
    assert s["STATICFILES"] == "whitenoise.storage.CompressedManifestStaticFilesStorage"
    assert s["MIDDLEWARE"][:2] == [
        "django.middleware.security.SecurityMiddleware",
        "whitenoise.middleware.WhiteNoiseMiddleware",
    ]
    assert s["CACHE"] == "DatabaseCache"  # shared by every server and worker
    assert s["SESSION_ENGINE"] == "accounts.sessions"  # Django's database sessions
    assert s["TRUSTED_PROXIES"] == 0
    assert s["WHITENOISE"] == [False, False]


def test_behind_a_tls_terminating_proxy(tmp_path: Path) -> None:
    s = production_settings(
        tmp_path,
        DJANGO_ALLOWED_HOSTS=f"{HOST}, www.{HOST}",
        DJANGO_CSRF_TRUSTED_ORIGINS=f"https://{HOST},https://www.{HOST}",
        DJANGO_SECURE_SSL_REDIRECT="off",
        DJANGO_SECURE_PROXY_SSL_HEADER="X-Forwarded-Proto",
        DJANGO_SECURE_HSTS_SECONDS="3600",
        DJANGO_SECURE_HSTS_PRELOAD="no",
        DJANGO_TRUSTED_PROXIES="1",
        DJANGO_SECRET_KEY_FALLBACKS="old-key-1, old-key-2",
        REDIS_URL="redis://127.0.0.1:6390/1",
    )
    assert s["ALLOWED_HOSTS"] == [HOST, f"www.{HOST}"]
    assert s["CSRF_TRUSTED_ORIGINS"] == [f"https://{HOST}", f"https://www.{HOST}"]
    assert s["SECURE_SSL_REDIRECT"] is False
    assert s["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]
    assert s["SECURE_HSTS_SECONDS"] == 3600
    assert s["SECURE_HSTS_PRELOAD"] is False
    assert s["TRUSTED_PROXIES"] == 1
    assert s["SECRET_KEY_FALLBACKS"] == ["old-key-1", "old-key-2"]
    assert s["CACHE"] == "RedisCache"


# -- the environment helpers -----------------------------------------------------------------------


def test_env_helpers() -> None:
    assert env.env_bool("X", True, {}) is True
    assert env.env_bool("X", True, {"X": " Off "}) is False
    assert env.env_bool("X", False, {"X": "YES"}) is True
    with pytest.raises(ImproperlyConfigured, match="X='ture' is not a yes/no value"):
        env.env_bool("X", False, {"X": "ture"})
    assert env.env_list("X", "a,b", {}) == ["a", "b"]
    assert env.env_list("X", "", {"X": " a , ,b "}) == ["a", "b"]
    assert env.env_int("X", 7, {"X": ""}) == 7
    assert env.env_int("X", 7, {"X": "12"}) == 12
    with pytest.raises(ImproperlyConfigured, match="at least 1"):
        env.env_int("X", 7, {"X": "0"}, minimum=1)
    with pytest.raises(ImproperlyConfigured, match=r"X is not set\. Set it\."):
        env.env_required("X", "Set it.", {"X": " "})
    assert env.proxy_ssl_header("X", {}) is None
    assert env.proxy_ssl_header("X", {"X": "X-Forwarded-Proto"}) == (
        "HTTP_X_FORWARDED_PROTO",
        "https",
    )
    assert env.proxy_ssl_header("X", {"X": "X-Forwarded-SSL: on"}) == ("HTTP_X_FORWARDED_SSL", "on")
    assert env.origins("X", {"X": "https://a.example, http://b.example:8000"}) == [
        "https://a.example",
        "http://b.example:8000",
    ]
    with pytest.raises(ImproperlyConfigured):
        env.origins("X", {"X": "a.example"})


# -- collectstatic, WhiteNoise and the app server ---------------------------------------------


@pytest.fixture(scope="module")
def collected(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with the production static files collected into ``static/``."""
    tmp = tmp_path_factory.mktemp("production")
    done = run(["manage.py", "collectstatic", "--noinput"], environment(tmp))
    assert done.returncode == 0, done.stderr
    static = tmp / "static"
    assert (static / "staticfiles.json").is_file()
    assert list(static.glob("css/site.*.css.gz")), "no compressed, hashed copy of site.css"
    return tmp


SERVE_SCRIPT = f"""
import json, re
import django
django.setup()
from django.test import Client
c = Client(HTTP_HOST="{HOST}")
page = c.get("/accounts/login/", secure=True)
css = re.search(r'href="(/static/css/site\\.[0-9a-f]+\\.css)"', page.content.decode()).group(1)
static = c.get(css, secure=True, HTTP_ACCEPT_ENCODING="gzip")
plain = c.get("/accounts/login/")
print(json.dumps({{
    "page": page.status_code,
    "headers": dict(page.headers),
    "csrf_cookie_secure": bool(page.cookies["csrftoken"]["secure"]),
    "static": static.status_code,
    "static_headers": dict(static.headers),
    "plain": plain.status_code,
    "plain_location": plain.get("Location"),
}}))
"""


def test_whitenoise_serves_the_hashed_files(collected: Path) -> None:
    done = run(["-c", SERVE_SCRIPT], environment(collected))
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["page"] == 200
    headers = result["headers"]
    assert headers["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains; preload"
    assert headers["Content-Security-Policy"].startswith("default-src 'self'")
    assert headers["X-Frame-Options"] == "DENY"
    assert result["csrf_cookie_secure"] is True
    assert result["static"] == 200
    assert "immutable" in result["static_headers"]["Cache-Control"]
    assert result["static_headers"].get("Content-Encoding") == "gzip"
    assert result["plain"] == 301
    assert result["plain_location"] == f"https://{HOST}/accounts/login/"


@contextlib.contextmanager
def serving(env: Mapping[str, str], log: Path) -> Iterator[str]:
    """The site's server (config/server.py) with ``env`` on a free local port; yields its base
    URL."""
    with site_server(dict(env), log=log) as port:
        yield f"http://{HOST_IP}:{port}"


@pytest.fixture
def app_server(collected: Path) -> Iterator[str]:
    """The production settings behind a TLS proxy on this machine, set up as the README says
    (``DJANGO_SECURE_PROXY_SSL_HEADER=X-Forwarded-Proto``)."""
    env = environment(collected, DJANGO_SECURE_PROXY_SSL_HEADER="X-Forwarded-Proto")
    with serving(env, collected / "server.log") as url:
        yield url


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def fetch(url: str, headers: dict[str, str]) -> tuple[int, Any, bytes]:
    opener = urllib.request.build_opener(_NoRedirect)
    request = urllib.request.Request(url, headers={"Host": HOST, **headers})
    try:
        with opener.open(request, timeout=30) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as err:
        return err.code, err.headers, err.read()


def test_the_app_server_serves_the_site_behind_a_proxy(app_server: str) -> None:
    """As behind nginx on the same machine: the proxy says the request came over HTTPS."""
    status, headers, body = fetch(f"{app_server}/accounts/login/", {"X-Forwarded-Proto": "https"})
    assert status == 200
    assert headers["Strict-Transport-Security"].startswith("max-age=31536000")
    assert headers["Content-Security-Policy"].startswith("default-src 'self'")
    css = re.search(rb'href="(/static/css/site\.[0-9a-f]+\.css)"', body)
    assert css is not None
    status, headers, _ = fetch(app_server + css.group(1).decode(), {"X-Forwarded-Proto": "https"})
    assert status == 200
    assert "immutable" in headers["Cache-Control"]


def test_the_app_server_redirects_plain_http(app_server: str) -> None:
    status, headers, _ = fetch(f"{app_server}/accounts/login/", {})
    assert status == 301
    assert headers["Location"] == f"https://{HOST}/accounts/login/"


def test_a_proxy_header_the_settings_do_not_name_is_not_trusted(collected: Path) -> None:
    """Without ``DJANGO_SECURE_PROXY_SSL_HEADER`` a client's own ``X-Forwarded-Proto`` makes no
    plain request secure: it is redirected to HTTPS, whatever it claims."""
    with serving(environment(collected), collected / "plain-server.log") as url:
        status, headers, _ = fetch(f"{url}/accounts/login/", {"X-Forwarded-Proto": "https"})
    assert status == 301
    assert headers["Location"] == f"https://{HOST}/accounts/login/"


def test_the_app_server_refuses_other_hosts(app_server: str) -> None:
    status, _, _ = fetch(
        f"{app_server}/accounts/login/", {"Host": "evil.example", "X-Forwarded-Proto": "https"}
    )
    assert status == 400
