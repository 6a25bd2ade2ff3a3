"""The values that the pairing generators return and take."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
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


def pairing_list(
    entries: Iterable[tuple[Hashable, int | None, int | None]],
) -> list[Hashable]:
    """The pairing list (C.04.2): ``entries`` as (key, starting rank or None, rating or None).

    Ranked entries in rank order; an entry without a rank (a late entry) is placed by rating,
    before the first ranked entry rated below him (after those rated the same); unrated ones
    last. A strong late entry is thus numbered where his rating puts him, not last (and is in
    Baku's group A when that is above the last group-A player of round 1, C.04.5.1).
    """
    items = list(entries)
    ranked = sorted((e for e in items if e[1] is not None), key=lambda e: (e[1], str(e[0])))
    late = sorted((e for e in items if e[1] is None), key=lambda e: -(e[2] or 0))
    order = []
    for e in ranked:
        while late and late[0][2] and late[0][2] > (e[2] or 0):
            order.append(late.pop(0))
        order.append(e)
    return [e[0] for e in order + late]
