"""Plain records of a tournament's games, shared by the pure cores (pairing and standings).

No Django here: the tournament services read the models into these records, and the cores
compute from them alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

# Results of a game between two entries, from the first mover's side.
WIN = "1-0"
LOSS = "0-1"
DRAW = "1/2"
FORFEIT_WIN = "+/-"  # the first mover wins by forfeit (the second did not play)
FORFEIT_LOSS = "-/+"  # the second wins by forfeit
DOUBLE_FORFEIT = "-/-"
PLAYED_RESULTS = (WIN, LOSS, DRAW)
FORFEIT_RESULTS = (FORFEIT_WIN, FORFEIT_LOSS, DOUBLE_FORFEIT)
PAIR_RESULTS = PLAYED_RESULTS + FORFEIT_RESULTS

# Byes (a record with ``second is None``).
BYE = "bye"  # pairing-allocated bye: the points of a win by default
HALF_BYE = "half_bye"  # a bye the player asked for in advance: the points of a draw
ZERO_BYE = "zero_bye"  # not paired (withdrawn, absent, or a requested zero-point bye)
BYE_RESULTS = (BYE, HALF_BYE, ZERO_BYE)


@dataclass(frozen=True, slots=True)
class PointSystem:
    """Points for each kind of result; 1 / ½ / 0 with a 1-point bye by default, 3-1-0 allowed."""

    win: float = 1.0
    draw: float = 0.5
    loss: float = 0.0
    bye: float = 1.0
    half_bye: float = 0.5
    zero_bye: float = 0.0


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One board of one round: ``first`` moves first; ``second is None`` for a bye.

    ``result`` is one of PAIR_RESULTS (or BYE_RESULTS for a bye), or ``None`` while unplayed.
    ``first_score``/``second_score`` are the game's own scores (SOS points), when known.
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
    r = record.result
    if r is None:
        return 0.0
    if record.second is None:
        return {BYE: system.bye, HALF_BYE: system.half_bye, ZERO_BYE: system.zero_bye}[r]
    first = entry == record.first
    if r == DRAW:
        return system.draw
    if r == DOUBLE_FORFEIT:
        return system.loss
    first_won = r in (WIN, FORFEIT_WIN)
    return system.win if first_won == first else system.loss


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
