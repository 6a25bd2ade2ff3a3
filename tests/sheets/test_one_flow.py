"""One upload flow for the import pages (issue 28): the workbook import and one game's sheet
share the steps of ``sheets/views.py`` — size check, keep, load, read, preview, apply — and their
templates one base."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# A step of the flow: each is written in one place of the views.
STEPS = ("check_size", "save_upload", "load_upload", "already_recorded", "render")


def _callers(path: Path) -> dict[str, Counter[str]]:
    """For each name called, how many times each function of the module calls it."""
    tree = ast.parse(path.read_text(), str(path))
    calls: dict[str, Counter[str]] = {}
    for func in ast.walk(tree):
        if not isinstance(func, ast.FunctionDef):
            continue
        for node in ast.walk(func):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
                if name:
                    calls.setdefault(name, Counter())[func.name] += 1
    return calls


def test_each_step_of_the_upload_flow_is_written_once() -> None:
    calls = _callers(ROOT / "sheets" / "views.py")
    for step in STEPS:
        assert sum(calls.get(step, Counter()).values()) == 1, (step, calls.get(step))


def test_the_import_pages_share_one_template() -> None:
    folder = ROOT / "templates" / "sheets"
    for page in ("import.html", "game_import.html"):
        first = (folder / page).read_text().splitlines()[0]
        assert first == '{% extends "sheets/import_base.html" %}', page
