"""Spreadsheet imports attempted by everyone but the tournament's arbiter, without a CSRF token,
through another tournament's URL, and with an oversized file: refused, nothing changed."""

from __future__ import annotations

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from sheets.services import XLSX, export_tournament
from tests.security.conftest import ClientFor, Club
from tournaments.models import Entry, Pairing

pytestmark = pytest.mark.django_db


def workbook(club: Club) -> bytes:
    """The tournament's own workbook with board 1's result filled in."""
    from openpyxl import load_workbook

    data = export_tournament(club.tournament)
    book = load_workbook(io.BytesIO(data))
    sheet = next(ws for ws in book.worksheets if ws.title in ("Round 1", "Тур 1"))
    for row in sheet.iter_rows():
        for cell in row:
            if cell.value == 1 and cell.column == 1:  # board number 1: result two columns on
                sheet.cell(row=cell.row, column=cell.column + 2).value = "1-0"
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def state(club: Club) -> tuple[list, list]:
    return (
        list(Pairing.objects.filter(round__tournament=club.tournament).values_list("result")),
        list(Entry.objects.filter(tournament=club.tournament).values_list("pk")),
    )


def upload(data: bytes) -> SimpleUploadedFile:
    return SimpleUploadedFile("club.xlsx", data, content_type=XLSX)


@pytest.mark.parametrize("who", ["anonymous", "player", "staff", "other_arbiter"])
def test_only_the_arbiter_may_import(
    who: str, client_for: ClientFor, club_a: Club, club_b: Club, alice, staff
) -> None:
    user = {
        "anonymous": None,
        "player": alice.user,
        "staff": staff,
        "other_arbiter": club_b.arbiter,
    }[who]
    before = state(club_a)
    url = f"/sheets/tournaments/{club_a.pk}/import/"
    for response in (
        client_for(user).get(url),
        client_for(user).post(url, {"file": upload(workbook(club_a))}),
        client_for(user).post(url + "apply/", {"token": "x", "digest": "y"}),
    ):
        if user is None:
            assert response.status_code == 302 and "/accounts/login/" in response["Location"]
        else:
            assert response.status_code == 403
    assert state(club_a) == before


def test_import_needs_the_csrf_token(club_a: Club) -> None:
    client = Client(enforce_csrf_checks=True, HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(club_a.arbiter)
    before = state(club_a)
    response = client.post(
        f"/sheets/tournaments/{club_a.pk}/import/", {"file": upload(workbook(club_a))}
    )
    assert response.status_code == 403
    assert state(club_a) == before


def test_an_oversized_upload_is_refused_with_a_message(client_for: ClientFor, club_a: Club) -> None:
    before = state(club_a)
    big = b"PK\x03\x04" + b"\0" * (5 * 1024 * 1024 + 10)
    response = client_for(club_a.arbiter).post(
        f"/sheets/tournaments/{club_a.pk}/import/", {"file": upload(big)}
    )
    assert response.status_code in (200, 413)
    if response.status_code == 200:
        assert b"5 MB" in response.content or b"too large" in response.content.lower()
    assert state(club_a) == before


def test_the_arbiter_of_another_tournament_cannot_apply_through_its_own_url(
    client_for: ClientFor, club_a: Club, club_b: Club
) -> None:
    """B's arbiter previews A's workbook through B's URL: nothing of A may change."""
    before = state(club_a)
    response = client_for(club_b.arbiter).post(
        f"/sheets/tournaments/{club_b.pk}/import/", {"file": upload(workbook(club_a))}
    )
    assert response.status_code == 200
    plan = response.context.get("plan")
    assert plan is None or not plan.ok or plan.empty
    assert state(club_a) == before
