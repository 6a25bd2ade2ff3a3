"""The spreadsheet pages: downloads, and the arbiter's upload, preview and apply."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from openpyxl import load_workbook

from games.models import Player
from sheets.models import PendingUpload
from sheets.services import XLSX
from tests.sheets.helpers import current_round, edit, new_game, new_tournament, workbook
from tournaments.models import Pairing

pytestmark = pytest.mark.urls("tests.sheets.urls")


def client(user: User | None = None) -> Client:
    c = Client(HTTP_ACCEPT_LANGUAGE="en")
    if user is not None:
        c.force_login(user)
    return c


def upload(data: bytes, name: str = "cup.xlsx") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data, content_type=XLSX)


@pytest.fixture
def paper(db: None, arbiter: User):
    return new_tournament(arbiter, players=4, format="swiss", rounds=3, online=False)


def test_downloads(db: None, arbiter: User, paper) -> None:
    game = new_game("uttt", [Player.objects.create(name=n) for n in ("A", "B")], seed=1)
    for url in (
        f"/sheets/games/{game.pk}.xlsx",
        f"/sheets/tournaments/{paper.pk}.xlsx",
        f"/sheets/tournaments/{paper.pk}/rounds/1/blank.xlsx",
    ):
        response = client().get(url)
        assert response.status_code == 200, url
        assert response["Content-Type"] == XLSX
        assert response["Content-Disposition"].startswith("attachment;")
        book = load_workbook(io.BytesIO(response.content))
        assert book.worksheets
    ru = Client(HTTP_ACCEPT_LANGUAGE="ru").get(f"/sheets/tournaments/{paper.pk}.xlsx")
    assert "Игроки" in load_workbook(io.BytesIO(ru.content)).sheetnames
    assert client().get("/sheets/tournaments/9999.xlsx").status_code == 404


def test_import_is_for_arbiters(db: None, arbiter: User, outsider: User, paper) -> None:
    url = f"/sheets/tournaments/{paper.pk}/import/"
    assert client().get(url).status_code == 302
    assert client(outsider).get(url).status_code == 403
    assert client(outsider).post(url, {"file": upload(workbook(paper))}).status_code == 403
    assert client(arbiter).get(url).status_code == 200


def test_upload_preview_then_apply(db: None, en: str, arbiter: User, paper) -> None:
    data = edit(workbook(paper), {("Round 1", "C4"): "1-0"})
    c = client(arbiter)
    page = c.post(f"/sheets/tournaments/{paper.pk}/import/", {"file": upload(data)})
    assert page.status_code == 200
    plan = page.context["plan"]
    assert plan.ok and len(plan.results) == 1
    assert Pairing.objects.get(round__tournament=paper, board=1).result == ""
    form = page.context["apply_form"]
    token, digest = form.initial["token"], form.initial["digest"]
    assert b"Apply these changes" in page.content
    tampered = c.post(
        f"/sheets/tournaments/{paper.pk}/import/apply/", {"token": token, "digest": "x"}
    )
    assert (
        tampered.status_code == 200
        and Pairing.objects.get(round__tournament=paper, board=1).result == ""
    )
    other = User.objects.create_superuser("root", password=None)
    stolen = client(other).post(
        f"/sheets/tournaments/{paper.pk}/import/apply/", {"token": token, "digest": digest}
    )
    assert (
        stolen.status_code == 302
        and Pairing.objects.get(round__tournament=paper, board=1).result == ""
    )
    done = c.post(
        f"/sheets/tournaments/{paper.pk}/import/apply/", {"token": token, "digest": digest}
    )
    assert done.status_code == 302 and done["Location"] == paper.get_absolute_url()
    assert Pairing.objects.get(round__tournament=paper, board=1).result == "1-0"
    again = c.post(f"/sheets/tournaments/{paper.pk}/import/", {"file": upload(data)})
    assert again.context["plan"].empty and b"Nothing to change" in again.content


def test_problems_are_listed_and_nothing_is_offered(
    db: None, en: str, arbiter: User, paper
) -> None:
    data = edit(workbook(paper), {("Round 1", "C4"): "2-0", ("Round 1", "C5"): "9-9"})
    page = client(arbiter).post(f"/sheets/tournaments/{paper.pk}/import/", {"file": upload(data)})
    assert page.context["apply_form"] is None
    assert b"Round 1!C4" in page.content and b"Round 1!C5" in page.content


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        (b"a,b\n1,2\n", b"not an Excel workbook"),
        (b"PK\x03\x04" + bytes(5 * 1024 * 1024), b"larger than 5 MB"),
    ],
)
def test_bad_uploads(db: None, en: str, arbiter: User, paper, data: bytes, fragment: bytes) -> None:
    page = client(arbiter).post(f"/sheets/tournaments/{paper.pk}/import/", {"file": upload(data)})
    assert page.status_code == 200 and fragment in page.content
    assert (
        not Pairing.objects.filter(round__tournament=paper)
        .exclude(result="")
        .exclude(second__isnull=True)
        .exists()
    )


def test_blank_sheets_of_a_round_name_the_players(db: None, arbiter: User, paper) -> None:
    response = Client(HTTP_ACCEPT_LANGUAGE="ru").get(
        f"/sheets/tournaments/{paper.pk}/rounds/1/blank.xlsx"
    )
    book = load_workbook(io.BytesIO(response.content))
    p = Pairing.objects.get(round=current_round(paper), board=1)
    ws = book["Т1 Д1"]
    assert (ws["A12"].value, ws["B12"].value, ws["B13"].value) == (
        "Игроки:",
        p.first.player.name,
        p.second.player.name,
    )
    assert all(ws.cell(r, c).value is None for r in range(2, 11) for c in range(2, 11))
    assert [ws.cell(r, 12).value for r in range(12, 15)] == [1, 2, 3]


def test_preview_in_russian(db: None, arbiter: User, paper) -> None:
    ru = Client(HTTP_ACCEPT_LANGUAGE="ru")
    ru.force_login(arbiter)
    data = Client(HTTP_ACCEPT_LANGUAGE="ru").get(f"/sheets/tournaments/{paper.pk}.xlsx").content
    filled = edit(data, {("Тур 1", "C4"): "½-½", ("Тур 1", "C5"): "2:0"})
    page = ru.post(f"/sheets/tournaments/{paper.pk}/import/", {"file": upload(filled)})
    assert page.status_code == 200
    assert "Тур 1!C5" in page.content.decode()
    assert [e.where for e in page.context["plan"].errors] == ["Тур 1!C5"]


def test_applied_upload_is_deleted(db: None, en: str, arbiter: User, paper) -> None:
    c = client(arbiter)
    data = edit(workbook(paper), {("Round 1", "C4"): "1-0"})
    page = c.post(f"/sheets/tournaments/{paper.pk}/import/", {"file": upload(data)})
    kept = PendingUpload.objects.get()
    assert bytes(kept.data) == data and kept.user == arbiter  # in the database, for any server
    form = page.context["apply_form"]
    c.post(f"/sheets/tournaments/{paper.pk}/import/apply/", dict(form.initial))
    assert not PendingUpload.objects.exists()


def test_old_uploads_are_swept(db: None, en: str, arbiter: User, paper) -> None:
    from datetime import timedelta

    from django.utils import timezone

    old = PendingUpload.objects.create(key="old", tournament_id=paper.pk, user=arbiter, data=b"x")
    PendingUpload.objects.filter(pk=old.pk).update(created=timezone.now() - timedelta(days=2))
    c = client(arbiter)
    data = edit(workbook(paper), {("Round 1", "C4"): "1-0"})
    c.post(f"/sheets/tournaments/{paper.pk}/import/", {"file": upload(data)})
    assert list(PendingUpload.objects.values_list("key", flat=True)) != ["old"]
    assert not PendingUpload.objects.filter(key="old").exists()
