"""A NUL in a query or form field is a 400 page for every view (config.security): PostgreSQL
refuses the character even in a query's condition, where SQLite let it through."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from config.security import NulCharacterMiddleware

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("method", "path", "data"),
    [
        ("post", "/accounts/login/", {"username": "a\x00b", "password": "x"}),
        ("post", "/accounts/login/", {"user\x00name": "a", "password": "x"}),
        ("get", "/games/", {"q": "a\x00b"}),
        ("get", "/tournaments/", {"kind\x00": "sos"}),
    ],
)
def test_a_nul_in_a_field_is_a_400_in_the_visitors_language(
    method: str, path: str, data: dict[str, str]
) -> None:
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    response = getattr(client, method)(path, data)
    assert response.status_code == 400
    assert "символ" in response.content.decode()


def test_a_file_holding_nul_bytes_is_no_field() -> None:
    """An uploaded workbook is bytes, not a field: the guard lets it through to its view."""
    client = Client()
    upload = SimpleUploadedFile("t.xlsx", b"PK\x03\x04\x00\x00", "application/octet-stream")
    response = client.post("/accounts/login/", {"username": "a", "password": "b", "f": upload})
    assert response.status_code != 400


def test_the_guard_is_installed() -> None:
    from django.conf import settings

    assert f"{NulCharacterMiddleware.__module__}.NulCharacterMiddleware" in settings.MIDDLEWARE
