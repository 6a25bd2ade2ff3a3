"""The house tests: how the project's apps are built, checked on their source.

- every module of the apps imports;
- no import circle among the apps' modules (every import counts, at any depth: inside a function
  or under ``TYPE_CHECKING`` too; ``from pkg import name`` is an edge to ``pkg`` as well);
- arrows only go down the floors (``FLOORS``), in Python and in the templates: a lower app never
  imports a higher one, never names its URL namespace, template folder or template-tag library;
  two apps on one floor never name each other;
- the pure cores import no Django, not even through the project modules they use;
- sizes: no module over 400 lines, no function over 80 lines unless the line directly above its
  ``def`` (above its decorators, if any) starts with ``# Long on purpose:`` and says why.

Each check is a function returning what it finds wrong, run on the project by one test and on a
small planted violation by another (``test_the_checks_find_*``), so that none can pass blind.
docs/architecture-tests.md says more.
"""

from __future__ import annotations

import ast
import importlib
import re
import subprocess
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# Floors: an app may import (and its templates may name) the apps of lower floors only.
# ``common`` is the bottom floor every app may use; ``sheets``, ``accounts`` and ``ratings`` stand
# side by side on one floor and never name each other.
FLOORS = {
    "common": 0,
    "games": 1,
    "tournaments": 2,
    "sheets": 3,
    "accounts": 3,
    "ratings": 3,  # it will read the tournaments' results
    "ops": 4,
    "api": 5,  # the open API: reads every app, none imports it
    "config": 6,
}
APPS = tuple(FLOORS)

# The pure cores: plain Python over plain records, no Django.
PURE_CORES = (
    "games.clock",  # the clock arithmetic
    "games.rules",
    "games.engine",
    "tournaments.pairing",
    "tournaments.standings",
    "tournaments.trf",
    "tournaments.core",
    "ratings.core",  # the rating arithmetic (Elo, Glicko-2)
)

# The folders of templates/ that belong to an app (the others, and the files at the top, such as
# base.html, are the site's frame).
TEMPLATE_FOLDERS = {
    "games": "games",
    "tournaments": "tournaments",
    "sheets": "sheets",
    "accounts": "accounts",
    "account": "accounts",  # django-allauth's pages, as the accounts app serves them
    "registration": "accounts",  # django.contrib.auth's pages, as the accounts app serves them
    "ratings": "ratings",
    "ops": "ops",
    "api": "api",
}

MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 80
LONG_ON_PURPOSE = "# Long on purpose:"


# -- The modules and their imports ---------------------------------------------------------------


def modules(root: Path, packages: Iterable[str]) -> dict[str, Path]:
    """The modules of ``packages`` under ``root`` (migrations left out): dotted name → file."""
    found: dict[str, Path] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def imported_names(name: str, path: Path, *, members: bool = True) -> set[str]:
    """Every dotted name ``name`` imports, at any depth (relative imports resolved): for
    ``from a.b import c`` both ``a.b`` and ``a.b.c`` (only ``a.b`` without ``members``)."""
    tree = ast.parse(path.read_text(), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")
                up = up[: len(up) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            out.add(base)
            if members:
                out.update(f"{base}.{alias.name}" for alias in node.names)
    return out


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules of ``known`` that ``name`` imports."""
    return {target for target in imported_names(name, path) if target in known} - {name}


def import_graph(found: dict[str, Path]) -> dict[str, set[str]]:
    known = set(found)
    return {name: _imports(name, path, known) for name, path in found.items()}


def _strong_components(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components of more than one module (iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, nexts = work[-1]
            for nxt in nexts:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def _cycle_through(start: str, members: set[str], graph: dict[str, set[str]]) -> list[str]:
    """A shortest import path from ``start`` back to itself inside ``members``."""
    came: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for nxt in sorted(graph[node] & members):
                if nxt == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came[path[-1]])
                    return [*reversed(path), start]
                if nxt not in came:
                    came[nxt] = node
                    following.append(nxt)
        frontier = following
    raise AssertionError(f"{start} is in no cycle")  # pragma: no cover


def import_circles(graph: dict[str, set[str]]) -> list[str]:
    """Each circle of ``graph`` as a path (``a → b → a``), with every module it holds."""
    out = []
    for component in _strong_components(graph):
        path = " → ".join(_cycle_through(component[0], set(component), graph))
        out.append(f"{path}   (the circle holds {', '.join(component)})")
    return out


# -- Floors ----------------------------------------------------------------------------------------


def _app_of(dotted: str) -> str | None:
    top = dotted.split(".")[0]
    return top if top in FLOORS else None


def _up(source: str, target: str | None) -> bool:
    """Is naming app ``target`` from app ``source`` an arrow up (or across to another app of the
    same floor)?"""
    return target is not None and target != source and FLOORS[target] >= FLOORS[source]


def arrows_up(found: dict[str, Path]) -> list[str]:
    """Every import of a module of an app at the same floor or above its own."""
    out = []
    for name, path in found.items():
        source = _app_of(name)
        for target in sorted(imported_names(name, path, members=False)):
            if source is not None and _up(source, _app_of(target)):
                out.append(f"{name} imports {target}")
    return sorted(set(out))


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


NAMESPACED = re.compile(r"([a-z_]+):[\w-]+")
TEMPLATE_NAME = re.compile(r"([a-z_]+)/[\w/.-]+\.(?:html|txt|xml)")


def named_apps_in_python(found: dict[str, Path]) -> list[str]:
    """Strings in the code (not docstrings) naming a higher app's URL (``"tournaments:list"``)
    or template (``"sheets/import.html"``): an arrow up without an import."""
    out = []
    for name, path in found.items():
        source = _app_of(name)
        if source is None:
            continue
        tree = ast.parse(path.read_text(), str(path))
        skip = _docstrings(tree)
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
                continue
            if id(node) in skip:
                continue
            for pattern, folders in ((NAMESPACED, None), (TEMPLATE_NAME, TEMPLATE_FOLDERS)):
                match = pattern.fullmatch(node.value)
                if match is None:
                    continue
                word = match.group(1)
                target = folders.get(word) if folders is not None else _app_of(word)
                if _up(source, target):
                    out.append(f"{name}:{node.lineno} names {node.value!r}")
    return out


def template_libraries(root: Path) -> dict[str, str]:
    """Template-tag library name → the app that defines it."""
    out = {}
    for app in APPS:
        for path in (root / app).glob("templatetags/*.py"):
            if path.stem != "__init__":
                out[path.stem] = app
    return out


URL_TAG = re.compile(r"""\{%\s*url\s+['"]([a-z_]+):""")
TEMPLATE_TAG = re.compile(r"""\{%\s*(?:include|extends)\s+['"]([a-z_]+)/""")
LOAD_TAG = re.compile(r"\{%\s*load\s+(.*?)\s*%\}")


def template_arrows_up(root: Path) -> list[str]:
    """Templates of an app's folder naming a higher app: its URL namespace (``{% url
    'tournaments:…' %}``), its template folder (``{% include "sheets/…" %}``) or one of its
    template-tag libraries (``{% load results_tags %}``)."""
    libraries = template_libraries(root)
    out = []
    for folder, source in TEMPLATE_FOLDERS.items():
        for path in sorted((root / "templates" / folder).rglob("*")):
            if not path.is_file():
                continue
            text = path.read_text()
            rel = path.relative_to(root)
            for match in URL_TAG.finditer(text):
                if _up(source, _app_of(match.group(1))):
                    out.append(f"{rel} names the URL namespace {match.group(1)!r}")
            for match in TEMPLATE_TAG.finditer(text):
                if _up(source, TEMPLATE_FOLDERS.get(match.group(1))):
                    out.append(f"{rel} names the templates of {match.group(1)}/")
            for match in LOAD_TAG.finditer(text):
                words = match.group(1).split()
                names = words[words.index("from") + 1 :] if "from" in words else words
                for library in names:
                    if _up(source, libraries.get(library)):
                        out.append(f"{rel} loads {library} ({libraries[library]})")
    return out


# -- Pure cores ------------------------------------------------------------------------------------


def _in_core(name: str, cores: Iterable[str]) -> bool:
    return any(name == core or name.startswith(core + ".") for core in cores)


def _parents(name: str) -> Iterator[str]:
    parts = name.split(".")
    for n in range(1, len(parts)):
        yield ".".join(parts[:n])


def django_in_cores(found: dict[str, Path], cores: Iterable[str]) -> list[str]:
    """Each module that a pure core reaches (through the project modules it imports, and their
    packages) and that imports Django, with the path that reaches it."""
    cores = tuple(cores)
    graph = import_graph(found)
    came: dict[str, str | None] = {name: None for name in found if _in_core(name, cores)}
    todo = list(came)
    out = []
    while todo:
        name = todo.pop()
        names = imported_names(name, found[name])
        if any(n == "django" or n.startswith("django.") for n in names):
            path = [name]
            while came[path[-1]] is not None:
                path.append(came[path[-1]])  # type: ignore[arg-type]
            out.append(" ← ".join(path) + " imports Django")
        for nxt in sorted(graph[name] | {p for p in _parents(name) if p in found}):
            if nxt not in came:
                came[nxt] = name
                todo.append(nxt)
    return sorted(out)


# -- Sizes -----------------------------------------------------------------------------------------


def _said_why(lines: list[str], node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Does the comment block directly above the ``def`` (or its decorators) say why, in a line
    starting with ``# Long on purpose:``?"""
    above = min([node.lineno, *(d.lineno for d in node.decorator_list)]) - 2
    while above >= 0 and lines[above].strip().startswith("#"):
        if lines[above].strip().startswith(LONG_ON_PURPOSE):
            return True
        above -= 1
    return False


def oversized(found: dict[str, Path], root: Path) -> list[str]:
    """Modules over ``MAX_MODULE_LINES`` lines; functions over ``MAX_FUNCTION_LINES`` lines (the
    ``def`` to its last line, docstring included) without a ``# Long on purpose:`` line above."""
    out = []
    for path in found.values():
        text = path.read_text()
        lines = text.splitlines()
        rel = path.relative_to(root)
        if len(lines) > MAX_MODULE_LINES:
            out.append(f"{rel}: {len(lines)} lines")
        for node in ast.walk(ast.parse(text, str(path))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                size = node.end_lineno - node.lineno + 1  # type: ignore[operator]
                if size > MAX_FUNCTION_LINES and not _said_why(lines, node):
                    out.append(f"{rel}:{node.lineno} {node.name}: {size} lines")
    return sorted(out)


# -- The project -----------------------------------------------------------------------------------

MODULES = modules(ROOT, APPS)


def _of_app(app: str) -> dict[str, Path]:
    return {name: path for name, path in MODULES.items() if _app_of(name) == app}


def _report(found: list[str]) -> str:
    return "\n  " + "\n  ".join(found)


# The production settings read production's environment (a secret key, the host names): they are
# imported in fresh processes, from a made-up environment, by tests/security/test_production.py
# and tests/ops/test_health.py.
IMPORTED_ELSEWHERE = {"config.settings.production", "config.settings.lan"}


@pytest.mark.parametrize("name", sorted(set(MODULES) - IMPORTED_ELSEWHERE))
def test_every_module_imports(name: str) -> None:
    importlib.import_module(name)


@pytest.mark.parametrize("app", APPS)
def test_no_import_circle(app: str) -> None:
    circles = [c for c in import_circles(import_graph(MODULES)) if f" {app}." in f" {c}"]
    assert not circles, "import circles:" + _report(circles)


@pytest.mark.parametrize("app", APPS)
def test_arrows_only_go_down(app: str) -> None:
    found = arrows_up(_of_app(app)) + named_apps_in_python(_of_app(app))
    assert not found, "arrows up:" + _report(found)


def test_templates_name_no_higher_app() -> None:
    found = template_arrows_up(ROOT)
    assert not found, "arrows up in the templates:" + _report(found)


def test_pure_cores_import_no_django() -> None:
    assert all(core in MODULES for core in PURE_CORES)
    found = django_in_cores(MODULES, PURE_CORES)
    assert not found, _report(found)


def test_pure_cores_load_no_django() -> None:
    """At run time too: a fresh interpreter importing every module of the cores loads no Django."""
    names = sorted(name for name in MODULES if _in_core(name, PURE_CORES))
    names = [name for name in names if not name.endswith("__main__")]
    code = (
        f"import importlib, sys\nfor n in {names!r}: importlib.import_module(n)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'django'))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("app", APPS)
def test_sizes(app: str) -> None:
    found = oversized(_of_app(app), ROOT)
    assert not found, "too long (cut it, or say why above the def):" + _report(found)


# -- The checks find what they look for ------------------------------------------------------------


def _plant(root: Path, files: dict[str, str]) -> dict[str, Path]:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return modules(root, {rel.split("/")[0] for rel in files if rel.endswith(".py")})


def test_the_checks_find_a_circle(tmp_path: Path) -> None:
    found = _plant(
        tmp_path,
        {
            "games/__init__.py": "",
            "games/a.py": "def f():\n    from games import b\n",
            "games/b.py": "from .c import x\n",
            "games/c.py": "import typing\nif typing.TYPE_CHECKING:\n    import games.a\n",
            "games/d.py": "from games import a\n",
        },
    )
    assert import_circles(import_graph(found)) == [
        "games.a → games.b → games.c → games.a   (the circle holds games.a, games.b, games.c)"
    ]


def test_the_checks_find_a_package_importing_back_its_module(tmp_path: Path) -> None:
    found = _plant(
        tmp_path,
        {
            "games/rules/__init__.py": "from .base import X\n",
            "games/rules/base.py": "from . import Y\n",
        },
    )
    assert import_circles(import_graph(found))


def test_the_checks_find_an_arrow_up(tmp_path: Path) -> None:
    found = _plant(
        tmp_path,
        {
            "games/x.py": "from tournaments.models import T\nimport common.logs\n",
            "sheets/y.py": "def f():\n    import accounts.models\n",
            "common/z.py": "from games import models\n",
            "ops/w.py": "import sheets.forms, accounts, games, common\n",
            "games/v.py": 'U = "tournaments:list"\n"""Not a docstring, a string."""\n',
            "games/u.py": '"""Docstrings may say "tournaments:list"."""\nT = "sheets/a.html"\n',
        },
    )
    assert arrows_up(found) == [
        "common.z imports games",
        "games.x imports tournaments.models",
        "sheets.y imports accounts.models",
    ]
    assert sorted(named_apps_in_python(found)) == [
        "games.u:2 names 'sheets/a.html'",
        "games.v:1 names 'tournaments:list'",
    ]


def test_the_checks_find_a_template_naming_a_higher_app(tmp_path: Path) -> None:
    _plant(
        tmp_path,
        {
            "tournaments/templatetags/results_tags.py": "",
            "games/templatetags/games_tags.py": "",
            "templates/games/a.html": "{% url 'tournaments:list' %}{% url 'games:new' %}",
            "templates/games/b.html": '{% include "sheets/_x.html" %}{% extends "base.html" %}',
            "templates/games/c.html": "{% load i18n results_tags games_tags %}",
            "templates/games/d.html": "{% load thing from results_tags %}",
            "templates/tournaments/e.html": "{% load games_tags %}{% include 'games/_f.html' %}",
            "templates/registration/f.html": "{% url 'sheets:game' 1 %}",
        },
    )
    assert template_arrows_up(tmp_path) == [
        "templates/games/a.html names the URL namespace 'tournaments'",
        "templates/games/b.html names the templates of sheets/",
        "templates/games/c.html loads results_tags (tournaments)",
        "templates/games/d.html loads results_tags (tournaments)",
        "templates/registration/f.html names the URL namespace 'sheets'",
    ]


def test_the_checks_find_django_in_a_core(tmp_path: Path) -> None:
    found = _plant(
        tmp_path,
        {
            "games/__init__.py": "",
            "games/rules/__init__.py": "from .base import X\n",
            "games/rules/base.py": "from games import endings\n",
            "games/endings.py": "def f():\n    from django.utils import timezone\n",
            "games/models.py": "from django.db import models\n",
        },
    )
    assert django_in_cores(found, ["games.rules"]) == [
        "games.endings ← games.rules.base imports Django"
    ]


def test_the_checks_find_what_is_too_long(tmp_path: Path) -> None:
    body = "    x = 1\n" * 80
    found = _plant(
        tmp_path,
        {
            "games/long.py": f"def short():\n{body[:-10]}\n\ndef long():\n{body}\n",
            "games/said.py": f"# Long on purpose: a hot loop.\n@decorated\ndef long():\n{body}",
            "games/told.py": f"# Long on purpose: measured,\n# see bench/.\ndef long():\n{body}",
            "games/far.py": f"# Long on purpose: but not directly above.\n\ndef long():\n{body}",
            "games/big.py": "x = 1\n" * 401,
        },
    )
    assert oversized(found, tmp_path) == [
        "games/big.py: 401 lines",
        "games/far.py:3 long: 81 lines",
        "games/long.py:83 long: 81 lines",
    ]
