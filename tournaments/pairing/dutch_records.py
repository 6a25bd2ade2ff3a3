"""The plain records of the Dutch system (:mod:`tournaments.pairing.dutch`): the players it pairs
with their colour preferences, the colour criteria C.10–C.13 of a pair, and the boards and bye it
returns. Pure Python, no Django.
"""

from __future__ import annotations

from dataclasses import dataclass, field

FIRST, SECOND = "F", "S"
NONE = ""
DOWN, UP, FLOAT_NONE = 0, 1, 2


def invert(colour: str) -> str:
    return SECOND if colour == FIRST else FIRST if colour == SECOND else NONE


@dataclass(slots=True)
class DutchPlayer:
    """One player to pair, as the Dutch system sees him.

    ``score`` is the score used for the brackets (with any acceleration's virtual points),
    ``real_score`` the one without; both in tenths of a point. ``colours`` are the first
    (``"F"``) and second (``"S"``) moves of the games actually played, oldest first.
    ``floats`` holds the float of the last round and of the round before
    (``DOWN``/``UP``/``FLOAT_NONE``).
    """

    entry: int
    rank: int
    score: int
    real_score: int
    colours: tuple[str, ...] = ()
    forbidden: frozenset[int] = frozenset()
    bye_eligible: bool = True
    played: int = 0
    floats: tuple[int, int] = (FLOAT_NONE, FLOAT_NONE)
    # derived colour data
    imbalance: int = field(default=0, init=False)
    preference: str = field(default=NONE, init=False)
    repeated: str = field(default=NONE, init=False)
    strong: bool = field(default=False, init=False)

    def __post_init__(self) -> None:
        whites = self.colours.count(FIRST)
        blacks = len(self.colours) - whites
        lower = SECOND if whites > blacks else FIRST
        self.imbalance = abs(whites - blacks)
        run = 0
        last = NONE
        for c in self.colours:
            run = run + 1 if c == last else 1
            last = c
        if self.imbalance > 1:
            pref = lower
        elif run > 1:
            pref = invert(last)
        elif self.imbalance > 0:
            pref = lower
        elif run:
            pref = invert(last)
        else:
            pref = NONE
        self.preference = pref
        self.repeated = last if run > 1 else NONE
        self.strong = not self.absolute and self.imbalance > 0

    @property
    def absolute_imbalance(self) -> bool:
        return self.imbalance > 1

    @property
    def absolute(self) -> bool:
        return self.imbalance > 1 or self.repeated != NONE

    @property
    def strength(self) -> str:
        if self.preference == NONE:
            return ""
        return "absolute" if self.absolute else "strong" if self.strong else "mild"


def compatible_colours(a: str, b: str) -> bool:
    return a != b or a == NONE or b == NONE


def colour_criteria(h: DutchPlayer, low: DutchPlayer) -> tuple[bool, bool, bool, bool]:
    """Whether the pair of ``h`` and ``low`` in the bracket meets C.10, C.11, C.12 and C.13
    (no absolute imbalance, absolute preference, preference, strong preference unmet)."""
    same = low.preference == h.preference
    c10 = not low.absolute_imbalance or not h.absolute_imbalance or not same
    if not low.absolute or not h.absolute or not same:
        c11 = True
    elif low.imbalance == h.imbalance:
        c11 = low.repeated == NONE or low.repeated != h.repeated
    else:
        smaller = h if low.imbalance > h.imbalance else low
        c11 = smaller.repeated != invert(low.preference)
    c12 = compatible_colours(low.preference, h.preference)
    c13 = (
        (not low.strong and not low.absolute)
        or (not h.strong and not h.absolute)
        or (low.absolute and h.absolute)
        or not same
    )
    return c10, c11, c12, c13


@dataclass
class BoardInfo:
    """How one board was decided (for the explanations)."""

    higher: int  # entry ids
    lower: int
    first: int
    bracket_score: int  # tenths: the score group of the bracket that paired them
    colour_rule: str  # E1..E5 code
    moved_down: bool  # the higher player came down from a higher score group


@dataclass
class DutchResult:
    boards: list[BoardInfo]
    bye: int | None
    bye_score: int | None
    # entries moved down out of each score group, with the reason code
    floaters: dict[int, str]
