"""SOS heuristic search for grids too large to solve exactly: the exact solver's negamax (or
max^n) to a depth, by iterative deepening, where moves that score do not count against the depth
and a leaf is worth 0 beyond the points it can still take at once (its two best scoring moves,
chained). Values are those of :mod:`games.engine.sos_solver` (see its docstring).
"""

from __future__ import annotations

from collections.abc import Callable

from .budget import OutOfBudget
from .sos_pos import geometry
from .sos_solver import INF, Limits, Moves, _child


def _score_key(value: int | tuple[int, ...]) -> int:
    return value[0] if isinstance(value, tuple) else value


class SosHeuristic:
    """Depth-limited search for grids too large to solve (two seats: negamax; more: max^n)."""

    def __init__(
        self,
        rows: int,
        cols: int,
        players: int = 2,
        mode: str = "most",
        limits: Limits | None = None,
    ) -> None:
        self.geo = geometry(rows, cols)
        self.players = players
        self.first = mode == "first"
        self.limits = limits or Limits()
        self.moves = Moves(self.geo)
        self.width = 24  # quiet moves looked at per node below the root
        self.quiescence_width = 2  # scoring moves looked at per node beyond the depth

    @property
    def nodes(self) -> int:
        return self.limits.nodes

    def candidates(self, s: int, o: int, root: bool) -> list[tuple[int, int]]:
        moves = self.moves.ordered(s, o)
        if root:
            return moves
        scoring = [gm for gm in moves if gm[0]]
        quiet = [gm for gm in moves if not gm[0]]
        return scoring + quiet[: self.width]

    def search(self, s: int, o: int, depth: int, alpha: int = -INF, beta: int = INF) -> int:
        """Two seats: value of the rest from the mover (``most``: points; ``first``: ±1/0)."""
        self.limits.tick()
        if not self.geo.full & ~(s | o):
            return 0
        if self.first:
            score_s, score_o, _, _ = self.geo.threats(s, o)
            if score_s or score_o:
                return 1
        if depth <= 0:
            best = 0  # a quiet move is worth about nothing at the horizon
            for g, m in self.moves.scoring(s, o)[: self.quiescence_width]:
                ns, no = _child(s, o, m)
                best = max(best, g + self.search(ns, no, 0, alpha - g, beta - g))
            return best
        moves = self.candidates(s, o, False)
        best = -INF
        for g, m in moves:
            ns, no = _child(s, o, m)
            if g:
                v = 1 if self.first else g + self.search(ns, no, depth, alpha - g, beta - g)
            else:
                v = -self.search(ns, no, depth - 1, -beta, -alpha)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        return best

    def search_n(self, s: int, o: int, depth: int) -> tuple[int, ...]:
        """Three or more seats: max^n to a depth, vector counted from the mover."""
        self.limits.tick()
        p = self.players
        if not self.geo.full & ~(s | o):
            return (0,) * p
        if self.first and any(self.geo.threats(s, o)[:2]):
            return (1,) + (-1,) * (p - 1)
        if depth <= 0:
            moves = self.moves.scoring(s, o)[: self.quiescence_width]
            if not moves:
                return (0,) * p
        else:
            moves = self.candidates(s, o, False)
        best: tuple[int, ...] | None = None
        for g, m in moves:
            vec = self.child_n(s, o, g, m, depth)
            if best is None or vec[0] > best[0]:
                best = vec
        assert best is not None
        return best

    def child_n(self, s: int, o: int, g: int, m: int, depth: int) -> tuple[int, ...]:
        ns, no = _child(s, o, m)
        if g:
            if self.first:
                return (1,) + (-1,) * (self.players - 1)
            child = self.search_n(ns, no, depth)
            return (child[0] + g, *child[1:])
        child = self.search_n(ns, no, depth - 1)
        return (child[-1], *child[:-1])

    def move_value(self, s: int, o: int, g: int, m: int, depth: int) -> int | tuple[int, ...]:
        if self.players > 2:
            return self.child_n(s, o, g, m, depth)
        ns, no = _child(s, o, m)
        if g:
            return 1 if self.first else g + self.search(ns, no, depth)
        return -self.search(ns, no, depth - 1)

    def best(
        self, s: int, o: int, on_depth: Callable[[int, int, object], None] | None = None
    ) -> tuple[int, int | tuple[int, ...], int]:
        """Iterative deepening until the budget ends: ``(move, value, depth completed)``."""
        moves = self.candidates(s, o, True)
        best_move, best_value, done = moves[0][1], None, 0
        depth = 1
        empties = bin(self.geo.full & ~(s | o)).count("1")
        while depth <= empties:
            try:
                cur_move, cur_value = None, None
                for g, m in moves:
                    v = self.move_value(s, o, g, m, depth)
                    if cur_value is None or _score_key(v) > _score_key(cur_value):
                        cur_move, cur_value = m, v
            except OutOfBudget:
                break
            assert cur_move is not None and cur_value is not None
            best_move, best_value, done = cur_move, cur_value, depth
            # Search the best move first at the next depth.
            moves.sort(key=lambda gm: gm[1] != best_move)
            if on_depth is not None:
                on_depth(depth, best_move, best_value)
            depth += 1
        if best_value is None:  # not even depth 1: take the first ordered move at face value
            g, m = moves[0]
            best_value = (g,) + (0,) * (self.players - 1) if self.players > 2 else g
        return best_move, best_value, done
