"""The engine is pure Python: nothing under games/engine imports Django (or the site's apps)."""

from __future__ import annotations

import ast
from pathlib import Path

import games.engine

PACKAGE = Path(games.engine.__file__).resolve().parent
FORBIDDEN = (
    "django",
    "tournaments",
    "sheets",
    "games.models",
    "games.services",
    "games.player_services",
    "games.recording",
    "games.views",
)


def imported_modules(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    return names


def test_no_module_of_the_engine_imports_django_or_the_apps():
    files = sorted(PACKAGE.glob("*.py"))
    assert len(files) >= 5
    for path in files:
        for name in imported_modules(path):
            assert not any(name == f or name.startswith(f + ".") for f in FORBIDDEN), (
                f"{path.name} imports {name}"
            )
