"""Who sits where at a table: the seat order (seat 0 moves first; turns go round in order).

The rule, seat by seat:

- Seat 0 (the first move): a player *due* to sit first (first no more often than anyone at his
  score, ``tables_cost.make_field``) before one who is not; among those, the one furthest
  below his fair share of first seats (``firsts - share``, where a game at a table of ``n``
  adds ``1/n`` to the share); ties: the lowest-placed player.
- Seat ``q`` after it: the player who has sat in seats 0 to ``q`` least often (so the early
  seats even out); ties: the lowest-placed player.

Round 1 (no history) thus seats every table from its lowest-placed player up.
"""

from __future__ import annotations

from collections.abc import Sequence

from .tables_cost import Field
from .tables_messages import (
    TABLES_SEAT_FIRST,
    TABLES_SEAT_FIRST_AGAIN,
    TABLES_SEAT_ORDER,
    TableReason,
)


def seat_order(field: Field, members: Sequence[int]) -> list[int]:
    """``members`` (standing indices, 0 = best) in seat order."""
    rest = list(members)
    first = min(rest, key=lambda i: (not field.due[i], field.firsts[i] - field.share[i], -i))
    order = [first]
    rest.remove(first)
    while rest:
        q = len(order)
        nxt = min(rest, key=lambda i: (sum(field.seat_counts[i][: q + 1]), -i))
        order.append(nxt)
        rest.remove(nxt)
    return order


def seat_reasons(field: Field, order: Sequence[int]) -> tuple[TableReason, ...]:
    first = order[0]
    code = TABLES_SEAT_FIRST if field.due[first] else TABLES_SEAT_FIRST_AGAIN
    params = {
        "entry": field.entries[first],
        "firsts": field.firsts[first],
        "share": round(field.share[first], 2),
    }
    return (TableReason(code, params), TableReason(TABLES_SEAT_ORDER, {}))
