"""The values that the pairing generators return and take."""

from __future__ import annotations

from dataclasses import dataclass

from .messages import Reason


@dataclass(frozen=True)
class Pair:
    """One board of a round: ``first`` moves first; ``second is None`` for a bye.

    ``board`` counts from 1 in display order (the bye last); ``reasons`` say why the pair was made
    and why ``first`` moves first.
    """

    board: int
    first: int
    second: int | None
    reasons: tuple[Reason, ...] = ()

    @property
    def is_bye(self) -> bool:
        return self.second is None

    @property
    def entries(self) -> tuple[int, ...]:
        return (self.first,) if self.second is None else (self.first, self.second)


@dataclass(frozen=True)
class SwissPlayer:
    """An entry to pair in a Swiss round: ``rank`` is the starting rank (1 = top seed).

    ``virtual_points`` (acceleration, e.g. Baku's) count for the score groups (and the last round's
    top-scorer threshold), not for the standings or the board order.
    """

    entry: int
    rank: int
    virtual_points: float = 0.0  # acceleration: added to the score for bracket placement only
