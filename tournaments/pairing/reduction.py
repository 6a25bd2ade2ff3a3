"""Exact shortcuts for the Dutch system's matchings in a large field (pure Python, no Django).

``dutch`` keeps the rules (the weights, the order of the candidates, the colours); this module
keeps what makes a bracket's matching cheaper without changing it (the natural pairing, which
needs no matching at all, is in ``natural_pairing``).

**The reduced graphs.** In a large field, the matching of one bracket need not hold every player
still to pair. While no player of the bracket or of the next score group could take the bye (and
C.9 is not in play), every edge leaving the current bracket weighs the same as any other of its
kind: an edge to the next score group counts a pair there (C.8) by the higher player's score, one
between two players of the next score group the same for all, and every other one completion
only. The maximum matching of the whole graph is then one of a smaller graph: the bracket, a few
"representatives" of the next score group and of the players below it (for each player of the
bracket, the first ``K`` who may meet him), the representatives joined to one another by edges of
their kind, standing for the rest of the field, which is assumed to pair as well as it could (the
next group's players among themselves, the rest completely, with a player who may take the bye).

That assumption is checked on every matching (the rest is paired for real, greedily with short
repairs); and with at most ``K`` players of the bracket paired outside it, every choice of the
whole graph has its image in the smaller one. When either check fails, the matching is computed
again on the whole graph, so the pairing is the same.

The functions take the round's state (``dutch_round.DutchRound``) explicitly.
"""

from __future__ import annotations

from .dutch_round import Bracket, DutchRound
from .dutch_weights import far_weight, weight
from .matching import Matcher

REPRESENTATIVES = 4  # at first, for each player of the bracket (more when needed)
REDUCED_MIN_REST = 8  # fewer players after the bracket: the whole graph is small


def complete(
    r: DutchRound, order: list[int], *, bye: bool, spare: bool = False
) -> dict[int, int] | None:
    """A pairing of all of ``order`` (with ``bye``: all but one bye candidate; with
    ``spare``: all but one player), found greedily with short repairs; None when none is
    found that way."""
    one = bye or spare
    sp = r.players
    compatible = r.compatible
    partner: dict[int, int] = {}
    left: list[int] = []
    count = len(order)
    for k, v in enumerate(order):
        if v in partner:
            continue
        pv = sp[v]
        for u in order[k + 1 : k + 40]:
            if u not in partner and compatible(pv, sp[u]):
                partner[v] = u
                partner[u] = v
                break
        else:
            left.append(v)
    while len(left) > (1 if one else 0):
        x = left.pop()
        for k, y in enumerate(left):
            if compatible(sp[x], sp[y]):
                del left[k]
                partner[x], partner[y] = y, x
                break
        else:
            # x takes a partner from a pair whose other player finds someone left over
            for u in list(partner):
                v = partner[u]
                if not compatible(sp[x], sp[u]):
                    continue
                y = next((y for y in left if compatible(sp[y], sp[v])), None)
                if y is not None:
                    left.remove(y)
                    partner[x], partner[u] = u, x
                    partner[y], partner[v] = v, y
                    break
            else:
                if one and not left:
                    left.append(x)
                    break
                return None
    if one:
        if len(left) != 1 or count % 2 == 0:
            return None
        x = left[0]
        if bye and not r.bye_candidate(sp[x]):
            # a candidate gives up his partner to x
            for u in list(partner):
                v = partner[u]
                if r.bye_candidate(sp[u]) and compatible(sp[x], sp[v]):
                    del partner[u]
                    partner[x], partner[v] = v, x
                    break
            else:
                return None
    elif left:
        return None
    return partner


def start(r: DutchRound, odd: bool) -> bool:
    """Find the bye's score (and that the round can be paired) without the first matching
    of the whole graph; False when that is not shown quickly (the whole graph decides).
    The reduced graphs start with ``REPRESENTATIVES`` per player (``check`` adds more)."""
    r.representatives = REPRESENTATIVES
    sp, n = r.players, r.n
    if n < 2 * REDUCED_MIN_REST:
        return False
    if not odd:
        return complete(r, list(range(n)), bye=False) is not None
    bye = next((v for v in range(n - 1, -1, -1) if sp[v].bye_eligible), None)
    if bye is None:
        return False
    single = sp[bye].score >= sp[0].score
    if single and sp[n - 1].score < sp[0].score:
        return False  # the bye at the top score, players below it: the whole graph decides
    if complete(r, [v for v in range(n) if v != bye], bye=False) is None:
        return False
    # the lowest score a bye-eligible player has: the first matching would find it too
    r.bye_score = sp[bye].score
    # one score group: every player is paired in it, C.9 is in play (as after the matching)
    r.c9_in_play = single
    r.rank_played_games()
    return True


def fits(r: DutchRound, b: Bracket) -> tuple[int, bool] | None:
    """The bracket's smaller graph: (representatives per player, closed), or None when the
    whole graph is used. A closed bracket's graph is the bracket alone.

    **A closed bracket.** When the bracket (``b.members[:b.end]``, even) can be
    paired completely inside itself and the players after it completely (greedily, ``complete``;
    with a bye candidate left over when their number is odd), every maximum-weight matching
    pairs the whole bracket inside it: the completion/C.5 field is at its most with such a
    pairing, and C.6 (pairs in the bracket) at its bound of ``nsgb / 2``. The two parts of such
    a matching are then independent (any complete pairing of the bracket goes with any of the
    rest), so its bracket part is a maximum of the bracket's own edges, whatever the rest: the
    graph of the bracket alone has the same choices. Not with C.9 in play (``c9_in_play``), nor
    when the next bracket could have it (the rest's pairing decides that)."""
    sp = r.players
    vi, nsgb, nxt = b.members, b.end, b.below
    if r.c9_in_play:
        return None
    rest = vi[nsgb:] + list(range(nxt, r.n))
    if (
        nsgb % 2 == 0
        and not (rest and r.odd and r.bye_score >= sp[vi[nsgb]].score and nsgb < len(vi))
        and complete(r, vi[:nsgb], bye=False) is not None
        and (not rest or complete(r, rest, bye=len(rest) % 2 == 1) is not None)
    ):
        return 0, True
    if len(rest) < REDUCED_MIN_REST:
        return None
    if any(r.bye_candidate(sp[v]) for v in vi):
        return None
    return r.representatives, False


def to_full(r: DutchRound, m: Matcher, b: Bracket) -> None:
    """From the reduced graphs to the whole one: every edge not inside the bracket gets
    the weight the whole graph gives it before the bracket's own weights are set."""
    sp = r.players
    vi, sgb = b.members, b.mdps
    m.set_active(None)
    rest = [v for v in range(r.n) if v not in m.fixed]
    moved = set(vi[:sgb])
    c9_in_play, r.c9_in_play = r.c9_in_play, False
    for a, i in enumerate(rest):
        for j in rest[:a]:
            if i in moved and j in moved:
                continue
            m.set(i, j, far_weight(r, sp[j], sp[i]))
    r.c9_in_play = c9_in_play


class ReducedGraph:
    """One bracket's smaller graph (see ``fits``): the bracket's players, representatives of
    the next score group and of the players below it (``b.below`` on), and the check of every
    matching against the whole field."""

    def __init__(
        self,
        r: DutchRound,
        m: Matcher,
        b: Bracket,
        ties: dict[tuple[int, int], int],
        k: int,
        closed: bool = False,
    ) -> None:
        self.r, self.m, self.ties, self.no_next = r, m, ties, b.no_next
        vi, nsgb, size, nxt = b.members, b.end, b.size, b.below
        r.reduced_brackets += 1
        sp = r.players
        compatible = r.compatible
        self.cur = vi[:nsgb]
        self.curset = set(self.cur)
        self.group = vi[nsgb:size]
        self.below = list(range(nxt, r.n))
        self.k = k
        r.closed_brackets += closed
        rn: set[int] = set()
        rf: set[int] = set(self.below[:k])
        for a in () if closed else self.cur:  # closed: the bracket alone (see ``fits``)
            pa = sp[a]
            for pool, reps in ((self.group, rn), (self.below, rf)):
                found = 0
                for v in pool:
                    if compatible(pa, sp[v]):
                        reps.add(v)
                        found += 1
                        if found >= k:
                            break
        if not closed and (len(self.group) - len(rn)) % 2:
            rn.add(next(v for v in self.group if v not in rn))
        self.rn, self.rf = sorted(rn), sorted(rf)
        self.rnset, self.rfset = rn, rf
        B, S = r.pair_bits, r.score_bits
        rounds = min(r.played_rounds, 2)
        far = 3 << (4 * B + 2 * S)
        far <<= 4 * B + rounds * (2 * B + 2 * S) + 3 * B + 1
        for a in self.cur:
            pa = sp[a]
            edges = [(v, weight(r, pa, sp[v], False, True)) for v in self.rn]
            edges += [(v, far if compatible(pa, sp[v]) else 0) for v in self.rf]
            m.set_edges(a, edges)
        for b, v in enumerate(self.rn):
            pv = sp[v]
            m.set_edges(
                v, [(u, weight(r, sp[u], pv, False, True, check=False)) for u in self.rn[:b]]
            )
        for v in self.rf:
            m.set_edges(v, [(u, far) for u in self.rn])
        for b, v in enumerate(self.rf):
            m.set_edges(v, [(u, far) for u in self.rf[:b]])
        m.set_active(self.cur + self.rn + self.rf)
        self.memo: dict[tuple[frozenset[int], frozenset[int]], dict[int, int] | None] = {}
        self.ext: dict[int, int] = {}

    @staticmethod
    def clear(m: Matcher, moved: list[int]) -> None:
        """Remove the edges of the last smaller graph that leave the new bracket's players
        moved down (theirs among themselves stay, as in the whole graph)."""
        if m.active is None:
            return
        keep = set(moved)
        for v in m.active:
            if v not in keep:
                for u in list(m.w[v]):
                    m.set(v, u, 0)

    def solve(self) -> list[int]:
        mate = self.m.solve()
        ext = self.check(mate)
        if ext is not None:
            self.ext = ext
            return mate
        return self.whole()

    def check(self, mate: list[int]) -> dict[int, int] | None:
        """The rest of the field paired as the smaller graph assumes (None: not found)."""
        fixed = self.m.fixed
        up: list[int] = []
        down: list[int] = []
        for a in self.cur:
            if a in fixed:
                continue
            b = mate[a]
            if b == a:
                return None
            if b in self.rnset:
                up.append(b)
            elif b in self.rfset:
                down.append(b)
        if len(up) + len(down) > self.k:
            self.r.representatives = max(self.r.representatives, 2 * (len(up) + len(down)))
            return None
        key = (frozenset(up), frozenset(down))
        if key not in self.memo:
            self.memo[key] = self._rest(key[0], key[1])
        rest = self.memo[key]
        if rest is None:
            return None
        ext = dict(rest)
        for a in self.cur:
            if mate[a] in key[0] or mate[a] in key[1]:
                ext[mate[a]] = a
        return ext

    def _rest(self, up: frozenset[int], down: frozenset[int]) -> dict[int, int] | None:
        r = self.r
        group = [v for v in self.group if v not in up]
        paired = complete(r, group, bye=False, spare=len(group) % 2 == 1)
        if paired is None:
            return None
        pool = [v for v in group if v not in paired]
        pool += [v for v in self.below if v not in down]
        rest = complete(r, pool, bye=len(pool) % 2 == 1)
        if rest is None:
            return None
        paired.update(rest)
        return paired

    def whole(self) -> list[int]:
        """The matching of the whole graph (when the smaller one's assumption fails)."""
        r, m = self.r, self.m
        sp = r.players
        r.full_solves += 1
        full = Matcher(r.n, m.layout)
        for i, j in m.fixed.items():
            if i < j:
                full.fix(i, j)
        cur = [a for a in self.cur if a not in m.fixed]
        for b, i in enumerate(cur):
            for j in cur[:b]:
                full.set(i, j, m.get(i, j))
        group = self.group
        for v in group:
            pv = sp[v]
            for a in cur:
                if a not in self.no_next:
                    full.set(v, a, weight(r, sp[a], pv, False, True))
        for b, v in enumerate(group):
            for u in group[:b]:
                full.set(v, u, weight(r, sp[u], sp[v], False, True))
        above = cur + group
        for b, v in enumerate(self.below):
            pv = sp[v]
            for u in above:
                full.set(v, u, far_weight(r, sp[u], pv))
            for u in self.below[:b]:
                full.set(v, u, far_weight(r, sp[u], pv))
        full.set_ties(self.ties)
        mate = full.solve()
        self.ext = {v: mate[v] for v in group + self.below}
        return mate

    def partner(self, v: int, mate: list[int]) -> int:
        """``v``'s partner in the whole field's pairing of the last matching."""
        if v in self.curset:
            return mate[v]
        return self.ext.get(v, v)
