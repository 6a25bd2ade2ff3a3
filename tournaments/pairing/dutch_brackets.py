"""The Dutch system's bracket-by-bracket pairing (:mod:`tournaments.pairing.dutch`). Pure Python.

From the top scoregroup down (C.04.3 A.3), each bracket is paired in these steps, each a function
below (the remainder's are in ``dutch_remainder``):

1. ``compose_bracket`` — A.3/A.4: the bracket is the players moved down from above (MDPs) and
   the resident players of the next scoregroup; the scoregroup after it is added for the
   look-ahead of C.8.
2. ``pair_naturally`` — D.1's first candidate (S1[i]–S2[i]) when it is provably the best one
   (``natural_pairing``): no matching at all.
3. ``match_bracket`` — B.4/section C: every pair the bracket may have gets the weight of the
   criteria C.4–C.21 it meets (``dutch_weights``), and a maximum-weight matching pairs the
   bracket as well as the rules allow while keeping the rest of the round pairable (the
   completion test, C.4).
4. ``choose_paired_mdps`` — B.1 (M1), B.2 (S1 and Limbo), D.3: how many MDPs of each score the
   bracket pairs, and which: the highest first.
5. ``pair_mdps`` — B.3: the MDP-pairing, each paired MDP from the top against the highest
   resident possible.
6. ``dutch_remainder.pair_remainder`` — B.2/B.3, D.2, D.1: the remainder's S1 against S2 with
   the fewest exchanges, then S1 from the top each against the highest S2 player possible.
7. ``move_down`` — A.4: the players left unpaired become the next bracket's MDPs; C.9 is in
   play there when the bye goes to its score.

The order of the candidates (section D) is fixed one decision at a time by small changes to the
low bits of the weights and a new matching when the last one does not already make it.
"""

from __future__ import annotations

from .dutch_remainder import pair_remainder
from .dutch_round import Bracket, DutchRound, RoundPairing
from .dutch_weights import weight
from .matching import Matcher
from .natural_pairing import natural
from .reduction import ReducedGraph, fits, to_full


def pair_brackets(
    r: DutchRound, matcher: Matcher, *, smaller_graphs: bool
) -> tuple[list[tuple[int, int]], int | None, dict[int, str]]:
    """Pair the round bracket by bracket, from the top (``smaller_graphs``: on the reduced
    graphs of ``reduction`` while they give the same matchings). Returns the pairs (entries),
    the bye's entry and the players moved down (by entry)."""
    n = r.n
    p = RoundPairing(matcher, smaller_graphs, mate=list(range(n)), matched=[False] * n)
    top = r.players[0].score
    members = [v for v in range(n) if r.players[v].score >= top]
    mdps = residents_from = 0
    below = len(members)  # the first player not yet in a bracket
    while len(members) > 1 or below < n:
        b = compose_bracket(r, members, mdps, residents_from)
        if pair_naturally(r, p, b):
            r.c9_in_play = False  # (``natural`` is not used when it would be set)
        else:
            match_bracket(r, p, b)
            choose_paired_mdps(r, p, b)
            pair_mdps(r, p, b)
            pair_remainder(r, p, b)
            r.c9_in_play = c9_in_next_bracket(r, p, b)
        members, mdps = move_down(r, p, b)
        residents_from, below = b.residents_to, b.below
    sp = r.players
    bye = sp[members[0]].entry if members else None
    if bye is not None:
        p.floaters.pop(bye, None)
    return [(sp[a].entry, sp[b].entry) for a, b in p.pairs], bye, p.floaters


def compose_bracket(r: DutchRound, members: list[int], mdps: int, residents_from: int) -> Bracket:
    """C.04.3 A.3/A.4: the bracket of ``members`` (its ``mdps`` moved-down players first, then
    its residents, from vertex ``residents_from``), with the next scoregroup added for the
    look-ahead of C.8."""
    sp, n = r.players, r.n
    end = len(members)
    residents_to = residents_from + (end - mdps)
    below = residents_to
    vi = list(members)
    while below < n and sp[below].score >= sp[residents_to].score:
        vi.append(below)
        below += 1
    return Bracket(vi, mdps, end, residents_from, residents_to, residents_to, below)


def pair_naturally(r: DutchRound, p: RoundPairing, b: Bracket) -> bool:
    """D.1: a homogeneous bracket's first candidate, S1[i]–S2[i], paired without a matching
    when ``natural_pairing.natural`` shows that it is the one the matchings would choose."""
    pairs = natural(r, b) if r.reduced else None
    if pairs is None:
        return False
    r.natural_brackets += 1
    for a, c in pairs:
        p.fix(a, c)
    return True


def match_bracket(r: DutchRound, p: RoundPairing, b: Bracket) -> None:
    """B.4/section C: weigh every pair the bracket may have by the criteria it meets, then
    match. On the smaller graph of ``reduction`` when it gives the same matching, else on the
    whole graph (for good)."""
    m = p.matcher
    reps = None
    if p.smaller_graphs:
        ReducedGraph.clear(m, b.members[: b.mdps])
        reps = fits(r, b)
        if reps is None:
            p.smaller_graphs = False
            to_full(r, m, b)
    m.refresh()
    sp, vi, base = r.players, b.members, b.base
    for larger in range(b.mdps, b.end if p.smaller_graphs else b.size):
        lv = vi[larger]
        pl = sp[lv]
        cur = larger < b.end
        row = [weight(r, sp[vi[smaller]], pl, cur, not cur) for smaller in range(larger)]
        for smaller, w in enumerate(row):
            base[larger, smaller] = w
        m.set_edges(lv, zip(vi[:larger], row, strict=True))
    ties = candidate_ties(b)
    m.set_ties(ties)
    if reps is not None:
        view = ReducedGraph(r, m, b, ties, *reps)
        b.solve, b.partner = view.solve, view.partner
    else:
        b.solve = m.solve
    p.mate = b.solve()


def candidate_ties(b: Bracket) -> dict[tuple[int, int], int]:
    """Tie-breaks for the matcher only, below every criterion (the candidates section D
    prefers among equals): MDPs against the highest residents, S1 against S2 in order. The
    pairing does not depend on them; they spare matchings."""
    vi, sgb, nsgb = b.members, b.mdps, b.end
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
    return ties


def choose_paired_mdps(r: DutchRound, p: RoundPairing, b: Bracket) -> None:
    """C.04.3 B.1 (M1), B.2 (S1 and the Limbo), D.3: of the MDPs of each score, as many are
    paired as the matching pairs with residents (C.6, C.7), and the highest of them first:
    each in turn is pushed to a resident, and kept there when the weight allows it."""
    m, sp, vi, base = p.matcher, r.players, b.members, b.base
    sgb, nsgb, size = b.mdps, b.end, b.size
    lo, hi = b.residents_from, b.residents_to
    matched = p.matched
    mate = p.mate
    md_score = None
    rem_md = rem_matched = 0
    for pi in range(sgb):
        if md_score is None or sp[vi[pi]].score < md_score:
            # the MDPs of a new score: how many of them the matching pairs with residents
            md_score = sp[vi[pi]].score
            rem_md = rem_matched = 0
            mi = pi
            while mi < size and sp[vi[mi]].score >= md_score:
                rem_md += 1
                if lo <= mate[vi[mi]] < hi:
                    rem_matched += 1
                mi += 1
        if not rem_matched:
            continue
        pv = vi[pi]
        if rem_md <= rem_matched:
            matched[pv] = True
            continue
        rem_md -= 1
        if not (lo <= mate[pv] < hi):
            for oi in range(sgb, nsgb):
                w = base[oi, pi]
                if w:
                    m.set(pv, vi[oi], w | 1)
            mate = p.mate = b.solve()
        if lo <= mate[pv] < hi:
            matched[pv] = True
            rem_matched -= 1
            for oi in range(sgb, nsgb):
                w = base[oi, pi]
                if w:
                    m.set(pv, vi[oi], (w | (nsgb - sgb)) + 1)


def pair_mdps(r: DutchRound, p: RoundPairing, b: Bracket) -> None:
    """C.04.3 B.3 (the MDP-pairing), D.1: each paired MDP, from the top, against the highest
    resident he may have without making the rest of the bracket worse."""
    m, vi, base = p.matcher, b.members, b.base
    matched = p.matched
    for pi in range(b.mdps):
        pv = vi[pi]
        if not matched[pv]:
            continue
        add = b.size
        best = None
        for oi in range(b.end - 1, b.mdps - 1, -1):
            ov = vi[oi]
            if matched[ov]:
                continue
            w = base[oi, pi]
            if w:
                m.set(pv, ov, w + add)
                add += 1
                best = ov
        if p.mate[pv] != best:  # else the matching is still a maximum
            p.mate = b.solve()
        p.fix(pv, p.mate[pv])


def c9_in_next_bracket(r: DutchRound, p: RoundPairing, b: Bracket) -> bool:
    """C.9 is in play in the next bracket when the bye goes to its score (an odd field, the
    bye's score at least the next scoregroup's) and the last matching pairs every player left
    over with a player of that scoregroup or above."""
    sp, n = r.players, r.n
    first = b.next_group
    if not (r.odd and first < n and r.bye_score >= sp[first].score):
        return False
    for idx, v in enumerate(b.members):
        if idx < b.end and p.matched[v]:
            continue
        if sp[b.partner(v, p.mate)].score < sp[first].score:
            return False
    return True


def move_down(r: DutchRound, p: RoundPairing, b: Bracket) -> tuple[list[int], int]:
    """C.04.3 A.4: the bracket's players left unpaired are moved down (downfloaters, the next
    bracket's MDPs, first) to the next scoregroup. Returns the next bracket's players and
    its number of MDPs."""
    sp = r.players
    members: list[int] = []
    mdps = 0
    for idx, v in enumerate(b.members):
        if idx < b.end and p.matched[v]:
            continue
        members.append(v)
        if idx < b.end:
            mdps += 1
            p.floaters[sp[v].entry] = "moved_down"
    return members, mdps
