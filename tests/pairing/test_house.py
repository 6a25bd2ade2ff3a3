"""The house of ``tournaments.pairing``: no import circle (imports inside functions and under
TYPE_CHECKING counted, a submodule importing from the package's ``__init__`` counted as an edge
to the package), no lazy import of a pairing module, no mixin in the Dutch system (the steps get
the round's state explicitly). The sizes of its modules and functions are the house's rule
(``tests/test_architecture.py``, ``# Long on purpose:``)."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

from tests.test_architecture import ROOT, import_circles, import_graph, modules

PACKAGE = "tournaments.pairing"
DUTCH = ("dutch", "dutch_brackets", "dutch_remainder", "natural_pairing", "reduction")


def _modules() -> dict[str, Path]:
    return modules(ROOT, [PACKAGE.replace(".", "/")])


def _import_nodes(name: str, path: Path) -> list[tuple[ast.stmt, list[str]]]:
    """Every import statement of module ``name`` with the modules it names (``from x import
    y`` names ``x`` and ``x.y``), relative imports resolved."""
    tree = ast.parse(path.read_text(), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: list[tuple[ast.stmt, list[str]]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.append((node, [a.name for a in node.names]))
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")
                up = up[: len(up) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            out.append((node, [base] + [f"{base}.{a.name}" for a in node.names]))
    return out


def test_no_import_circle_in_the_pairing_package() -> None:
    """Stricter than the house test's circle check only in what it reads: the same graph."""
    assert import_circles(import_graph(_modules())) == []


def test_no_submodule_imports_from_the_package_init() -> None:
    """What the package's ``__init__`` re-exports is imported from its defining submodule."""
    graph = import_graph(_modules())
    importers = sorted(name for name, targets in graph.items() if PACKAGE in targets)
    assert importers == []


def test_pairing_modules_are_imported_at_module_level() -> None:
    """No import of a pairing module inside a function or under ``if TYPE_CHECKING`` (the
    lazy imports that dodged a circle)."""
    mods = _modules()
    lazy = []
    for name, path in mods.items():
        tree = ast.parse(path.read_text(), str(path))
        top = {node.lineno for node in tree.body}
        for node, names in _import_nodes(name, path):
            if node.lineno not in top and any(t in mods for t in names):
                lazy.append(f"{name}:{node.lineno}")
    assert lazy == []


def test_no_mixin_in_the_dutch_system() -> None:
    """No class of the Dutch modules derives from a class of the package (the rounds' state is
    an explicit object, not a mixin over a duck-typed class)."""
    mods = _modules()
    ours = {
        node.name
        for path in mods.values()
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.ClassDef)
    }
    derived = []
    for short in DUTCH:
        if f"{PACKAGE}.{short}" not in mods:
            continue
        tree = ast.parse(mods[f"{PACKAGE}.{short}"].read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                bases = {b.id for b in node.bases if isinstance(b, ast.Name)}
                if bases & ours:
                    derived.append(f"{short}.{node.name}")
    assert derived == []


def test_the_bracket_steps_get_the_state_explicitly() -> None:
    """Every public function of the bracket modules takes the round's state (or the pairing
    in progress) as an annotated parameter."""
    from tournaments.pairing import dutch_brackets, dutch_remainder

    steps = []
    missing = []
    for module in (dutch_brackets, dutch_remainder):
        for name, fn in inspect.getmembers(module, inspect.isfunction):
            if name.startswith("_") or fn.__module__ != module.__name__:
                continue
            steps.append(name)
            annotations = set(inspect.get_annotations(fn).values())
            if not annotations & {"DutchRound", "RoundPairing", "Bracket"}:
                missing.append(f"{module.__name__}.{name}")
    assert missing == []
    assert {"pair_brackets", "pair_remainder", "choose_paired_mdps", "transpose"} <= set(steps)
