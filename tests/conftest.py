"""Project-wide pytest set-up. Keep it small: each area adds its own tests/<area>/conftest.py."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent


def pytest_sessionstart(session: pytest.Session) -> None:
    """Compile locale/*.po to .mo (not committed), so a bare `pytest` works like `make test`."""
    script = ROOT / "scripts" / "compilemessages.py"
    spec = importlib.util.spec_from_file_location("compilemessages", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if module.compile_all(ROOT):
        # django.setup() has already read the old catalogues: drop them, as override_settings does,
        # and Python's gettext cache of .mo files (keyed by path), which that leaves in place.
        import gettext

        from django.conf import settings
        from django.test.signals import setting_changed

        gettext._translations.clear()  # type: ignore[attr-defined]
        setting_changed.send(
            sender=type(settings), setting="LOCALE_PATHS", value=settings.LOCALE_PATHS, enter=False
        )


@pytest.fixture(autouse=True)
def fast_password_hasher(settings: Any) -> None:
    """Django's default hasher takes ~0.3 s a user: far too slow for fixtures that make several.

    Tests that run Django in a process of their own (tests/security/test_production.py) keep the
    configured hashers: this reaches only the test process.
    """
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
