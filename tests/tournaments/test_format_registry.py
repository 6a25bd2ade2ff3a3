"""The format registry (``tournaments.formats``): each format is one entry, and nothing outside
the registry asks a tournament's format by its name.

The scan reads the app code (Python by its syntax tree, templates by their text) and fails on a
comparison with, a membership test of, a table keyed by or a lookup by a ``TournamentFormat``
member or a format's stored value ("swiss", …), and on ``is_round_robin``; the registry itself
(``tournaments/formats*``) and migrations are left out. Passing a format's value as data
(``format="swiss"`` to create a tournament) is no branch and is allowed.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from django.utils import translation

from tournaments import formats
from tournaments.core.history import GameRecord, PointSystem
from tournaments.errors import TournamentError
from tournaments.formats import TournamentFormat
from tournaments.standings import ROUND_ROBIN_ORDER, SWISS_ORDER

ROOT = Path(__file__).resolve().parents[2]
APPS = ("accounts", "api", "common", "config", "games", "ops", "sheets", "tournaments")
FORMAT_VALUES = frozenset(TournamentFormat.values) | {"swiss", "round_robin", "double_round_robin"}
OLD_NAME = "is_round_robin"


# --- the scan -----------------------------------------------------------------------------------


def _names_format(node: ast.AST) -> bool:
    """Whether ``node`` is, or holds, a TournamentFormat member or a format's stored value."""
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name) and sub.id == "TournamentFormat":
            return True
        if isinstance(sub, ast.Attribute) and sub.attr == "TournamentFormat":
            return True
        if isinstance(sub, ast.Constant) and sub.value in FORMAT_VALUES:
            return True
    return False


def branches_in_python(source: str, where: str = "<source>") -> list[str]:
    """Every place of ``source`` that branches on a format's name, as ``where:line what``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        what = None
        if isinstance(node, ast.Compare) and any(
            _names_format(part) for part in [node.left, *node.comparators]
        ):
            what = "compares a format by its name"
        elif isinstance(node, ast.Subscript) and _names_format(node.slice):
            what = "looks a format up by its name"
        elif isinstance(node, ast.Dict) and any(k and _names_format(k) for k in node.keys):
            what = "keys a table by format names"
        elif isinstance(node, ast.MatchValue) and _names_format(node.value):
            what = "matches a format by its name"
        elif OLD_NAME in (getattr(node, "attr", None), getattr(node, "name", None)):
            what = OLD_NAME
        if what:
            found.append(f"{where}:{getattr(node, 'lineno', 0)} {what}")
    return found


_QUOTED = "|".join(sorted(FORMAT_VALUES))
TEMPLATE_BRANCH = re.compile(
    rf"""{OLD_NAME}"""
    rf"""|(==|!=|\bin)\s*["']({_QUOTED})["']"""
    rf"""|["']({_QUOTED})["']\s*(==|!=|\bin\b)"""
    r"""|\.format\s*(==|!=)"""
)


def branches_in_template(text: str, where: str = "<template>") -> list[str]:
    return [
        f"{where}:{text.count(chr(10), 0, m.start()) + 1} {m.group(0)}"
        for m in TEMPLATE_BRANCH.finditer(text)
    ]


def _outside_the_registry(path: Path) -> bool:
    rel = path.relative_to(ROOT).as_posix()
    return "migrations" not in path.parts and not rel.startswith("tournaments/formats")


def test_no_app_module_branches_on_a_formats_name() -> None:
    found = []
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            if _outside_the_registry(path):
                found += branches_in_python(path.read_text(), path.relative_to(ROOT).as_posix())
    assert found == [], "ask the format's registry entry (tournaments.formats) instead"


def test_no_template_branches_on_a_formats_name() -> None:
    found = []
    for folder in [ROOT / "templates", *(ROOT / app / "templates" for app in APPS)]:
        for path in sorted(folder.rglob("*.html")):
            found += branches_in_template(path.read_text(), path.relative_to(ROOT).as_posix())
    assert found == [], "ask the format's registry entry (t.format_entry) instead"


@pytest.mark.parametrize(
    "source",
    [
        "t.format == 'swiss'",
        "if format != TournamentFormat.SWISS: pass",
        "ok = format in ('round_robin', 'double_round_robin')",
        "x = format not in TournamentFormat.values",
        "TYPES = {TournamentFormat.SWISS: 'Swiss'}",
        "order = DEFAULT_ORDER['swiss']",
        "match t.format:\n    case 'double_round_robin': pass",
        "rr = t.is_round_robin",
    ],
)
def test_the_scan_finds_a_branch_on_a_formats_name(source: str) -> None:
    assert branches_in_python(source)


def test_the_scan_lets_a_format_be_passed_as_data() -> None:
    assert branches_in_python("create_tournament(format='swiss', rounds=5)") == []
    assert branches_in_python("entry = formats.get(t.format)\nif entry.has_crosstable: pass") == []


def test_the_template_scan_finds_a_branch() -> None:
    assert branches_in_template("{% if t.is_round_robin %}x{% endif %}")
    assert branches_in_template("{% if t.format == 'swiss' %}x{% endif %}")
    assert branches_in_template('{% if t.format != "round_robin" %}x{% endif %}')
    assert branches_in_template("{% if t.format_entry.has_crosstable %}x{% endif %}") == []


# --- the registry -------------------------------------------------------------------------------


def test_every_stored_format_has_its_entry() -> None:
    for value, label in TournamentFormat.choices:
        entry = formats.get(value)
        assert entry.value == value
        assert entry.label == label
    assert [e.value for e in formats.entries()] == list(TournamentFormat.values)


def test_an_unknown_format_is_a_clear_error_never_a_round_robin() -> None:
    with translation.override("en"), pytest.raises(formats.UnknownFormat) as err:
        formats.get("scheveningen")
    assert isinstance(err.value, TournamentError)
    assert err.value.code == "format"
    assert str(err.value) == "Unknown tournament format."
    assert formats.find("scheveningen") is None


def test_a_tournament_with_an_unknown_stored_format_says_so() -> None:
    from tournaments.models import Tournament

    with pytest.raises(formats.UnknownFormat):
        Tournament(format="scheveningen").format_entry  # noqa: B018


def test_a_format_is_registered_once() -> None:
    with pytest.raises(ValueError, match="registered"):
        formats.register(formats.get(TournamentFormat.SWISS))


def test_what_each_entry_says() -> None:
    swiss = formats.get(TournamentFormat.SWISS)
    single = formats.get(TournamentFormat.ROUND_ROBIN)
    double = formats.get(TournamentFormat.DOUBLE_ROUND_ROBIN)
    assert (swiss.rounds_given, swiss.accelerates, swiss.all_play_all) == (True, True, False)
    assert (swiss.has_crosstable, swiss.has_schedule) == (False, False)
    for rr in (single, double):
        assert (rr.rounds_given, rr.accelerates, rr.all_play_all) == (False, False, True)
        assert (rr.has_crosstable, rr.has_schedule) == (True, True)
        assert rr.default_tiebreaks == ROUND_ROBIN_ORDER
    assert swiss.default_tiebreaks == SWISS_ORDER
    assert swiss.trf_type == "Individual: Swiss-System"
    assert single.trf_type == "Individual: Round-Robin"
    assert double.trf_type == "Individual: Double Round-Robin"


def test_the_rounds_of_each_entry() -> None:
    swiss = formats.get(TournamentFormat.SWISS)
    assert swiss.planned_rounds(rounds=7, players=5) == 7
    with pytest.raises(TournamentError) as err:
        swiss.validate(rounds=None)
    assert err.value.code == "rounds"
    swiss.validate(rounds=3)
    assert formats.get(TournamentFormat.ROUND_ROBIN).planned_rounds(rounds=None, players=5) == 5
    assert formats.get(TournamentFormat.ROUND_ROBIN).planned_rounds(rounds=None, players=6) == 5
    double = formats.get(TournamentFormat.DOUBLE_ROUND_ROBIN)
    assert double.planned_rounds(rounds=None, players=4) == 6
    double.validate(rounds=None)


def test_late_entries() -> None:
    assert formats.get(TournamentFormat.SWISS).late_entry_problem(last_paired=3) is None
    rr = formats.get(TournamentFormat.ROUND_ROBIN)
    assert rr.late_entry_problem(last_paired=0) is None
    with translation.override("en"):
        problem = rr.late_entry_problem(last_paired=1)
    assert problem == "A round robin cannot take new players once it has started."


class _Entry:
    def __init__(self, pk: int, rank: int, half_byes: tuple[int, ...] = ()) -> None:
        self.pk, self.rank, self.half_byes = pk, rank, list(half_byes)

    def is_active_in(self, round_no: int) -> bool:
        return True


def _boards(paired: formats.PairedRound) -> list[tuple[int, int | None, str]]:
    return [(p.first, p.second, result) for p, result in paired.boards]


def test_a_swiss_pairs_by_the_dutch_system() -> None:
    entries = [_Entry(10 + n, n) for n in range(1, 6)]
    paired = formats.get(TournamentFormat.SWISS).pair_round(
        number=1, entries=entries, games=[], point_system=PointSystem(), rounds=3
    )
    # Top half against bottom half, the odd one out has the pairing bye.
    assert _boards(paired) == [(11, 13, ""), (14, 12, ""), (15, None, "bye")]
    assert paired.byes == []
    asked = [_Entry(11, 1, (1,)), _Entry(12, 2), _Entry(13, 3)]
    paired = formats.get(TournamentFormat.SWISS).pair_round(
        number=1, entries=asked, games=[], point_system=PointSystem(), rounds=3
    )
    assert _boards(paired) == [(13, 12, "")]
    assert paired.byes == [(11, "half_bye")]


def test_a_swiss_says_why_a_round_cannot_be_paired() -> None:
    entries = [_Entry(1, 1), _Entry(2, 2)]
    games = [GameRecord(round=1, first=1, second=2, result="1-0")]
    with pytest.raises(TournamentError) as err:
        formats.get(TournamentFormat.SWISS).pair_round(
            number=2, entries=entries, games=games, point_system=PointSystem(), rounds=3
        )
    assert err.value.code == "pairing_impossible"


def test_a_round_robin_pairs_by_the_berger_tables() -> None:
    entries = [_Entry(10 + n, n) for n in range(1, 6)]
    rr = formats.get(TournamentFormat.ROUND_ROBIN)
    paired = rr.pair_round(number=1, entries=entries, games=[], point_system=PointSystem())
    # 5 players: the dummy seat 6 meets seat 1, whose round is free (a zero-point bye).
    assert _boards(paired) == [(12, 15, ""), (13, 14, ""), (11, None, "zero_bye")]
    assert [(p.first, p.second) for p, _r in paired.boards] == [
        (p.first, p.second) for p in rr.scheduled_pairs([11, 12, 13, 14, 15], 1)
    ]
    double = formats.get(TournamentFormat.DOUBLE_ROUND_ROBIN)
    last = double.pair_round(number=10, entries=entries, games=[], point_system=PointSystem())
    assert len(last.boards) == 3


def test_which_formats_pair_by_rounds() -> None:
    """A knockout and the tables make their rounds otherwise: the registry says so, with the
    refusal the pairing service gives; the other formats pair with ``pair_round``."""
    by_rounds = {e.value for e in formats.entries() if e.pairs_by_rounds}
    assert by_rounds == {
        TournamentFormat.SWISS,
        TournamentFormat.BURSTEIN,
        TournamentFormat.ROUND_ROBIN,
        TournamentFormat.DOUBLE_ROUND_ROBIN,
        TournamentFormat.GROUPS,
    }
    with translation.override("en"):
        refusals = {
            e.value: str(e.round_refusal) for e in formats.entries() if not e.pairs_by_rounds
        }
    assert refusals == {
        TournamentFormat.KNOCKOUT: "A knockout's rounds are paired by their matches.",
        TournamentFormat.KNOCKOUT_DOUBLE: "A knockout's rounds are paired by their matches.",
        TournamentFormat.TABLES: "A round at tables is seated by its tables.",
    }
    for entry in formats.entries():
        if not entry.pairs_by_rounds:
            with pytest.raises(NotImplementedError):
                entry.pair_round(number=1, entries=[], games=[], point_system=PointSystem())


@pytest.mark.django_db
def test_the_pairing_service_asks_the_registry(
    arbiter: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A format that does not pair by rounds is refused by the pairing service with its
    translated refusal (here the tables' entry, its own seating turned off)."""
    from tests.tournaments.helpers import new_tournament, seed_players
    from tournaments import pairings

    t = new_tournament(arbiter, name="Refused", format="sos_tables")
    seed_players(t, arbiter, 6)
    monkeypatch.setattr(formats.get(TournamentFormat.TABLES), "plays_tables", False)
    for language, text in (
        ("en", "A round at tables is seated by its tables."),
        ("ru", None),
    ):
        with translation.override(language), pytest.raises(TournamentError) as err:
            pairings.pair_round(tournament=t, user=arbiter)
        assert err.value.code == "format"
        if text is not None:
            assert err.value.message == text
        else:
            assert err.value.message != "A round at tables is seated by its tables."
    assert not t.round_set.exists()
