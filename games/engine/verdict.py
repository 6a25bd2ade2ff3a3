"""What an engine analysis says about who should be given the game (pure, no Django).

An arbiter adjudicating an unfinished game by engine sees one of three verdicts:

- ``proven``: the result under best play is known (the exact solvers, or MCTS-Solver);
- ``advantage``: an estimate clear enough to name a side (thresholds below), with its figures;
- ``unclear``: neither.

``winners`` is the suggested result: the winning seats, ``()`` for a draw, ``None`` when unclear.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# An expected score (1 win, ½ draw, 0 loss) of at least CLEAR_SCORE for one side — three
# quarters of a point: that side would be expected to score as if it won at least every other game
# and drew the rest — is a clear advantage, when the estimate rests on at least MIN_VISITS
# passes of the search through the chosen move (a Monte Carlo estimate: ``analysis.Evaluation``
# says why it carries no interval). With fewer, the estimate is too young to name a side: the
# verdict is unclear. An estimate without a count of passes (a heuristic search) is taken as is.
CLEAR_SCORE = 0.75
MIN_VISITS = 100
# SOS *most*: a projected lead of at least this many points is a clear advantage.
CLEAR_POINTS = 2.0

PROVEN, ADVANTAGE, UNCLEAR = "proven", "advantage", "unclear"


@dataclass(frozen=True)
class Verdict:
    kind: str  # PROVEN, ADVANTAGE or UNCLEAR
    winners: tuple[int, ...] | None

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "winners": list(self.winners) if self.winners is not None else None,
        }


def verdict(*, players: int, points: bool, evaluation: dict[str, Any]) -> Verdict:
    """The verdict on an evaluation (as stored by ``analysis.as_dict``).

    ``points``: the value is in points (SOS *most*), not an expected score.
    """
    ev = evaluation
    seat = int(ev["seat"])
    if ev["proven"] and ev.get("winners") is not None:
        return Verdict(PROVEN, tuple(int(w) for w in ev["winners"]))
    value = float(ev["value"])
    visits = ev.get("visits")
    if points:
        if players == 2:
            if value >= CLEAR_POINTS:
                return Verdict(ADVANTAGE, (seat,))
            if value <= -CLEAR_POINTS:
                return Verdict(ADVANTAGE, (1 - seat,))
            return Verdict(UNCLEAR, None)
        scores = [float(s) for s in ev.get("scores") or []]
        if len(scores) >= 2:
            order = sorted(range(len(scores)), key=lambda i: -scores[i])
            if scores[order[0]] - scores[order[1]] >= CLEAR_POINTS:
                return Verdict(ADVANTAGE, (order[0],))
        return Verdict(UNCLEAR, None)
    if visits is not None and int(visits) < MIN_VISITS:
        return Verdict(UNCLEAR, None)
    if value >= CLEAR_SCORE:
        return Verdict(ADVANTAGE, (seat,))
    if players == 2 and value <= 1 - CLEAR_SCORE:
        return Verdict(ADVANTAGE, (1 - seat,))
    return Verdict(UNCLEAR, None)


def seat_value(
    *, players: int, points: bool, evaluation: dict[str, Any], seat: int
) -> float | None:
    """The evaluation from ``seat``'s point of view: an expected score, or points (*most*: the
    projected difference to the opponent with two seats, the projected final score with more);
    ``None`` when the analysis does not say (SOS *first* of three or more, another seat).
    """
    ev = evaluation
    mover = int(ev["seat"])
    value = float(ev["value"])
    if points and players > 2:
        scores = ev.get("scores")
        return float(scores[seat]) if scores else value
    if seat == mover:
        return value
    if players == 2:
        return -value if points else 1.0 - value
    return None  # SOS *first* of three or more: only the mover's expectation is known
