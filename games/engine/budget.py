"""The node and time budget of the engine's searches (SOS's solver and heuristic search, ultimate
tic-tac-toe's endgame solver): :class:`Budget`, and :class:`OutOfBudget`, raised when it is spent.
"""

from __future__ import annotations

import time
from collections.abc import Callable


class OutOfBudget(Exception):
    """A search ran out of its node or time budget."""


class Budget:
    """At most ``nodes`` nodes and ``seconds`` seconds (``None``: no limit), checked every
    ``check_every`` nodes (a power of two): reading the clock costs more than a node."""

    def __init__(
        self,
        seconds: float | None = None,
        nodes: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
        *,
        check_every: int = 512,
    ) -> None:
        if check_every < 1 or check_every & (check_every - 1):
            raise ValueError(f"check_every must be a power of two, not {check_every}")
        self.clock = clock
        self.deadline = None if seconds is None else clock() + seconds
        self.max_nodes = nodes
        self.nodes = 0
        self._mask = check_every - 1

    def tick(self) -> None:
        """Count one node; raise :class:`OutOfBudget` at a check once the budget is spent."""
        self.nodes += 1
        if not self.nodes & self._mask:
            if self.max_nodes is not None and self.nodes > self.max_nodes:
                raise OutOfBudget
            if self.deadline is not None and self.clock() > self.deadline:
                raise OutOfBudget
