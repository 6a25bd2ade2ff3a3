"""Small builders for pairing tests."""

from __future__ import annotations

from tournaments.core.history import History


def hist(
    entry: int,
    points: float = 0.0,
    colours: str = "",
    opponents: tuple[int, ...] = (),
    byes: int = 0,
) -> History:
    """A history with ``colours`` over rounds 1..len(colours) ("F", "S", "-")."""
    return History(
        entry=entry,
        points=points,
        opponents=list(opponents),
        colours=list(colours),
        pairing_byes=byes,
        rounds=set(range(1, len(colours) + 1)),
    )


def boards(pairs) -> list[tuple[int, int | None]]:
    return [(p.first, p.second) for p in pairs]
