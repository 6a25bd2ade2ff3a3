"""House tests of the acts wing (issue 28): one act skeleton, one place that writes a result
record, no import dodged inside a function, and the engine's adjudication split between its
service (acts) and its page (web)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APPS = ("accounts", "common", "config", "games", "ops", "sheets", "tournaments")
ACTS = ROOT / "tournaments" / "acts"
# The acts built on the skeleton: none writes its record itself.
ON_THE_SKELETON = ("decisions.py", "clocks.py", "claims.py")


def _sources() -> list[Path]:
    return sorted(
        path
        for app in APPS
        for path in (ROOT / app).rglob("*.py")
        if "migrations" not in path.parts
    )


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _called_names(node: ast.AST) -> set[str]:
    """The names called in ``node``: ``f(…)`` and ``x.f(…)`` both give ``f``."""
    names = set()
    for call in ast.walk(node):
        if isinstance(call, ast.Call):
            func = call.func
            if isinstance(func, ast.Name):
                names.add(func.id)
            elif isinstance(func, ast.Attribute):
                names.add(func.attr)
    return names


def test_one_module_writes_the_result_records() -> None:
    """``ResultRecord.objects.create`` (or a ``ResultRecord(…)`` saved) stands in the skeleton's
    :func:`record` only."""
    writers = []
    for path in _sources():
        for node in ast.walk(_tree(path)):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            creates = (
                isinstance(func, ast.Attribute)
                and func.attr in ("create", "bulk_create", "get_or_create")
                and "ResultRecord" in ast.unparse(func.value)
            )
            if creates or (isinstance(func, ast.Name) and func.id == "ResultRecord"):
                writers.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert [w.split(":")[0] for w in writers] == ["tournaments/acts/skeleton.py"], writers


@pytest.mark.parametrize("name", ON_THE_SKELETON)
def test_the_acts_are_built_on_the_skeleton(name: str) -> None:
    """Each public act of the module (a function that returns its record) is made through
    ``acting`` (lock → version check → act → snapshot → record), never by writing the record
    itself."""
    tree = _tree(ACTS / name)
    assert "record" not in _called_names(tree), f"{name} writes a record itself"
    acts = [
        node
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
        and node.returns is not None
        and ast.unparse(node.returns) == "ResultRecord"
    ]
    assert acts, f"{name} has no act"
    helpers = {
        node.name: _called_names(node) for node in tree.body if isinstance(node, ast.FunctionDef)
    }
    for act in acts:
        called = _called_names(act)
        reached = called | {n for h in called & helpers.keys() for n in helpers[h]}
        assert "acting" in reached, f"{name}: {act.name} is not built on the skeleton"


def test_no_tournaments_import_is_put_off_into_a_function() -> None:
    """The acts wing and the bridges under it import at the top: an import inside a function is
    how a circle hides."""
    late = []
    for path in [*sorted(ACTS.glob("*.py")), ROOT / "tournaments" / "authority.py"]:
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.ImportFrom | ast.Import):
                        late.append(f"{path.relative_to(ROOT)}:{inner.lineno}")
    assert late == []


def test_the_engine_service_knows_no_page() -> None:
    """``acts/engine_verdict.py`` is the service: forms, views, requests and words for a page
    live in ``tournaments/web``."""
    source = (ACTS / "engine_verdict.py").read_text(encoding="utf-8")
    imported = {
        node.module
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ImportFrom) and node.module
    }
    assert not {m for m in imported if m.startswith(("tournaments.web", "django.forms"))}
    assert not {"django", "django.http", "django.shortcuts", "django.contrib"} & imported
    assert "def engine_page" not in source and "forms.Form" not in source
