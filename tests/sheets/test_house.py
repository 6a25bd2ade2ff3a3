"""The house of ``sheets``: every module imports, its parts are packages, no import circle between
its modules, and the apps below (``tournaments``, ``games``; ``accounts`` beside it) never import
``sheets``. The helpers are the project's house tests' (``tests/test_architecture.py``)."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from tests.test_architecture import ROOT, import_circles, import_graph, imported_names, modules

PARTS = ("xlsx", "boards", "workbooks", "imports")


def _modules(package: str) -> dict[str, Path]:
    return modules(ROOT, [package])


def test_every_module_imports() -> None:
    for name in _modules("sheets"):
        importlib.import_module(name)


def test_the_parts_are_packages() -> None:
    mods = _modules("sheets")
    for part in PARTS:
        assert f"sheets.{part}" in mods
        assert any(m.startswith(f"sheets.{part}.") for m in mods)
    flat = [m for m in mods if m.count(".") == 1 and m.split(".")[1] not in PARTS]
    assert len(flat) <= 10, flat  # the app's own modules; the rest lives in its parts


def test_no_import_cycle() -> None:
    circles = import_circles(import_graph(_modules("sheets")))
    assert not circles, circles


@pytest.mark.parametrize("package", ["games", "tournaments", "accounts"])
def test_lower_apps_never_import_sheets(package: str) -> None:
    for name, path in _modules(package).items():
        names = imported_names(name, path, members=False)
        assert not any(n == "sheets" or n.startswith("sheets.") for n in names), name
