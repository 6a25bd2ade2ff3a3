"""The Burstein system's numbers (C.04.4.2): the seeding rounds' virtual points and the index
that orders a score bracket after them. Pure Python over ``GameRecord``, no Django.

Scores are tenths of a point (as in ``swiss``); the index's parts are products of tenths, so
every comparison is exact. What bbpPairings (``--burstein``) does, which this follows:

* **seeding** (rounds 1 and 2): the upper half of the pairing list gets a win's virtual points,
  so that those rounds pair by pairing number (the upper half against itself, top against
  bottom, and likewise the lower half). The half counts the players taking part in round 1's
  pairing; a player who did not (a late entry) keeps his place in the list but does not count.
* **index** (every round): the Sonneborn-Berger score, the Buchholz score, the median Buchholz
  (without the best and worst opponents, from round 4 on), then the pairing number. An
  opponent's score counts every game not played as a draw; a round without a game counts a
  virtual opponent (FIDE's rule for unplayed games): the player's own score before that round,
  plus the result the virtual opponent got in it, plus a draw for every later round played.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence, Set
from dataclasses import dataclass

from tournaments.core.history import (
    BYE,
    FORFEIT_WIN,
    HALF_BYE,
    PLAYED_RESULTS,
    GameRecord,
    PointSystem,
    game_points,
)

LOST, DRAWN, WON = 0, 1, 2


def tenths(points: float) -> int:
    return round(points * 10)


@dataclass(frozen=True, slots=True)
class Outcome:
    """One round of one entry: ``kind`` (LOST/DRAWN/WON) matters for rounds not played."""

    played: bool
    opponent: int | None
    points: int  # tenths
    kind: int
    pairing: bool  # a game or forfeit the pairing made, or its allocated bye


ABSENT = Outcome(False, None, 0, LOST, False)


def outcomes(
    games: Iterable[GameRecord], system: PointSystem, unallocated: Set[tuple[int, int]]
) -> dict[int, dict[int, Outcome]]:
    """Every entry's rounds (entry -> round -> Outcome) from ``games``."""
    out: dict[int, dict[int, Outcome]] = {}
    for g in games:
        if g.second is None:
            pts = tenths(game_points(g, g.first, system))
            kind = WON if g.result == BYE else DRAWN if g.result == HALF_BYE else LOST
            allocated = g.result == BYE and (g.round, g.first) not in unallocated
            out.setdefault(g.first, {})[g.round] = Outcome(False, None, pts, kind, allocated)
            continue
        played = g.result in PLAYED_RESULTS or g.result is None
        for me, other, first in ((g.first, g.second, True), (g.second, g.first, False)):
            pts = tenths(game_points(g, me, system))
            won = g.result == FORFEIT_WIN and first
            out.setdefault(me, {})[g.round] = Outcome(
                played, other, pts, WON if won else LOST, True
            )
    return out


def seeded(ranks: Mapping[int, int], took_part: Set[int], total: int, gaps: bool) -> set[int]:
    """The entries given a win's virtual points in a seeding round: the players of ``ranks``
    (entry -> rank, 1 = top) in rank order, each counted when in ``took_part`` (round 1's
    pairing), until half of the ``total`` that took part is covered. A rank missing from
    ``ranks`` (a player known to the list but not here) counts when ``gaps``."""
    by_rank = {r: e for e, r in ranks.items()}
    left = total
    out: set[int] = set()
    if left <= 1:
        return out
    for r in range(1, max(by_rank, default=0) + 1):
        entry = by_rank.get(r)
        if entry is not None:
            out.add(entry)
        if (entry in took_part) if entry is not None else gaps:
            left -= 2
            if left <= 1:
                break
    return out


@dataclass(frozen=True, slots=True)
class Index:
    """What orders a player in his bracket: ``score`` (tenths, with any virtual points), the
    Sonneborn-Berger ``sb``, the Buchholz ``bh`` and median ``median`` (tenths), ``rank``."""

    score: int
    sb: int
    bh: int
    median: int
    rank: int

    def below(self, other: Index) -> bool:
        """Ranked lower than ``other`` in a bracket. Two players of one score compare by
        (SB, Buchholz, median, pairing number); a player of another score (a floater, or a
        bracket merged from two scores) by (SB, Buchholz × score, median × score, pairing
        number), as bbpPairings does."""
        if self.score == other.score:
            mine = (self.sb, self.bh, self.median, -self.rank)
            theirs = (other.sb, other.bh, other.median, -other.rank)
        else:
            s, o = self.score, other.score
            mine = (self.sb, self.bh * s, self.median * s, -self.rank)
            theirs = (other.sb, other.bh * o, other.median * o, -other.rank)
        return mine < theirs

    def key(self) -> tuple[int, int, int, int, int]:
        """The order of the whole field: score, then the index (highest first)."""
        return (-self.score, -self.sb, -self.bh, -self.median, self.rank)


def virtual_opponent(o: Outcome, system: PointSystem) -> int:
    """The points a virtual opponent scored in a round ``o`` was not played (tenths)."""
    win, draw = tenths(system.win), tenths(system.draw)
    if o.kind == LOST:
        return win
    if o.kind == DRAWN:
        return draw
    bye = tenths(system.bye)
    if o.opponent is None and o.pairing and bye < win:
        return win if bye < draw else draw
    return tenths(system.loss)


def indexes(
    scores: Mapping[int, tuple[int, int]],
    rounds: Mapping[int, Mapping[int, Outcome]],
    *,
    played_rounds: int,
    extra: Mapping[int, int],
    system: PointSystem,
) -> dict[int, Index]:
    """The index of each entry of ``scores`` (entry -> (pairing score, rank)). ``extra``: each
    known entry's virtual points this round (tenths), which count in his opponents'
    Buchholz."""
    draw = tenths(system.draw)
    adjusted: dict[int, int] = {}
    for entry in set(rounds) | set(scores):
        mine = rounds.get(entry, {})
        adjusted[entry] = extra.get(entry, 0) + sum(
            (o.points if o.played else draw)
            for o in (mine.get(r, ABSENT) for r in range(1, played_rounds + 1))
        )
    out = {}
    for entry, (score, rank) in scores.items():
        sb, bh, median = _sums(entry, rounds, adjusted, played_rounds, extra, system)
        out[entry] = Index(score, sb, bh, median, rank)
    return out


def _sums(
    entry: int,
    rounds: Mapping[int, Mapping[int, Outcome]],
    adjusted: Mapping[int, int],
    played_rounds: int,
    extra: Mapping[int, int],
    system: PointSystem,
) -> tuple[int, int, int]:
    """(Sonneborn-Berger, Buchholz, median Buchholz) of ``entry``."""
    draw = tenths(system.draw)
    mine = rounds.get(entry, {})
    virtual = (played_rounds - 1) * draw + extra.get(entry, 0)
    sb = bh = 0
    values = []
    for r in range(1, played_rounds + 1):
        o = mine.get(r, ABSENT)
        if o.played and o.opponent is not None:
            opponent = adjusted.get(o.opponent, 0)
        else:
            opponent = virtual + virtual_opponent(o, system)
        sb += opponent * o.points
        bh += opponent
        values.append(opponent)
        virtual += o.points - draw
    median = bh - min(values) - max(values) if played_rounds > 2 else 0
    return sb, bh, median


def merge_sort(items: Sequence[int], less: Callable[[int, int], bool]) -> list[int]:
    """``items`` sorted by ``less`` as a C++ ``std::list::sort`` (libstdc++) sorts them: a
    stable bottom-up merge, so that an order that is not transitive (the index across two
    scores can be cyclic) comes out as bbpPairings has it."""
    bins: list[list[int]] = []
    for x in items:
        carry = [x]
        k = 0
        while k < len(bins) and bins[k]:
            carry = _merge(bins[k], carry, less)
            bins[k] = []
            k += 1
        if k == len(bins):
            bins.append(carry)
        else:
            bins[k] = carry
    out: list[int] = []
    for b in bins:
        out = _merge(b, out, less)
    return out


def _merge(into: list[int], other: list[int], less: Callable[[int, int], bool]) -> list[int]:
    """``other`` merged into ``into`` (std::list::merge): an element of ``other`` goes before
    the first element of ``into`` it is less than, from where the last one went."""
    out: list[int] = []
    i = j = 0
    while i < len(into) and j < len(other):
        if less(other[j], into[i]):
            out.append(other[j])
            j += 1
        else:
            out.append(into[i])
            i += 1
    return out + into[i:] + other[j:]
