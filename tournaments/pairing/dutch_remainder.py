"""The remainder of a bracket in the Dutch system (:mod:`tournaments.pairing.dutch_brackets`).

Pure Python, no Django. After the MDP-pairing (C.04.3 B.3), the residents the matching does not
pair with an MDP form the remainder (A.3; the whole bracket when it is homogeneous). Its players
the matching pairs among themselves decide MaxPairs (B.1): S1 is the first ``pairs`` of them and
S2 the rest (B.2). The candidate is then fixed in the order of section D, each step a function:

1. ``split_remainder`` — B.2: S1 and S2, with the low bits favouring S1 against S2 (D.2: the
   fewest exchanges, of the smallest BSN differences).
2. ``count_exchanges`` — D.2: how many S1 players the best candidates exchange.
3. ``exchange_from_s1`` — D.2: which S1 players leave S1, the lowest first.
4. ``exchange_from_s2`` — D.2: which S2 players enter S1, the highest first.
5. ``keep_s1_against_s2`` — S1 (after the exchanges) may only meet S2.
6. ``transpose`` — D.1: S1 from the top, each against the highest S2 player possible.
"""

from __future__ import annotations

from dataclasses import dataclass

from .dutch_round import Bracket, DutchRound, RoundPairing
from .dutch_weights import remainder_edge
from .matching import Matcher


@dataclass(eq=False)
class Remainder:
    """The remainder's players (positions in ``Bracket.members``, in order) and ``pairs``, the
    size of S1 (MaxPairs of the remainder); ``exchanges``: S1 players the candidate exchanges."""

    positions: list[int]
    pairs: int
    exchanges: int = 0


def pair_remainder(r: DutchRound, p: RoundPairing, b: Bracket) -> None:
    """Pair the remainder of bracket ``b`` (the steps of this module, in order)."""
    rest = split_remainder(r, p, b)
    rest.exchanges = count_exchanges(p, b, rest)
    exchange_from_s1(r, p, b, rest)
    exchange_from_s2(r, p, b, rest)
    keep_s1_against_s2(p, b, rest)
    transpose(r, p, b, rest)


def split_remainder(r: DutchRound, p: RoundPairing, b: Bracket) -> Remainder:
    """C.04.3 B.1/B.2: the remainder, its MaxPairs (the pairs the matching makes inside it)
    and S1 = its first MaxPairs players; the remainder's edges get low bits for the fewest
    exchanges (D.2), and the matching is made again unless it already has none."""
    m, vi, mate = p.matcher, b.members, p.mate
    remainder: list[int] = []
    pairs = 0
    for pi in range(b.mdps, b.end):
        pv = vi[pi]
        if mate[pv] < b.residents_from:  # paired with an MDP
            continue
        remainder.append(pi)
        if mate[pv] < pv:
            pairs += 1
    for k, oi in enumerate(remainder):
        m.set_edges(
            vi[oi],
            [
                (vi[pi], remainder_edge(r, b.base, pi, oi, a, pairs))
                for a, pi in enumerate(remainder[:k])
            ],
        )
    # The new low bits only favour S1 = the first ``pairs`` of the remainder against
    # the rest: a matching that already has no exchange stays a maximum.
    position = {vi[pi]: a for a, pi in enumerate(remainder)}
    smaller = sorted(
        position[v] for v in position if mate[v] in position and position[v] < position[mate[v]]
    )
    if smaller != list(range(pairs)):
        p.mate = b.solve()
    return Remainder(remainder, pairs)


def _paired_down(p: RoundPairing, b: Bracket, v: int) -> bool:
    """Whether ``v`` is paired with a lower player of the bracket (as S1 is with S2)."""
    return v < p.mate[v] < b.residents_to


def count_exchanges(p: RoundPairing, b: Bracket, rest: Remainder) -> int:
    """D.2: the S1 players the matching does not pair with a lower player (exchanged)."""
    exchanges = 0
    if rest.pairs < len(rest.positions):
        end = rest.positions[rest.pairs]
        for pi in rest.positions:
            if pi >= end:
                break
            exchanges += not _paired_down(p, b, b.members[pi])
    return exchanges


def exchange_from_s1(r: DutchRound, p: RoundPairing, b: Bracket, rest: Remainder) -> None:
    """D.2: the S1 players who leave S1, the lowest first: from the bottom of S1, each is
    kept in S1 when a matching of the same weight allows it."""
    m, vi, base = p.matcher, b.members, b.base
    remainder, pairs = rest.positions, rest.pairs
    left = rest.exchanges
    pri = pairs
    pos = pairs
    while pos > 0 and left:
        opp = pos
        pri -= 1
        pos -= 1
        pi = remainder[pos]
        pv = vi[pi]
        if _paired_down(p, b, pv):
            for q in range(opp, len(remainder)):
                w = remainder_edge(r, base, pi, remainder[q], pri, pairs)
                if w:
                    m.set(pv, vi[remainder[q]], w - 1)
            p.mate = b.solve()
        exchange = not _paired_down(p, b, pv)
        left -= exchange
        for q in range(pos + 1, len(remainder)):
            if exchange:
                base[remainder[q], pi] = 0
            m.set(pv, vi[remainder[q]], remainder_edge(r, base, pi, remainder[q], pri, pairs))


def exchange_from_s2(r: DutchRound, p: RoundPairing, b: Bracket, rest: Remainder) -> None:
    """D.2: the S2 players who enter S1, the highest first: from the top of S2, each is
    moved into S1 (paired with a lower player, none above him, none of the next scoregroup)
    when a matching of the same weight allows it."""
    m, vi, base = p.matcher, b.members, b.base
    remainder, pairs = rest.positions, rest.pairs
    left = rest.exchanges
    ri = pairs
    for pos in range(pairs, len(remainder)):
        if left <= 1:
            break
        pi = remainder[pos]
        pv = vi[pi]
        already = _paired_down(p, b, pv)
        if not already:
            for q in range(pos + 1, len(remainder)):
                w = remainder_edge(r, base, pi, remainder[q], ri, pairs)
                if w:
                    m.set(pv, vi[remainder[q]], w + 1)
            p.mate = b.solve()
        if _paired_down(p, b, pv):
            left -= 1
            for q in range(pos):
                base[pi, remainder[q]] = 0
                m.set(pv, vi[remainder[q]], 0)
            b.no_next.add(pv)
            for oi in range(b.end, b.size):
                base[oi, pi] = 0
                m.set(pv, vi[oi], 0)
        if not already:
            for q in range(pos + 1, len(remainder)):
                m.set(pv, vi[remainder[q]], remainder_edge(r, base, pi, remainder[q], ri, pairs))
        ri += 1


def keep_s1_against_s2(p: RoundPairing, b: Bracket, rest: Remainder) -> None:
    """S1 is fixed (after the exchanges): only the edges from an S1 player (one the matching
    pairs with a lower player) to an S2 player stay, at their base weight."""
    m, vi, base = p.matcher, b.members, b.base
    remainder = rest.positions
    in_s1 = [_paired_down(p, b, vi[pi]) for pi in remainder]  # (no matching in between)
    for a, pi in enumerate(remainder):
        for k in range(a + 1, len(remainder)):
            if not in_s1[a] or in_s1[k]:
                base[remainder[k], pi] = 0
        m.set_edges(vi[pi], [(vi[oi], base[oi, pi]) for oi in remainder[a + 1 :]])


LOOKAHEAD = 3  # S1 players whose partners one matching of ``transpose`` chooses, at most


def transpose(r: DutchRound, p: RoundPairing, b: Bracket, rest: Remainder) -> None:
    """D.1 (transpositions): S1 from the top, each against the highest S2 player he may have
    (the matching made again, or an exchange of partners of the same weight, ``_swap``).

    When a matching is needed for an S1 player, it chooses the partners of the next S1 players
    too (up to ``LOOKAHEAD`` in all): each one's preference for the higher S2 players is one
    digit of the low bits, the first player's the most significant, so the matching maximises
    the first player's partner, then the second's given the first's, and so on (the digits
    never carry: every player has one partner, each digit is below ``2**digit``, and all of
    them fit below the half of the low field). That is what the matchings one player at a
    time find: the first player's partner is the highest one of a maximum matching, then he is
    fixed and the second's is the highest of a maximum matching of the rest, which is the
    highest with the first's partner as chosen (every S2 player has his own rank, so the best
    partner is one player). The next players' edges get their base weights back at once; when
    their turn comes, their partner in the last matching is kept without a new one."""
    m, vi, base = p.matcher, b.members, b.base
    matched = p.matched
    at = {v: idx for idx, v in enumerate(vi)}
    positions = rest.positions
    digit = len(positions).bit_length()
    ahead = max(1, min(LOOKAHEAD, 3 * r.pair_bits // max(digit, 1))) if r.reduced else 1
    chosen: set[int] = set()  # S1 players whose partner the last matching chose
    for idx, pi in enumerate(positions):
        pv = vi[pi]
        if not _paired_down(p, b, pv):
            continue
        if pv in chosen:
            p.fix(pv, p.mate[pv])
            continue
        chosen = set()
        best = _prefer(m, vi, base, matched, positions, pi, 1)
        if p.mate[pv] != best and not (
            r.reduced and _swap(m, p.mate, base, at, pi, pv, best, b.end)
        ):
            nxt = [q for q in positions[idx + 1 :] if _paired_down(p, b, vi[q])][: ahead - 1]
            if nxt:
                _prefer(m, vi, base, matched, positions, pi, 1 << (digit * len(nxt)))
                for j, q in enumerate(nxt):
                    _prefer(m, vi, base, matched, positions, q, 1 << (digit * (len(nxt) - 1 - j)))
            p.mate = b.solve()  # else the matching is still a maximum
            for q in nxt:
                _prefer(m, vi, base, matched, positions, q, 0)
            chosen = {vi[q] for q in nxt}
        p.fix(pv, p.mate[pv])


def _prefer(
    m: Matcher,
    vi: list[int],
    base: dict[tuple[int, int], int],
    matched: list[bool],
    positions: list[int],
    pi: int,
    scale: int,
) -> int | None:
    """The edges from the player at ``pi`` to the players after him in ``positions`` get
    their base weight plus ``scale`` times his preference (0 for the lowest, one more for each
    player above); returns the highest he may meet (None: none)."""
    add = 0
    best = None
    edges = []
    for oi in reversed(positions):
        ov = vi[oi]
        if oi <= pi or matched[ov]:
            continue
        w = base[oi, pi]
        if w:
            edges.append((ov, w + add * scale))
            best = ov
        add += 1
    m.set_edges(vi[pi], edges)
    return best


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
