"""The computer's search for one move, as a plain function of plain values: what the thinker
(:mod:`games.computer`) runs in its search process, which imports the rules and the engine and
nothing of Django."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engine.levels import choose
from games.rules import get_rules


def best(
    kind: str,
    options: Mapping[str, Any],
    moves: Sequence[str],
    out: Sequence[tuple[int, int]],
    level: int,
    seed: int,
    seconds: float,
) -> tuple[str, int]:
    """The move (notation) of ``level`` at the position after ``moves`` (seats ``out`` of the
    game as ``(seat, ply)``), and the positions it looked at; at most ``seconds`` of CPU."""
    rules = get_rules(kind, **dict(options))
    state = rules.replay(list(moves), list(out))
    choice = choose(rules, state, level, seed=seed, seconds=seconds)
    return choice.move, choice.nodes


def warm() -> bool:
    """Nothing: the search process's first task, which imports the engine before a move waits."""
    return True
