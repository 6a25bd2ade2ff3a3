"""First-move ("colour") preferences and the choice of who moves first within a pair.

A player's colour history is his sequence of first ("F") and second ("S") moves over the games
actually played; rounds without a game ("-": byes, forfeits, absences) are skipped. The two
*absolute* rules are: never the same move three times in a row, and never a difference
(firsts − seconds) over 2 or under −2. From the history:

- *absolute* preference: one move would break an absolute rule and the other would not;
- *strong*: the difference is ±1 (wants the move that evens it);
- *mild*: the difference is 0 (wants the other move than last time);
- none: no game played yet.

Within a pair the allocation with the lowest cost (broken absolute rules, then unmet
preferences, then unmet strong or absolute ones) wins; a tie (both want the same move equally)
goes, as in FIDE's C.04.3 colour rules, to the one with the wider difference, else moves
alternate from the most recent round in which the two had different moves, else the
higher-ranked player gets his preference; if neither has one, the higher-ranked player moves
first when his rank number is odd (initial colour "first").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.records import History

from .messages import (
    COLOUR_ALTERNATION,
    COLOUR_BY_RANK,
    COLOUR_DIFFERENCE,
    COLOUR_HIGHER_RANK,
    COLOUR_PREFERENCE,
    COLOUR_PREFERENCE_UNMET,
    COLOUR_RULE_BROKEN,
    COLOUR_WIDER_DIFFERENCE,
    THREE_IN_A_ROW,
    Reason,
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


def allocation_cost(first: ColourState, second: ColourState) -> tuple[int, int, int]:
    """(absolute rules broken, preferences unmet, strong or absolute preferences unmet)."""
    broken = len(first.broken_if_first) + len(second.broken_if_second)
    unmet = unmet_strong = 0
    for state, colour in ((first, FIRST), (second, SECOND)):
        if state.wants is not None and state.wants != colour:
            unmet += 1
            if state.strength >= STRONG:
                unmet_strong += 1
    return broken, unmet, unmet_strong


def pair_cost(a: ColourState, b: ColourState) -> tuple[int, int, int]:
    """The cost of the better allocation of a pair (what the matching weighs)."""
    return min(allocation_cost(a, b), allocation_cost(b, a))


@dataclass(frozen=True, slots=True)
class Side:
    """One player of a pair as the allocation sees him."""

    entry: int
    rank: int  # starting rank number (1 = top seed)
    score: float
    state: ColourState

    def outranks(self, other: Side) -> bool:
        return (-self.score, self.rank, self.entry) < (-other.score, other.rank, other.entry)


def allocate(a: Side, b: Side) -> tuple[Side, Side, tuple[Reason, ...]]:
    """Who moves first in the pair ``a``–``b``: ``(first, second, reasons)``."""
    cost_ab = allocation_cost(a.state, b.state)
    cost_ba = allocation_cost(b.state, a.state)
    decided: Reason | None = None
    if cost_ab != cost_ba:
        first, second = (a, b) if cost_ab < cost_ba else (b, a)
    else:
        first, second, decided = _tie_break(a, b)
    reasons: list[Reason] = []
    if decided is not None:
        reasons.append(decided)
    for side, colour in ((first, FIRST), (second, SECOND)):
        state = side.state
        if state.wants is None:
            continue
        params = {
            "entry": side.entry,
            "wants": state.wants,
            "strength": STRENGTH_NAMES[state.strength],
        }
        code = COLOUR_PREFERENCE if state.wants == colour else COLOUR_PREFERENCE_UNMET
        reasons.append(Reason(code, params))
    for side, colour in ((first, FIRST), (second, SECOND)):
        for rule in side.state.broken(colour):
            reasons.append(
                Reason(COLOUR_RULE_BROKEN, {"entry": side.entry, "rule": rule, "colour": colour})
            )
    return first, second, tuple(reasons)


def _tie_break(a: Side, b: Side) -> tuple[Side, Side, Reason | None]:
    high, low = (a, b) if a.outranks(b) else (b, a)
    hs, ls = high.state, low.state
    if hs.wants is not None and hs.wants == ls.wants:
        # Both want the same move, equally strongly.
        if abs(hs.difference) != abs(ls.difference):
            winner = high if abs(hs.difference) > abs(ls.difference) else low
            loser = low if winner is high else high
            first, second = (winner, loser) if winner.state.wants == FIRST else (loser, winner)
            return first, second, Reason(COLOUR_WIDER_DIFFERENCE, {"entry": winner.entry})
        for rnd in sorted(set(hs.by_round) & set(ls.by_round), reverse=True):
            if hs.by_round[rnd] != ls.by_round[rnd]:
                # Each gets the move other than the one he had then.
                first, second = (high, low) if hs.by_round[rnd] == SECOND else (low, high)
                return first, second, Reason(COLOUR_ALTERNATION, {"round": rnd})
        first, second = (high, low) if hs.wants == FIRST else (low, high)
        return first, second, Reason(COLOUR_HIGHER_RANK, {"entry": high.entry})
    if hs.wants is not None:  # the lower-ranked player has no preference, or the same cost
        first, second = (high, low) if hs.wants == FIRST else (low, high)
        return first, second, None
    colour = FIRST if high.rank % 2 == 1 else SECOND
    first, second = (high, low) if colour == FIRST else (low, high)
    return first, second, Reason(COLOUR_BY_RANK, {"entry": high.entry, "colour": colour})
