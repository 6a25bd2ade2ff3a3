"""Knockout brackets as data: single elimination (with an optional third-place match) and
double elimination (a losers' bracket and a grand final with an optional reset).

A ``Bracket`` is over seed numbers (1 = the favourite; the caller maps seeds to entries) and is
a tuple of ``Match`` slots. Each match names where its two entrants come from (a ``Source``: a
seed, the winner or the loser of an earlier match, or a bye), so a later layer can store it and
draw it, and ``knockout_advance`` can play it. Matches are numbered from 1 in an order in which
every match comes after the matches it takes entrants from (the order of play).

The rules, and where they come from:

- **Single elimination** (Challonge, *brackets-manager*): the first round by ``bracket_order``
  with byes to the top seeds; the winners of matches 2i−1 and 2i meet in the next round; the
  final is the last round. The third-place match (optional; Challonge's "hold a match for 3rd
  place") pairs the semi-finals' losers, and is numbered just before the final.
- **Double elimination** (Challonge; *brackets-manager*'s "double_elimination" stage): every
  entrant starts in the winners' bracket (side ``W``) and drops into the losers' bracket (side
  ``L``) on a first loss, and is out on a second. The losers' bracket alternates two kinds of
  round: its round 1 pairs the losers of winners' round 1 (match 2i−1's with match 2i's);
  every even round 2j is a *drop-down* round where the survivors meet the losers of winners'
  round j+1; every odd round after the first pairs the survivors of the round before. Its
  last round meets the loser of the winners' final. The grand final (side ``GF``) pairs the
  winners' bracket winner (first) with the losers' bracket winner (second); with ``reset`` a
  second grand final is played only if the losers' bracket winner wins the first
  (``Match.if_needed``), so that nobody is out after one loss (Challonge's "grand finals
  modifier", toornament's "double finals").
- **The drop-down placement** (the *brackets-manager* orderings ``reverse``, ``half_shift``,
  ``reverse_half_shift``, ``pair_flip``, ``natural``, after the tl.net "superior double
  elimination losers' bracket seeding"): the losers of each winners' round are laid against the
  losers' bracket survivors in the first of those orderings that brings together the fewest
  entrants who could already have met (a dropped loser against someone from the part of the
  winners' bracket he came through), so that rematches come late (a greedy choice, drop by
  drop: the tests find none in the first half of the losers' bracket, 8 to 128 players). The
  first drop is therefore reversed (the loser of the top match goes to the bottom), as
  *brackets-manager*'s default orderings do.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .knockout import KnockoutError, bracket_size, seeded_slots
from .messages import gettext_noop

# Sides of a bracket.
WINNERS = "W"
LOSERS = "L"
GRAND_FINAL = "GF"
THIRD_PLACE = "3rd"

# Kinds of source.
SEED = "seed"
WINNER = "winner"
LOSER = "loser"
BYE = "bye"

# What a slot says on a page: English templates marked for makemessages (``messages``'s local
# ``gettext_noop``); the web layer translates ``SOURCE_TEXTS[kind]`` and formats it with
# ``{"number": ref}``.
SOURCE_TEXTS = {
    SEED: gettext_noop("seed %(number)s"),
    WINNER: gettext_noop("winner of match %(number)s"),
    LOSER: gettext_noop("loser of match %(number)s"),
    BYE: gettext_noop("bye"),
}


@dataclass(frozen=True)
class Source:
    """Where an entrant of a match comes from: ``seed`` (``ref`` = the seed), the ``winner`` or
    ``loser`` of match ``ref``, or a ``bye`` (nobody; ``ref`` 0)."""

    kind: str
    ref: int = 0

    def label(self) -> str:
        """The slot in English ("seed 3", "winner of match 5", "bye"), from ``SOURCE_TEXTS``
        (which a page translates)."""
        return SOURCE_TEXTS[self.kind] % {"number": self.ref}


def seed(number: int) -> Source:
    return Source(SEED, number)


def winner_of(match: int) -> Source:
    return Source(WINNER, match)


def loser_of(match: int) -> Source:
    return Source(LOSER, match)


NOBODY_COMES = Source(BYE)


@dataclass(frozen=True)
class Match:
    """One match of a bracket: ``id`` from 1 in the order of play, ``round`` from 1 within its
    ``side`` (W, L, GF, 3rd), ``first``/``second`` the upper and lower slots. ``if_needed``: the
    grand final's reset, played only when the losers' bracket winner won the first one."""

    id: int
    side: str
    round: int
    first: Source
    second: Source
    if_needed: bool = False

    @property
    def sources(self) -> tuple[Source, Source]:
        return (self.first, self.second)


@dataclass(frozen=True)
class Bracket:
    """A drawn bracket over seeds 1..``entrants`` (``size`` = the power of two it fills)."""

    entrants: int
    size: int
    double: bool
    third_place: bool
    reset: bool
    matches: tuple[Match, ...]

    def match(self, match_id: int) -> Match:
        if not 1 <= match_id <= len(self.matches):
            raise KnockoutError(f"no match {match_id} in this bracket")
        return self.matches[match_id - 1]

    def rounds(self, side: str = WINNERS) -> list[list[Match]]:
        """The matches of ``side`` round by round, top to bottom."""
        out: list[list[Match]] = []
        for match in self.matches:
            if match.side == side:
                while len(out) < match.round:
                    out.append([])
                out[match.round - 1].append(match)
        return out


class _Builder:
    """Numbers the matches as they are added and remembers, for each, which first-round
    matches of the winners' bracket its entrants may come through."""

    def __init__(self) -> None:
        self.matches: list[Match] = []
        self.reach: dict[int, frozenset[int]] = {}

    def add(self, side: str, rnd: int, first: Source, second: Source, **kw: bool) -> int:
        match_id = len(self.matches) + 1
        self.matches.append(Match(match_id, side, rnd, first, second, **kw))
        first_round = side == WINNERS and rnd == 1
        reach: frozenset[int] = frozenset({match_id}) if first_round else frozenset()
        for source in (first, second):
            if source.kind in (WINNER, LOSER):
                reach |= self.reach[source.ref]
        self.reach[match_id] = reach
        return match_id

    def next_round(self, side: str, rnd: int, feeders: Sequence[Source]) -> list[int]:
        return [self.add(side, rnd, feeders[i], feeders[i + 1]) for i in range(0, len(feeders), 2)]


def _first_round(builder: _Builder, entrants: int, size: int) -> list[int]:
    slots = seeded_slots(list(range(1, entrants + 1)), size)
    sources = [seed(s) if s is not None else NOBODY_COMES for s in slots]
    return builder.next_round(WINNERS, 1, sources)


def single_elimination(entrants: int, *, third_place: bool = False) -> Bracket:
    """A single-elimination bracket for ``entrants`` seeds (n − 1 matches are played, the byes
    are matches decided without play). ``third_place`` adds the semi-final losers' match
    (for a bracket of 4 or more)."""
    if entrants < 1:
        raise KnockoutError("a bracket needs an entrant")
    size = bracket_size(entrants)
    builder = _Builder()
    third_place = third_place and size >= 4
    current = _first_round(builder, entrants, size) if size > 1 else []
    rnd = 1
    while len(current) > 1:
        rnd += 1
        if third_place and len(current) == 2:
            builder.add(THIRD_PLACE, 1, loser_of(current[0]), loser_of(current[1]))
        current = builder.next_round(WINNERS, rnd, [winner_of(m) for m in current])
    return Bracket(entrants, size, False, third_place, False, tuple(builder.matches))


# The drop-down orderings, in the order they are tried (brackets-manager's names).
ORDERINGS: dict[str, Callable[[list[int]], list[int]]] = {
    "reverse": lambda xs: xs[::-1],
    "half_shift": lambda xs: xs[len(xs) // 2 :] + xs[: len(xs) // 2],
    "reverse_half_shift": lambda xs: xs[: len(xs) // 2][::-1] + xs[len(xs) // 2 :][::-1],
    "pair_flip": lambda xs: [xs[i ^ 1] for i in range(len(xs))] if len(xs) > 1 else xs,
    "natural": lambda xs: list(xs),
}


def drop_order(builder: _Builder, survivors: Sequence[int], dropped: Sequence[int]) -> list[int]:
    """The winners' matches in ``dropped`` laid against the losers' matches in ``survivors``:
    the first ordering with the fewest possible rematches (see the module's docstring)."""
    best: list[int] = list(dropped)
    fewest: int | None = None
    for order in ORDERINGS.values():
        laid = order(list(dropped))
        clashes = sum(
            len(builder.reach[s] & builder.reach[d]) for s, d in zip(survivors, laid, strict=True)
        )
        if fewest is None or clashes < fewest:
            best, fewest = laid, clashes
    return best


def double_elimination(entrants: int, *, reset: bool = True) -> Bracket:
    """A double-elimination bracket for ``entrants`` seeds (2 or more): 2n − 2 matches are
    played, or 2n − 1 when the grand final is reset."""
    if entrants < 2:
        raise KnockoutError("a double elimination needs two entrants")
    size = bracket_size(entrants)
    builder = _Builder()
    winners = _first_round(builder, entrants, size)
    losers: list[int] = []
    lb_round = 0
    first_losers = [loser_of(m) for m in winners]
    for rnd in range(2, size.bit_length()):
        dropped = builder.next_round(WINNERS, rnd, [winner_of(m) for m in winners])
        if rnd == 2:
            lb_round += 1
            losers = builder.next_round(LOSERS, lb_round, first_losers)
        else:
            lb_round += 1
            losers = builder.next_round(LOSERS, lb_round, [winner_of(m) for m in losers])
        lb_round += 1
        laid = drop_order(builder, losers, dropped)
        losers = [
            builder.add(LOSERS, lb_round, winner_of(s), loser_of(d))
            for s, d in zip(losers, laid, strict=True)
        ]
        winners = dropped
    (wb_final,) = winners
    lb_winner = winner_of(losers[0]) if losers else loser_of(wb_final)
    final = builder.add(GRAND_FINAL, 1, winner_of(wb_final), lb_winner)
    if reset:
        builder.add(GRAND_FINAL, 2, winner_of(final), loser_of(final), if_needed=True)
    return Bracket(entrants, size, True, False, reset, tuple(builder.matches))


def dependent_matches(bracket: Bracket, match_id: int) -> list[int]:
    """Every later match whose entrants depend on ``match_id``'s result, directly or through
    other matches, in the order of play: a correction of ``match_id`` must be refused while
    any of them has been played (name it)."""
    bracket.match(match_id)
    found = {match_id}
    for match in bracket.matches[match_id:]:
        if any(s.kind in (WINNER, LOSER) and s.ref in found for s in match.sources):
            found.add(match.id)
    found.discard(match_id)
    return sorted(found)
