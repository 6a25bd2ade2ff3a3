"""Why this pairing: each Dutch board's explanation as reason codes (see ``messages``)."""

from __future__ import annotations

from collections.abc import Mapping

from .dutch import BoardInfo, DutchPlayer, DutchResult
from .messages import FLOATER, SCORE_GROUP, Reason


def points(tenths: int) -> float:
    return tenths / 10


def board_reasons(
    board: BoardInfo, players: Mapping[int, DutchPlayer], result: DutchResult
) -> tuple[Reason, ...]:
    h, lo = players[board.higher], players[board.lower]
    if h.score == lo.score:
        reasons = [Reason(SCORE_GROUP, {"score": points(h.score)})]
    else:
        reasons = [
            Reason(FLOATER, {"entry": h.entry, "from": points(h.score), "to": points(lo.score)})
        ]
    return tuple(reasons)


def bye_reasons(result: DutchResult, players: Mapping[int, DutchPlayer]) -> tuple[Reason, ...]:
    return ()
