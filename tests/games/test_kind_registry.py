"""The game-kind registry (games/kinds/): no module outside it branches on a kind's name, both
rules forms are generated from one option schema, and a kind registered later gets its fields
without an edit of the forms."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from django import forms
from django.template.loader import render_to_string
from django.utils import translation

from games import kinds
from games.forms import NewGameForm
from tests.factories import make_player
from tournaments.web.settings_form import TournamentForm

ROOT = Path(__file__).resolve().parents[2]
APPS = ("accounts", "api", "common", "config", "games", "ops", "sheets", "tournaments")
# Where a kind's name may be asked: the registry, each kind's own rules and engine, and the
# per-kind modules registered through the registry's hook (the sheets' board layouts).
OWN_PLACES = ("games/kinds/", "games/rules/", "games/engine/", "sheets/boards/layouts/")
KIND_NAMES = {"sos", "uttt"}
TEMPLATE_BRANCH = re.compile(
    r"""(==|!=|\bin)\s*["'](sos|uttt)["']|["'](sos|uttt)["']\s*(==|!=|\bin\b)"""
)


def _names_a_kind(node: ast.AST) -> bool:
    """A kind's name written out: ``"sos"``, ``GameKind.UTTT`` (or ``GameKind.values``), or a
    tuple, list or set holding one."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and node.value.lower() in KIND_NAMES
    if isinstance(node, ast.Attribute):
        return isinstance(node.value, ast.Name) and node.value.id == "GameKind"
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(_names_a_kind(e) for e in node.elts)
    return False


def kind_branches(source: str) -> Iterator[int]:
    """The lines of ``source`` that compare with (or test membership in) a kind's name, or
    match on one."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            if any(_names_a_kind(side) for side in (node.left, *node.comparators)):
                yield node.lineno
        elif isinstance(node, ast.MatchValue) and _names_a_kind(node.value):
            yield node.lineno


def offences(root: Path) -> list[str]:
    """Every branch on a kind's name in ``root``'s app code and templates, outside the
    registry's own places."""
    found = []
    for app in APPS:
        for path in sorted((root / app).rglob("*.py")):
            rel = path.relative_to(root).as_posix()
            if "/migrations/" in rel or rel.startswith(OWN_PLACES):
                continue
            found += [f"{rel}:{n}" for n in kind_branches(path.read_text(encoding="utf-8"))]
    for path in sorted((root / "templates").rglob("*.html")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if TEMPLATE_BRANCH.search(line):
                found.append(f"{path.relative_to(root).as_posix()}:{n}")
    return found


def test_no_module_branches_on_a_game_kinds_name() -> None:
    assert offences(ROOT) == []


@pytest.mark.parametrize(
    "line",
    [
        'if game.kind == "sos":\n    pass',
        "x = 1 if kind != GameKind.UTTT else 2",
        'ok = kind in ("uttt", "other")',
        "ok = kind not in GameKind.values",
        'match kind:\n    case "sos":\n        pass',
    ],
)
def test_the_scan_finds_a_branch_on_a_kinds_name(line: str) -> None:
    assert list(kind_branches(line)) != []


def test_the_scan_finds_a_templates_branch(tmp_path: Path) -> None:
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "x.html").write_text('{% if t.kind == "sos" %}x{% endif %}\n')
    assert offences(tmp_path) == ["templates/x.html:1"]


def test_the_scan_leaves_a_kind_named_as_data_alone() -> None:
    assert list(kind_branches('create_game(kind="uttt")\nentry = kinds.get("sos")')) == []


# -- Behaviour of the registry ---------------------------------------------------------------


def _field_facts(field: forms.Field) -> tuple[Any, ...]:
    return (
        type(field),
        str(field.label),
        str(field.help_text),
        field.initial,
        field.required,
        [(v, str(label)) for v, label in getattr(field, "choices", [])],
        getattr(field, "min_value", None),
        getattr(field, "max_value", None),
    )


def _option_fields(form: forms.Form) -> dict[str, tuple[Any, ...]]:
    return {name: _field_facts(form.fields[name]) for name in kinds.option_names()}


def test_both_forms_have_the_same_rules_fields_from_one_schema() -> None:
    game, tournament = NewGameForm(), TournamentForm()
    assert _option_fields(game) == _option_fields(tournament)
    expected = [o.name for k in kinds.all_kinds() for o in k.options]
    assert [n for n in game.fields if n in expected] == expected
    assert [n for n in tournament.fields if n in expected] == expected
    rows = kinds.get("sos").options[0]
    assert str(game.fields["rows"].label) == str(rows.label) and game.fields["rows"].min_value == 3


def test_the_fields_keep_their_places_on_both_forms() -> None:
    names = [o.name for k in kinds.all_kinds() for o in k.options]
    game = list(NewGameForm().fields)
    assert game[: len(names) + 1] == ["kind", *names]
    tournament = list(TournamentForm().fields)
    at = tournament.index("time_control")
    assert tournament[at + 1 : at + 1 + len(names)] == names


@pytest.mark.parametrize(
    ("data", "bad"),
    [({"kind": "sos", "rows": "2"}, "rows"), ({"kind": "uttt", "preset": "wild"}, "preset")],
)
def test_both_forms_refuse_a_bad_option_alike(data: dict[str, str], bad: str) -> None:
    game = NewGameForm(data)
    tournament = TournamentForm(data)
    game.is_valid()
    tournament.is_valid()
    assert game.errors[bad] == tournament.errors[bad]


def test_both_forms_make_the_same_options() -> None:
    data = {"rows": 7, "cols": None, "mode": "", "preset": "classic", "all_draw_line": "continue"}
    for kind, expected in (
        ("sos", {"rows": 7, "cols": 7, "mode": "most"}),
        ("uttt", {"preset": "classic", "no_send_back": False}),
    ):
        assert NewGameForm.rules_options(kind, data) == expected
        assert TournamentForm.rules_options(kind, data) == expected


def test_an_entry_answers_for_its_kind() -> None:
    sos, uttt = kinds.get("sos"), kinds.get("uttt")
    assert [sos.seat_label(1), uttt.seat_label(1), uttt.seat_mark(2)] == ["2", "O", ""]
    assert sos.points and not uttt.points and uttt.small_boards
    assert sos.normalise({"rows": 4, "cols": 4}, 3)["players"] == 3
    with translation.override("en"), pytest.raises(ValueError, match="exactly two"):
        uttt.normalise({}, 3)
    assert kinds.foreign_tiebreak("uttt", ["sos_points"]) is sos
    assert kinds.foreign_tiebreak("sos", ["sos_points", "buchholz"]) is None
    assert kinds.of(SimpleNamespace(kind="sos")) is sos and kinds.default_kind() == "uttt"


def test_the_sheets_register_their_board_layouts_through_the_hook() -> None:
    from sheets.boards.layouts import SHEET_LAYOUT

    assert {k.value: kinds.extra(SHEET_LAYOUT, k.value).kind for k in kinds.all_kinds()} == {
        "sos": "sos",
        "uttt": "uttt",
    }


# -- A third kind, registered in the test only -------------------------------------------------


@dataclass(frozen=True)
class DotsKind(kinds.Kind):
    """A made-up kind whose rules take any options."""

    def rules(self, options: Any) -> Any:
        return SimpleNamespace(options={"size": 4, **dict(options)})


DOTS = DotsKind(
    value="dots",
    label="Dots and boxes",
    options_legend="Dots options",
    options=(
        kinds.Option("size", "int", "Size", "Dots: the grid's size.", default=4, min=2, max=9),
        kinds.Option("fast", "bool", "Fast", only_if=lambda options: options["size"] < 8),
    ),
    max_seats=2,
    seats_refusal="Dots is played by two.",
)


@pytest.fixture
def dots() -> Iterator[kinds.Kind]:
    kinds.register(DOTS)
    yield DOTS
    kinds.unregister(DOTS.value)


@pytest.mark.django_db
def test_a_new_kind_gets_its_fields_on_both_forms(dots: kinds.Kind) -> None:
    for form in (NewGameForm(), TournamentForm()):
        assert ("dots", "Dots and boxes") in form.fields["kind"].choices
        assert form.fields["size"].max_value == 9 and form.fields["fast"].required is False
        group = form.kind_options()[-1]
        assert (group.kind, group.legend, [f.name for f in group.fields]) == (
            "dots",
            "Dots options",
            ["size", "fast"],
        )
    html = render_to_string("games/game_new.html", {"form": NewGameForm()})
    assert '<fieldset data-kind="dots">' in html and "Dots: the grid&#x27;s size." in html


@pytest.mark.django_db
def test_a_new_kind_is_checked_by_its_own_schema(dots: kinds.Kind) -> None:
    players = [make_player("Ann"), make_player("Bob")]
    data = {"kind": "dots", "size": "5", "fast": "on", "rows": "many", "preset": "wild"}
    data |= {"seat_0": players[0].pk, "seat_1": players[1].pk}
    form = NewGameForm(data)
    assert form.is_valid(), form.errors
    assert form.cleaned_data["options"] == {"size": 5, "fast": True}  # the others' ignored
    assert NewGameForm.rules_options("dots", {"size": 9}) == {"size": 9}
    too_big = NewGameForm({**data, "size": "10"})
    assert not too_big.is_valid() and "size" in too_big.errors
