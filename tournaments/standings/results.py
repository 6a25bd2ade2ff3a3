"""Each entry's rounds, read once from the game records; what every tie-break computes from.

See the package docstring for how unplayed rounds are classified and scored (FIDE C.07, art. 16).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import NamedTuple

from tournaments.core.history import (
    BYE,
    DOUBLE_FORFEIT,
    DRAW,
    FORFEIT_WIN,
    HALF_BYE,
    PLAYED_RESULTS,
    WIN,
    ZERO_BYE,
    GameRecord,
    PointSystem,
)
from tournaments.core.vocabulary import END_DOUBLE_FORFEIT

# What a round was, from one entry's side.
PLAYED = "played"  # a game over the board
FORFEIT_WON = "forfeit_win"  # the opponent did not play (+)
FORFEIT_LOST = "forfeit_loss"  # the entry did not play (-)
# The vocabulary's codes where a round's kind is one of its results or endings.
FORFEIT_BOTH = END_DOUBLE_FORFEIT  # neither played (-/-)
PAIRING_BYE = BYE  # pairing-allocated bye (FIDE "PAB")
REQUESTED_HALF_BYE = HALF_BYE  # requested half-point bye
ZERO_POINT_BYE = ZERO_BYE  # not paired: requested zero-point bye, withdrawn or absent
ABSENT = "absent"  # no record at all for a round that counts (late entry, withdrawn)

# FIDE's "voluntary unplayed rounds" (C.07 art. 16.1): requested byes (and any round after a
# withdrawal, which is a zero-point bye) and forfeit losses.
VUR_KINDS = frozenset({REQUESTED_HALF_BYE, ZERO_POINT_BYE, ABSENT, FORFEIT_LOST, FORFEIT_BOTH})
# Requested byes (art. 16.2.3 / 16.2.5): counted as draws for the opponents when only VURs follow.
REQUESTED_BYE_KINDS = frozenset({REQUESTED_HALF_BYE, ZERO_POINT_BYE, ABSENT})

WIN_OUTCOME = "win"
DRAW_OUTCOME = "draw"
LOSS_OUTCOME = "loss"

_NO_RATINGS: Mapping[int, int | None] = MappingProxyType({})

_BYE_KIND = {BYE: PAIRING_BYE, HALF_BYE: REQUESTED_HALF_BYE, ZERO_BYE: ZERO_POINT_BYE}


class RoundResult(NamedTuple):
    """One round of one entry (a tuple for speed: standings read thousands of them)."""

    round: int
    kind: str  # PLAYED, FORFEIT_WON, ..., ABSENT
    opponent: int | None  # the scheduled opponent; None for a bye or an absence
    points: float  # points earned in this round under the tournament's PointSystem
    outcome: str | None = None  # "win" / "draw" / "loss" against an opponent; None for a bye
    first: bool | None = None  # True: had the first move; False: the second; None: no game
    scored: int = 0  # SOS points scored in the game (GameRecord.first_score/second_score)
    conceded: int = 0  # SOS points the opponent scored

    @property
    def played(self) -> bool:
        """Played over the board (not a forfeit, not a bye)."""
        return self.kind == PLAYED

    @property
    def voluntary(self) -> bool:
        """A voluntary unplayed round (FIDE "VUR")."""
        return self.kind in VUR_KINDS


@dataclass(slots=True)
class ResultTable:
    """Every counted round of every entry, with the scores the tie-breaks need.

    ``rounds[e]`` lists entry ``e``'s rounds 1..rounds_played in order; a round without a record
    is ``ABSENT`` (a zero-point bye, FIDE 16.1), except a round whose game has no result yet,
    which is left out for both players. Records of later rounds are ignored. Opponents who are
    not in ``entries`` (say, a deleted entry) are scored too, so their opponents' Buchholz is
    right, but they get no standings row.

    ``round_robin`` applies the all-play-all reading of the unplayed-rounds rules: a forfeit is
    a game against its scheduled opponent (``met``), and no round counts as a draw in the
    opponents' scores (a resting round is no requested bye).

    ``dummy_cap`` applies the later C.07 revision's cap on the dummy opponent of an own unplayed
    round (``terms.opposition``).

    ``ratings`` maps an entry to its rating (``None`` or missing: unrated), for the rating
    tie-breaks of C.07 art. 10 (``performance``); ``unrated`` is the rating an unrated opponent
    counts with there (``None``: such a game is left out of them).
    """

    entries: tuple[int, ...]
    system: PointSystem
    rounds_played: int
    rounds: dict[int, list[RoundResult]]
    points: dict[int, float]
    # FIDE 16.3: the score an entry contributes to its opponents' Buchholz and Sonneborn-Berger.
    adjusted: dict[int, float]
    # The rounds counted as draws in ``adjusted`` (requested byes followed only by VURs).
    adjusted_rounds: dict[int, tuple[int, ...]]
    pending: dict[int, frozenset[int]]
    round_robin: bool = False
    # C.07 (2026) art. 16.4: cap each dummy opponent's score (see ``terms.opposition``).
    dummy_cap: bool = False
    ratings: Mapping[int, int | None] = field(default_factory=lambda: _NO_RATINGS)
    unrated: int | None = None
    _cache: dict[str, object] = field(default_factory=dict, repr=False)

    @classmethod
    def build(
        cls,
        entries: Iterable[int],
        games: Sequence[GameRecord],
        *,
        system: PointSystem,
        rounds_played: int,
        round_robin: bool = False,
        dummy_cap: bool = False,
        ratings: Mapping[int, int | None] | None = None,
        unrated: int | None = None,
    ) -> ResultTable:
        ordered = tuple(dict.fromkeys(entries))
        by_entry, pending = _read_games(ordered, games, system, rounds_played)
        points: dict[int, float] = {}
        adjusted: dict[int, float] = {}
        adjusted_rounds: dict[int, tuple[int, ...]] = {}
        frozen_pending: dict[int, frozenset[int]] = {}
        for entry, got in by_entry.items():
            waiting = frozenset(pending.get(entry, ()))
            frozen_pending[entry] = waiting
            _add_absences(got, waiting, rounds_played)
            points[entry], adjusted[entry], adjusted_rounds[entry] = _scores(
                got, system.draw, round_robin
            )
        return cls(
            entries=ordered,
            system=system,
            rounds_played=rounds_played,
            rounds=by_entry,
            points=points,
            adjusted=adjusted,
            adjusted_rounds=adjusted_rounds,
            pending=frozen_pending,
            round_robin=round_robin,
            dummy_cap=dummy_cap,
            ratings=MappingProxyType(dict(ratings)) if ratings else _NO_RATINGS,
            unrated=unrated,
        )

    def rating(self, entry: int) -> int | None:
        """The rating ``entry`` counts with in the rating tie-breaks: its own, else ``unrated``."""
        own = self.ratings.get(entry)
        return own if own is not None else self.unrated

    def met(self, r: RoundResult) -> bool:
        """Whether round ``r`` counts as a game against ``r.opponent`` for the tie-breaks: played
        over the board; in a round robin, forfeits too."""
        return r.kind == PLAYED or (self.round_robin and r.opponent is not None)


def _round_of(r: RoundResult) -> int:
    return r.round


def _read_games(
    ordered: tuple[int, ...],
    games: Sequence[GameRecord],
    system: PointSystem,
    rounds_played: int,
) -> tuple[dict[int, list[RoundResult]], dict[int, set[int]]]:
    """Each entry's rounds with a result (an opponent missing from ``ordered`` gets his too),
    and the rounds whose game has no result yet, by entry; rounds after ``rounds_played`` are
    left out."""
    by_entry: dict[int, list[RoundResult]] = {e: [] for e in ordered}
    pending: dict[int, set[int]] = {}
    win, draw, loss = system.win, system.draw, system.loss
    bye_points = {BYE: system.bye, HALF_BYE: system.half_bye, ZERO_BYE: system.zero_bye}

    def add(entry: int, result: RoundResult) -> None:
        got = by_entry.get(entry)
        if got is None:
            got = by_entry[entry] = []
        got.append(result)

    for g in games:
        rnd = g.round
        if rnd < 1 or rnd > rounds_played:
            continue
        res, first, second = g.result, g.first, g.second
        if res is None:
            pending.setdefault(first, set()).add(rnd)
            if second is not None:
                pending.setdefault(second, set()).add(rnd)
            continue
        if second is None:
            add(first, RoundResult(rnd, _BYE_KIND[res], None, bye_points[res]))
            continue
        if res in PLAYED_RESULTS:
            if res == DRAW:
                a, b, pa, pb = DRAW_OUTCOME, DRAW_OUTCOME, draw, draw
            elif res == WIN:
                a, b, pa, pb = WIN_OUTCOME, LOSS_OUTCOME, win, loss
            else:
                a, b, pa, pb = LOSS_OUTCOME, WIN_OUTCOME, loss, win
            fs, ss = g.first_score, g.second_score
            add(first, RoundResult(rnd, PLAYED, second, pa, a, True, fs, ss))
            add(second, RoundResult(rnd, PLAYED, first, pb, b, False, ss, fs))
        elif res == DOUBLE_FORFEIT:
            add(first, RoundResult(rnd, FORFEIT_BOTH, second, loss, LOSS_OUTCOME))
            add(second, RoundResult(rnd, FORFEIT_BOTH, first, loss, LOSS_OUTCOME))
        else:
            first_won = res == FORFEIT_WIN
            w, lo = (first, second) if first_won else (second, first)
            add(w, RoundResult(rnd, FORFEIT_WON, lo, win, WIN_OUTCOME))
            add(lo, RoundResult(rnd, FORFEIT_LOST, w, loss, LOSS_OUTCOME))
    return by_entry, pending


def _add_absences(got: list[RoundResult], waiting: frozenset[int], rounds_played: int) -> None:
    """Complete one entry's rounds: an ``ABSENT`` round for each counted round with neither a
    record nor a game waiting for its result; then sorted by round."""
    have = {r.round for r in got}
    if len(have) + len(waiting - have) < rounds_played:
        for rnd in range(1, rounds_played + 1):
            if rnd not in have and rnd not in waiting:
                got.append(RoundResult(rnd, ABSENT, None, 0.0))
    got.sort(key=_round_of)


def _scores(
    got: Sequence[RoundResult], draw: float, round_robin: bool
) -> tuple[float, float, tuple[int, ...]]:
    """One entry's points, its score for the opponents' tie-breaks (FIDE 16.3: the requested
    byes followed only by voluntary unplayed rounds count as draws, except in a round robin),
    and those rounds."""
    total = 0.0
    adj = 0.0
    as_draws: list[int] = []
    trailing = True  # walking back from the last round, only VURs seen so far
    for r in reversed(got):
        total += r.points
        if trailing and r.kind in REQUESTED_BYE_KINDS and not round_robin:
            adj += draw
            as_draws.append(r.round)
        else:
            adj += r.points
        if r.kind not in VUR_KINDS:
            trailing = False
    return total, adj, tuple(reversed(as_draws))
