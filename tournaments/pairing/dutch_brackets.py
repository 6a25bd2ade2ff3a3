"""The Dutch system's bracket-by-bracket pairing (:mod:`tournaments.pairing.dutch`): from the top
score group down, a maximum-weight matching fixes each bracket's pairs, and the order of the
candidates (D.1–D.3) is fixed one decision at a time by small changes to the low bits of the
weights. Pure Python, no Django.
"""

from __future__ import annotations

from . import natural_pairing, reduction
from .matching import Matcher


class BracketPairing:
    """The pairing of the brackets of one round: a part of ``dutch._Round``, whose players
    (``sp``, ``n``), weights (``weight``, ``_edge``) and bye state it reads."""

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
            natural = (
                natural_pairing.natural(self, vi, sgb, nsgb, nxt, odd) if self.reduced else None
            )
            if natural is not None:
                # the natural pairing, without a matching (``natural_pairing.natural``)
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
