"""The checker of manual pairings, and the reason/warning codes."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

from tournaments.pairing import MESSAGES, Pair, PairingWarning, Reason, check_pairings
from tournaments.pairing import messages as msg

from .helpers import hist

PACKAGE = Path(__file__).resolve().parents[2] / "tournaments" / "pairing"


def codes(warnings) -> list[tuple[str, dict]]:
    return [(w.code, {k: v for k, v in w.params.items() if k != "round"}) for w in warnings]


def test_clean_pairing_has_no_warnings() -> None:
    h = {1: hist(1, 1, "F"), 2: hist(2, 0, "S"), 3: hist(3, 0, "S", byes=0)}
    pairs = [Pair(1, 2, 1), Pair(2, 3, None)]
    assert check_pairings(pairs, h, round_no=2) == []


def test_every_warning() -> None:
    h = {
        1: hist(1, 2, "FF", (2, 3)),
        2: hist(2, 1, "SS", (1, 4)),
        3: hist(3, 1, "FSFF", (1, 5, 6, 7)),
        4: hist(4, 1, "FSFF", (2, 5, 6, 7)),
        5: hist(5, 1, "-", byes=1),
        6: hist(6, 0, ""),
        7: hist(7, 0, ""),
    }
    pairs = [
        Pair(1, 1, 2),  # rematch; FF+F and SS+S break both rules, a swap would break none
        Pair(2, 4, 3),  # both FSFF: whoever moves first breaks both rules
        Pair(3, 5, None),  # second bye
        Pair(4, 6, 6),  # against himself
        Pair(5, 1, 9),  # 1 twice, 9 unknown (no history: a swap helps 1)
    ]
    found = codes(check_pairings(pairs, h, round_no=5))
    fff = {"colour": "F", "swap_helps": True}
    sss = {"colour": "S", "swap_helps": True}
    stuck = {"colour": "F", "swap_helps": False}
    assert found == [
        ("rematch", {"first": 1, "second": 2, "board": 1}),
        ("three_in_a_row", {"entry": 1, "board": 1, **fff}),
        ("colour_difference", {"entry": 1, "board": 1, **fff, "difference": 3}),
        ("three_in_a_row", {"entry": 2, "board": 1, **sss}),
        ("colour_difference", {"entry": 2, "board": 1, **sss, "difference": -3}),
        ("three_in_a_row", {"entry": 4, "board": 2, **stuck}),
        ("colour_difference", {"entry": 4, "board": 2, **stuck, "difference": 3}),
        ("second_bye", {"entry": 5, "board": 3}),
        ("self_paired", {"entry": 6, "board": 4}),
        ("three_in_a_row", {"entry": 1, "board": 5, "colour": "F", "swap_helps": True}),
        (
            "colour_difference",
            {"entry": 1, "board": 5, "colour": "F", "swap_helps": True, "difference": 3},
        ),
        ("paired_twice", {"entry": 1, "count": 2}),
        ("paired_twice", {"entry": 6, "count": 2}),
        ("unknown_entry", {"entry": 9}),
        ("missing", {"entry": 7}),
    ]
    assert all(isinstance(w, PairingWarning) for w in check_pairings(pairs, h, round_no=5))


def test_missing_is_measured_against_the_given_entries() -> None:
    h = {1: hist(1), 2: hist(2), 3: hist(3)}  # 3 withdrew or asked for a bye
    pairs = [Pair(1, 1, 2)]
    assert check_pairings(pairs, h, round_no=1, entries=[1, 2]) == []
    assert codes(check_pairings(pairs, h, round_no=1)) == [("missing", {"entry": 3})]


def test_messages_render_and_round_trip() -> None:
    warning = check_pairings([Pair(1, 1, 2)], {1: hist(1, 0, "FF"), 2: hist(2)}, round_no=3)[0]
    assert warning.message() == "Player 1 would have the first move three times in a row."
    reason = Reason("colour_preference", {"entry": 7, "wants": "S", "strength": "strong"})
    assert reason.message() == "Player 7 gets the strong preference for the second move."
    data = json.loads(json.dumps(reason.to_dict()))
    assert data == {"code": "colour_preference", "entry": 7, "wants": "S", "strength": "strong"}
    assert Reason.from_dict(data) == reason
    assert str(reason) == reason.message()
    assert hash(reason) == hash(Reason.from_dict(data))


def test_every_code_has_a_template_with_known_placeholders() -> None:
    codes_defined = {
        value
        for name, value in vars(msg).items()
        if name.isupper() and isinstance(value, str) and name not in ("FIRST", "SECOND")
    }
    assert codes_defined == set(MESSAGES)
    for code, template in MESSAGES.items():
        assert template.endswith("."), code
        assert "%(" in template or code in ("no_bye_candidate",), code


def test_templates_are_marked_for_makemessages() -> None:
    """Every template is a literal inside a ``gettext_noop(...)`` call."""
    tree = ast.parse((PACKAGE / "messages.py").read_text())
    marked = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "gettext_noop":
            (arg,) = node.args
            assert isinstance(arg, ast.Constant) and isinstance(arg.value, str)
            marked.add(arg.value)
    assert set(MESSAGES.values()) <= marked
    assert set(msg.WORDS.values()) <= marked


def test_the_package_never_imports_django() -> None:
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            assert not any(n.split(".")[0] == "django" for n in names), path
    code = (
        "import sys, tournaments.pairing, tournaments.pairing.simulate; "
        "print('django' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
