"""A real client: exported sheets through LibreOffice Calc (headless) and poppler's pdftotext.

Board sheets and a tournament workbook are converted to PDF: every move of a long game is in the
PDF's text and each board sheet is one page; a workbook re-saved by LibreOffice (xlsx → xlsx)
imports back with nothing to change. LibreOffice and poppler-utils are installed from Debian
when missing (``scripts/ensure_office.sh``, as root); without them these tests fail in CI and
are skipped elsewhere. Marked ``office``: slow, run once in CI (not again on PostgreSQL).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from django.contrib.auth.models import User

from sheets import services
from sheets.boards.write import BoardData, board_sheet
from sheets.xlsx.writer import write_workbook
from tests.sheets.helpers import current_round, new_tournament, play_round, random_moves

pytestmark = pytest.mark.office

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 180


def _is_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes", "on"}


def _missing() -> bool:
    return not (shutil.which("soffice") and shutil.which("pdftotext"))


Convert = Callable[[Path, str], Path]


@pytest.fixture(scope="session")
def office(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Convert]:
    """``convert(file, "pdf"|"xlsx")``: headless LibreOffice with a private profile."""
    if _missing() and os.geteuid() == 0:
        subprocess.run([str(ROOT / "scripts" / "ensure_office.sh")], check=False)
    if _missing():
        message = (
            "LibreOffice (soffice) or pdftotext is missing: run scripts/ensure_office.sh as root "
            "or `sudo apt-get install -y libreoffice-calc poppler-utils`."
        )
        if _is_ci():
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    profile = tmp_path_factory.mktemp("lo-profile")

    def convert(source: Path, to: str) -> Path:
        out = source.parent / f"out-{to}"
        out.mkdir(exist_ok=True)
        target = {"pdf": "pdf", "xlsx": 'xlsx:"Calc MS Excel 2007 XML"'}[to]
        subprocess.run(
            [
                "soffice",
                f"-env:UserInstallation=file://{profile}",
                "--headless",
                "--norestore",
                "--convert-to",
                target.replace('"', ""),
                "--outdir",
                str(out),
                str(source),
            ],
            check=True,
            capture_output=True,
            timeout=TIMEOUT,
        )
        result = out / f"{source.stem}.{to}"
        assert result.exists(), f"LibreOffice wrote no {to}"
        return result

    yield convert


def pages(pdf: Path) -> list[str]:
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True, timeout=60
    ).stdout.decode()
    return [page for page in text.split("\f") if page.strip()]


def _long_games() -> list[tuple[str, BoardData]]:
    from games.rules import get_rules

    found = []
    for kind, options, seed in (("uttt", {}, 7), ("sos", {"rows": 8, "cols": 8}, 3)):
        rules = get_rules(kind, **options)
        moves = random_moves(kind, dict(rules.options), seed=seed)
        seats = ["Алиса Длинная-Фамилия", "Борис"]
        found.append((kind, BoardData(kind, dict(rules.options), seats, moves=moves)))
    return found


def test_every_move_of_a_long_game_is_printed_on_one_page(
    office: Convert, tmp_path: Path, en: str
) -> None:
    games = _long_games()
    path = tmp_path / "boards.xlsx"
    with path.open("wb") as out:
        write_workbook([board_sheet(data, f"G{n}") for n, (_k, data) in enumerate(games)], out)
    printed = pages(office(path, "pdf"))
    assert len(printed) == len(games)  # each board sheet one page
    for page, (kind, data) in zip(printed, games, strict=True):
        assert "Players:" in page and "Restrictions:" in page
        assert "Move 1" not in page
        assert len(data.moves) > 40
        for n, move in enumerate(data.moves, 1):
            seat = r"[XO]" if kind == "uttt" else r"\d"
            assert re.search(rf"(?<!\d){n}\s+{seat}\s+{re.escape(move)}(?![\w=])", page), (n, move)
        assert "all_draw_line" not in page and "mode=" not in page  # the rules in words


def test_a_tournament_workbook_prints_each_board_sheet_on_one_page(
    office: Convert, tmp_path: Path, ru: str, arbiter: User
) -> None:
    t = new_tournament(arbiter, players=4, format="round_robin")
    play_round(current_round(t), arbiter, seed=2)
    path = tmp_path / "cup.xlsx"
    path.write_bytes(services.export_tournament(t))
    printed = pages(office(path, "pdf"))
    boards = [p for p in printed if "Правила хода:" in p]
    assert len(boards) == 2
    for page in boards:
        assert "Игроки:" in page and "Ограничения:" in page and "Победитель:" in page
    standings = next(p for p in printed if "Турнирная таблица" in p)
    assert "Место" in standings


def test_a_workbook_saved_by_libreoffice_imports_with_nothing_to_change(
    office: Convert, tmp_path: Path, en: str, arbiter: User
) -> None:
    t = new_tournament(arbiter, players=4, format="round_robin")
    play_round(current_round(t), arbiter, seed=3)
    source = tmp_path / "cup.xlsx"
    source.write_bytes(services.export_tournament(t))
    saved = office(source, "xlsx")
    plan = services.read_workbook(saved.read_bytes(), tournament=t)
    assert plan.errors == [] and plan.warnings == [] and plan.empty
    assert plan.sheets_read >= 4


@pytest.mark.parametrize("language", ["ru", "en"])
def test_the_rules_line_and_the_seat_header_print_whole(
    office: Convert, tmp_path: Path, language: str
) -> None:
    """``Правила:`` and its rules in words on one printed line, and each score-sheet block's
    ``Игрок`` header whole (a narrow column broke it into ``Игро``/``к`` and cut the rules)."""
    from django.utils import translation

    from sheets import layout as L
    from sheets.boards.ruletext import rules_words

    path = tmp_path / "boards.xlsx"
    with translation.override(language):
        games = _long_games()
        specs = [
            board_sheet(replace(data, tournament="Кубок клуба", round=1, board=2, game=12), kind)
            for kind, data in games
        ]
        rules = [rules_words(data.kind, data.options) for _kind, data in games]
        label, seat = L.t(L.RULES), L.t(L.SEAT)
    with path.open("wb") as out:
        write_workbook(specs, out)
    printed = pages(office(path, "pdf"))
    assert len(printed) == len(games)
    for page, words in zip(printed, rules, strict=True):
        line = next(x for x in page.splitlines() if label in x)
        assert " ".join(line.split()).endswith(f"{label} {words}"), line
        header = next(x for x in page.splitlines() if seat in x)
        assert header.split().count(seat) == 3, header  # three blocks of moves, each whole


def test_result_cells_stay_text_through_libreoffice(
    office: Convert, tmp_path: Path, en: str, arbiter: User
) -> None:
    """Calc keeps the result cells' text format, so a ``1:0`` typed into one stays ``1:0``
    (in a number cell Calc would make it the time 01:00:00)."""
    import io

    from openpyxl import load_workbook

    t = new_tournament(arbiter, players=4, format="swiss", rounds=3, online=False)
    source = tmp_path / "cup.xlsx"
    source.write_bytes(services.export_tournament(t))
    saved = office(source, "xlsx")
    ws = load_workbook(io.BytesIO(saved.read_bytes()))["Round 1"]
    assert [ws[f"C{r}"].number_format for r in (4, 5)] == ["@", "@"]
