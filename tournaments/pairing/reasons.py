"""Why this pairing: each Dutch board's explanation as reason codes (see ``messages``).

A board says which rule made the pair (a pair of the score group in the Dutch order, or a
player who floated down, and why) and which colour rule (E.1–E.5) gave the first move; the bye
says why its player was chosen.
"""

from __future__ import annotations

from collections.abc import Mapping

from .dutch_records import BoardInfo, DutchPlayer, DutchResult
from .messages import (
    DUTCH_BYE,
    DUTCH_E1,
    DUTCH_E2,
    DUTCH_E3,
    DUTCH_E4,
    DUTCH_E5,
    DUTCH_FLOAT,
    DUTCH_PAIR,
    Reason,
)

COLOUR_CODES = {"E1": DUTCH_E1, "E2": DUTCH_E2, "E3": DUTCH_E3, "E4": DUTCH_E4, "E5": DUTCH_E5}


def points(tenths: int) -> float:
    return tenths / 10


def board_reasons(
    board: BoardInfo, players: Mapping[int, DutchPlayer], result: DutchResult
) -> tuple[Reason, ...]:
    h, lo = players[board.higher], players[board.lower]
    if h.score == lo.score:
        pair = Reason(DUTCH_PAIR, {"score": points(h.score)})
    else:
        pair = Reason(
            DUTCH_FLOAT, {"entry": h.entry, "from": points(h.score), "to": points(lo.score)}
        )
    colour = Reason(COLOUR_CODES[board.colour_rule], {"entry": board.first})
    return (pair, colour)


def bye_reasons(result: DutchResult, players: Mapping[int, DutchPlayer]) -> tuple[Reason, ...]:
    if result.bye is None:
        return ()
    p = players[result.bye]
    return (Reason(DUTCH_BYE, {"entry": p.entry, "score": points(p.real_score)}),)
