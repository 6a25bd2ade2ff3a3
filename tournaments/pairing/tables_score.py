"""A table's result: the finishing order by SOS count, and placement points.

``placings``: place 1 is the highest SOS count; players on the same count share the places
they cover, each getting their average (counts 5, 3, 3, 1 → places 1, 2.5, 2.5, 4).

``placement_points``: the arbiter's points table ``scheme`` (points for place 1, 2, …, e.g.
3-2-1-0 for tables of 4) is given for tables of ``size`` players. A table of ``m`` players uses
the first ``m`` entries; tied players share the average of the points of the places they
cover; then every player's points are multiplied by

    scale(m) = mean(scheme[:size]) / mean(scheme[:m])

so that a player's points at a table of any size average the same as at a table of ``size``
(3-2-1-0 at a table of 3: 3, 2, 1 × 1.5 / 2 = 2.25, 1.5, 0.75; at a table of 4 unchanged).
A table whose first ``m`` scheme entries are all 0 gives 0 to everyone.
"""

from __future__ import annotations

from collections.abc import Sequence

DEFAULT_SCHEME = (3, 2, 1, 0)


def placings(counts: Sequence[int]) -> list[float]:
    """Each seat's finishing place (1 = best) by SOS count, ties sharing their places."""
    order = sorted(range(len(counts)), key=lambda s: -counts[s])
    places = [0.0] * len(counts)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and counts[order[end + 1]] == counts[order[start]]:
            end += 1
        shared = (start + end) / 2 + 1
        for k in range(start, end + 1):
            places[order[k]] = shared
        start = end + 1
    return places


def placement_points(
    counts: Sequence[int], scheme: Sequence[float] = DEFAULT_SCHEME, *, size: int | None = None
) -> list[float]:
    """Each seat's placement points (see the module's scaling formula). ``size``: the table
    size the scheme is for (default its length); the table must not be larger."""
    m = len(counts)
    size = len(scheme) if size is None else size
    if m > len(scheme) or size > len(scheme) or m == 0:
        raise ValueError(
            f"a points table of {len(scheme)} places cannot score a table of {m} players"
        )
    points = [0.0] * m
    for seat, place in enumerate(placings(counts)):
        low = int(place - 0.5 * _tied(counts, seat) + 0.5)
        cover = range(low, low + _tied(counts, seat))
        points[seat] = sum(scheme[p - 1] for p in cover) / len(cover)
    mean_m = sum(scheme[:m]) / m
    if mean_m == 0:
        return [0.0] * m
    scale = (sum(scheme[:size]) / size) / mean_m
    return [p * scale for p in points]


def _tied(counts: Sequence[int], seat: int) -> int:
    return sum(1 for c in counts if c == counts[seat])
