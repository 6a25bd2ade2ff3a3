"""First-move ("colour") preferences and the choice of who moves first within a pair.

A player's colour history is his sequence of first ("F") and second ("S") moves over the games
actually played; rounds without a game ("-": byes, forfeits, absences) are skipped. The two
*absolute* rules are: never the same move three times in a row, and never a difference
(firsts − seconds) over 2 or under −2. From the history:

- *absolute* preference: one move would break an absolute rule and the other would not;
- *strong*: the difference is ±1 (wants the move that evens it);
- *mild*: the difference is 0 (wants the other move than last time);
- none: no game played yet.

The checker of manual pairings (``check``) uses these; the Dutch pairing allocates colours by
its own rules E.1–E.5 (``dutch``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.core.history import History

from .messages import (
    COLOUR_DIFFERENCE,
    THREE_IN_A_ROW,
)

FIRST, SECOND = "F", "S"
NONE, MILD, STRONG, ABSOLUTE = 0, 1, 2, 3
STRENGTH_NAMES = {MILD: "mild", STRONG: "strong", ABSOLUTE: "absolute"}
MAX_DIFFERENCE = 2


def other(colour: str) -> str:
    return SECOND if colour == FIRST else FIRST


def broken_rules(played: Sequence[str], difference: int, colour: str) -> tuple[str, ...]:
    """The absolute rules that giving ``colour`` breaks, for a history of played moves."""
    broken = []
    if len(played) >= 2 and played[-1] == played[-2] == colour:
        broken.append(THREE_IN_A_ROW)
    after = difference + (1 if colour == FIRST else -1)
    if abs(after) > MAX_DIFFERENCE:
        broken.append(COLOUR_DIFFERENCE)
    return tuple(broken)


@dataclass(frozen=True, slots=True)
class ColourState:
    """What the allocation needs of one player's first-move history."""

    played: tuple[str, ...]  # F/S of played games, oldest first
    by_round: dict[int, str]  # round -> F/S, for played games whose round is known
    difference: int  # firsts − seconds
    wants: str | None
    strength: int
    broken_if_first: tuple[str, ...]
    broken_if_second: tuple[str, ...]

    @property
    def key(self) -> tuple[int, int, int, int]:
        """What the cost of a pairing depends on: a small class number for fast edge weights."""
        wants = 0 if self.wants is None else (1 if self.wants == FIRST else 2)
        return (wants, self.strength, len(self.broken_if_first), len(self.broken_if_second))

    def broken(self, colour: str) -> tuple[str, ...]:
        return self.broken_if_first if colour == FIRST else self.broken_if_second


def colour_state(history: History | None) -> ColourState:
    colours = list(history.colours) if history is not None else []
    rounds = sorted(history.rounds) if history is not None else []
    by_round: dict[int, str] = {}
    if len(rounds) == len(colours):
        by_round = {r: c for r, c in zip(rounds, colours, strict=True) if c in (FIRST, SECOND)}
    played = tuple(c for c in colours if c in (FIRST, SECOND))
    difference = played.count(FIRST) - played.count(SECOND)
    if_first = broken_rules(played, difference, FIRST)
    if_second = broken_rules(played, difference, SECOND)
    wants: str | None
    if not played:
        wants, strength = None, NONE
    elif len(if_first) != len(if_second):
        wants, strength = (FIRST if len(if_first) < len(if_second) else SECOND), ABSOLUTE
    elif difference != 0:
        wants, strength = (SECOND if difference > 0 else FIRST), STRONG
    else:
        wants, strength = other(played[-1]), MILD
    return ColourState(played, by_round, difference, wants, strength, if_first, if_second)
