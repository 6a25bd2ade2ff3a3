"""Production settings: ``DJANGO_SETTINGS_MODULE=config.settings.production``.

The development settings (``config.settings``), hardened. ``manage.py check --deploy`` passes with
no warning on the defaults below. Required in the environment:

- ``DJANGO_SECRET_KEY`` — a long random string (50 characters or more);
- ``DJANGO_ALLOWED_HOSTS`` — the host names the site answers to, comma-separated.

Optional (defaults in brackets):

- ``DJANGO_SECRET_KEY_FALLBACKS`` — earlier keys, comma-separated, while rotating the key [none];
- ``DJANGO_CSRF_TRUSTED_ORIGINS`` — other origins allowed to post forms, such as
  ``https://club.example.org`` [none: same-origin forms need nothing];
- ``DJANGO_SECURE_SSL_REDIRECT`` — redirect plain HTTP to HTTPS [true]; turn it off only where the
  proxy in front already redirects;
- ``DJANGO_SECURE_PROXY_SSL_HEADER`` — behind a TLS-terminating proxy, the header it sets for
  an HTTPS request, such as ``X-Forwarded-Proto`` (value ``https``; ``Header: value`` for
  another) [none]; the proxy must set or strip that header on every request;
- ``DJANGO_TRUSTED_PROXIES`` — how many reverse proxies append to X-Forwarded-For, for the
  client address of the log-in protection and of sign-up's rate limit [0: REMOTE_ADDR];
- ``DJANGO_SECURE_HSTS_SECONDS`` [31536000, a year], ``DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS``
  [true], ``DJANGO_SECURE_HSTS_PRELOAD`` [true];
- ``REDIS_URL`` — a Redis shared by the servers for the cache [none: the database cache];
- ``DJANGO_STATIC_ROOT`` — where ``collectstatic`` puts the files [``staticfiles/``];
- mail (sign-up verification, password reset, invitations) goes by SMTP:
  ``DJANGO_EMAIL_HOST`` [localhost], ``DJANGO_EMAIL_PORT`` [587],
  ``DJANGO_EMAIL_HOST_USER`` and ``DJANGO_EMAIL_HOST_PASSWORD`` [none],
  ``DJANGO_EMAIL_USE_TLS`` [true: STARTTLS] or ``DJANGO_EMAIL_USE_SSL`` [false],
  ``DJANGO_EMAIL_TIMEOUT`` [10 seconds], ``DJANGO_DEFAULT_FROM_EMAIL`` — the sender
  [club@localhost]; ``DJANGO_EMAIL_BACKEND`` replaces the SMTP backend altogether.

``DJANGO_DEBUG`` is ignored: debug mode is always off here.
"""

from __future__ import annotations

import os

from django.core.exceptions import ImproperlyConfigured

from config.env import env_bool, env_int, env_list, env_required, origins, proxy_ssl_header
from config.settings import *  # noqa: F403

DEBUG = False

SECRET_KEY = env_required(
    "DJANGO_SECRET_KEY",
    "Production needs a long random secret key in the environment, for example the output of: "
    "python -c 'from django.core.management.utils import get_random_secret_key as k; print(k())'",
)
SECRET_KEY_FALLBACKS = env_list("DJANGO_SECRET_KEY_FALLBACKS", "")

ALLOWED_HOSTS = env_list(
    "DJANGO_ALLOWED_HOSTS",
    env_required(
        "DJANGO_ALLOWED_HOSTS",
        "Set it to the host names the site answers to, comma-separated (club.example.org).",
    ),
)
if not ALLOWED_HOSTS:
    raise ImproperlyConfigured("DJANGO_ALLOWED_HOSTS names no host (club.example.org).")
CSRF_TRUSTED_ORIGINS = origins("DJANGO_CSRF_TRUSTED_ORIGINS")

# -- HTTPS -------------------------------------------------------------------------------------
SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", True)
# A load balancer asks for /healthz over plain HTTP: answer it there rather than redirect.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SECURE_PROXY_SSL_HEADER = proxy_ssl_header("DJANGO_SECURE_PROXY_SSL_HEADER")
SECURE_HSTS_SECONDS = env_int("DJANGO_SECURE_HSTS_SECONDS", 365 * 24 * 60 * 60)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = env_bool("DJANGO_SECURE_HSTS_PRELOAD", True)

SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
LANGUAGE_COOKIE_SECURE = True
LANGUAGE_COOKIE_HTTPONLY = True
LANGUAGE_COOKIE_SAMESITE = "Lax"

# -- Static files: collected, hashed and compressed, served by WhiteNoise ---------------------
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = False
WHITENOISE_AUTOREFRESH = False

# -- Mail by SMTP -----------------------------------------------------------------------------
EMAIL_BACKEND = os.environ.get(
    "DJANGO_EMAIL_BACKEND", "django.core.mail.backends.smtp.EmailBackend"
)
EMAIL_HOST = os.environ.get("DJANGO_EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("DJANGO_EMAIL_PORT", 587, minimum=1)
EMAIL_HOST_USER = os.environ.get("DJANGO_EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("DJANGO_EMAIL_HOST_PASSWORD", "")
EMAIL_USE_SSL = env_bool("DJANGO_EMAIL_USE_SSL", False)
EMAIL_USE_TLS = env_bool("DJANGO_EMAIL_USE_TLS", not EMAIL_USE_SSL)
if EMAIL_USE_SSL and EMAIL_USE_TLS:
    raise ImproperlyConfigured("DJANGO_EMAIL_USE_TLS and DJANGO_EMAIL_USE_SSL exclude each other.")
EMAIL_TIMEOUT = env_int("DJANGO_EMAIL_TIMEOUT", 10, minimum=1)
