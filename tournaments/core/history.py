"""Plain records of a tournament's games, shared by the pure cores (pairing and standings).

No Django here: the tournament services read the models into these records, and the cores
compute from them alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

# The result codes, their points and point systems are the vocabulary's (re-exported here).
from tournaments.core.vocabulary import (
    BYE,
    BYE_RESULTS,
    DOUBLE_FORFEIT,
    DRAW,
    FORFEIT_LOSS,
    FORFEIT_RESULTS,
    FORFEIT_WIN,
    HALF_BYE,
    LOSS,
    PAIR_RESULTS,
    PLAYED_RESULTS,
    WIN,
    ZERO_BYE,
    PointSystem,
)
from tournaments.core.vocabulary import points as _points

__all__ = [
    "BYE",
    "BYE_RESULTS",
    "DOUBLE_FORFEIT",
    "DRAW",
    "FORFEIT_LOSS",
    "FORFEIT_RESULTS",
    "FORFEIT_WIN",
    "HALF_BYE",
    "LOSS",
    "PAIR_RESULTS",
    "PLAYED_RESULTS",
    "WIN",
    "ZERO_BYE",
    "GameRecord",
    "History",
    "PointSystem",
    "game_points",
    "histories",
]


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One board of one round: ``first`` moves first; ``second is None`` for a bye.

    ``result`` is one of PAIR_RESULTS (or BYE_RESULTS for a bye), or ``None`` while unplayed.
    ``first_score``/``second_score`` are the game's own scores (SOS points; 0 when not known),
    read from their one place (the game played on the site, or the scores handed in).
    """

    round: int
    first: int
    second: int | None
    result: str | None
    first_score: int = 0
    second_score: int = 0

    @property
    def is_bye(self) -> bool:
        return self.second is None

    @property
    def is_played(self) -> bool:
        """Played over the board (not a forfeit, not a bye, result known)."""
        return self.second is not None and self.result in PLAYED_RESULTS


def game_points(record: GameRecord, entry: int, system: PointSystem) -> float:
    """Points that ``entry`` earned from ``record`` (0 while unplayed)."""
    return _points(record.result, first=entry == record.first, system=system)


@dataclass(slots=True)
class History:
    """What the pairing needs to know of one entry after some rounds."""

    entry: int
    points: float = 0.0
    opponents: list[int] = field(default_factory=list)  # met over the board (or unplayed yet)
    colours: list[str] = field(default_factory=list)  # "F" first move, "S" second, "-" none
    pairing_byes: int = 0  # pairing-allocated byes (and forfeit wins, which count alike)
    rounds: set[int] = field(default_factory=set)


def histories(
    entries: Iterable[int], games: Sequence[GameRecord], system: PointSystem | None = None
) -> dict[int, History]:
    """Each entry's points, opponents, first-move sequence and byes from ``games``.

    As in FIDE's rules (and bbpPairings/JaVaFo), a forfeited game is not a meeting: the two may
    be paired again; it gives no colour; and a forfeit win counts like a pairing-allocated bye for
    the one-bye rule.
    """
    system = system or PointSystem()
    out = {e: History(e) for e in entries}
    for g in sorted(games, key=lambda g: g.round):
        for entry, opp, colour in ((g.first, g.second, "F"), (g.second, g.first, "S")):
            if entry is None:
                continue
            h = out.setdefault(entry, History(entry))
            h.rounds.add(g.round)
            h.points += game_points(g, entry, system)
            if g.second is None:
                h.colours.append("-")
                if g.result == BYE:
                    h.pairing_byes += 1
                continue
            assert opp is not None
            if g.result in PLAYED_RESULTS or g.result is None:
                h.opponents.append(opp)
                h.colours.append(colour)
            else:
                h.colours.append("-")
                won = (g.result == FORFEIT_WIN) == (entry == g.first)
                if g.result != DOUBLE_FORFEIT and won:
                    h.pairing_byes += 1
    return out
