"""Exports follow the user's language (a parameter: any of the site's languages); the
command takes ``--language``; the preview writes results in the club's notation (``½-½``)."""

from __future__ import annotations

import io

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client
from django.utils import translation
from python_calamine import CalamineWorkbook

from sheets import layout as L
from sheets import services
from sheets.management.commands import export_tournament
from tests.sheets.helpers import edit, new_tournament, workbook

CODES = [code for code, _name in settings.LANGUAGES]


@pytest.fixture
def paper(db: None, arbiter: User):
    return new_tournament(arbiter, players=4, format="swiss", rounds=3, online=False)


def names(data: bytes) -> list[str]:
    return CalamineWorkbook.from_filelike(io.BytesIO(data)).sheet_names


def expected(code: str) -> str:
    with translation.override(code):
        return L.t(L.PLAYERS_SHEET)


@pytest.mark.parametrize("code", CODES)
def test_export_in_each_language(paper, code: str) -> None:
    with translation.override("ru" if code != "ru" else "en"):  # not the active language
        data = services.export_tournament(paper, language=code)
    assert names(data)[0] == expected(code)


def test_an_unknown_language_is_refused(paper) -> None:
    with pytest.raises(ValueError):
        services.export_tournament(paper, language="xx")


@pytest.mark.parametrize("code", CODES)
def test_the_command_takes_each_language(paper, tmp_path, code: str) -> None:
    path = tmp_path / "cup.xlsx"
    out = dict(stderr=io.StringIO(), stdout=io.StringIO())
    call_command(export_tournament.Command(), str(paper.pk), str(path), "--language", code, **out)
    assert names(path.read_bytes())[0] == expected(code)


def test_the_command_refuses_another_language(paper, tmp_path) -> None:
    with pytest.raises(CommandError):
        call_command(
            export_tournament.Command(),
            str(paper.pk),
            str(tmp_path / "x.xlsx"),
            "--language",
            "xx",
            stderr=io.StringIO(),
            stdout=io.StringIO(),
        )


def test_downloads_follow_the_visitors_language(paper, client: Client) -> None:
    url = f"/sheets/tournaments/{paper.pk}.xlsx"
    assert names(client.get(url, HTTP_ACCEPT_LANGUAGE="en").content)[0] == "Players"
    assert names(client.get(url, HTTP_ACCEPT_LANGUAGE="ru").content)[0] == "Игроки"
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    assert names(client.get(url).content)[0] == "Players"


def test_the_preview_writes_half_points_as_on_the_sheet(
    paper, en: str, arbiter: User, client: Client
) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    client.force_login(arbiter)
    data = edit(workbook(paper), {("Round 1", "C4"): "½-½"})
    page = client.post(
        f"/sheets/tournaments/{paper.pk}/import/",
        {"file": SimpleUploadedFile("cup.xlsx", data)},
        HTTP_ACCEPT_LANGUAGE="en",
    ).content.decode()
    assert "Round 1, board 1: … → ½-½" in page
    assert "1/2" not in page
