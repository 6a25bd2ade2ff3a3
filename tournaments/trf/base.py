"""The TRF data model: line types, column layout, result characters and their mapping to
``tournaments.core.history``, and the dataclasses a file is read into (see ``tournaments.trf``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tournaments.core import history as records


def gettext_noop(s: str) -> str:
    """Mark a message for translation without translating it (makemessages picks it up)."""
    return s


class TrfError(ValueError):
    """A malformed or inconsistent TRF.

    ``line`` is the 1-based line number (0 for the file as a whole); ``message`` an English
    template with ``%(name)s`` placeholders, marked for translation; ``params`` its values.
    ``str()`` gives the English text with the line number.
    """

    def __init__(self, line: int, message: str, params: Mapping[str, Any] | None = None) -> None:
        self.line = line
        self.message = message
        self.params = dict(params or {})
        text = message % self.params
        super().__init__(f"line {line}: {text}" if line else text)


# Line types
PLAYER = "001"
NAME = "012"
START_DATE = "042"
END_DATE = "052"
PLAYER_COUNT = "062"
TYPE = "092"
TIME_CONTROL = "122"  # "Allotted times per moves/game": free text (ours: the short form, 3+2)
ROUNDS = "XXR"
COLOURS = "XXC"
ROUNDS_2025 = "142"
ACCELERATION = "XXA"  # one player's acceleration points, round by round (see tournaments.trf)
# The dummy opponents' scores capped (C.07 of 1 March 2026, art. 16.4.1-16.4.2): "XXU capped".
DUMMY_CAP = "XXU"
DUMMY_CAP_WORD = "capped"
POINT_CODES = ("BBW", "BBD", "BBL", "BBF", "BBU", "BBZ")
TEXT_HEADERS = (NAME, START_DATE, END_DATE, TYPE, TIME_CONTROL)
CODE = re.compile(r"[0-9A-Z]{3}")
DIGITS = re.compile(r"[0-9]+")
POINTS = re.compile(r"[0-9]{1,3}(\.[0-9])?")
NUMBER = re.compile(r"[0-9]+(\.[0-9]+)?")

FIRST_BLOCK = 91  # 0-based index of column 92, where round 1's block starts
BLOCK = 10
NAME_WIDTH = 33
# Blank separator columns of a player line (1-based).
SEPARATORS = (4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91)

COLOUR_CHARS = "wb- "
RESULT_CHARS = "10=WDL+-HFUZ "
BYE_CHARS = "HFUZ"
UNRATED = {"W": "1", "D": "=", "L": "0"}

# (first mover's char, second's char) -> records result, and back.
PAIR_RESULTS: dict[tuple[str, str], str | None] = {
    ("1", "0"): records.WIN,
    ("0", "1"): records.LOSS,
    ("=", "="): records.DRAW,
    ("+", "-"): records.FORFEIT_WIN,
    ("-", "+"): records.FORFEIT_LOSS,
    ("-", "-"): records.DOUBLE_FORFEIT,
    (" ", " "): None,
}
RESULT_PAIRS: dict[str | None, tuple[str, str]] = {v: k for k, v in PAIR_RESULTS.items()}
# A block without an opponent -> records bye result, and back.
BYE_RESULTS = {
    "U": records.BYE,
    "F": records.BYE,
    "+": records.BYE,
    "H": records.HALF_BYE,
    "=": records.HALF_BYE,
    "Z": records.ZERO_BYE,
    "-": records.ZERO_BYE,
    " ": records.ZERO_BYE,
}
BYE_CHAR = {records.BYE: "U", records.HALF_BYE: "H", records.ZERO_BYE: "Z"}

DEFAULT_POINTS = {"BBW": 1.0, "BBD": 0.5, "BBL": 0.0, "BBF": 0.0, "BBZ": 0.0}


@dataclass(frozen=True, slots=True)
class TrfRound:
    """One player's block for one round (``opponent`` is a start number, None for none)."""

    opponent: int | None = None
    colour: str = " "  # "w", "b", "-" or " "
    result: str = " "  # one of RESULT_CHARS; " " = none (yet)

    @property
    def is_empty(self) -> bool:
        """Not paired in that round, nothing pre-entered."""
        return self.opponent is None and self.colour == " " and self.result == " "

    @property
    def in_pairing(self) -> bool:
        """Part of the round's pairing: a game (even forfeited) or a pairing-allocated bye."""
        return self.opponent is not None or self.result in ("U", "+")

    def text(self) -> str:
        """The block's 8 columns (opponent, blank, colour, blank, result)."""
        if self.is_empty:
            return " " * 8
        opponent = "0000" if self.opponent is None else f"{self.opponent:>4}"
        return f"{opponent} {self.colour} {self.result}"


EMPTY = TrfRound()


@dataclass(slots=True)
class TrfPlayer:
    """A ``001`` line; ``rounds[r - 1]`` is round r's block (trailing empty blocks dropped)."""

    number: int
    name: str = ""
    sex: str = ""
    title: str = ""
    rating: int | None = None
    federation: str = ""
    fide_id: str = ""
    birth_date: str = ""
    points: float | None = None
    rank: int | None = None
    rounds: list[TrfRound] = field(default_factory=list)
    line: int = field(default=0, compare=False)

    def round(self, number: int) -> TrfRound:
        return self.rounds[number - 1] if 0 < number <= len(self.rounds) else EMPTY


@dataclass(slots=True)
class TrfTournament:
    """A whole file. ``points`` holds the ``BB*`` lines given (code -> value)."""

    name: str = ""
    start_date: str = ""
    end_date: str = ""
    player_count: int | None = None
    type: str = ""
    time_control: str = ""  # the 122 line's text, as written
    rounds: int | None = None
    colours: str = ""  # the XXC line's words, e.g. "white1"
    points: dict[str, float] = field(default_factory=dict)
    # XXA lines: start number -> the acceleration points of rounds 1, 2, … (trailing 0s dropped).
    acceleration: dict[int, tuple[float, ...]] = field(default_factory=dict)
    # XXU capped: the tie-breaks cap the dummy opponents' scores (C.07, 2026, art. 16.4).
    dummy_cap: bool = False
    extra: list[str] = field(default_factory=list)
    players: list[TrfPlayer] = field(default_factory=list)
    lines: dict[str, int] = field(default_factory=dict, compare=False)  # header code -> line

    def player(self, number: int) -> TrfPlayer | None:
        return next((p for p in self.players if p.number == number), None)


def _pair_result(first: TrfRound, second: TrfRound) -> tuple[bool, str | None]:
    key = (UNRATED.get(first.result, first.result), UNRATED.get(second.result, second.result))
    if key not in PAIR_RESULTS:
        return False, None
    return True, PAIR_RESULTS[key]


def _first_of(p: TrfPlayer, block: TrfRound) -> bool:
    """Whether ``p`` moves first in his game ``block`` (no colour: the lower start number)."""
    assert block.opponent is not None
    return block.colour == "w" or (block.colour == "-" and p.number < block.opponent)
