"""The export_tournament and import_tournament management commands."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command

from sheets.management.commands import export_tournament, import_tournament
from tests.sheets.helpers import edit, new_tournament
from tournaments.models import Pairing


@pytest.fixture
def paper(db: None, arbiter: User):
    return new_tournament(arbiter, players=4, format="swiss", rounds=3, online=False)


def exported(tournament, tmp_path) -> Path:  # type: ignore[no-untyped-def]
    """The tournament's workbook, exported in English by the command."""
    source = tmp_path / "cup.xlsx"
    call_command(
        export_tournament.Command(),
        str(tournament.pk),
        str(source),
        "--language",
        "en",
        stderr=io.StringIO(),
        stdout=io.StringIO(),
    )
    return source


def exported_with_result(tournament, tmp_path) -> Path:  # type: ignore[no-untyped-def]
    """The exported workbook with a result written in by hand: 0-1 on round 1's board 1."""
    filled = tmp_path / "filled.xlsx"
    source = exported(tournament, tmp_path)
    filled.write_bytes(edit(source.read_bytes(), {("Round 1", "C4"): "0-1"}))
    return filled


def apply_as_arbiter(tournament, workbook: Path, *options: str) -> None:  # type: ignore[no-untyped-def]
    call_command(
        import_tournament.Command(),
        str(tournament.pk),
        str(workbook),
        "--apply",
        "--user",
        "arbiter",
        *options,
        stdout=io.StringIO(),
    )


def test_export_with_progress(paper, tmp_path) -> None:
    path = tmp_path / "cup.xlsx"
    err = io.StringIO()
    call_command(
        export_tournament.Command(),
        str(paper.pk),
        str(path),
        "--language",
        "en",
        stderr=err,
        stdout=io.StringIO(),
    )
    assert path.read_bytes().startswith(b"PK")
    # players, round 1, standings, the arbiter's log
    assert "Sheets [" in err.getvalue() and "4/4" in err.getvalue()


def test_import_previews_then_applies(paper, arbiter: User, tmp_path) -> None:
    filled = exported_with_result(paper, tmp_path)
    out = io.StringIO()
    call_command(
        import_tournament.Command(),
        str(paper.pk),
        str(filled),
        "--language",
        "en",
        stdout=out,
        stderr=io.StringIO(),
    )
    assert "Result, Round 1, board 1, " in out.getvalue()
    assert ": … → 0-1" in out.getvalue()
    assert Pairing.objects.get(round__tournament=paper, board=1).result == ""
    with pytest.raises(CommandError, match="--user"):
        call_command(
            import_tournament.Command(), str(paper.pk), str(filled), "--apply", "--language", "en"
        )
    apply_as_arbiter(paper, filled)
    assert Pairing.objects.get(round__tournament=paper, board=1).result == "0-1"


def test_import_with_problems_fails(paper, tmp_path) -> None:
    source = exported(paper, tmp_path)
    bad = tmp_path / "bad.xlsx"
    bad.write_bytes(edit(source.read_bytes(), {("Round 1", "C4"): "2-0"}))
    err = io.StringIO()
    with pytest.raises(CommandError, match="1 problem"):
        call_command(
            import_tournament.Command(),
            str(paper.pk),
            str(bad),
            "--language",
            "en",
            stderr=err,
            stdout=io.StringIO(),
        )
    assert "Round 1!C4" in err.getvalue()
    (tmp_path / "notes.csv").write_text("a,b\n")
    with pytest.raises(CommandError, match="not an Excel workbook"):
        call_command(
            import_tournament.Command(),
            str(paper.pk),
            str(tmp_path / "notes.csv"),
            "--language",
            "en",
        )


def test_an_account_switched_off_imports_nothing(paper, arbiter: User, tmp_path) -> None:
    filled = exported_with_result(paper, tmp_path)
    User.objects.filter(pk=arbiter.pk).update(is_active=False)
    with pytest.raises(CommandError, match=r"There is no active user arbiter\."):
        apply_as_arbiter(paper, filled, "--language", "en")
    assert Pairing.objects.get(round__tournament=paper, board=1).result == ""
    with pytest.raises(CommandError, match=r"There is no tournament 999999\."):
        call_command(import_tournament.Command(), "999999", str(filled), "--language", "en")
