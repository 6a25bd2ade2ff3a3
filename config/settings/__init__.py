"""Django settings for the SOS & ultimate tic-tac-toe club project: the development settings.

`config.settings` is what manage.py, the WSGI/ASGI entry points and pytest use by default.
Production takes `config.settings.production` (DJANGO_SETTINGS_MODULE), which starts from these
and hardens them. Everything that differs between machines comes from the environment (see
docs/operations.md).
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

from django.utils.translation import gettext_lazy as _

from config.cache import cache_config
from config.database import database_config
from config.env import env_bool, env_int, env_list
from config.logging import LOGGING  # noqa: F401 - Django reads it from here

BASE_DIR = Path(__file__).resolve().parent.parent.parent


SECRET_KEY = os.environ.get(
    "DJANGO_SECRET_KEY", "django-insecure-dev-only-key-do-not-use-in-production"
)
DEBUG = env_bool("DJANGO_DEBUG", default=True)
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost")

INSTALLED_APPS = [
    # Django's admin, with a 403 page for a logged-in user who may not use it (admin_site.py).
    "config.admin_site.ClubAdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    # runserver leaves static files to WhiteNoise, as the server does in production.
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "games",
    "tournaments",
    "sheets",
    "accounts",
    "ratings",
    "ops",
    # The open API at /api/v1/ (django-ninja): the public reads, docs/api.md.
    "api",
    # Failed log-ins counted in the database (accounts/throttle.py).
    "axes",
    # Background tasks (the engine's analyses): Django's task framework and its database queue.
    "django_tasks",
    "django_tasks_db",
    # Sign-up and e-mail verification (accounts/signup.py); the log-in stays Django's own.
    "allauth",
    "allauth.account",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Static files, right after SecurityMiddleware (so they get its headers) and before the rest.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # A 503 page, rendered without the database, while the database is unreachable (ops/).
    "ops.middleware.DatabaseUnavailableMiddleware",
    # Content-Security-Policy on every page (config/security.py).
    "config.security.ContentSecurityPolicyMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # After sessions (it may read the session), before CommonMiddleware (which may redirect).
    # Django's, with the language of a cookie and Accept-Language pair decided once
    # (config/middleware.py).
    "config.middleware.LocaleMiddleware",
    # 413 for a body over MAX_REQUEST_BODY_SIZE, before anything reads it (after LocaleMiddleware,
    # so the refusal is in the visitor's language).
    "config.security.RequestBodyLimitMiddleware",
    # 400 for a NUL in a query or form field, which PostgreSQL refuses even in a condition.
    "config.security.NulCharacterMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Django's, opening the message storage only when a message is added or read.
    "config.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # django-allauth's (the sign-up's pending verification lives in the session).
    "allauth.account.middleware.AccountMiddleware",
    # Last, as django-axes asks: turns a lockout into the "too many attempts" answer.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                # The header's "your move" badge (accounts/mygames.py).
                "accounts.context_processors.my_games",
            ],
            # The admin's templates (templates/admin/): its names bidi-isolated.
            "libraries": {"admin_bidi": "config.admin_bidi"},
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

# DATABASE_URL=postgres://… switches to PostgreSQL; otherwise SQLite (SQLITE_PATH may move it).
DATABASES = {"default": database_config(os.environ, BASE_DIR)}

# django-axes refuses a locked-out combination of username and address before any password is
# checked (accounts/throttle.py); then Django's own backend.
AUTHENTICATION_BACKENDS = [
    "accounts.throttle.LoginThrottleBackend",
    # Django's ModelBackend, reading the user of a session with a query compiled once.
    "accounts.backends.AccountBackend",
]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "ru"
# Names are translated into the current language; the switcher shows each one in its own
# language (Django's `name_local`: "Русский", "English", "فارسی"). Persian is written right to
# left: base.html sets `dir` from the language's bidi flag.
LANGUAGES = [
    ("ru", _("Russian")),
    ("en", _("English")),
    ("fa", _("Persian")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
USE_TZ = True
TIME_ZONE = "UTC"

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT", "").strip() or BASE_DIR / "staticfiles")
# In development WhiteNoise serves the files where they are (no collectstatic needed), and sees
# edits at once; production serves the collected, hashed and compressed copies.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True

# -- Log-in protection (django-axes; accounts/throttle.py) -------------------------------------
# Failed log-ins are counted per combination of username and client address, in the database
# (every server and worker counts together). LOGIN_FAILURE_LIMIT failures, each within LOCKOUT
# seconds of the one before, lock that combination for LOCKOUT seconds: someone guessing from
# elsewhere never locks the real user out. Password change and reset are counted the same way.
AXES_FAILURE_LIMIT = env_int("DJANGO_LOGIN_FAILURE_LIMIT", 5, minimum=1)
AXES_COOLOFF_TIME = timedelta(seconds=env_int("DJANGO_LOGIN_LOCKOUT", 15 * 60, minimum=1))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
# Attempts refused during a lockout test no password: they neither count nor extend it.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_CLIENT_IP_CALLABLE = "accounts.throttle.client_address"
AXES_USERNAME_CALLABLE = "accounts.throttle.counted_username"
AXES_LOCKOUT_CALLABLE = "accounts.views.locked_out"
# Successful log-ins are logged on club.security already: no row per log-in in the database.
AXES_DISABLE_ACCESS_LOG = True
AXES_VERBOSE = False
# How many reverse proxies in front of the server append to X-Forwarded-For, for the client's
# address (accounts.throttle.client_address) of the log-in protection and of allauth's rate
# limits (sign-up; through accounts.signup.AccountAdapter). 0: the client is
# REMOTE_ADDR (direct connections). Behind one nginx, 1. Never more than there really are: a
# client can write anything in the header, and only the proxies' own entries are trustworthy.
TRUSTED_PROXIES = env_int("DJANGO_TRUSTED_PROXIES", 0)

# -- Caches and sessions: nothing kept in one server's memory ---------------------------------
# REDIS_URL (redis://host:6379/0) shares a Redis among the servers; otherwise the database
# cache (its table is made by a migration of ops). Sessions are in the database.
CACHES = {"default": cache_config(os.environ)}
# The API's rate counters of reads (api/limits.py): the shared Redis when there is one; else each
# process's memory (counting every read in the database cache would cost more than the read).
CACHES["api_limits"] = (
    CACHES["default"]
    if CACHES["default"]["BACKEND"].endswith("RedisCache")
    else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "api-limits"}
)
# The API's rate limits (docs/api.md): (requests, seconds) per client address (an IPv6 one by
# its /64, as the log-in protection counts it) and per token. Reads generous, writes tighter.
API_RATE_LIMITS = {
    "read": (600, 60),  # GET/HEAD, per address
    "write": (120, 60),  # POST, per address
    "token": (60, 60),  # POST, per token
}
# Django's database sessions, read with a query compiled once (accounts/sessions.py).
SESSION_ENGINE = "accounts.sessions"

# -- Security headers (development too; HSTS and the HTTPS redirect are production's) ----------
# Content-Security-Policy, set by config.security.ContentSecurityPolicyMiddleware: no inline
# script or style anywhere, so the templates keep scripts in static/js and styles in static/css.
CONTENT_SECURITY_POLICY = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
}
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"

# -- Request sizes ----------------------------------------------------------------------------
_MIB = 1024 * 1024
# The form fields of one request (everything but uploaded files): the forms here are small.
DATA_UPLOAD_MAX_MEMORY_SIZE = 2 * _MIB
# The largest file an upload form accepts (spreadsheets); upload forms check it themselves.
MAX_UPLOAD_SIZE = 5 * _MIB
# Files up to that size stay in memory: a valid upload never goes through a temporary file.
FILE_UPLOAD_MAX_MEMORY_SIZE = MAX_UPLOAD_SIZE
# The whole body (a file, the fields and the multipart envelope); larger requests get a 413
# from config.security.RequestBodyLimitMiddleware before anything reads them.
MAX_REQUEST_BODY_SIZE = MAX_UPLOAD_SIZE + 1 * _MIB
# The arbiter's override form has two fields a board: 2,500 is enough for 2,000 players.
DATA_UPLOAD_MAX_NUMBER_FIELDS = 2500

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# -- Background tasks (the engine's analyses, games/analysis.py) -------------------------------
# Queued in the database; `manage.py db_worker` runs them (`make run` starts one beside the
# development server; production runs it as a service of its own, see docs/engine.md).
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
# The backend (an alias of TASKS) of the rating lists' rebuilds (ratings/queue.py): queued for the
# same worker; the tests point it at an immediate backend, which rebuilds at once.
RATINGS_TASK_BACKEND = "default"
# Engine CPU seconds for each position of a finished game's analysis.
ENGINE_ANALYSIS_SECONDS = 0.5

# -- Games on one device without an account (games/device.py; docs/operations.md) ------------
# Kept this many days after their last change unless an account claims them (sweep_device_games);
# one client address starts at most DEVICE_GAMES_RATE[0] of them in DEVICE_GAMES_RATE[1] seconds.
DEVICE_GAMES_RETENTION_DAYS = env_int("DJANGO_DEVICE_GAMES_RETENTION_DAYS", 7, minimum=1)
DEVICE_GAMES_RATE = (env_int("DJANGO_DEVICE_GAMES_PER_HOUR", 30, minimum=1), 3600)

# -- Games against the computer (games/computer.py; docs/play.md) -------------------------------
# Its moves are thought over off the request path: a thread of the server process hands each to
# a pool of COMPUTER_PROCESSES search processes (0: the thread searches itself), capped at
# COMPUTER_SECONDS of CPU a move ("inline": at once, in the caller's thread; the tests' setting).
COMPUTER_MOVES = "background"
COMPUTER_PROCESSES = env_int("DJANGO_COMPUTER_PROCESSES", 1, minimum=0)
COMPUTER_SECONDS = 5.0
COMPUTER_HINT_SECONDS = 1.5

# -- Mail --------------------------------------------------------------------------------------
# Development prints every mail on the console; tests catch them in memory (Django's test set-up);
# production sends them by SMTP (config/settings/production.py, variables DJANGO_EMAIL_*).
EMAIL_BACKEND = os.environ.get(
    "DJANGO_EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend"
)
DEFAULT_FROM_EMAIL = os.environ.get("DJANGO_DEFAULT_FROM_EMAIL", "club@localhost")
SERVER_EMAIL = DEFAULT_FROM_EMAIL

# -- Sign-up (django-allauth; accounts/) -------------------------------------------------------
# A new account gives a username, an e-mail address and a password, and may log in only once
# the address is verified (the link mailed at sign-up; "mandatory" is required, see below).
# Log-in, password change and reset are Django's own views with django-axes's protection
# (accounts/urls.py).
ACCOUNT_LOGIN_METHODS = {"username"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_CONFIRM_EMAIL_ON_GET = True
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_EMAIL_CONFIRMATION_EXPIRE_DAYS = 3
ACCOUNT_EMAIL_SUBJECT_PREFIX = ""
ACCOUNT_ADAPTER = "accounts.signup.AccountAdapter"
ACCOUNT_SIGNUP_FORM_CLASS = "accounts.signup.ProfileSignupForm"
# Sign-up never tells whether an address has an account: a taken one gets the same "we have
# sent you a link" page, no account is made, and its owner is mailed that someone tried (with
# the username and the password-reset link). That works only while verification is mandatory
# (a check, accounts.checks, says so); otherwise allauth would have to say "taken".
ACCOUNT_PREVENT_ENUMERATION = True

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "games:home"
LOGOUT_REDIRECT_URL = "games:home"

# -- Calendar feeds (api/feeds.py) ----------------------------------------------------------------
# How long a round lasts in the calendar feeds when the next round does not start sooner.
CALENDAR_ROUND_MINUTES = 120
