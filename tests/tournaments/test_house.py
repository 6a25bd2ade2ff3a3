"""The tournaments app in wings, as ``sheets`` is: the acts (every write), the web (views, forms,
urls), the admin and the pure core are packages; only the app's own modules and the bridges to
the pure cores stay flat. A module added flat beside them fails here and asks for its wing."""

from __future__ import annotations

from pathlib import Path

APP = Path(__file__).resolve().parents[2] / "tournaments"
WINGS = ("acts", "web", "admin", "core", "pairing", "standings", "trf", "models")
# The app's own modules (apps, errors, hooks, receivers), the one authority, and the bridges from
# the models to the pure cores and the format registry.
FLAT = {
    "__init__",
    "apps",
    "errors",
    "hooks",
    "receivers",
    "authority",
    "formats",
    "pairings",
    "queries",
    "scores",
    "trf_io",
}


def test_the_wings_are_packages() -> None:
    for wing in WINGS:
        assert (APP / wing / "__init__.py").is_file(), wing
        assert len(list((APP / wing).glob("*.py"))) > 1, wing


def test_nothing_else_is_flat() -> None:
    flat = {p.stem for p in APP.glob("*.py")}
    assert flat <= FLAT, sorted(flat - FLAT)


def test_the_core_is_pure() -> None:
    for path in (APP / "core").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "import django" not in text and "from django" not in text, path.name
