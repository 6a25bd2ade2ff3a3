"""The explicit state of one round's Dutch pairing (:mod:`tournaments.pairing.dutch`). Pure Python.

``DutchRound`` is what every step of the pairing reads: the players in the order of C.04.3 A.2
(score, then pairing number), the round's options (the last round's topscorers, A.7; the initial
colour, E.5), the widths of the weights' bit fields, the bye's state (C.5, C.9) and the counts of
the shortcuts taken. ``Bracket`` is the bracket being paired (A.3: its moved-down players, its
residents, and the next scoregroup the look-ahead of C.8 needs); ``RoundPairing`` is the pairing
of the round so far (the matching, the pairs fixed, the players moved down). The steps that use
them are in ``dutch_brackets`` and ``dutch_remainder``, the weights in ``dutch_weights``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .dutch_records import DutchPlayer
from .matching import Matcher


@dataclass(eq=False)
class DutchRound:
    """One round to pair: its players, options, field widths and bye state.

    ``players`` are sorted by C.04.3 A.2 (score down, then rank); everywhere else a player is
    his place in that list (a vertex of the matchings). ``top_threshold``: a score above it makes
    a topscorer in the last round (A.7, for C.3). ``pair_bits`` is the width of a field counting
    players of one scoregroup, ``score_bits`` that of a field with one sub-field per scoregroup
    (at ``score_shift[score]``). The bye's state is set by the first matching (or by
    ``reduction.start``): ``bye_score`` the lowest score a player taking the bye can have (C.5),
    ``c9_in_play`` whether the current bracket's pairing decides who takes it (C.9: fewest
    played games), ``played_rank`` the order of the bye candidates' played games for C.9.
    """

    players: list[DutchPlayer]
    played_rounds: int
    last_round: bool
    top_threshold: int
    top_seed_first: bool
    reduced: bool = True  # the exact shortcuts of ``reduction`` and ``natural_pairing``
    n: int = field(init=False)
    odd: bool = field(init=False)
    group_size: dict[int, int] = field(init=False)  # score -> players with that score
    score_shift: dict[int, int] = field(init=False)  # score -> its sub-field's offset
    score_bits: int = field(init=False)
    pair_bits: int = field(init=False)
    bye_score: int = 0
    c9_in_play: bool = False
    played_rank: dict[int, int] = field(default_factory=dict)
    representatives: int = 0  # per player in the reduced graphs (set by ``reduction.start``)
    reduced_brackets: int = 0  # brackets paired on a smaller graph
    natural_brackets: int = 0  # brackets paired naturally, without a matching
    closed_brackets: int = 0  # of the smaller graphs, those of the bracket alone
    full_solves: int = 0  # of their matchings, those computed again on the whole graph
    # ``dutch_weights.weight``'s fields that depend on the two players only (by their data)
    weight_memo: dict[tuple, int] = field(default_factory=dict, repr=False)

    @classmethod
    def of(
        cls,
        players: Sequence[DutchPlayer],
        *,
        played_rounds: int,
        last_round: bool,
        top_threshold: int,
        top_seed_first: bool,
        reduced: bool = True,
    ) -> DutchRound:
        """The round's state, the players sorted by C.04.3 A.2."""
        return cls(
            sorted(players, key=lambda p: (-p.score, p.rank)),
            played_rounds=played_rounds,
            last_round=last_round,
            top_threshold=top_threshold,
            top_seed_first=top_seed_first,
            reduced=reduced,
        )

    def __post_init__(self) -> None:
        self.n = len(self.players)
        self.odd = self.n % 2 == 1
        counts: dict[int, int] = {}
        for p in self.players:
            counts[p.score] = counts.get(p.score, 0) + 1
        shifts: dict[int, int] = {}
        total = 0
        for score in sorted(counts):
            shifts[score] = total
            total += counts[score].bit_length()
        self.group_size = counts
        self.score_shift = shifts
        self.score_bits = total
        self.pair_bits = max(counts.values(), default=0).bit_length()

    # --- the absolute criteria and the bye ---------------------------------------------------

    def compatible(self, a: DutchPlayer, b: DutchPlayer) -> bool:
        """C.1 (no rematch) and C.3 (no two players with the same absolute colour preference,
        unless one is a topscorer of the last round, A.7)."""
        if b.entry in a.forbidden or a.entry in b.forbidden:
            return False
        if not a.absolute or not b.absolute or a.preference != b.preference:
            return True
        return self.last_round and (a.score > self.top_threshold or b.score > self.top_threshold)

    def bye_candidate(self, p: DutchPlayer) -> bool:
        """C.2 and C.5: ``p`` may take the bye and has the lowest score a bye can go to."""
        # An even field has no bye: every complete matching pairs everyone, so the bye field
        # is the same for all of them whoever is called a candidate; calling nobody one keeps
        # the edges leaving a bracket alike (``reduction``).
        return self.odd and p.bye_eligible and p.score <= self.bye_score

    def rank_played_games(self) -> None:
        """C.9: rank the played games of the players of the bye's score (most first)."""
        counts = sorted((p.played for p in self.players if p.score == self.bye_score), reverse=True)
        for rank, c in enumerate(counts):
            self.played_rank[c] = rank


@dataclass(eq=False)
class RoundPairing:
    """The round's pairing so far, bracket by bracket from the top (C.04.3 A.3).

    ``mate`` is the last matching's pairing of every vertex; ``matched`` the players whose
    pair is decided; ``pairs`` the pairs fixed, in order; ``floaters`` the players moved down
    out of their bracket (A.4, by entry). ``smaller_graphs``: the brackets are still matched on
    the smaller graphs of ``reduction`` (once the whole graph is needed, it stays).
    """

    matcher: Matcher
    smaller_graphs: bool
    mate: list[int]
    matched: list[bool]
    pairs: list[tuple[int, int]] = field(default_factory=list)
    floaters: dict[int, str] = field(default_factory=dict)

    def fix(self, a: int, b: int) -> None:
        """The pair of ``a`` and ``b`` is decided: out of the graph, into the pairing."""
        self.matched[a] = self.matched[b] = True
        self.matcher.fix(a, b)
        self.pairs.append((a, b))


def _own_partner(v: int, mate: list[int]) -> int:
    return mate[v]


@dataclass(eq=False)
class Bracket:
    """One bracket (C.04.3 A.3) and the next scoregroup, as the players' vertices.

    ``members[:mdps]`` are the moved-down players (MDPs, A.4), ``members[mdps:end]`` the
    resident players (vertices ``residents_from`` to ``residents_to - 1``: a scoregroup is a
    run of vertices), ``members[end:]`` the next scoregroup (from vertex ``next_group``), which
    the look-ahead of C.8 counts; every vertex from ``below`` on is further down. ``base``
    holds the weights of the bracket's edges (by positions in ``members``, the lower player
    first); ``solve`` computes a matching (of the whole graph, or of ``reduction``'s smaller
    one) and ``partner`` reads a player's partner in the whole field from it.
    """

    members: list[int]
    mdps: int
    end: int
    residents_from: int
    residents_to: int
    next_group: int
    below: int
    base: dict[tuple[int, int], int] = field(default_factory=dict)
    solve: Callable[[], list[int]] = list
    partner: Callable[[int, list[int]], int] = _own_partner
    no_next: set[int] = field(default_factory=set)  # edges to the next scoregroup cut

    @property
    def size(self) -> int:
        """The bracket's players and the next scoregroup's."""
        return len(self.members)
