"""The FIDE Dutch system (Handbook C.04.3, in force from 2025) as weighted matchings.

Pure Python over plain records (``DutchPlayer``), no Django. The pairing is made bracket by
bracket, from the top score group down, as the FIDE-endorsed programs do it: every player to be
paired is a vertex of one graph; an edge joins two players who may meet (absolute criteria C.1–C.3:
no rematch, no pairing of two players with the same absolute colour preference unless one is a
top scorer in the last round); its weight is a number whose bit fields, from the most significant
down, stand for the criteria in their order of priority:

* completion (C.4) and the bye (C.5: only an eligible player of the lowest possible score);
* the number of pairs in the current bracket (C.6), then the scores paired there (C.7), the same
  for the next bracket (C.8), and the played games of the bye assignee (C.9);
* colour criteria C.10–C.13 (absolute imbalance, absolute preference, preference, strong
  preference), only for pairs inside the current bracket;
* float criteria C.14–C.21 (repeated down- and up-floats of the last round and of the round
  before, then their scores);
* low bits left free for the order of the candidates inside the bracket (which moved-down
  players are paired, their opponents, exchanges and transpositions: the Dutch order of D.1–D.3).

A maximum-weight matching of that graph pairs the current bracket as well as the rules allow while
keeping the rest pairable. The order of the candidates is then fixed one decision at a time
(which moved-down players, the fewest exchanges of the smallest BSN differences, S1 from the top
each against the highest S2 player possible) by small changes to the low bits and a new matching,
and the bracket's pairs are fixed before the next bracket. Colours follow E.1–E.5, with colour
histories compared over games actually played.

The exact shortcuts that spare matchings in a large field (a bracket's natural pairing without a
matching, a bracket matched on its own graph, the reduced graphs) live in ``reduction``, each with
the proof that it gives the same pairing; ``pair_dutch(..., reduced=False)`` uses none of them.

Scores are integers (tenths of a point, as in TRF) so that every comparison is exact; weights are
Python integers of any size (``matching.max_weight_matching`` packs them small enough for the fast
matcher when it can).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from . import reduction
from .matching import Matcher

FIRST, SECOND = "F", "S"
NONE = ""
DOWN, UP, FLOAT_NONE = 0, 1, 2


def invert(colour: str) -> str:
    return SECOND if colour == FIRST else FIRST if colour == SECOND else NONE


@dataclass(slots=True)
class DutchPlayer:
    """One player to pair, as the Dutch system sees him.

    ``score`` is the score used for the brackets (with any acceleration's virtual points),
    ``real_score`` the one without; both in tenths of a point. ``colours`` are the first
    (``"F"``) and second (``"S"``) moves of the games actually played, oldest first.
    ``floats`` holds the float of the last round and of the round before
    (``DOWN``/``UP``/``FLOAT_NONE``).
    """

    entry: int
    rank: int
    score: int
    real_score: int
    colours: tuple[str, ...] = ()
    forbidden: frozenset[int] = frozenset()
    bye_eligible: bool = True
    played: int = 0
    floats: tuple[int, int] = (FLOAT_NONE, FLOAT_NONE)
    # derived colour data
    imbalance: int = field(default=0, init=False)
    preference: str = field(default=NONE, init=False)
    repeated: str = field(default=NONE, init=False)
    strong: bool = field(default=False, init=False)

    def __post_init__(self) -> None:
        whites = self.colours.count(FIRST)
        blacks = len(self.colours) - whites
        lower = SECOND if whites > blacks else FIRST
        self.imbalance = abs(whites - blacks)
        run = 0
        last = NONE
        for c in self.colours:
            run = run + 1 if c == last else 1
            last = c
        if self.imbalance > 1:
            pref = lower
        elif run > 1:
            pref = invert(last)
        elif self.imbalance > 0:
            pref = lower
        elif run:
            pref = invert(last)
        else:
            pref = NONE
        self.preference = pref
        self.repeated = last if run > 1 else NONE
        self.strong = not self.absolute and self.imbalance > 0

    @property
    def absolute_imbalance(self) -> bool:
        return self.imbalance > 1

    @property
    def absolute(self) -> bool:
        return self.imbalance > 1 or self.repeated != NONE

    @property
    def strength(self) -> str:
        if self.preference == NONE:
            return ""
        return "absolute" if self.absolute else "strong" if self.strong else "mild"


def compatible_colours(a: str, b: str) -> bool:
    return a != b or a == NONE or b == NONE


def colour_criteria(h: DutchPlayer, low: DutchPlayer) -> tuple[bool, bool, bool, bool]:
    """Whether the pair of ``h`` and ``low`` in the bracket meets C.10, C.11, C.12 and C.13
    (no absolute imbalance, absolute preference, preference, strong preference unmet)."""
    same = low.preference == h.preference
    c10 = not low.absolute_imbalance or not h.absolute_imbalance or not same
    if not low.absolute or not h.absolute or not same:
        c11 = True
    elif low.imbalance == h.imbalance:
        c11 = low.repeated == NONE or low.repeated != h.repeated
    else:
        smaller = h if low.imbalance > h.imbalance else low
        c11 = smaller.repeated != invert(low.preference)
    c12 = compatible_colours(low.preference, h.preference)
    c13 = (
        (not low.strong and not low.absolute)
        or (not h.strong and not h.absolute)
        or (low.absolute and h.absolute)
        or not same
    )
    return c10, c11, c12, c13


@dataclass
class BoardInfo:
    """How one board was decided (for the explanations)."""

    higher: int  # entry ids
    lower: int
    first: int
    bracket_score: int  # tenths: the score group of the bracket that paired them
    colour_rule: str  # E1..E5 code
    moved_down: bool  # the higher player came down from a higher score group


@dataclass
class DutchResult:
    boards: list[BoardInfo]
    bye: int | None
    bye_score: int | None
    # entries moved down out of each score group, with the reason code
    floaters: dict[int, str]


class _Round:
    """The state of one round's pairing (the sorted players and the weights)."""

    def __init__(
        self,
        players: Sequence[DutchPlayer],
        *,
        played_rounds: int,
        last_round: bool,
        top_threshold: int,
        top_seed_first: bool,
    ) -> None:
        self.sp = sorted(players, key=lambda p: (-p.score, p.rank))
        self.n = len(self.sp)
        self.played_rounds = played_rounds
        self.last_round = last_round
        self.threshold = top_threshold
        self.top_seed_first = top_seed_first
        self.index = {p.entry: i for i, p in enumerate(self.sp)}
        shifts: dict[int, int] = {}
        total = 0
        biggest = 0
        counts: dict[int, int] = {}
        for p in self.sp:
            counts[p.score] = counts.get(p.score, 0) + 1
        for score in sorted(counts):
            shifts[score] = total
            total += counts[score].bit_length()
            biggest = max(biggest, counts[score])
        self.shifts = shifts
        self.S = total
        self.B = biggest.bit_length()
        self.counts = counts
        self.bye_score = 0
        self.odd = self.n % 2 == 1
        self.single_df = False
        self.pgr: dict[int, int] = {}
        self.reduced = True  # the smaller graphs of ``reduction`` where they give the same
        self.K = reduction.REPRESENTATIVES  # representatives per player (``reduction``)
        self.reduced_brackets = 0  # brackets paired on a smaller graph
        self.natural_brackets = 0  # brackets paired naturally, without a matching
        self.closed_brackets = 0  # of the smaller graphs, those of the bracket alone
        self.full_solves = 0  # of their matchings, those computed again on the whole graph

    def _layout(self, widths: list[tuple[str, int]]) -> list[tuple[int, int]]:
        """(offset, width) of fields given top to bottom as ("b", width) blocks or ("s", 0)
        score blocks (one field per score group, highest score first)."""
        fields: list[int] = []
        for kind, width in widths:
            if kind == "s":
                fields.extend(
                    self.counts[s].bit_length() for s in sorted(self.counts, reverse=True)
                )
            else:
                fields.append(width)
        out = []
        offset = 0
        for width in reversed(fields):
            out.append((offset, width))
            offset += width
        out.reverse()
        return out

    def main_layout(self) -> list[tuple[int, int]]:
        B = self.B
        rounds = min(self.played_rounds, 2)
        spec = [("b", 2), ("b", B), ("s", 0), ("b", B), ("s", 0), ("b", 2 * B)]
        spec += [("b", B)] * 4 + [("b", B)] * (2 * rounds) + [("s", 0)] * (2 * rounds)
        spec.append(("b", 3 * B + 1))
        return self._layout(spec)

    def initial_layout(self) -> list[tuple[int, int]]:
        return self._layout([("b", 2), ("b", self.S), ("b", self.B), ("b", 1)])

    # --- the absolute criteria ----------------------------------------------------------------

    def compatible(self, a: DutchPlayer, b: DutchPlayer) -> bool:
        if b.entry in a.forbidden or a.entry in b.forbidden:
            return False
        if not a.absolute or not b.absolute or a.preference != b.preference:
            return True
        return self.last_round and (a.score > self.threshold or b.score > self.threshold)

    def bye_candidate(self, p: DutchPlayer) -> bool:
        # An even field has no bye: every complete matching pairs everyone, so the bye field
        # is the same for all of them whoever is called a candidate; calling nobody one keeps
        # the edges leaving a bracket alike (``reduction``).
        return self.odd and p.bye_eligible and p.score <= self.bye_score

    # --- edge weights ---------------------------------------------------------------------------

    def weight(
        self, h: DutchPlayer, low: DutchPlayer, in_cur: bool, in_next: bool, check: bool = True
    ) -> int:
        """The weight of the edge between ``h`` (the higher) and ``low`` (0: no edge; with
        ``check`` false, the weight the edge would have if they could meet)."""
        if check and not self.compatible(h, low):
            return 0
        B, S, shifts = self.B, self.S, self.shifts
        r = 1 + (not self.bye_candidate(h)) + (not self.bye_candidate(low))
        r = (r << B) | in_cur
        r <<= S
        if in_cur:
            r |= 1 << shifts[h.score]
        r = (r << B) | in_next
        r <<= S
        if in_next:
            r |= 1 << shifts[h.score]
        r <<= 2 * B
        if self.single_df:
            if h.score == self.bye_score:
                r += self.pgr[h.played]
            if low.score == self.bye_score:
                r += self.pgr[low.played]
        # colour criteria (player = low, opponent = h)
        r <<= B
        if in_cur:
            c10, c11, c12, c13 = colour_criteria(h, low)
            r = (((r | c10) << B | c11) << B | c12) << B | c13
        else:
            r <<= 3 * B
        # float criteria
        rounds = [k for k in (1, 2) if self.played_rounds >= k]
        for k in rounds:
            fl, fh = low.floats[k - 1], h.floats[k - 1]
            r <<= B
            if in_cur:
                r += (fl == DOWN) + (h.score <= low.score and fh == DOWN)
            r <<= B
            if in_cur:
                r += not (h.score > low.score and fl == UP)
        for k in rounds:
            fl, fh = low.floats[k - 1], h.floats[k - 1]
            r <<= S
            if in_cur:
                r += (fl == DOWN) << shifts[low.score]
                r += (fh == DOWN) << shifts[h.score]
            r <<= S
            if in_cur and not (fl == UP and h.score > low.score):
                r += 1 << shifts[h.score]
        r <<= 3 * B + 1
        return r

    def far_weight(self, h: DutchPlayer, low: DutchPlayer) -> int:
        """``weight(h, low, False, False)`` quickly: completion, the bye and C.9 only."""
        if not self.compatible(h, low):
            return 0
        B, S = self.B, self.S
        r = 1 + (not self.bye_candidate(h)) + (not self.bye_candidate(low))
        r <<= 4 * B + 2 * S
        if self.single_df:
            if h.score == self.bye_score:
                r += self.pgr[h.played]
            if low.score == self.bye_score:
                r += self.pgr[low.played]
        rounds = min(self.played_rounds, 2)
        return r << (4 * B + rounds * (2 * B + 2 * S) + 3 * B + 1)

    def initial_weight(self, i: int, j: int) -> int:
        """Completion weights of the first matching (odd field: who can take the bye)."""
        p, o = self.sp[i], self.sp[j]
        if not self.compatible(p, o):
            return 0
        w = 1 + (not p.bye_eligible) + (not o.bye_eligible)
        w <<= self.S
        w |= self.shifts[p.score] + self.shifts[o.score]
        w <<= self.B
        w |= p.score >= self.sp[0].score
        return w << 1

    def _edge(
        self, base: dict[tuple[int, int], int], smaller: int, larger: int, at: int, pairs: int
    ) -> int:
        """A remainder edge: the base weight, with fewest exchanges (``at``: the smaller
        player's place in the remainder; S1 is its first ``pairs``) and the smallest BSN
        differences in the low bits."""
        w = base[larger, smaller]
        if w:
            add = 1 if at < pairs else 0
            add <<= 2 * self.B
            add -= at
            add <<= 1
            w += add
        return w

    def _ranks_of_played(self) -> None:
        counts = sorted((p.played for p in self.sp if p.score == self.bye_score), reverse=True)
        for rank, c in enumerate(counts):
            self.pgr[c] = rank

    # --- the pairing ----------------------------------------------------------------------------

    def pair(self) -> tuple[list[tuple[int, int]], int | None, dict[int, str]] | None:
        n = self.n
        sp = self.sp
        odd = n % 2 == 1
        reduced = self.reduced and reduction.start(self, odd)
        if reduced:
            m = Matcher(n, self.main_layout())
            return self._brackets(m, odd, reduced=True)
        m = Matcher(n, self.initial_layout() if odd else self.main_layout())
        for i in range(n):
            for j in range(i):
                if odd:
                    m.set(i, j, self.initial_weight(i, j))
                else:
                    m.set(i, j, self.far_weight(sp[j], sp[i]))
        mate = m.solve()
        alone = [v for v in range(n) if mate[v] == v]
        if len(alone) > 1 or (alone and not sp[alone[0]].bye_eligible):
            return None
        if odd:
            bye_v = next(v for v in range(n) if mate[v] == v)
            self.bye_score = sp[bye_v].score
            m.refresh(self.main_layout())
            top = sp[0].score
            if self.bye_score >= top:
                self.single_df = True
                for v in range(n):
                    if sp[v].score < top:
                        break
                    if sp[mate[v]].score < top:
                        self.single_df = False
                        break
            self._ranks_of_played()
            for i in range(n):
                for j in range(i):
                    m.set(i, j, self.far_weight(sp[j], sp[i]))
        return self._brackets(m, odd, reduced=False)

    def _brackets(
        self, m: Matcher, odd: bool, *, reduced: bool
    ) -> tuple[list[tuple[int, int]], int | None, dict[int, str]]:
        """Pair bracket by bracket, from the top (``reduced``: see ``reduction``)."""
        n = self.n
        sp = self.sp
        mate = list(range(n))
        floaters: dict[int, str] = {}
        final: list[tuple[int, int]] = []
        matched = [False] * n
        vi: list[int] = []
        nxt = 0
        while nxt < n and sp[nxt].score >= sp[0].score:
            vi.append(nxt)
            nxt += 1
        sgb = 0
        sgb_v = 0
        while len(vi) > 1 or nxt < n:
            nsgb = len(vi)
            nsgb_v = sgb_v + (nsgb - sgb)
            sg_it = nxt
            while nxt < n and sp[nxt].score >= sp[sg_it].score:
                vi.append(nxt)
                nxt += 1
            size = len(vi)
            natural = reduction.natural(self, vi, sgb, nsgb, nxt, odd) if self.reduced else None
            if natural is not None:
                # the natural pairing, without a matching (``reduction.natural``)
                self.natural_brackets += 1
                for a, b in natural:
                    matched[a] = matched[b] = True
                    m.fix(a, b)
                    final.append((a, b))
                self.single_df = False  # (``natural`` is not used when it would be set)
                new_vi = []
                new_sgb = 0
                for idx, v in enumerate(vi):
                    if idx < nsgb and matched[v]:
                        continue
                    new_vi.append(v)
                    if idx < nsgb:
                        new_sgb += 1
                        floaters[sp[v].entry] = "moved_down"
                vi, sgb, sgb_v = new_vi, new_sgb, nsgb_v
                continue
            reps = None
            if reduced:
                reduction.ReducedGraph.clear(m, vi[:sgb])
                reps = reduction.fits(self, vi, nsgb, nxt)
                if reps is None:
                    reduced = False
                    reduction.to_full(self, m, vi, sgb)
            m.refresh()
            base: dict[tuple[int, int], int] = {}
            for larger in range(sgb, nsgb if reduced else size):
                lv = vi[larger]
                pl = sp[lv]
                cur = larger < nsgb
                for smaller in range(larger):
                    w = self.weight(sp[vi[smaller]], pl, cur, not cur)
                    base[larger, smaller] = w
                    m.set(lv, vi[smaller], w)

            # Tie-breaks for the matcher only (the candidates the rules prefer among equals):
            # moved-down players against the highest residents, S1 against S2 in order.
            residents = nsgb - sgb
            half = residents // 2
            ties: dict[tuple[int, int], int] = {}
            for larger in range(sgb, nsgb):
                lv = vi[larger]
                for smaller in range(larger):
                    if smaller < sgb:
                        tie = residents * residents + nsgb - larger
                    else:
                        gap = larger - smaller - half
                        tie = residents * residents - gap * gap
                    if tie > 0:
                        ties[lv, vi[smaller]] = tie
            m.set_ties(ties)
            no_next: set[int] = set()  # players whose edges to the next score group are cut
            view = (
                reduction.ReducedGraph(self, m, vi, nsgb, size, nxt, ties, no_next, *reps)
                if reps is not None
                else None
            )
            solve = view.solve if view is not None else m.solve

            mate = solve()

            # Which moved-down players are paired in this bracket.
            md_score = None
            rem_md = rem_matched = 0
            for pi in range(sgb):
                if md_score is None or sp[vi[pi]].score < md_score:
                    md_score = sp[vi[pi]].score
                    rem_md = rem_matched = 0
                    mi = pi
                    while mi < size and sp[vi[mi]].score >= md_score:
                        rem_md += 1
                        if sgb_v <= mate[vi[mi]] < nsgb_v:
                            rem_matched += 1
                        mi += 1
                if not rem_matched:
                    continue
                pv = vi[pi]
                if rem_md <= rem_matched:
                    matched[pv] = True
                    continue
                rem_md -= 1
                if not (sgb_v <= mate[pv] < nsgb_v):
                    for oi in range(sgb, nsgb):
                        w = base[oi, pi]
                        if w:
                            m.set(pv, vi[oi], w | 1)
                    mate = solve()
                if sgb_v <= mate[pv] < nsgb_v:
                    matched[pv] = True
                    rem_matched -= 1
                    for oi in range(sgb, nsgb):
                        w = base[oi, pi]
                        if w:
                            m.set(pv, vi[oi], (w | (nsgb - sgb)) + 1)
            # Their opponents: the highest resident possible.
            for pi in range(sgb):
                pv = vi[pi]
                if not matched[pv]:
                    continue
                add = size
                best = None
                for oi in range(nsgb - 1, sgb - 1, -1):
                    ov = vi[oi]
                    if matched[ov]:
                        continue
                    w = base[oi, pi]
                    if w:
                        m.set(pv, ov, w + add)
                        add += 1
                        best = ov
                if mate[pv] != best:  # else the matching is still a maximum
                    mate = solve()
                mv = mate[pv]
                matched[mv] = True
                m.fix(pv, mv)
                final.append((pv, mv))
            # The remainder: S1 (the first ``pairs``) against S2, fewest exchanges.
            remainder: list[int] = []
            pairs = 0
            for pi in range(sgb, nsgb):
                pv = vi[pi]
                if mate[pv] < sgb_v:
                    continue
                remainder.append(pi)
                if mate[pv] < pv:
                    pairs += 1
            for oi in remainder:
                ov = vi[oi]
                for a, pi in enumerate(remainder):
                    if oi <= pi:
                        break
                    m.set(vi[pi], ov, self._edge(base, pi, oi, a, pairs))
            # The new low bits only favour S1 = the first ``pairs`` of the remainder against
            # the rest: a matching that already has no exchange stays a maximum.
            position = {vi[pi]: a for a, pi in enumerate(remainder)}
            smaller = sorted(
                position[v]
                for v in position
                if mate[v] in position and position[v] < position[mate[v]]
            )
            if smaller != list(range(pairs)):
                mate = solve()

            exchanges = 0
            if pairs < len(remainder):
                end = remainder[pairs]
                for pi in remainder:
                    if pi >= end:
                        break
                    exchanges += not (vi[pi] < mate[vi[pi]] < nsgb_v)
            left = exchanges
            pri = pairs
            pos = pairs
            while pos > 0 and left:
                opp = pos
                pri -= 1
                pos -= 1
                pi = remainder[pos]
                pv = vi[pi]
                if pv < mate[pv] < nsgb_v:
                    for q in range(opp, len(remainder)):
                        w = self._edge(base, pi, remainder[q], pri, pairs)
                        if w:
                            m.set(pv, vi[remainder[q]], w - 1)
                    mate = solve()
                exchange = not (pv < mate[pv] < nsgb_v)
                left -= exchange
                for q in range(pos + 1, len(remainder)):
                    if exchange:
                        base[remainder[q], pi] = 0
                    m.set(pv, vi[remainder[q]], self._edge(base, pi, remainder[q], pri, pairs))
            left = exchanges
            ri = pairs
            for pos in range(pairs, len(remainder)):
                if left <= 1:
                    break
                pi = remainder[pos]
                pv = vi[pi]
                already = pv < mate[pv] < nsgb_v
                if not already:
                    for q in range(pos + 1, len(remainder)):
                        w = self._edge(base, pi, remainder[q], ri, pairs)
                        if w:
                            m.set(pv, vi[remainder[q]], w + 1)
                    mate = solve()
                if pv < mate[pv] < nsgb_v:
                    left -= 1
                    for q in range(pos):
                        base[pi, remainder[q]] = 0
                        m.set(pv, vi[remainder[q]], 0)
                    no_next.add(pv)
                    for oi in range(nsgb, size):
                        base[oi, pi] = 0
                        m.set(pv, vi[oi], 0)
                if not already:
                    for q in range(pos + 1, len(remainder)):
                        m.set(pv, vi[remainder[q]], self._edge(base, pi, remainder[q], ri, pairs))
                ri += 1
            for a, pi in enumerate(remainder):
                pv = vi[pi]
                for b in range(a + 1, len(remainder)):
                    oi = remainder[b]
                    ov = vi[oi]
                    if not (pv < mate[pv] < nsgb_v) or (ov < mate[ov] < nsgb_v):
                        base[oi, pi] = 0
                    m.set(pv, ov, base[oi, pi])
            # S1 from the top, each against the highest S2 player possible.
            at = {v: idx for idx, v in enumerate(vi)}
            for pi in remainder:
                pv = vi[pi]
                if not (pv < mate[pv] < nsgb_v):
                    continue
                add = 0
                best = None
                for oi in reversed(remainder):
                    ov = vi[oi]
                    if oi <= pi or matched[ov]:
                        continue
                    w = base[oi, pi]
                    if w:
                        m.set(pv, ov, w + add)
                        best = ov
                    add += 1
                if mate[pv] != best and not (
                    self.reduced and self._swap(m, mate, base, at, pi, pv, best, nsgb)
                ):
                    mate = solve()  # else the matching is still a maximum
                mv = mate[pv]
                matched[pv] = matched[mv] = True
                m.fix(pv, mv)
                final.append((pv, mv))
            # The next bracket: the players left over and the next score group.
            new_vi: list[int] = []
            new_sgb = 0
            self.single_df = odd and sg_it < n and self.bye_score >= sp[sg_it].score
            for idx, v in enumerate(vi):
                if idx < nsgb and matched[v]:
                    continue
                new_vi.append(v)
                if idx < nsgb:
                    new_sgb += 1
                    floaters[sp[v].entry] = "moved_down"
                partner = mate[v] if view is None else view.partner(v, mate)
                if self.single_df and sp[partner].score < sp[sg_it].score:
                    self.single_df = False
            vi = new_vi
            sgb = new_sgb
            sgb_v = nsgb_v
        bye = sp[vi[0]].entry if vi else None
        if bye is not None:
            floaters.pop(bye, None)
        return [(sp[a].entry, sp[b].entry) for a, b in final], bye, floaters

    @staticmethod
    def _swap(
        m: Matcher,
        mate: list[int],
        base: dict[tuple[int, int], int],
        at: dict[int, int],
        pi: int,
        pv: int,
        best: int | None,
        nsgb: int,
    ) -> bool:
        """Give S1 player ``pv`` the S2 player ``best`` by exchanging partners with ``best``'s
        S1 partner when that matching weighs the same (then it is a maximum too, and it pairs
        ``pv`` with the best candidate: the one a new matching would find). ``mate`` is
        updated; False when the exchange does not keep the weight."""
        if best is None:
            return False
        d, c = mate[pv], mate[best]
        if c in (best, pv) or c in m.fixed or at.get(c, nsgb) >= nsgb:
            return False  # (``best``'s partner must be a player of the bracket)
        cd = m.get(c, d)
        if not cd or c > d:
            return False
        if base[at[best], pi] + cd != base[at[d], pi] + m.get(c, best):
            return False
        mate[pv], mate[best], mate[c], mate[d] = best, pv, d, c
        return True

    # --- colours ----------------------------------------------------------------------------

    def outranks(self, a: DutchPlayer, b: DutchPlayer) -> bool:
        return (a.score, -a.rank) > (b.score, -b.rank)

    def colour_of(self, p: DutchPlayer, o: DutchPlayer) -> tuple[str, str]:
        """The move of ``p`` against ``o``, and the rule (E.1–E.5) that gave it."""
        if compatible_colours(p.preference, o.preference):
            if p.preference != NONE:
                return p.preference, "E1"
            if o.preference != NONE:
                return invert(o.preference), "E1"
        elif p.absolute and (p.imbalance > o.imbalance or not o.absolute):
            return p.preference, "E2"
        elif o.absolute and (o.imbalance > p.imbalance or not p.absolute):
            return invert(o.preference), "E2"
        elif p.strong and not o.strong:
            return p.preference, "E2"
        elif o.strong and not p.strong:
            return invert(o.preference), "E2"
        else:
            a, b = len(p.colours) - 1, len(o.colours) - 1
            while a >= 0 and b >= 0 and p.colours[a] == o.colours[b]:
                a -= 1
                b -= 1
            if a >= 0 and b >= 0:
                return o.colours[b], "E3"
        p_lower = self.outranks(o, p)
        if p.preference == NONE:
            higher = o if p_lower else p
            initial = FIRST if self.top_seed_first else SECOND
            higher_gets = initial if (higher.rank - 1) % 2 == 0 else invert(initial)
            return (invert(higher_gets) if p_lower else higher_gets), "E5"
        return (invert(o.preference) if p_lower else p.preference), "E4"


def pair_dutch(
    players: Sequence[DutchPlayer],
    *,
    played_rounds: int,
    last_round: bool,
    top_threshold: int,
    top_seed_first: bool = True,
    reduced: bool = True,
) -> DutchResult | None:
    """Pair one round by the Dutch system; None when no pairing satisfies C.1–C.4.

    ``reduced`` false computes every matching on the whole graph, with none of the shortcuts
    of ``reduction`` nor the exchange of ``_Round._swap`` (the same pairing, slower: for the
    tests that compare the two)."""
    if not players:
        return DutchResult([], None, None, {})
    state = _Round(
        players,
        played_rounds=played_rounds,
        last_round=last_round,
        top_threshold=top_threshold,
        top_seed_first=top_seed_first,
    )
    state.reduced = reduced
    if len(players) == 1:
        only = players[0]
        if not only.bye_eligible:
            return None
        return DutchResult([], only.entry, only.score, {})
    out = state.pair()
    if out is None:
        return None
    pairs, bye, floaters = out
    by_entry = {p.entry: p for p in players}
    boards: list[BoardInfo] = []
    for a, b in pairs:
        pa, pb = by_entry[a], by_entry[b]
        p, o = (pa, pb) if a < b else (pb, pa)
        colour, rule = state.colour_of(p, o)
        first = p if colour == FIRST else o
        higher, lower = (pa, pb) if state.outranks(pa, pb) else (pb, pa)
        boards.append(
            BoardInfo(
                higher=higher.entry,
                lower=lower.entry,
                first=first.entry,
                bracket_score=lower.score,
                colour_rule=rule,
                moved_down=higher.score > lower.score,
            )
        )
    bye_score = by_entry[bye].score if bye is not None else None
    return DutchResult(boards, bye, bye_score, floaters)
