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
matching, a bracket matched on its own graph, the reduced graphs) live in ``natural_pairing`` and
``reduction``, each with the proof that it gives the same pairing;
``pair_dutch(..., reduced=False)`` uses none of them.

Scores are integers (tenths of a point, as in TRF) so that every comparison is exact; weights are
Python integers of any size (``matching.max_weight_matching`` packs them small enough for the fast
matcher when it can).

The modules, top down (each imports only the ones after it):

* ``dutch`` (this one): ``pair_dutch``, the first matching (C.4, C.5: can the round be paired,
  and at what score the bye goes) and the colours (E.1–E.5);
* ``dutch_brackets``: the bracket-by-bracket steps (A.3, B.1–B.3, D.3, A.4), and
  ``dutch_remainder``: the remainder's (B.2, D.2, D.1);
* ``natural_pairing`` and ``reduction``: the exact shortcuts;
* ``dutch_weights``: the criteria C.4–C.21 as the bit fields of the edge weights;
* ``dutch_round``: the explicit state every step receives (``DutchRound``: the players, options,
  field widths and bye state; ``Bracket``; ``RoundPairing``);
* ``dutch_records``: the records read and returned (``DutchPlayer``, ``BoardInfo``,
  ``DutchResult``) and the colour criteria C.10–C.13 of a pair.
"""

from __future__ import annotations

from collections.abc import Sequence

from .dutch_brackets import pair_brackets
from .dutch_records import (
    FIRST,
    NONE,
    SECOND,
    BoardInfo,
    DutchPlayer,
    DutchResult,
    compatible_colours,
    invert,
)
from .dutch_round import DutchRound
from .dutch_weights import far_weight, initial_layout, initial_weight, main_layout
from .matching import Matcher
from .reduction import start


def pair_round(r: DutchRound) -> tuple[list[tuple[int, int]], int | None, dict[int, str]] | None:
    """Pair the round: the pairs (entries), the bye and the players moved down; None when no
    pairing meets C.1–C.4 (or the bye has no eligible player, C.2)."""
    if r.reduced and start(r, r.odd):
        return pair_brackets(r, Matcher(r.n, main_layout(r)), smaller_graphs=True)
    m = first_matching(r)
    if m is None:
        return None
    return pair_brackets(r, m, smaller_graphs=False)


def first_matching(r: DutchRound) -> Matcher | None:
    """C.4 (completion) and C.5 (the bye): a first matching of the whole graph shows that the
    round can be paired and, in an odd field, the lowest score the bye can go to; C.9 is in
    play from the top bracket when that is the top score and every top scorer is paired
    inside it. Returns the graph with the weights of every pair outside the brackets."""
    n, sp, odd = r.n, r.players, r.odd
    m = Matcher(n, initial_layout(r) if odd else main_layout(r))
    for i in range(n):
        for j in range(i):
            if odd:
                m.set(i, j, initial_weight(r, i, j))
            else:
                m.set(i, j, far_weight(r, sp[j], sp[i]))
    mate = m.solve()
    alone = [v for v in range(n) if mate[v] == v]
    if len(alone) > 1 or (alone and not sp[alone[0]].bye_eligible):
        return None
    if odd:
        bye_v = next(v for v in range(n) if mate[v] == v)
        r.bye_score = sp[bye_v].score
        m.refresh(main_layout(r))
        top = sp[0].score
        if r.bye_score >= top:
            r.c9_in_play = True
            for v in range(n):
                if sp[v].score < top:
                    break
                if sp[mate[v]].score < top:
                    r.c9_in_play = False
                    break
        r.rank_played_games()
        for i in range(n):
            for j in range(i):
                m.set(i, j, far_weight(r, sp[j], sp[i]))
    return m


# --- colours (C.04.3 E) ------------------------------------------------------------------------


def outranks(a: DutchPlayer, b: DutchPlayer) -> bool:
    """A.2: ``a`` is ranked above ``b`` (higher score, then better pairing number)."""
    return (a.score, -a.rank) > (b.score, -b.rank)


def neutral_colour(p: DutchPlayer, o: DutchPlayer) -> tuple[str, str] | None:
    """The move of ``p`` against ``o`` by the rules that look at the two histories only (E.1:
    both preferences met, E.2: the stronger preference, E.3: alternate from the last round
    they differed); None when they leave it to the players' order (E.4, E.5). Shared with the
    Burstein system, which orders the two otherwise."""
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
    return None


def by_pairing_number(p: DutchPlayer, o: DutchPlayer, higher: DutchPlayer, first: bool) -> str:
    """E.5: neither has a preference; ``higher`` (``p`` or ``o``) gets the initial colour
    (``first``: the top seed moves first in round 1) when his pairing number is odd, the
    other when it is even. The move of ``p``."""
    initial = FIRST if first else SECOND
    higher_gets = initial if (higher.rank - 1) % 2 == 0 else invert(initial)
    return higher_gets if higher is p else invert(higher_gets)


def colour_of(r: DutchRound, p: DutchPlayer, o: DutchPlayer) -> tuple[str, str]:
    """The move of ``p`` against ``o``, and the rule (E.1–E.5) that gave it."""
    neutral = neutral_colour(p, o)
    if neutral is not None:
        return neutral
    p_lower = outranks(o, p)
    if p.preference == NONE:
        return by_pairing_number(p, o, o if p_lower else p, r.top_seed_first), "E5"
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
    of ``reduction`` and ``natural_pairing`` nor the exchange of ``dutch_remainder._swap``
    (the same pairing, slower: for the tests that compare the two)."""
    if not players:
        return DutchResult([], None, None, {})
    state = DutchRound.of(
        players,
        played_rounds=played_rounds,
        last_round=last_round,
        top_threshold=top_threshold,
        top_seed_first=top_seed_first,
        reduced=reduced,
    )
    if len(players) == 1:
        only = players[0]
        if not only.bye_eligible:
            return None
        return DutchResult([], only.entry, only.score, {})
    out = pair_round(state)
    if out is None:
        return None
    pairs, bye, floaters = out
    by_entry = {p.entry: p for p in players}
    boards: list[BoardInfo] = []
    for a, b in pairs:
        pa, pb = by_entry[a], by_entry[b]
        p, o = (pa, pb) if a < b else (pb, pa)
        colour, rule = colour_of(state, p, o)
        first = p if colour == FIRST else o
        higher, lower = (pa, pb) if outranks(pa, pb) else (pb, pa)
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
