"""The house of ``tournaments.pairing``: no import circle (imports inside functions and under
TYPE_CHECKING counted, a submodule importing from the package's ``__init__`` counted as an edge
to the package), no lazy import of a pairing module, no mixin in the Dutch system (the steps get
the round's state explicitly), and no function over 80 lines nor module over 400 (unless a
``# long: <why>`` comment right above the function says why it must stay long)."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = "tournaments.pairing"
MAX_FUNCTION = 80
MAX_MODULE = 400
DUTCH = ("dutch", "dutch_brackets", "dutch_remainder", "natural_pairing", "reduction")


def _modules() -> dict[str, Path]:
    base = ROOT / Path(*PACKAGE.split("."))
    found = {}
    for path in sorted(base.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


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


def _graph() -> dict[str, set[str]]:
    mods = _modules()
    graph = {}
    for name, path in mods.items():
        targets = {t for _, names in _import_nodes(name, path) for t in names if t in mods}
        targets.discard(name)
        graph[name] = targets
    return graph


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_circle_in_the_pairing_package() -> None:
    assert _circles(_graph()) == []


def test_no_submodule_imports_from_the_package_init() -> None:
    """What the package's ``__init__`` re-exports is imported from its defining submodule."""
    graph = _graph()
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


def _justified(lines: list[str], node: ast.AST) -> bool:
    first = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
    above = lines[first - 2].strip() if first >= 2 else ""
    return above.startswith("# long:")


def test_no_long_function_or_module() -> None:
    long = []
    for name, path in _modules().items():
        text = path.read_text()
        lines = text.splitlines()
        if len(lines) > MAX_MODULE:
            long.append(f"{name}: {len(lines)} lines")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                size = node.end_lineno - node.lineno + 1
                if size > MAX_FUNCTION and not _justified(lines, node):
                    long.append(f"{name}.{node.name}: {size} lines")
    assert long == []
