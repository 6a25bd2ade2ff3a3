"""A knockout match of several games: regular games, tie-break games, then a decider.

The two players are 0 (the higher seed) and 1 (the lower). Results are given game by game as
result codes (or any notation ``tournaments.core.vocabulary.parse`` reads: "1-0", "0-1",
"1/2-1/2", "½-½", "+/-", …) from the view of that game's first mover.

The rules, and where they come from (the FIDE World Cup regulations, adapted as the issue asks):

- **First move.** The higher seed moves first in game 1; the first move then alternates game by
  game through the regular games, the tie-break games and the decider (the World Cup draws the
  colours again before each tie-break block; here the alternation simply goes on).
- **Regular games.** ``games`` games (1, 2, 4, …); a win is 1 point, a draw ½ each, a forfeit
  a win for the side that played (a double forfeit 0 each). The match ends as soon as one player
  leads by more than the points left to play (the World Cup's "the match is won when a player
  has scored more than half").
- **Tie-break games.** If level, ``tiebreak_games`` games (their own time control, set by the
  caller), scored on their own, ended early the same way.
- **Decider.** If still level: ``SUDDEN_DEATH`` — games until one is won (the first decisive
  game wins the match, draws go on); ``ARMAGEDDON`` — one game whose draw sends the *second*
  player (the one without the first move) through, the first mover getting more time (the
  World Cup's final tie-break: "in case of a draw the player with the black pieces is declared
  the winner"); ``LOT`` — the arbiter draws lots (``lot_winner``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.core.vocabulary import (
    DOUBLE_FORFEIT,
    DRAW,
    FORFEIT_WIN,
    PAIR_RESULTS,
    WIN,
    parse,
)

from .knockout import KnockoutError

SUDDEN_DEATH = "sudden_death"
ARMAGEDDON = "armageddon"
LOT = "lot"
DECIDERS = (SUDDEN_DEATH, ARMAGEDDON, LOT)

# Stages of a match: what comes next (DONE once decided).
REGULAR = "regular"
TIEBREAK = "tiebreak"
DECIDER = "decider"
DONE = "done"

Score = tuple[float, float]  # (higher seed, lower seed)


@dataclass(frozen=True)
class MatchRules:
    """``games`` regular games, then ``tiebreak_games`` if level (0 for none), then the
    ``decider`` (``SUDDEN_DEATH``, ``ARMAGEDDON`` or ``LOT``)."""

    games: int = 2
    tiebreak_games: int = 0
    decider: str = ARMAGEDDON

    def __post_init__(self) -> None:
        if self.games < 1 or self.tiebreak_games < 0:
            raise KnockoutError("a match has one game or more, and no negative tie-break games")
        if self.decider not in DECIDERS:
            raise KnockoutError(f"unknown decider {self.decider!r}")


@dataclass(frozen=True)
class MatchState:
    """Where a match stands after its games so far.

    ``score``/``tiebreak_score``: (higher seed, lower seed) points in the regular and the
    tie-break games. ``stage``: what the next game is (``REGULAR``, ``TIEBREAK``, ``DECIDER``)
    or ``DONE``; ``next_game`` its number (from 1, over the whole match) and ``next_first``
    who moves first in it (0 = the higher seed), ``None`` when decided or when lots are drawn.
    ``winner`` 0 or 1 once ``decided``; ``decided_by`` says how (``REGULAR``, ``TIEBREAK``,
    ``SUDDEN_DEATH``, ``ARMAGEDDON``, ``LOT``)."""

    score: tuple[float, float]
    tiebreak_score: tuple[float, float]
    stage: str
    next_game: int | None
    next_first: int | None
    winner: int | None = None
    decided_by: str | None = None

    @property
    def decided(self) -> bool:
        return self.winner is not None


def first_mover(game: int) -> int:
    """Who moves first in game ``game`` (from 1): 0 (the higher seed) in odd games."""
    if game < 1:
        raise KnockoutError("games count from 1")
    return (game - 1) % 2


def _points(code: str, first: int) -> Score:
    """(higher seed, lower seed) points of one game whose first mover is ``first``."""
    if code == DRAW:
        return (0.5, 0.5)
    if code == DOUBLE_FORFEIT:
        return (0.0, 0.0)
    first_won = code in (WIN, FORFEIT_WIN)
    winner = first if first_won else 1 - first
    return (1.0, 0.0) if winner == 0 else (0.0, 1.0)


def _block(codes: Sequence[str], start: int, length: int) -> tuple[Score, int, int]:
    """Score a block of ``length`` games from game ``start``: (score, games used, leader or -1
    once the leader cannot be caught)."""
    score = (0.0, 0.0)
    used = 0
    while used < length and start + used <= len(codes):
        game = start + used
        pts = _points(codes[game - 1], first_mover(game))
        score = (score[0] + pts[0], score[1] + pts[1])
        used += 1
        if abs(score[0] - score[1]) > length - used:
            return score, used, 0 if score[0] > score[1] else 1
    return score, used, -1


def _codes(results: Sequence[str]) -> list[str]:
    codes = [parse(text) for text in results]
    for code in codes:
        if code not in PAIR_RESULTS:
            raise KnockoutError(f"a match game's result is a game's, not {code!r}")
    return codes


def _next(stage: str, score: Score, tb: Score, game: int) -> MatchState:
    return MatchState(score, tb, stage, game, first_mover(game))


def _done(score: Score, tb: Score, winner: int, how: str, given: int, played: int) -> MatchState:
    if given != played:
        raise KnockoutError(f"the match was decided after game {played}: {given} games given")
    return MatchState(score, tb, DONE, None, None, winner, how)


def match_state(
    rules: MatchRules, results: Sequence[str], *, lot_winner: int | None = None
) -> MatchState:
    """Where a match of ``rules`` stands after ``results`` (game by game, each from its first
    mover's view). ``lot_winner`` (0 or 1) is the drawing of lots, once the match has come to
    it. Raises ``KnockoutError`` for games (or a lot) after the match was decided."""
    state = _match_state(rules, _codes(results), lot_winner)
    if lot_winner is not None and state.decided_by != LOT:
        raise KnockoutError("lots are drawn only when the decider comes to them")
    return state


def _match_state(rules: MatchRules, codes: list[str], lot_winner: int | None) -> MatchState:
    """``match_state`` over result codes."""
    zero = (0.0, 0.0)
    score, used, leader = _block(codes, 1, rules.games)
    if leader >= 0:
        return _done(score, zero, leader, REGULAR, len(codes), used)
    if used < rules.games:
        return _next(REGULAR, score, zero, used + 1)
    start = rules.games + 1
    tb, used, leader = _block(codes, start, rules.tiebreak_games)
    if leader >= 0:
        return _done(score, tb, leader, TIEBREAK, len(codes), start + used - 1)
    if used < rules.tiebreak_games:
        return _next(TIEBREAK, score, tb, start + used)
    return _decider(rules, codes, start + used, score, tb, lot_winner)


def _decider(
    rules: MatchRules,
    codes: list[str],
    game: int,
    score: Score,
    tb: Score,
    lot_winner: int | None,
) -> MatchState:
    """The decider, from game ``game`` on (the regular and tie-break games level)."""
    if rules.decider == LOT:
        if len(codes) >= game:
            raise KnockoutError("the match goes to lots: no more games")
        if lot_winner is None:
            return MatchState(score, tb, DECIDER, None, None)
        if lot_winner not in (0, 1):
            raise KnockoutError("the lot's winner is 0 (the higher seed) or 1")
        return MatchState(score, tb, DONE, None, None, lot_winner, LOT)
    while game <= len(codes):
        first = first_mover(game)
        code = codes[game - 1]
        pts = _points(code, first)
        if pts[0] != pts[1]:
            winner = 0 if pts[0] > pts[1] else 1
            return _done(score, tb, winner, rules.decider, len(codes), game)
        if rules.decider == ARMAGEDDON:  # a draw (or a double forfeit): the second goes on
            return _done(score, tb, 1 - first, ARMAGEDDON, len(codes), game)
        game += 1
    return _next(DECIDER, score, tb, game)
