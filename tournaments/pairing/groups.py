"""Group stages (issue 29): round-robin pools with serpentine seeding, each paired as a round
robin of its own (the Berger tables of ``roundrobin``), the pools' rounds played together.

**Serpentine seeding** (the "snake" of Challonge's and FIFA's group draws, the *brackets-manager*
project's ``groups.seed_optimized``): the seeds are dealt to the groups row by row, left to
right, then right to left, so each group gets one of the strongest and one of the weakest
players of each row: 8 players in two groups are A = 1, 4, 5, 8 and B = 2, 3, 6, 7. The groups'
sizes differ by one at most. Pure Python: no Django.
"""

from __future__ import annotations

import string
from collections.abc import Sequence
from typing import TypeVar

from .base import Pair
from .roundrobin import round_robin_pairings, round_robin_rounds

K = TypeVar("K")

MAX_GROUPS = 26  # labelled A..Z


def group_label(index: int) -> str:
    """The label of group ``index`` (from 0): A, B, C, …"""
    if not 0 <= index < MAX_GROUPS:
        raise ValueError(f"no label for group {index}")
    return string.ascii_uppercase[index]


def group_count(players: int, size: int) -> int:
    """How many groups of at most ``size`` players ``players`` make (at least one)."""
    if size < 2:
        raise ValueError("a group has at least two players")
    return max(1, -(-players // size))


def serpentine_groups(seeds: Sequence[K], groups: int) -> list[list[K]]:
    """``seeds`` (seed 1 first) dealt to ``groups`` groups in a snake; each group best first."""
    if not 1 <= groups <= MAX_GROUPS:
        raise ValueError(f"{groups} groups: from 1 to {MAX_GROUPS}")
    out: list[list[K]] = [[] for _ in range(groups)]
    for i, seed in enumerate(seeds):
        row, col = divmod(i, groups)
        out[col if row % 2 == 0 else groups - 1 - col].append(seed)
    return out


def groups_rounds(groups: Sequence[Sequence[object]]) -> int:
    """How many rounds the group stage lasts: its largest group's round robin."""
    return max((round_robin_rounds(len(g)) for g in groups), default=0)


def groups_pairings(groups: Sequence[Sequence[int]], round_no: int) -> list[Pair]:
    """Round ``round_no`` of every group (each in its starting order), group A's boards first,
    numbered on; a group whose schedule is over (a smaller one) has no board."""
    boards: list[Pair] = []
    byes: list[Pair] = []
    for group in groups:
        if round_no > round_robin_rounds(len(group)):
            continue
        for pair in round_robin_pairings(group, round_no):
            (byes if pair.second is None else boards).append(pair)
    return [Pair(board, p.first, p.second, p.reasons) for board, p in enumerate(boards + byes, 1)]
