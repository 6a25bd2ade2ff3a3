"""One module owns the result vocabulary: the codes of a result (``1-0``, ``1/2``, ``+/-``, …) and
of how a game ended (``forfeit``, ``time``, ``adjudicated``, ``final_position``, …) are spelled in
``tournaments.core.vocabulary`` and ``games.endings`` (which the games app, below tournaments, owns)
only; every other module and template names them through those modules (or the enums of the
models), never as a literal string."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("games", "tournaments", "sheets", "accounts", "ops", "config")

RESULT_CODES = {"1-0", "0-1", "1/2", "½-½", "+/-", "-/+", "-/-", "half_bye", "zero_bye"}
ENDINGS = {"forfeit", "double_forfeit", "adjudicated", "time", "final_position"}

OWNERS = {"games/endings.py", "tournaments/core/vocabulary.py"}
# The same spelling meaning something else: an enum's own value (a game's status, an act, a
# reason), a model field's name, a log record's key.
ALLOWED = {
    ("games/models.py", "adjudicated"),  # GameStatus.ADJUDICATED
    ("tournaments/models/result_records.py", "forfeit"),  # Act.FORFEIT
    ("tournaments/models/result_records.py", "time"),  # RecordReason.TIME
    ("games/admin.py", "final_position"),  # the field
    ("games/recording.py", "final_position"),  # the field
    ("config/logging.py", "time"),  # a log record's key
}


def literals(path: Path) -> list[tuple[int, str]]:
    found = []
    tokens = tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
    for token in tokens:
        if token.type != tokenize.STRING:
            continue
        try:
            value = ast.literal_eval(token.string)
        except (ValueError, SyntaxError):
            continue  # an f-string
        if isinstance(value, str):
            found.append((token.start[0], value))
    return found


def test_no_module_spells_the_vocabulary_but_its_owners() -> None:
    spelled = []
    for folder in SOURCES:
        for path in sorted((ROOT / folder).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            if "/migrations/" in name or name in OWNERS:
                continue
            for line, value in literals(path):
                if value in RESULT_CODES | ENDINGS and (name, value) not in ALLOWED:
                    spelled.append(f"{name}:{line}: {value!r}")
    assert spelled == []


TEMPLATE_LITERAL = re.compile(r"""==\s*["']([^"']+)["']""")


def test_no_template_compares_with_a_result_code() -> None:
    spelled = []
    for path in sorted((ROOT / "templates").rglob("*.html")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for value in TEMPLATE_LITERAL.findall(line):
                name = path.relative_to(ROOT).as_posix()
                if value in RESULT_CODES | ENDINGS and (name, value) not in ALLOWED:
                    spelled.append(f"{name}:{n}: {value!r}")
    assert spelled == []
