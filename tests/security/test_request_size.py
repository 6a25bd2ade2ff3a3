"""Oversized requests are refused before they cost memory or disk."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from games.models import Game, Move, Player
from tests.security.conftest import EN, PASSWORD

pytestmark = pytest.mark.django_db

MIB = 1024 * 1024


def test_the_limits() -> None:
    assert settings.MAX_UPLOAD_SIZE == 5 * MIB
    assert settings.FILE_UPLOAD_MAX_MEMORY_SIZE == 5 * MIB
    assert settings.DATA_UPLOAD_MAX_MEMORY_SIZE == 2 * MIB
    assert settings.MAX_REQUEST_BODY_SIZE == 6 * MIB
    assert settings.DATA_UPLOAD_MAX_NUMBER_FIELDS <= 5000


def test_a_declared_huge_body_is_refused_unread(client: Client, alice: Player, game: Game) -> None:
    """A Content-Length of a gigabyte: 413 at once, the view never runs."""
    client.force_login(alice.user)
    response = client.post(
        f"/games/{game.pk}/move/",
        "cell=E5",
        content_type="application/x-www-form-urlencoded",
        CONTENT_LENGTH=str(1024 * MIB),
        **EN,
    )
    assert response.status_code == 413
    assert response.content.decode() == "The request is too large."
    assert not Move.objects.filter(game=game).exists()


def test_the_refusal_carries_the_security_headers(client: Client, db: None) -> None:
    response = client.post(
        "/accounts/login/", "x", content_type="text/plain", CONTENT_LENGTH=str(7 * MIB)
    )
    assert response.status_code == 413
    assert response["X-Content-Type-Options"] == "nosniff"
    assert "Content-Security-Policy" in response


def test_an_oversized_upload_is_refused(client: Client, alice: Player) -> None:
    """A 7 MiB file to any URL: refused whole (no temporary file is written)."""
    client.force_login(alice.user)
    big = SimpleUploadedFile("club.xlsx", b"\0" * (7 * MIB))
    response = client.post("/games/new/", {"file": big, "kind": "uttt"})
    assert response.status_code == 413


def test_an_upload_under_the_limit_goes_through(client: Client, alice: Player) -> None:
    """The control: a 4 MiB file is read (the view ignores it and shows its form again)."""
    client.force_login(alice.user)
    file = SimpleUploadedFile("club.xlsx", b"\0" * (4 * MIB))
    response = client.post("/games/new/", {"file": file, "kind": "uttt"})
    assert response.status_code == 200


def test_too_much_form_data_is_a_400(client: Client, alice: Player, game: Game) -> None:
    """Form fields over DATA_UPLOAD_MAX_MEMORY_SIZE (but under the body cap): 400."""
    client.force_login(alice.user)
    response = client.post(f"/games/{game.pk}/move/", {"cell": "E5", "pad": "x" * (3 * MIB)})
    assert response.status_code == 400
    assert not Move.objects.filter(game=game).exists()


def test_too_many_fields_is_a_400(client: Client, alice: Player, game: Game) -> None:
    client.force_login(alice.user)
    fields = {f"f{n}": "1" for n in range(settings.DATA_UPLOAD_MAX_NUMBER_FIELDS + 1)}
    response = client.post(f"/games/{game.pk}/move/", {"cell": "E5", **fields})
    assert response.status_code == 400
    assert not Move.objects.filter(game=game).exists()


def test_an_oversized_login_post_is_refused(client: Client, alice: Player) -> None:
    response = client.post(
        "/accounts/login/",
        {"username": "alice", "password": PASSWORD + "x" * (3 * MIB)},
    )
    assert response.status_code == 400
    assert "_auth_user_id" not in client.session
