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

This module keeps the weights, the colours and ``pair_dutch``; the records it reads and returns
(``DutchPlayer``, ``BoardInfo``, ``DutchResult``) and the colour criteria are in
``dutch_records``, the bracket-by-bracket pairing in ``dutch_brackets``.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import reduction
from .dutch_brackets import BracketPairing
from .dutch_records import (
    DOWN,
    FIRST,
    NONE,
    SECOND,
    UP,
    BoardInfo,
    DutchPlayer,
    DutchResult,
    colour_criteria,
    compatible_colours,
    invert,
)
from .matching import Matcher


class _Round(BracketPairing):
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
