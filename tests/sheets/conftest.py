"""Fixtures of the spreadsheet tests."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import translation

from tests.sheets.helpers import make_user


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
