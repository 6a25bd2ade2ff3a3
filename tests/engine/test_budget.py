"""The engine's one search budget (games/engine/budget.py), as SOS's searches and ultimate
tic-tac-toe's endgame solver use it."""

from __future__ import annotations

import pytest

from games.engine.budget import Budget, OutOfBudget
from games.engine.sos_solver import Limits
from games.engine.uttt_solver import SolverLimits


def ticks_until_spent(budget: Budget, most: int = 100_000) -> int:
    for count in range(1, most + 1):
        try:
            budget.tick()
        except OutOfBudget:
            return count
    raise AssertionError("the budget was never spent")


def test_the_node_budget_is_checked_every_so_many_nodes() -> None:
    assert ticks_until_spent(Budget(nodes=1_000, check_every=512)) == 1_024
    assert ticks_until_spent(Budget(nodes=1_000, check_every=1)) == 1_001
    assert ticks_until_spent(Limits(nodes=5_000)) == 5_120  # SOS: every 512 nodes
    assert ticks_until_spent(SolverLimits(nodes=5_000)) == 5_120  # UTTT: every 1,024


def test_the_time_budget_reads_the_clock_only_at_a_check() -> None:
    now = [100.0]
    reads = []

    def clock() -> float:
        reads.append(now[0])
        return now[0]

    budget = Budget(seconds=2.0, clock=clock, check_every=4)
    for _ in range(8):
        budget.tick()
    assert len(reads) == 3  # the start, and the checks at nodes 4 and 8
    now[0] = 102.5
    with pytest.raises(OutOfBudget):
        for _ in range(4):
            budget.tick()


def test_no_limit_never_runs_out() -> None:
    budget = Budget()
    for _ in range(10_000):
        budget.tick()
    assert budget.nodes == 10_000


@pytest.mark.parametrize("every", [0, 3, 1000, -512])
def test_the_check_interval_is_a_power_of_two(every: int) -> None:
    with pytest.raises(ValueError, match="power of two"):
        Budget(check_every=every)
