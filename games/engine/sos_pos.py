"""The fast SOS position for search: the grid as two bit masks, moves as small integers.

A move is ``2 * cell + letter`` (cell row by row, ``letter`` 0 for S and 1 for O), so the moves of
a position in increasing order are the public engine's order (cells row by row, S before O).
``SosGeometry`` holds the precomputed lines through each cell as bit pairs; ``SosPos`` is changed
in place by ``play`` and changed back by ``undo`` (an undo stack allocated once).
"""

from __future__ import annotations

from functools import lru_cache

from games.rules.sos import SosRules, SosState

LETTER_S, LETTER_O = 0, 1
_DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


class SosGeometry:
    """The lines of a rows × cols grid as bit pairs, and the grid's symmetries."""

    def __init__(self, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols
        n = self.n = rows * cols
        self.full = (1 << n) - 1
        s_pairs: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        o_pairs: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        lines: list[tuple[int, int, int]] = []
        for r in range(rows):
            for c in range(cols):
                for dr, dc in _DIRECTIONS:
                    r2, c2 = r + 2 * dr, c + 2 * dc
                    if 0 <= r2 < rows and 0 <= c2 < cols:
                        a, b, e = r * cols + c, (r + dr) * cols + c + dc, r2 * cols + c2
                        lines.append((a, b, e))
                        s_pairs[a].append((1 << b, 1 << e))  # S at a: O in the middle, S far
                        s_pairs[e].append((1 << b, 1 << a))
                        o_pairs[b].append((1 << a, 1 << e))  # O at b: S at both ends
        self.lines = tuple(lines)
        self.s_pairs = tuple(tuple(p) for p in s_pairs)
        self.o_pairs = tuple(tuple(p) for p in o_pairs)
        self.bit = tuple(1 << i for i in range(n))
        self.symmetries = _symmetries(rows, cols)
        # Per direction (step, valid starts A, valid middles M, valid ends E) for the shift masks.
        self.dirs = []
        for dr, dc in _DIRECTIONS:
            step = dr * cols + dc
            starts = 0
            for r in range(rows):
                for c in range(cols):
                    if 0 <= r + 2 * dr < rows and 0 <= c + 2 * dc < cols:
                        starts |= 1 << (r * cols + c)
            if starts:
                self.dirs.append((step, starts, starts << step, starts << 2 * step))

    def threats(self, s: int, o: int) -> tuple[int, int, int, int]:
        """Masks of the empty cells where S scores, where O scores, where a quiet S gives the
        next player a scoring cell, and where a quiet O does (bit operations over the grid)."""
        emp = self.full & ~(s | o)
        score_s = score_o = danger_s = danger_o = 0
        for step, a, m, e in self.dirs:
            two = step + step
            score_s |= a & (o >> step) & (s >> two) | e & (o << step) & (s << two)
            score_o |= m & (s >> step) & (s << step)
            danger_s |= a & ((o >> step) & (emp >> two) | (emp >> step) & (s >> two))
            danger_s |= e & ((o << step) & (emp << two) | (emp << step) & (s << two))
            danger_o |= m & ((s >> step) & (emp << step) | (emp >> step) & (s << step))
        return score_s & emp, score_o & emp, danger_s & emp, danger_o & emp

    def gain(self, s: int, o: int, m: int) -> int:
        """Points the move ``m`` scores on the grid ``(s, o)`` (S and O masks)."""
        cell = m >> 1
        g = 0
        if m & 1:
            for a, c in self.o_pairs[cell]:
                if s & a and s & c:
                    g += 1
        else:
            for mid, far in self.s_pairs[cell]:
                if o & mid and s & far:
                    g += 1
        return g


def _symmetries(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """The grid's symmetries as cell permutations (``perm[i]`` is where cell i goes)."""
    maps = [
        lambda r, c: (r, c),
        lambda r, c: (r, cols - 1 - c),
        lambda r, c: (rows - 1 - r, c),
        lambda r, c: (rows - 1 - r, cols - 1 - c),
    ]
    if rows == cols:
        maps += [
            lambda r, c: (c, r),
            lambda r, c: (cols - 1 - c, r),
            lambda r, c: (c, rows - 1 - r),
            lambda r, c: (cols - 1 - c, rows - 1 - r),
        ]
    perms = []
    for f in maps:
        perm = []
        for i in range(rows * cols):
            r2, c2 = f(i // cols, i % cols)
            perm.append(r2 * cols + c2)
        perms.append(tuple(perm))
    return tuple(dict.fromkeys(perms))


@lru_cache(maxsize=64)
def geometry(rows: int, cols: int) -> SosGeometry:
    return SosGeometry(rows, cols)


class SosPos:
    """A mutable SOS position: masks ``s`` and ``o``, ``scores`` per seat, ``turn``, ``over``."""

    __slots__ = (
        "_hist",
        "first",
        "geo",
        "n",
        "o",
        "over",
        "players",
        "ply",
        "s",
        "scores",
        "turn",
    )

    def __init__(self, rows: int, cols: int, players: int = 2, mode: str = "most") -> None:
        self.geo = geometry(rows, cols)
        self.n = self.geo.n
        self.players = players
        self.first = mode == "first"
        self.s = self.o = 0
        self.scores = [0] * players
        self.turn = 0
        self.ply = 0
        self.over = False
        self._hist: list[tuple[int, int, int, bool]] = []

    @classmethod
    def for_rules(cls, rules: SosRules) -> SosPos:
        return cls(rules.rows, rules.cols, rules.players, rules.mode)

    @classmethod
    def from_state(cls, rules: SosRules, state: SosState) -> SosPos:
        pos = cls.for_rules(rules)
        for i, ch in enumerate(state.cells):
            if ch == "S":
                pos.s |= 1 << i
            elif ch == "O":
                pos.o |= 1 << i
        pos.scores = list(state.scores)
        pos.ply = len(state.moves)
        pos.over = state.outcome is not None
        pos.turn = state.turn if state.turn is not None else 0
        return pos

    def legal_moves(self) -> list[int]:
        if self.over:
            return []
        empty = self.geo.full & ~(self.s | self.o)
        out = []
        while empty:
            low = empty & -empty
            cell = low.bit_length() - 1
            out.append(2 * cell)
            out.append(2 * cell + 1)
            empty ^= low
        return out

    def gain(self, m: int) -> int:
        return self.geo.gain(self.s, self.o, m)

    def play(self, m: int) -> int:
        """Play ``m`` in place; the points it scored."""
        g = self.geo.gain(self.s, self.o, m)
        seat = self.turn
        self._hist.append((m, g, seat, self.over))
        bit = 1 << (m >> 1)
        if m & 1:
            self.o |= bit
        else:
            self.s |= bit
        self.ply += 1
        if g:
            self.scores[seat] += g
            if self.first:
                self.over = True
        else:
            self.turn = (seat + 1) % self.players
        if self.ply == self.n:
            self.over = True
        return g

    def undo(self) -> None:
        m, g, seat, over = self._hist.pop()
        bit = 1 << (m >> 1)
        if m & 1:
            self.o &= ~bit
        else:
            self.s &= ~bit
        self.ply -= 1
        self.scores[seat] -= g
        self.turn = seat
        self.over = over

    def winners(self) -> tuple[int, ...] | None:
        """The winning seats once over (``()`` for a draw), else ``None`` (the public rules)."""
        if not self.over:
            return None
        top = max(self.scores)
        if self.first:
            return (self.turn,) if top else ()
        winners = tuple(i for i, v in enumerate(self.scores) if v == top)
        return () if len(winners) == self.players else winners


def move_name(rules: SosRules, m: int) -> str:
    """Canonical notation of a move (``2 * cell + letter``)."""
    return rules._pairs[m >> 1][m & 1]


def move_index(rules: SosRules, notation: str) -> int:
    idx, letter = rules.parse_move(notation)
    return 2 * idx + (letter == "O")
