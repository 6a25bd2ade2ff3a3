"""The house: every module of ``sheets`` imports, no import cycle between them, and the apps
below (``tournaments``, ``games``) never import ``sheets``."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PARTS = ("xlsx", "boards", "workbooks", "imports")


def _modules(package: str) -> dict[str, Path]:
    base = ROOT / package
    found = {}
    for path in sorted(base.rglob("*.py")):
        if "migrations" in path.parts:
            continue
        rel = path.relative_to(ROOT).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules of ``known`` that ``name`` imports (at any level, TYPE_CHECKING included)."""
    tree = ast.parse(path.read_text(), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")
                up = up[: len(up) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            targets = [base] + [f"{base}.{a.name}" for a in node.names]
        for target in targets:
            if target in known:
                out.add(target)
    out.discard(name)
    return out


def _graph() -> dict[str, set[str]]:
    mods = _modules("sheets")
    known = set(mods)
    return {name: _imports(name, path, known) for name, path in mods.items()}


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
    graph = _graph()
    # Packages' __init__ modules are imported on the way to their modules: leave them out of the
    # edges they get implicitly, keep what they import themselves.
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycle = [*path[path.index(nxt) :], nxt]
                pytest.fail("import cycle: " + " → ".join(cycle))
            if nxt not in state:
                visit(nxt)
        path.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)


def test_the_cycle_finder_finds_one(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("from pkg import b\n")
    (tmp_path / "b.py").write_text("from .a import x\n")
    known = {"pkg.a", "pkg.b"}
    assert _imports("pkg.a", tmp_path / "a.py", known) == {"pkg.b"}
    assert _imports("pkg.b", tmp_path / "b.py", known) == {"pkg.a"}


@pytest.mark.parametrize("package", ["games", "tournaments", "accounts"])
def test_lower_apps_never_import_sheets(package: str) -> None:
    for name, path in _modules(package).items():
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            assert not any(n == "sheets" or n.startswith("sheets.") for n in names), name
