"""Playing a bracket: who stands in every slot, which matches are ready, who is placed where.

``advance(bracket, results)`` is pure: given the winner of each match decided so far (an
``Outcome``: the winning seed, and whether it was a walkover), it works through the matches
in the order of play and says, for each, who stands in its slots and how it stands. Byes are
decided on their own: a match against nobody goes to the entrant without play (and its
"loser" is nobody, which is a bye further on, as in Challonge's and *brackets-manager*'s
losers' brackets); a match of two byes sends nobody on. A walkover is a result
(``Outcome(winner, walkover=True)``) or follows from ``withdrawn``: an entrant who withdrew
loses every match he stands in without play (and is out after as many losses as the format
takes: one, or two in a double elimination).

Places (Challonge's final standings): the champion is first; an entrant knocked out is placed
after everyone still in when his round ends — ``place = entrants still in before the round −
entrants knocked out in it + 1`` — so the losers of one round share a place (the two losing
semi-finalists are 3rd, the quarter-finals' losers 5th, …). A third-place match places its
winner 3rd and its loser 4th. A round is placed once all its matches are decided, and the
rounds are placed in order (the losers' bracket rounds, then the grand final, in a double
elimination). A grand final's loser is out, except the winners' bracket winner when a reset
follows.

A correction: ``correction_blockers(bracket, results, match_id)`` names the later matches that
depend on ``match_id`` and already have a result; a caller refuses to change ``match_id``'s
winner while there are any (the first to annul is the last of them).
"""

from __future__ import annotations

from collections.abc import Mapping, Set
from dataclasses import dataclass

from .knockout import KnockoutError
from .knockout_bracket import (
    BYE,
    GRAND_FINAL,
    LOSER,
    LOSERS,
    SEED,
    THIRD_PLACE,
    WINNERS,
    Bracket,
    Match,
    Source,
    dependent_matches,
)

NOBODY = 0  # a slot filled by a bye (seeds count from 1)

# How a match stands.
WAITING = "waiting"  # an entrant is not known yet
READY = "ready"  # both entrants known, no result yet
PLAYED = "played"
WALKOVER = "walkover"  # decided without play: a withdrawal or an arbiter's walkover
BYE_MATCH = "bye"  # decided without play: nobody on one side (or on both)
NOT_NEEDED = "not_needed"  # the grand final's reset when the winners' bracket winner won
DECIDED = frozenset({PLAYED, WALKOVER, BYE_MATCH, NOT_NEEDED})


@dataclass(frozen=True)
class Outcome:
    """A match's result: the winning seed; ``walkover`` when it was not played."""

    winner: int
    walkover: bool = False


@dataclass(frozen=True)
class MatchStatus:
    """How one match stands: ``first``/``second`` the seeds in its slots (``NOBODY`` = a bye,
    ``None`` = not known yet); ``winner``/``loser`` once decided (``NOBODY`` for a bye)."""

    id: int
    status: str
    first: int | None
    second: int | None
    winner: int | None = None
    loser: int | None = None

    @property
    def decided(self) -> bool:
        return self.status in DECIDED

    @property
    def played(self) -> bool:
        """Decided between two entrants (over the board or by walkover), not by a bye."""
        return self.status in (PLAYED, WALKOVER)


@dataclass(frozen=True)
class BracketState:
    """Every match's status (by id), the matches ready to play, the champion (``None`` until
    known) and the places known so far (seed → place; shared places repeat)."""

    matches: dict[int, MatchStatus]
    ready: list[int]
    champion: int | None
    places: dict[int, int]

    @property
    def finished(self) -> bool:
        return self.champion is not None


def _entrant(source: Source, done: Mapping[int, MatchStatus]) -> int | None:
    if source.kind == SEED:
        return source.ref
    if source.kind == BYE:
        return NOBODY
    before = done[source.ref]
    return before.loser if source.kind == LOSER else before.winner


def _decide(match: Match, a: int, b: int, outcome: Outcome | None, gone: Set[int]) -> MatchStatus:
    """The status of a match whose two entrants are known."""
    if a == NOBODY or b == NOBODY:
        if outcome is not None:
            raise KnockoutError(f"match {match.id} is a bye: it takes no result")
        return MatchStatus(match.id, BYE_MATCH, a, b, a or b, NOBODY)
    if outcome is not None:
        if outcome.winner not in (a, b):
            raise KnockoutError(f"seed {outcome.winner} does not play in match {match.id}")
        loser = b if outcome.winner == a else a
        status = WALKOVER if outcome.walkover else PLAYED
        return MatchStatus(match.id, status, a, b, outcome.winner, loser)
    if a in gone or b in gone:
        if a in gone and b in gone:  # both withdrew: nobody goes on
            return MatchStatus(match.id, WALKOVER, a, b, NOBODY, NOBODY)
        winner, loser = (b, a) if a in gone else (a, b)
        return MatchStatus(match.id, WALKOVER, a, b, winner, loser)
    return MatchStatus(match.id, READY, a, b)


def _status(
    match: Match, done: Mapping[int, MatchStatus], outcome: Outcome | None, gone: Set[int]
) -> MatchStatus:
    a, b = (_entrant(s, done) for s in match.sources)
    if match.if_needed:
        final = done[match.first.ref]
        if final.decided and final.winner == final.first:
            if outcome is not None:
                raise KnockoutError(f"match {match.id} is not needed: it takes no result")
            return MatchStatus(match.id, NOT_NEEDED, a, b)
    if a is None or b is None:
        if outcome is not None:
            raise KnockoutError(f"match {match.id} is not ready: it takes no result yet")
        return MatchStatus(match.id, WAITING, a, b)
    return _decide(match, a, b, outcome, gone)


def advance(
    bracket: Bracket, results: Mapping[int, Outcome], *, withdrawn: Set[int] = frozenset()
) -> BracketState:
    """Where ``bracket`` stands after ``results`` (match id → ``Outcome``), entrants in
    ``withdrawn`` losing by walkover. Raises ``KnockoutError`` for a result of an unknown
    match, of a match not ready or decided by a bye, or naming a seed not in the match."""
    for match_id in results:
        bracket.match(match_id)
    done: dict[int, MatchStatus] = {}
    for match in bracket.matches:
        done[match.id] = _status(match, done, results.get(match.id), withdrawn)
    ready = [m for m, status in done.items() if status.status == READY]
    champion = _champion(bracket, done)
    return BracketState(done, ready, champion, _places(bracket, done, champion))


def _champion(bracket: Bracket, done: Mapping[int, MatchStatus]) -> int | None:
    if not bracket.matches:
        return 1 if bracket.entrants == 1 else None
    last = [m for m in bracket.matches if m.side in (WINNERS, GRAND_FINAL)][-1]
    status = done[last.id]
    if status.status == NOT_NEEDED:
        status = done[last.first.ref]
    if status.decided and status.winner:
        return status.winner
    return None


def _knocks_out(bracket: Bracket, match: Match, status: MatchStatus) -> bool:
    """Whether the loser of ``match`` is out (a third-place match is placed on its own)."""
    if not bracket.double:
        return match.side == WINNERS and not (bracket.third_place and _is_semi(bracket, match))
    if match.side == LOSERS:
        return True
    if match.side == GRAND_FINAL:
        return match.if_needed or not bracket.reset or status.winner == status.first
    return False


def _is_semi(bracket: Bracket, match: Match) -> bool:
    return match.side == WINNERS and match.round == len(bracket.rounds(WINNERS)) - 1


def _stages(bracket: Bracket) -> list[list[Match]]:
    """The rounds in the order they are placed."""
    if bracket.double:
        return [*bracket.rounds(LOSERS), *bracket.rounds(GRAND_FINAL)]
    rounds = bracket.rounds(WINNERS)
    if bracket.third_place:
        return [*rounds[:-1], *bracket.rounds(THIRD_PLACE), rounds[-1]]
    return rounds


def _places(
    bracket: Bracket, done: Mapping[int, MatchStatus], champion: int | None
) -> dict[int, int]:
    places: dict[int, int] = {}
    still_in = bracket.entrants
    for stage in _stages(bracket):
        statuses = [done[m.id] for m in stage]
        if not all(s.decided for s in statuses):
            break
        if stage[0].side == THIRD_PLACE:
            (status,) = statuses
            for seed_no, place in ((status.winner, 3), (status.loser, 4)):
                if seed_no:
                    places[seed_no] = place
                    still_in -= 1
            continue
        out = [
            s.loser
            for m, s in zip(stage, statuses, strict=True)
            if s.loser and _knocks_out(bracket, m, s)
        ]
        for seed_no in out:
            places[seed_no] = still_in - len(out) + 1
        still_in -= len(out)
    if champion is not None:
        places[champion] = 1
    return places


def correction_blockers(
    bracket: Bracket, results: Mapping[int, Outcome], match_id: int
) -> list[int]:
    """The later matches that depend on ``match_id`` and have a result: while any is left, a
    change of ``match_id``'s winner is refused (annul them first, the last one first)."""
    return [m for m in dependent_matches(bracket, match_id) if m in results]
