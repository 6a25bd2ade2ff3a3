"""Fixtures of the spreadsheet tests."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import translation

from tests.sheets.helpers import make_user


@pytest.fixture(autouse=True)
def upload_dir(settings: Any, tmp_path: Any) -> Any:
    """Uploaded workbooks wait for the apply step in the test's own folder."""
    settings.SHEETS_UPLOAD_DIR = str(tmp_path / "uploads")
    return tmp_path / "uploads"


@pytest.fixture
def arbiter(db: None) -> User:
    return make_user("arbiter")


@pytest.fixture
def outsider(db: None) -> User:
    return make_user("outsider")


@pytest.fixture(params=["ru", "en"])
def language(request: pytest.FixtureRequest) -> Any:
    with translation.override(request.param):
        yield request.param


@pytest.fixture
def ru() -> Any:
    with translation.override("ru"):
        yield "ru"


@pytest.fixture
def en() -> Any:
    with translation.override("en"):
        yield "en"
