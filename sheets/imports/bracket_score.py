"""What a score cell of the bracket sheet may say, and the games a typed score stands for.

A match's two score cells (the upper slot's, the lower's) each hold the points of that slot's
player in the match's games — ``2``, ``1.5``, ``1,5``, ``1½``, ``½`` — and, once the match has
gone to tie-break games, the tie-break games' points in brackets: ``1 (1½)``. A club may also
write the whole score in the upper cell, ``2-1`` or ``1½–½`` (``-``, ``–``, ``—`` or ``:``); the
lower cell is then not read. ``+`` and ``-`` are a walkover's, as the export writes them.

A score stands for game results only when it says them: ``games_for`` tries every way the
match's next games could end (each game won by the upper player, drawn, or won by the lower) from
the results it already has, following the match's rules (``tournaments.pairing.match_state``:
the match ends as soon as it is won, tie-break games only when level), and keeps those that give
the score typed. One way: those are the games' results. Several (``1½–½`` over two games: a win
and a draw, in which order?): the score does not say, and the games go in the match sheet.
None: the score cannot be reached from the games the match has.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournaments import pairing
from tournaments.core.vocabulary import DRAW, LOSS, WIN, points_text
from tournaments.pairing.knockout_match import REGULAR, TIEBREAK

_POINTS = r"(?:\d+(?:[.,]\d+)?|\d*½)"
_ONE = re.compile(rf"({_POINTS})(?:\s*\(\s*({_POINTS})\s*\))?")
_PAIR = re.compile(rf"({_POINTS})\s*[-–—:]\s*({_POINTS})")
WALKOVER_MARKS = ("+", "-")
MOST_WAYS = 2  # enough to know that a score is ambiguous


class BadScore(ValueError):
    """A score cell that is not a score (the message says what may be written)."""


@dataclass(frozen=True)
class Score:
    """A match's score as the bracket writes it: the games' points of (upper, lower), the
    tie-break games' (``(0, 0)`` when none are written), or a walkover's winner."""

    score: tuple[float, float] = (0.0, 0.0)
    tiebreak: tuple[float, float] = (0.0, 0.0)
    walkover: int | None = None  # 0: the upper player went on, 1: the lower

    def text(self) -> str:
        """``2–1``, ``1 (1.5)–1 (0.5)``, ``+–-``."""
        if self.walkover is not None:
            return "+–-" if self.walkover == 0 else "-–+"
        sides = [points_text(s) for s in self.score]
        if any(self.tiebreak):
            sides = [f"{s} ({points_text(t)})" for s, t in zip(sides, self.tiebreak, strict=True)]
        return "–".join(sides)


def of_state(state: pairing.MatchState) -> Score:
    return Score(tuple(state.score), tuple(state.tiebreak_score))  # type: ignore[arg-type]


def _points(text: str) -> float:
    text = text.replace(",", ".")
    if text.endswith("½"):
        return float(text[:-1] or 0) + 0.5
    value = float(text)
    if value * 2 != int(value * 2):
        raise BadScore(_("“%(text)s” is not a score: points go by halves.") % {"text": text})
    return value


def _text(value: object) -> str:
    if isinstance(value, bool):
        raise BadScore(_("“%(text)s” is not a score.") % {"text": value})
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return " ".join(str(value).split())


def _one(text: str) -> tuple[float, float]:
    found = _ONE.fullmatch(text)
    if found is None:
        raise BadScore(
            _(
                "“%(text)s” is not a score: write the player's points in the match, like 2 or "
                "1½ (the tie-break games' in brackets: 1 (1½)), or the match's score in the "
                "upper cell, like 2-1."
            )
            % {"text": text}
        )
    tiebreak = _points(found.group(2)) if found.group(2) else 0.0
    return _points(found.group(1)), tiebreak


def parse(upper: object, lower: object) -> Score | None:
    """The score written in a match's two cells (``None`` when both are empty)."""
    if upper is None and lower is None:
        return None
    a, b = (_text(v) if v is not None else "" for v in (upper, lower))
    if a in WALKOVER_MARKS and b in WALKOVER_MARKS and a != b:
        return Score(walkover=0 if a == "+" else 1)
    pair = _PAIR.fullmatch(a)
    if pair is not None:  # the whole score in the upper cell: the lower one is not read
        return Score((_points(pair.group(1)), _points(pair.group(2))))
    if not a or not b:
        raise BadScore(
            _("Write the score of both players of the match (or 2-1 in the upper cell).")
        )
    (sa, ta), (sb, tb) = _one(a), _one(b)
    return Score((sa, sb), (ta, tb))


def game_code(winner: int | None, game: int) -> str:
    """The result of game ``game`` of a match, from its first mover's view, when ``winner`` (0
    the upper player, 1 the lower; ``None`` a draw) won it."""
    if winner is None:
        return DRAW
    return WIN if winner == pairing.first_mover(game) else LOSS


def games_for(
    rules: pairing.MatchRules, known: Sequence[str], target: Score, most: int = MOST_WAYS
) -> list[tuple[str, ...]]:
    """The ways (up to ``most``) the match's next games could end so that it stands at
    ``target``, after the results ``known``; each way the results of the games after them."""
    found: list[tuple[str, ...]] = []
    start = len(known)

    def walk(codes: list[str]) -> None:
        if len(found) >= most:
            return
        try:
            state = pairing.match_state(rules, codes)
        except pairing.KnockoutError:
            return
        now = of_state(state)
        if (now.score, now.tiebreak) == (target.score, target.tiebreak):
            found.append(tuple(codes[start:]))
            return
        beyond = any(
            n > t
            for n, t in zip(now.score + now.tiebreak, target.score + target.tiebreak, strict=True)
        )
        if beyond or state.stage not in (REGULAR, TIEBREAK):
            return
        game = len(codes) + 1
        for winner in (0, None, 1):
            walk([*codes, game_code(winner, game)])

    walk(list(known))
    return found
