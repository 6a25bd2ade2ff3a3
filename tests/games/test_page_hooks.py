"""The game page's extension point (games.hooks) and the layering it keeps: nothing under games/
knows tournaments or sheets, nothing under tournaments/ knows sheets — in Python and templates."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from django.template import Context, Template
from django.test import RequestFactory

from games.hooks import ASIDE, HEAD, Link, PageHooks, Panel, game_page

ROOT = Path(__file__).resolve().parents[2]

# Words the games app must not say in code (identifiers, imports, strings it passes on).
GAMES_FORBIDDEN = {"tournament", "tournaments", "sheets", "pairing", "pairings", "round"}
GAMES_TAGS = ("arbiter_tags", "results_tags")


def _python_files(folder: str) -> list[Path]:
    return [p for p in (ROOT / folder).rglob("*.py") if "migrations" not in p.parts]


def _template_files(folder: str) -> list[Path]:
    return sorted((ROOT / "templates" / folder).rglob("*.html"))


def _code_words(path: Path) -> set[str]:
    """Every identifier part, imported module part and string constant word of a Python file
    (its docstrings and comments left out: prose may name the apps above)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            value = body[0].value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                docstrings.add(id(value))
    # Python's own ``round()`` is arithmetic, not a tournament's round.
    builtin_calls = {
        id(node.func)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "round"
    }
    words: set[str] = set()

    def add(name: str) -> None:
        words.update(part for part in re.split(r"[^a-z]+", name.lower()) if part)

    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            if id(node) not in builtin_calls:
                add(node.id)
        elif isinstance(node, ast.Attribute):
            add(node.attr)
        elif isinstance(node, ast.ImportFrom):
            add(node.module or "")
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.keyword) and node.arg:
            add(node.arg)
        elif isinstance(node, ast.FunctionDef | ast.ClassDef | ast.AsyncFunctionDef):
            add(node.name)
        elif isinstance(node, ast.arg):
            add(node.arg)
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
        ):
            # Template names and URL names: ``"tournaments/_records.html"``, ``"sheets:game"``.
            for match in re.finditer(r"([a-z_]+)[:/]", node.value):
                add(match.group(1))
    return words


def _template_text(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"{%\s*comment\s*%}.*?{%\s*endcomment\s*%}", "", text, flags=re.S)
    return re.sub(r"{#.*?#}", "", text, flags=re.S)


def test_the_games_python_says_nothing_of_the_apps_above() -> None:
    offenders = {}
    for path in _python_files("games"):
        found = _code_words(path) & GAMES_FORBIDDEN
        if found:
            offenders[str(path.relative_to(ROOT))] = sorted(found)
    assert offenders == {}


def test_the_games_templates_say_nothing_of_the_apps_above() -> None:
    pattern = re.compile(
        r"\b(" + "|".join(sorted(GAMES_FORBIDDEN | set(GAMES_TAGS))) + r")\b", re.IGNORECASE
    )
    offenders = {}
    for path in _template_files("games"):
        found = sorted({m.group(1).lower() for m in pattern.finditer(_template_text(path))})
        if found:
            offenders[str(path.relative_to(ROOT))] = found
    assert offenders == {}


def test_the_tournaments_app_says_nothing_of_sheets() -> None:
    offenders = [
        str(path.relative_to(ROOT))
        for path in _python_files("tournaments")
        if "sheets" in _code_words(path)
    ]
    offenders += [
        str(path.relative_to(ROOT))
        for path in _template_files("tournaments")
        if re.search(r"\bsheets\b", _template_text(path))
    ]
    assert offenders == []


def test_the_check_finds_what_it_looks_for(tmp_path: Path) -> None:
    """The checks above would see an import, a URL name and a template name (not prose)."""
    sample = tmp_path / "sample.py"
    sample.write_text(
        '"""A docstring may say tournaments."""\n'
        "# so may a comment: sheets\n"
        "from tournaments.models import Pairing\n"
        "url = reverse('sheets:game')\n"
        "name = 'tournaments/_records.html'\n",
        encoding="utf-8",
    )
    assert {"tournaments", "pairing", "sheets"} <= _code_words(sample)
    prose = tmp_path / "prose.py"
    prose.write_text('"""About tournaments and sheets."""\n# a round\nx = 1\n', encoding="utf-8")
    assert not _code_words(prose) & GAMES_FORBIDDEN


# -- the registry -------------------------------------------------------------------------------


def test_items_come_by_slot_in_order_and_a_uid_registers_once() -> None:
    hooks = PageHooks()
    hooks.register(lambda x: [Link("late", "/l", order=50), Panel("p.html", order=5)], uid="a")
    hooks.register(lambda x: [Link("head", "/h", slot=HEAD), Link("early", "/e", order=10)])
    hooks.register(lambda x: None, uid="nothing")
    page = hooks.collect(object())
    assert [getattr(i, "label", getattr(i, "template", "")) for i in page.aside] == [
        "p.html",
        "early",
        "late",
    ]
    assert [i.label for i in page.head] == ["head"]
    assert page.status == []
    hooks.register(lambda x: [Link("again", "/a")], uid="a")
    assert [i.label for i in hooks.collect(object()).aside] == ["early", "again"]
    hooks.unregister("a")
    assert [i.label for i in hooks.collect(object()).aside] == ["early"]


def test_the_site_registers_the_tournaments_and_sheets_answers(db: None) -> None:
    from games.hooks import GAME_PAGE

    assert {"tournaments", "sheets"} <= set(GAME_PAGE._hooks)


def test_a_link_and_a_panel_render_escaped() -> None:
    request = RequestFactory().get("/")
    template = Template(
        "{% load games_tags %}{% for i in items %}{% page_item i 'p' %}{% endfor %}"
    )
    items = [
        Link("<b>x</b>", "/a?b=1&c=2", prefix="At", download=True),
        Panel("games/_field.html", {"field": None}, slot=ASIDE),
    ]
    html = template.render(Context({"items": items, "request": request}))
    assert '<p class="game-link downloads">At <a href="/a?b=1&amp;c=2" download>' in html
    assert "&lt;b&gt;x&lt;/b&gt;" in html


@pytest.mark.django_db
def test_a_casual_game_page_gets_only_the_download(rf: RequestFactory) -> None:
    from django.contrib.auth.models import AnonymousUser

    from games import services
    from tests.factories import make_player

    game = services.create_game(
        kind="sos",
        options={"rows": 3, "cols": 3, "players": 2, "mode": "most"},
        players=[make_player("A"), make_player("B")],
    )
    request = rf.get("/")
    request.user = AnonymousUser()
    page = game_page(request, game)
    assert page.head == [] and page.status == []
    assert [(i.url, i.download) for i in page.aside] == [(f"/sheets/games/{game.pk}.xlsx", True)]
