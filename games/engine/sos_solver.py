"""SOS's exact solver for small grids and endgames (the heuristic search for the rest is
:mod:`games.engine.sos_search`), and the move order both use (their budget:
:mod:`games.engine.budget`).

Values are of the *rest of the game* from the seat to move, which depend on the grid alone (not on
who is to move nor on the points already made), so one transposition table serves every seat:

- mode ``most``, two seats: the points the mover will still make minus the opponent's, under best
  play (negamax with alpha-beta; a move that scores keeps the turn, so its value is added, not
  negated). The final score difference is this plus the current difference.
- mode ``first``, two seats: +1 the mover makes the first SOS, 0 nobody does, -1 the opponent does.
- three to six seats: **max^n** — every seat maximises its own final score (*most*) or its own
  result (*first*: +1 win, 0 draw, -1 loss); the value is a vector with one entry per seat,
  counted from the mover. Ties go to the first move in the public order. No pruning is sound for
  max^n in general, so it is searched in full (small grids) or to a depth.

The exact solver keys its table by the grid up to the grid's symmetries (8 for a square, 4 for a
rectangle) and orders moves by points won, then quiet moves that give the next player nothing,
then the rest. The heuristic search is the same negamax to a depth (iterative deepening), where
moves that score do not count against the depth and a leaf is worth 0 beyond the points it can
still take at once (its two best scoring moves, chained).
"""

from __future__ import annotations

from .budget import Budget
from .sos_pos import SosGeometry, geometry

INF = 1 << 20


class Limits(Budget):
    """A node and time budget, checked every 512 nodes."""


def _canon_tables(geo: SosGeometry) -> list[list[tuple[int, ...]]] | None:
    """Byte tables mapping a grid key ``s | o << n`` through each non-identity symmetry."""
    n = geo.n
    if n > 30 or len(geo.symmetries) == 1:
        return None
    width = 2 * n
    chunks = (width + 7) // 8
    out = []
    for perm in geo.symmetries[1:]:
        full_perm = list(perm) + [n + p for p in perm]
        per_chunk = []
        for j in range(chunks):
            table = []
            for byte in range(256):
                v = 0
                for k in range(8):
                    i = 8 * j + k
                    if byte >> k & 1 and i < width:
                        v |= 1 << full_perm[i]
                table.append(v)
            per_chunk.append(tuple(table))
        out.append(per_chunk)
    return out


class Moves:
    """Move generation with ordering, shared by the solvers."""

    def __init__(self, geo: SosGeometry) -> None:
        self.geo = geo

    def scoring(self, s: int, o: int) -> list[tuple[int, int]]:
        """``(points, move)`` of the moves that score, most points first."""
        geo = self.geo
        score_s, score_o, _, _ = geo.threats(s, o)
        out = []
        for mask, letter in ((score_s, 0), (score_o, 1)):
            while mask:
                low = mask & -mask
                m = 2 * (low.bit_length() - 1) + letter
                out.append((geo.gain(s, o, m), m))
                mask ^= low
        out.sort(key=lambda gm: (-gm[0], gm[1]))
        return out

    def ordered(self, s: int, o: int) -> list[tuple[int, int]]:
        """``(points, move)`` for every move: scoring moves (most points first), then quiet
        moves that give the next player no scoring cell, then quiet moves that do."""
        geo = self.geo
        score_s, score_o, danger_s, danger_o = geo.threats(s, o)
        emp = geo.full & ~(s | o)
        gain = geo.gain
        scoring = []
        for mask, letter in ((score_s, 0), (score_o, 1)):
            while mask:
                low = mask & -mask
                m = 2 * (low.bit_length() - 1) + letter
                scoring.append((gain(s, o, m), m))
                mask ^= low
        scoring.sort(key=lambda gm: (-gm[0], gm[1]))
        safe = []
        risky = []
        for mask, letter, danger in ((emp & ~score_s, 0, danger_s), (emp & ~score_o, 1, danger_o)):
            while mask:
                low = mask & -mask
                m = 2 * (low.bit_length() - 1) + letter
                (risky if danger & low else safe).append((0, m))
                mask ^= low
        safe.sort(key=lambda gm: gm[1])
        risky.sort(key=lambda gm: gm[1])
        return scoring + safe + risky


def _child(s: int, o: int, m: int) -> tuple[int, int]:
    bit = 1 << (m >> 1)
    return (s, o | bit) if m & 1 else (s | bit, o)


class SosSolver:
    """Exact values of SOS positions (see the module's docstring for what a value is)."""

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
        self.tt: dict[int, object] = {}
        self._tables = _canon_tables(self.geo)
        self._n = self.geo.n

    @property
    def nodes(self) -> int:
        return self.limits.nodes

    def canonical(self, s: int, o: int) -> int:
        key = s | o << self._n
        tables = self._tables
        if tables is None:
            return key
        best = key
        for per_chunk in tables:
            v = 0
            k = key
            for table in per_chunk:
                v |= table[k & 255]
                k >>= 8
            if v < best:
                best = v
        return best

    # -- two seats, most: score difference -------------------------------------------------------
    def most(self, s: int, o: int, alpha: int = -INF, beta: int = INF) -> int:
        self.limits.tick()
        if not self.geo.full & ~(s | o):
            return 0
        key = self.canonical(s, o)
        entry = self.tt.get(key)
        lo, hi = (-INF, INF) if entry is None else entry  # type: ignore[misc]
        if lo == hi or lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        a0 = alpha = max(alpha, lo)
        beta = min(beta, hi)
        best = -INF
        for g, m in self.moves.ordered(s, o):
            ns, no = _child(s, o, m)
            if g:
                v = g + self.most(ns, no, alpha - g, beta - g)
            else:
                v = -self.most(ns, no, -beta, -alpha)
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

    # -- two seats, first: win / draw / loss -----------------------------------------------------
    def first_result(self, s: int, o: int) -> int:
        self.limits.tick()
        if not self.geo.full & ~(s | o):
            return 0
        key = self.canonical(s, o)
        v = self.tt.get(key)
        if v is not None:
            return v  # type: ignore[return-value]
        score_s, score_o, _danger_s, _danger_o = self.geo.threats(s, o)
        if score_s or score_o:
            best = 1
        else:
            best = -INF
            for _g, m in self.moves.ordered(s, o):
                ns, no = _child(s, o, m)
                v = -self.first_result(ns, no)
                if v > best:
                    best = v
                    if best == 1:
                        break
        self.tt[key] = best
        return best

    # -- three to six seats: max^n ---------------------------------------------------------------
    def maxn(self, s: int, o: int) -> tuple[int, ...]:
        """Vector of the rest of the game's value per seat, counted from the mover."""
        self.limits.tick()
        p = self.players
        if not self.geo.full & ~(s | o):
            return (0,) * p
        key = self.canonical(s, o)
        v = self.tt.get(key)
        if v is not None:
            return v  # type: ignore[return-value]
        best: tuple[int, ...] | None = None
        if self.first and any(self.geo.threats(s, o)[:2]):
            best = (1,) + (-1,) * (p - 1)
        else:
            # The public order (not the search order): ties go to the first move in it.
            for g, m in sorted(self.moves.ordered(s, o), key=lambda gm: gm[1]):
                vec = self.maxn_child(s, o, g, m)
                if best is None or vec[0] > best[0]:
                    best = vec
        assert best is not None
        self.tt[key] = best
        return best

    def maxn_child(self, s: int, o: int, g: int, m: int) -> tuple[int, ...]:
        """The mover's vector after the move ``m`` that scores ``g``."""
        ns, no = _child(s, o, m)
        if g:
            if self.first:
                return (1,) + (-1,) * (self.players - 1)
            child = self.maxn(ns, no)
            return (child[0] + g, *child[1:])
        child = self.maxn(ns, no)  # counted from the next seat
        return (child[-1], *child[:-1])

    # -- the value of each move, for lines and analysis ------------------------------------------
    def move_value(self, s: int, o: int, g: int, m: int) -> int | tuple[int, ...]:
        ns, no = _child(s, o, m)
        if self.players > 2:
            return self.maxn_child(s, o, g, m)
        if self.first:
            return 1 if g else -self.first_result(ns, no)
        return g + self.most(ns, no) if g else -self.most(ns, no)

    def value(self, s: int, o: int) -> int | tuple[int, ...]:
        if self.players > 2:
            return self.maxn(s, o)
        if self.first:
            return self.first_result(s, o)
        return self.most(s, o)
