"""Fixtures for the ratings app's tests (the pure core's tests need none)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from tests.tournaments.helpers import make_user


@pytest.fixture
def arbiter(db: None) -> User:
    """The account that creates the rated tournaments of a test (and so arbitrates them)."""
    return make_user("arbiter")
