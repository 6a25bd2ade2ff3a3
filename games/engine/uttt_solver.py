"""Ultimate tic-tac-toe's exact endgame solver: :class:`UtttSolver` — negamax with alpha-beta over
win (+1) / draw (0) / loss (-1) for the seat to move, a transposition table and moves that win a
small board tried first. The MCTS that hands its small endgames to it is
:mod:`games.engine.uttt_search`.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from .budget import Budget
from .uttt_pos import UtttPos
from .uttt_tables import DRAW

WIN, LOSS = 1, -1


class SolverLimits(Budget):
    """The exact solver's node and time budget, checked every 1,024 nodes."""

    def __init__(
        self,
        seconds: float | None = None,
        nodes: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        super().__init__(seconds, nodes, clock, check_every=1024)


def ordered_moves(pos: UtttPos) -> list[int]:
    """Legal moves, those that win their small board first."""
    moves = pos.legal_moves()
    wins = [m for m in moves if pos.wins_board(m)]
    if not wins:
        return moves
    return wins + [m for m in moves if m not in wins]


class UtttSolver:
    """Exact game values: +1 the seat to move wins, 0 draw, -1 it loses (with best play)."""

    def __init__(self, limits: SolverLimits | None = None) -> None:
        self.limits = limits or SolverLimits()
        self.tt: dict[tuple[int, int, int], tuple[int, int]] = {}

    @property
    def nodes(self) -> int:
        return self.limits.nodes

    def solve(self, pos: UtttPos, alpha: int = LOSS, beta: int = WIN) -> int:
        self.limits.tick()
        w = pos.winner
        if w >= 0:
            return 0 if w == DRAW else (WIN if w == pos.turn else LOSS)
        key = pos.key()
        entry = self.tt.get(key)
        lo, hi = (LOSS, WIN) if entry is None else entry
        if lo == hi or lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        a0 = alpha = max(alpha, lo)
        beta = min(beta, hi)
        best = LOSS - 1
        for m in ordered_moves(pos):
            pos.play(m)
            try:
                v = -self.solve(pos, -beta, -alpha)
            finally:
                pos.undo()
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        if best <= a0:
            hi = best
        elif best >= beta:
            lo = best
        else:
            lo = hi = best
        self.tt[key] = (lo, hi)
        return best

    def move_values(self, pos: UtttPos) -> list[tuple[int, int]]:
        """``(move, exact value for the mover)`` of every legal move."""
        out = []
        for m in pos.legal_moves():
            pos.play(m)
            try:
                out.append((m, -self.solve(pos)))
            finally:
                pos.undo()
        return out

    def line(self, pos: UtttPos, limit: int = 81) -> list[int]:
        """A principal line: at each step a move achieving the position's value."""
        pos = pos.copy()
        out: list[int] = []
        while pos.winner < 0 and len(out) < limit:
            target = self.solve(pos)
            m = next(move for move, v in self.move_values(pos) if v == target)
            out.append(m)
            pos.play(m)
        return out
