"""Swiss pairing by one global maximum-weight matching per round (rustworkx's blossom).

Every player to pair is a vertex; an edge joins two players who have not met; when the number of
players is odd, a bye vertex is joined to every player without a pairing-allocated bye. The
matching has maximum cardinality first (everyone is paired if anyhow possible), then maximum
weight. Edge weights are integers (``base − penalty``; a bye edge ``base + unit × position``)
built so that the criteria below compare lexicographically: each tier's unit exceeds the largest
total that all lower tiers can add up to over a whole round (the largest value of each lower
tier among the graph's edges, times the number of boards). The weights stay far below
rustworkx's i128 for any club-sized field (about 2⁶⁸ for 1,000 players in round 9):

1. the bye: the bye edge's weight grows with how low its player stands (lowest score, then
   highest rank number), so the lowest eligible player gets it whenever the rest can be paired;
2. score differences: (difference in score units)² per pair — the unit is the half point for the
   usual 1 / ½ / 0 points — so pairs stay in their score group, then adjacent groups, and one
   long float costs more than several short ones;
3. absolute first-move rules broken (three in a row, |firsts − seconds| > 2);
4. first-move preferences left unmet;
5. strong (or absolute) preferences left unmet;
6. the Dutch order: in a score group of 2k players (ordered by rank) S1 = 1..k plays
   S2 = k+1..2k, 1 plays k+1, 2 plays k+2, … — 2·(j − i − k)² per pair, plus 1 for a pair
   inside S1 or S2 — and a floater, (gap in the standings)², comes from the bottom of his group
   and meets the top of the next (several floaters in order).

With ``colour_rules_over_score=True`` tiers 2 and 3 swap (FIDE's stance: absolute colour rules
are stronger than score homogeneity, so a player floats rather than move first three times in a
row). Rematches are no edges at all: they never happen; if no perfect matching exists, the
pairing raises ``PairingImpossible``.

Size: up to ``FULL_GRAPH_LIMIT`` players the graph is complete. Larger fields first try sparse
graphs (within a score group, only partners within ``band`` places of the Dutch partner; between
groups at most ``levels`` apart, only the ``band`` lowest of the upper group and the ``band``
highest of the lower one), and move on to a wider graph, up to the complete one, unless the sparse
matching is perfect and gives the bye to the lowest eligible player; a matching that breaks an
absolute colour rule also tries the next sparse graph (not the complete one). Checked against
the complete graph in the tests, the sparse result has the same weight; it could fall short
only where a colour or Dutch-order gain needs a partner far from the Dutch one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass
from fractions import Fraction
from math import lcm

import rustworkx as rx

from tournaments.records import History

from .base import Pair, SwissPlayer
from .colours import ColourState, Side, allocate, colour_state, pair_cost
from .messages import (
    BYE_FORCED,
    BYE_LOWEST,
    FLOATER,
    NO_BYE_CANDIDATE,
    NO_COMPLETE_PAIRING,
    SCORE_GROUP,
    PairingImpossible,
    Reason,
)

FULL_GRAPH_LIMIT = 300
# (band, levels) of the sparse graphs tried, in order, before the complete graph.
SPARSE_STAGES: tuple[tuple[int, int], ...] = ((12, 1), (40, 2))


@dataclass(slots=True)
class _Node:
    entry: int
    rank: int
    score: float
    units: int  # score in integer units
    state: ColourState
    opponents: frozenset[int]
    bye_eligible: bool
    position: int = 0  # index in the standings (score, then rank)
    level: int = 0  # index of the score group, 0 = highest
    local: int = 0  # index within the score group, 0 = highest ranked
    group_size: int = 0


@dataclass(slots=True)
class MatchStats:
    """What the last ``pair_swiss`` call did (for the benchmark; informational only)."""

    players: int = 0
    edges: int = 0
    stages: int = 0


last_stats = MatchStats()


def _score_units(scores: Sequence[float]) -> list[int]:
    """Scores as integers: half points for 1 / ½ / 0 (any finer fraction scales up)."""
    fractions = [Fraction(s).limit_denominator(1000) for s in scores]
    scale = lcm(2, *(f.denominator for f in fractions))
    return [int(f * scale) for f in fractions]


def pair_swiss(
    players: Sequence[SwissPlayer],
    *,
    round_no: int,
    histories: Mapping[int, History],
    requested_byes: Set[int] = frozenset(),
    colour_rules_over_score: bool = False,
) -> list[Pair]:
    """Pair round ``round_no`` of a Swiss.

    ``players`` are the active entries (withdrawn ones left out) with their starting ranks;
    ``histories`` their past rounds (a missing entry is a newcomer with no points);
    ``requested_byes`` are entries not to pair this round (the caller records their byes).
    Returns the boards in display order, the pairing-allocated bye (if any) last. Raises
    ``PairingImpossible`` when no complete pairing without a rematch or a second bye exists.
    """
    chosen = [p for p in players if p.entry not in requested_byes]
    if len({p.entry for p in chosen}) != len(chosen):
        raise ValueError("an entry appears twice among the players")
    nodes = _nodes(chosen, histories)
    n = len(nodes)
    last_stats.players, last_stats.edges, last_stats.stages = n, 0, 0
    if n == 0:
        return []
    odd = n % 2 == 1
    if odd and not any(node.bye_eligible for node in nodes):
        raise PairingImpossible(NO_BYE_CANDIDATE, round=round_no)

    weigher = _Weigher(nodes, colour_rules_over_score=colour_rules_over_score)
    stages: list[tuple[int, int] | None] = []
    if n > FULL_GRAPH_LIMIT:
        stages.extend(SPARSE_STAGES)
    stages.append(None)
    lowest_eligible = max((i for i in range(n) if nodes[i].bye_eligible), default=None)
    mate: dict[int, int | None] = {}
    for number, stage in enumerate(stages):
        last_stats.stages += 1
        pairs = weigher.candidates(stage)
        mate, complete = _match(n, weigher, pairs, odd)
        last_stats.edges = len(pairs)
        if stage is None:
            break
        if not complete:
            continue
        bye_to = next((i for i, m in mate.items() if m is None), None)
        if odd and bye_to != lowest_eligible:
            continue
        # A broken absolute colour rule may only be due to the sparse graph: try one wider
        # sparse graph (the complete one is left for incomplete pairings, as it is slow).
        wider_sparse = number + 1 < len(stages) - 1
        if wider_sparse and any(
            weigher.cost(i, m)[1] for i, m in mate.items() if m is not None and i < m
        ):
            continue
        break
    if len(mate) != n:
        raise PairingImpossible(
            NO_COMPLETE_PAIRING, round=round_no, unpaired=n - len(mate), players=n
        )
    return _pairs(nodes, mate, lowest_eligible)


def _nodes(players: Sequence[SwissPlayer], histories: Mapping[int, History]) -> list[_Node]:
    hist = [histories.get(p.entry) or History(p.entry) for p in players]
    units = _score_units([h.points for h in hist])
    nodes = [
        _Node(
            entry=p.entry,
            rank=p.rank,
            score=h.points,
            units=u,
            state=colour_state(h),
            opponents=frozenset(h.opponents),
            bye_eligible=h.pairing_byes == 0,
        )
        for p, h, u in zip(players, hist, units, strict=True)
    ]
    nodes.sort(key=lambda x: (-x.units, x.rank, x.entry))
    level = -1
    previous: int | None = None
    start = 0
    for i, node in enumerate(nodes):
        if node.units != previous:
            level += 1
            previous = node.units
            start = i
        node.position = i
        node.level = level
        node.local = i - start
    sizes: dict[int, int] = {}
    for node in nodes:
        sizes[node.level] = sizes.get(node.level, 0) + 1
    for node in nodes:
        node.group_size = sizes[node.level]
    return nodes


# Tiers from the lowest to the highest, as indices into a cost tuple (score², broken,
# unmet, unmet strong, dutch).
_TIERS_SCORE_FIRST = (4, 3, 2, 1, 0)
_TIERS_COLOUR_FIRST = (4, 3, 2, 0, 1)
MAX_WEIGHT_BITS = 124  # rustworkx works in i128 and doubles weights in its dual variables


class _Weigher:
    """Edge penalties, and the tier units that make them lexicographic."""

    def __init__(self, nodes: list[_Node], *, colour_rules_over_score: bool) -> None:
        self.nodes = nodes
        self.n = len(nodes)
        self.tiers = _TIERS_COLOUR_FIRST if colour_rules_over_score else _TIERS_SCORE_FIRST
        self._colour_cache: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, int, int]] = {}
        self.by_level: dict[int, list[int]] = {}
        for i, node in enumerate(nodes):
            self.by_level.setdefault(node.level, []).append(i)
        eligible = [i for i in range(self.n) if nodes[i].bye_eligible]
        # 1 for the highest-standing eligible player, up to len(eligible) for the lowest.
        self.bye_rank = {i: order for order, i in enumerate(eligible, start=1)}

    def cost(self, i: int, j: int) -> tuple[int, int, int, int, int]:
        """(score², absolute rules broken, unmet, unmet strong, dutch) of pairing i and j."""
        a, b = self.nodes[i], self.nodes[j]
        key = (a.state.key, b.state.key)
        colour = self._colour_cache.get(key)
        if colour is None:
            colour = pair_cost(a.state, b.state)
            self._colour_cache[key] = colour
        diff = a.units - b.units
        return diff * diff, colour[0], colour[1], colour[2], self._dutch(a, b)

    @staticmethod
    def _dutch(a: _Node, b: _Node) -> int:
        """How far the pair is from the Dutch order (0 = as Dutch would pair)."""
        if a.level == b.level:
            g = a.group_size
            k = g // 2
            i, j = sorted((a.local, b.local))
            # Off the Dutch partner, and a little more inside S1 or S2 (a transposition of S2
            # before an exchange between S1 and S2).
            return 2 * (j - i - k) ** 2 + (0 if i < k <= j else 1)
        # Floaters: squared gap in the standings, so the lowest of the upper group meets the
        # highest of the lower one, and several floaters meet them in order.
        return (a.position - b.position) ** 2

    def weighted(
        self, pairs: list[tuple[int, int]]
    ) -> tuple[list[tuple[int, int, int]], list[tuple[int, int, int]]]:
        """Integer weights of the candidate pairs and of the bye edges (to vertex ``n``).

        Each tier's unit exceeds what all lower tiers can add up to over the boards of a round
        (their largest value among these pairs, times the number of boards).
        """
        costs = [self.cost(i, j) for i, j in pairs]
        boards = self.n // 2 + 1
        units = [0] * 5
        unit = 1
        for tier in self.tiers:
            units[tier] = unit
            unit += max((c[tier] for c in costs), default=0) * unit * boards
        base = unit  # exceeds the penalty of any pair, and any round's total
        top = base + unit * (len(self.bye_rank) + 1)
        if top.bit_length() > MAX_WEIGHT_BITS:
            raise ValueError(f"too many players or score groups to weigh ({self.n} players)")
        u0, u1, u2, u3, u4 = units
        edges = [
            (i, j, base - (c[0] * u0 + c[1] * u1 + c[2] * u2 + c[3] * u3 + c[4] * u4))
            for (i, j), c in zip(pairs, costs, strict=True)
        ]
        byes = [(i, self.n, base + unit * rank) for i, rank in self.bye_rank.items()]
        return edges, byes

    def _pairable(self, i: int, j: int) -> bool:
        a, b = self.nodes[i], self.nodes[j]
        return b.entry not in a.opponents and a.entry not in b.opponents

    def candidates(self, stage: tuple[int, int] | None) -> list[tuple[int, int]]:
        """The pairs that the graph of ``stage`` joins (None: the complete graph)."""
        n = self.n
        pairable = self._pairable
        if stage is None:
            return [(i, j) for i in range(n) for j in range(i + 1, n) if pairable(i, j)]
        out: list[tuple[int, int]] = []
        band, levels = stage
        groups = [self.by_level[level] for level in sorted(self.by_level)]
        for gi, members in enumerate(groups):
            g = len(members)
            k = g // 2
            for a in range(g):
                if g <= 2 * band + 2:
                    lo, hi = a + 1, g - 1
                else:
                    lo, hi = a + max(1, k - band), min(g - 1, a + k + band)
                i = members[a]
                out.extend((i, members[b]) for b in range(lo, hi + 1) if pairable(i, members[b]))
            for gj in range(gi + 1, min(len(groups), gi + levels + 1)):
                lower = groups[gj][: band + 1]
                for i in members[-(band + 1) :]:
                    out.extend((i, j) for j in lower if pairable(i, j))
        return out


def _match(
    n: int, weigher: _Weigher, pairs: list[tuple[int, int]], odd: bool
) -> tuple[dict[int, int | None], bool]:
    """Run the matching; return ``mate`` (None = bye) over paired nodes, and completeness."""
    edges, byes = weigher.weighted(pairs)
    graph = rx.PyGraph(multigraph=False)
    graph.add_nodes_from(range(n + (1 if odd else 0)))
    graph.add_edges_from(edges)
    if odd:
        graph.add_edges_from(byes)
    matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
    mate: dict[int, int | None] = {}
    for a, b in matching:
        if odd and n in (a, b):
            mate[min(a, b)] = None
        else:
            mate[a] = b
            mate[b] = a
    return mate, len(mate) == n


def _pairs(nodes: list[_Node], mate: dict[int, int | None], lowest: int | None) -> list[Pair]:
    games: list[tuple[tuple[float, float, int], Pair]] = []
    bye: Pair | None = None
    for i in sorted(mate):
        j = mate[i]
        a = nodes[i]
        if j is None:
            code = BYE_LOWEST if i == lowest else BYE_FORCED
            reason = Reason(code, {"entry": a.entry, "score": a.score})
            bye = Pair(0, a.entry, None, (reason,))
            continue
        if j < i:
            continue
        b = nodes[j]
        if a.units == b.units:
            reasons = [Reason(SCORE_GROUP, {"score": a.score})]
        else:
            high, low = (a, b) if a.units > b.units else (b, a)
            reasons = [Reason(FLOATER, {"entry": high.entry, "from": high.score, "to": low.score})]
        first, second, colour_reasons = allocate(
            Side(a.entry, a.rank, a.score, a.state), Side(b.entry, b.rank, b.score, b.state)
        )
        reasons.extend(colour_reasons)
        key = (-max(a.score, b.score), -(a.score + b.score), min(a.rank, b.rank))
        games.append((key, Pair(0, first.entry, second.entry, tuple(reasons))))
    games.sort(key=lambda item: item[0])
    out = [Pair(board, p.first, p.second, p.reasons) for board, (_, p) in enumerate(games, start=1)]
    if bye is not None:
        out.append(Pair(len(out) + 1, bye.first, None, bye.reasons))
    return out
