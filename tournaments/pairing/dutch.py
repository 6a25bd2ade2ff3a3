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

Scores are integers (tenths of a point, as in TRF) so that every comparison is exact; weights are
Python integers of any size (``matching.max_weight_matching`` packs them small enough for the fast
matcher when it can).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

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
        self.single_df = False
        self.pgr: dict[int, int] = {}
        self.reduced = True  # the smaller graphs of ``_Reduced`` where they give the same
        self.K = self.REPRESENTATIVES  # representatives per player (``_Reduced``)
        self.reduced_brackets = 0  # brackets paired on a smaller graph
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
        return p.bye_eligible and p.score <= self.bye_score

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
        same = low.preference == h.preference
        r <<= B
        if in_cur and (not low.absolute_imbalance or not h.absolute_imbalance or not same):
            r |= 1
        r <<= B
        if in_cur:
            if not low.absolute or not h.absolute or not same:
                ok = True
            elif low.imbalance == h.imbalance:
                ok = low.repeated == NONE or low.repeated != h.repeated
            else:
                smaller = h if low.imbalance > h.imbalance else low
                ok = smaller.repeated != invert(low.preference)
            r |= ok
        r <<= B
        if in_cur and compatible_colours(low.preference, h.preference):
            r |= 1
        r <<= B
        if in_cur and (
            (not low.strong and not low.absolute)
            or (not h.strong and not h.absolute)
            or (low.absolute and h.absolute)
            or not same
        ):
            r |= 1
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

    # --- the reduced graphs -----------------------------------------------------------------
    #
    # In a large field, the matching of one bracket need not hold every player still to pair.
    # While no player of the bracket or of the next score group could take the bye (and C.9
    # is not in play), every edge leaving the current bracket weighs the same as any other
    # of its kind: an edge to the next score group counts a pair there (C.8) by the higher
    # player's score, one between two players of the next score group the same for all, and
    # every other one completion only. The maximum matching of the whole graph is then one
    # of a smaller graph: the bracket, a few "representatives" of the next score group and of
    # the players below it (for each player of the bracket, the first ``K`` who may meet him),
    # the representatives joined to one another by edges of their kind, standing for the rest
    # of the field, which is assumed to pair as well as it could (the next group's players
    # among themselves, the rest completely, with a player who may take the bye).
    #
    # That assumption is checked on every matching (the rest is paired for real, greedily
    # with short repairs); and with at most ``K`` players of the bracket paired outside it,
    # every choice of the whole graph has its image in the smaller one. When either check
    # fails, the matching is computed again on the whole graph, so the pairing is the same.

    REPRESENTATIVES = 4  # at first, for each player of the bracket (more when needed)
    REDUCED_MIN_REST = 8  # fewer players below the next score group: the whole graph is small

    def _ranks_of_played(self) -> None:
        counts = sorted((p.played for p in self.sp if p.score == self.bye_score), reverse=True)
        for rank, c in enumerate(counts):
            self.pgr[c] = rank

    def _start_reduced(self, odd: bool) -> bool:
        """Find the bye's score (and that the round can be paired) without the first matching
        of the whole graph; False when that is not shown quickly (the whole graph decides)."""
        sp, n = self.sp, self.n
        if n < 2 * self.REDUCED_MIN_REST:
            return False
        if not odd:
            return self._complete(list(range(n)), bye=False) is not None
        bye = next((v for v in range(n - 1, -1, -1) if sp[v].bye_eligible), None)
        if bye is None or sp[bye].score >= sp[0].score:
            return False
        if self._complete([v for v in range(n) if v != bye], bye=False) is None:
            return False
        # the lowest score a bye-eligible player has: the first matching would find it too
        self.bye_score = sp[bye].score
        self._ranks_of_played()
        return True

    def _reduced_fits(self, vi: list[int], size: int, nxt: int) -> bool:
        if self.single_df or self.n - nxt < self.REDUCED_MIN_REST:
            return False
        sp = self.sp
        return not any(self.bye_candidate(sp[vi[k]]) for k in range(size))

    def _to_full(self, m: Matcher, vi: list[int], sgb: int) -> None:
        """From the reduced graphs to the whole one: every edge not inside the bracket gets
        the weight the whole graph gives it before the bracket's own weights are set."""
        sp = self.sp
        m.set_active(None)
        rest = [v for v in range(self.n) if v not in m.fixed]
        moved = set(vi[:sgb])
        single_df, self.single_df = self.single_df, False
        for a, i in enumerate(rest):
            for j in rest[:a]:
                if i in moved and j in moved:
                    continue
                m.set(i, j, self.far_weight(sp[j], sp[i]))
        self.single_df = single_df

    def _complete(
        self, order: list[int], *, bye: bool, spare: bool = False
    ) -> dict[int, int] | None:
        """A pairing of all of ``order`` (with ``bye``: all but one bye candidate; with
        ``spare``: all but one player), found greedily with short repairs; None when none is
        found that way."""
        one = bye or spare
        sp = self.sp
        compatible = self.compatible
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
            if bye and not self.bye_candidate(sp[x]):
                # a candidate gives up his partner to x
                for u in list(partner):
                    v = partner[u]
                    if self.bye_candidate(sp[u]) and compatible(sp[x], sp[v]):
                        del partner[u]
                        partner[x], partner[v] = v, x
                        break
                else:
                    return None
        elif left:
            return None
        return partner

    # --- the pairing ----------------------------------------------------------------------------

    def pair(self) -> tuple[list[tuple[int, int]], int | None, dict[int, str]] | None:
        n = self.n
        sp = self.sp
        odd = n % 2 == 1
        reduced = self.reduced and self._start_reduced(odd)
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
        """Pair bracket by bracket, from the top (``reduced``: see ``_reduced_bracket``)."""
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
            if reduced:
                _Reduced.clear(m, vi[:sgb])
                if not self._reduced_fits(vi, size, nxt):
                    reduced = False
                    self._to_full(m, vi, sgb)
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
            view = _Reduced(self, m, vi, nsgb, size, nxt, ties, no_next) if reduced else None
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
                if mate[pv] != best:  # else the matching is still a maximum
                    mate = solve()
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

    ``reduced`` false computes every matching on the whole graph (the same pairing, slower:
    for the tests that compare the two)."""
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


class _Reduced:
    """One bracket's smaller graph (see ``_Round._reduced_fits``): the bracket's players
    (``vi[:nsgb]``), representatives of the next score group (``vi[nsgb:size]``) and of the
    players below it (``nxt`` on), and the check of every matching against the whole field."""

    def __init__(
        self,
        r: _Round,
        m: Matcher,
        vi: list[int],
        nsgb: int,
        size: int,
        nxt: int,
        ties: dict[tuple[int, int], int],
        no_next: set[int],
    ) -> None:
        self.r, self.m, self.ties, self.no_next = r, m, ties, no_next
        r.reduced_brackets += 1
        sp = r.sp
        compatible = r.compatible
        self.cur = vi[:nsgb]
        self.curset = set(self.cur)
        self.group = vi[nsgb:size]
        self.below = list(range(nxt, r.n))
        k = self.k = r.K
        rn: set[int] = set()
        rf: set[int] = set(self.below[:k])
        for a in self.cur:
            pa = sp[a]
            for pool, reps in ((self.group, rn), (self.below, rf)):
                found = 0
                for v in pool:
                    if compatible(pa, sp[v]):
                        reps.add(v)
                        found += 1
                        if found >= k:
                            break
        if (len(self.group) - len(rn)) % 2:
            rn.add(next(v for v in self.group if v not in rn))
        self.rn, self.rf = sorted(rn), sorted(rf)
        self.rnset, self.rfset = rn, rf
        B, S = r.B, r.S
        rounds = min(r.played_rounds, 2)
        far = 3 << (4 * B + 2 * S)
        far <<= 4 * B + rounds * (2 * B + 2 * S) + 3 * B + 1
        for a in self.cur:
            pa = sp[a]
            for v in self.rn:
                m.set(v, a, r.weight(pa, sp[v], False, True))
            for v in self.rf:
                m.set(v, a, far if compatible(pa, sp[v]) else 0)
        for b, v in enumerate(self.rn):
            for u in self.rn[:b]:
                m.set(v, u, r.weight(sp[u], sp[v], False, True, check=False))
        for v in self.rf:
            for u in self.rn:
                m.set(v, u, far)
        for b, v in enumerate(self.rf):
            for u in self.rf[:b]:
                m.set(v, u, far)
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
            self.r.K = max(self.r.K, 2 * (len(up) + len(down)))
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
        paired = r._complete(group, bye=False, spare=len(group) % 2 == 1)
        if paired is None:
            return None
        pool = [v for v in group if v not in paired]
        pool += [v for v in self.below if v not in down]
        rest = r._complete(pool, bye=len(pool) % 2 == 1)
        if rest is None:
            return None
        paired.update(rest)
        return paired

    def whole(self) -> list[int]:
        """The matching of the whole graph (when the smaller one's assumption fails)."""
        r, m = self.r, self.m
        sp = r.sp
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
                    full.set(v, a, r.weight(sp[a], pv, False, True))
        for b, v in enumerate(group):
            for u in group[:b]:
                full.set(v, u, r.weight(sp[u], sp[v], False, True))
        above = cur + group
        for b, v in enumerate(self.below):
            pv = sp[v]
            for u in above:
                full.set(v, u, r.far_weight(sp[u], pv))
            for u in self.below[:b]:
                full.set(v, u, r.far_weight(sp[u], pv))
        full.set_ties(self.ties)
        mate = full.solve()
        self.ext = {v: mate[v] for v in group + self.below}
        return mate

    def partner(self, v: int, mate: list[int]) -> int:
        """``v``'s partner in the whole field's pairing of the last matching."""
        if v in self.curset:
            return mate[v]
        return self.ext.get(v, v)
