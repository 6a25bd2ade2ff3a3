"""Mail: the console in development, SMTP from the environment in production (run in fresh
processes, as production runs), memory in tests."""

from __future__ import annotations

import json
from pathlib import Path

from django.conf import settings

from tests.security.test_production import environment, run

SCRIPT = """
import json
import django
django.setup()
from django.conf import settings as s
print(json.dumps({name: getattr(s, name) for name in (
    "EMAIL_BACKEND", "EMAIL_HOST", "EMAIL_PORT", "EMAIL_HOST_USER", "EMAIL_HOST_PASSWORD",
    "EMAIL_USE_TLS", "EMAIL_USE_SSL", "EMAIL_TIMEOUT", "DEFAULT_FROM_EMAIL",
)}))
"""


def mail_settings(tmp: Path, **overrides: str | None) -> dict[str, object]:
    done = run(["-c", SCRIPT], environment(tmp, **overrides))
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_production_sends_by_smtp_from_the_environment(tmp_path: Path) -> None:
    found = mail_settings(
        tmp_path,
        DJANGO_EMAIL_HOST="smtp.example.org",
        DJANGO_EMAIL_PORT="2525",
        DJANGO_EMAIL_HOST_USER="club",
        DJANGO_EMAIL_HOST_PASSWORD="s3cret",
        DJANGO_DEFAULT_FROM_EMAIL="Club <club@example.org>",
    )
    assert found == {
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": "smtp.example.org",
        "EMAIL_PORT": 2525,
        "EMAIL_HOST_USER": "club",
        "EMAIL_HOST_PASSWORD": "s3cret",
        "EMAIL_USE_TLS": True,
        "EMAIL_USE_SSL": False,
        "EMAIL_TIMEOUT": 10,
        "DEFAULT_FROM_EMAIL": "Club <club@example.org>",
    }


def test_ssl_turns_starttls_off_and_both_are_refused(tmp_path: Path) -> None:
    found = mail_settings(tmp_path, DJANGO_EMAIL_USE_SSL="true", DJANGO_EMAIL_PORT="465")
    assert (found["EMAIL_USE_SSL"], found["EMAIL_USE_TLS"]) == (True, False)
    done = run(
        ["-c", SCRIPT],
        environment(tmp_path, DJANGO_EMAIL_USE_SSL="true", DJANGO_EMAIL_USE_TLS="true"),
    )
    assert done.returncode != 0
    assert "exclude each other" in done.stderr


def test_development_prints_mails_on_the_console(tmp_path: Path) -> None:
    found = mail_settings(tmp_path, DJANGO_SETTINGS_MODULE="config.settings")
    assert found["EMAIL_BACKEND"] == "django.core.mail.backends.console.EmailBackend"


def test_tests_catch_mails_in_memory() -> None:
    assert settings.EMAIL_BACKEND == "django.core.mail.backends.locmem.EmailBackend"
