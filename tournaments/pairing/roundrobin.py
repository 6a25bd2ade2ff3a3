"""Round robin by the FIDE Berger tables (C.05 Annex 1), single and double.

For ``n`` players (``n`` even; an odd ``n`` adds a dummy seat whose opponent has the bye) round 1
pairs 1–n, 2–(n−1), …; each later round rotates seats 1..n−1 by n/2 places, and seat n plays on
board 1 with the first move in even rounds and the second in odd ones. These are the published
tables: for 6 players, round 2 is 6–4, 5–3, 1–2.

A double round robin plays the table twice, the second cycle with every first move swapped.
As FIDE's Berger tables recommend (C.05 Annex 1), the *first*
cycle exchanges its last two rounds and the second cycle is the published table in its own
order, colours reversed. So no player has the same move three times in a row across the turn
of the cycles: for 4 players the first moves of seat 4 are S S F | F S F, where exchanging
the second cycle's last rounds too would give S S F | F F S. The single round robin keeps the
published order.
"""

from __future__ import annotations

from collections.abc import Sequence

from .base import Pair
from .messages import BERGER, BERGER_BYE, ROUND_OUT_OF_RANGE, PairingImpossible, Reason

Game = tuple[int, int | None]


def _single_cycle(n: int) -> list[list[tuple[int, int]]]:
    """The Berger table for an even ``n`` over 0-based seats, in published board order."""
    last = n - 1  # seat n, 0-based
    half = n // 2
    rounds: list[list[tuple[int, int]]] = []
    start = 0
    for r in range(n - 1):
        ring = [(start + i) % (n - 1) for i in range(n - 1)]
        games = [(ring[0], last) if r % 2 == 0 else (last, ring[0])]
        games += [(ring[i], ring[n - 1 - i]) for i in range(1, half)]
        rounds.append(games)
        start = (start + half) % (n - 1)
    return rounds


def berger_rounds(n: int, *, double: bool = False) -> list[list[Game]]:
    """Every round of a round robin for ``n`` players over 0-based seats.

    Each round is a list of ``(first, second)`` games in board order, with ``(seat, None)`` for
    the bye (odd ``n``), placed last. ``n`` of 0 or 1 gives no rounds.
    """
    if n < 0:
        raise ValueError("the number of players cannot be negative")
    if n < 2:
        return []
    even = n + (n % 2)
    cycle = _single_cycle(even)
    rounds = list(cycle)
    if double:
        if len(rounds) >= 2:  # the first cycle only (C.05 Annex 1)
            rounds[-2], rounds[-1] = rounds[-1], rounds[-2]
        rounds += [[(b, a) for a, b in games] for games in cycle]
    out: list[list[Game]] = []
    for games in rounds:
        played: list[Game] = []
        bye: list[Game] = []
        for a, b in games:
            if b >= n:
                bye.append((a, None))
            elif a >= n:
                bye.append((b, None))
            else:
                played.append((a, b))
        out.append(played + bye)
    return out


def round_robin_rounds(n: int, *, double: bool = False) -> int:
    """How many rounds a round robin of ``n`` players lasts."""
    if n < 2:
        return 0
    per_cycle = n - 1 + (n % 2)
    return per_cycle * (2 if double else 1)


def round_robin_pairings(
    entries: Sequence[int], round_no: int, *, double: bool = False
) -> list[Pair]:
    """Round ``round_no`` (from 1) of a round robin, ``entries`` in starting order (seed 1 first).

    Raises ``PairingImpossible`` (code ``round_out_of_range``) for a round outside the schedule.
    """
    if len(set(entries)) != len(entries):
        raise ValueError("an entry appears twice in the starting order")
    n = len(entries)
    total = round_robin_rounds(n, double=double)
    if not 1 <= round_no <= total:
        raise PairingImpossible(ROUND_OUT_OF_RANGE, round=round_no, rounds=total, players=n)
    games = berger_rounds(n, double=double)[round_no - 1]
    pairs = []
    for board, (a, b) in enumerate(games, start=1):
        if b is None:
            pairs.append(Pair(board, entries[a], None, (Reason(BERGER_BYE, {"seat": a + 1}),)))
            continue
        reason = Reason(BERGER, {"first_seat": a + 1, "second_seat": b + 1})
        pairs.append(Pair(board, entries[a], entries[b], (reason,)))
    return pairs
