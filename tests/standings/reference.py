"""A second, independent computation of the C.07 tie-breaks added with issue 27, written straight
from the regulations' words over raw game lists (never from ``tournaments.standings``).

Only the default points (1, ½, 0; a pairing-allocated bye 1, a half-point bye ½, a zero-point bye
0), a Swiss, no dummy cap and no game waiting for its result. Each player's round is a letter:

    W D L  a game over the board (won, drawn, lost)    P  pairing-allocated bye
    +      forfeit win                                  H  half-point bye
    -      forfeit loss                                 Z  zero-point bye, or no record at all
    =      double forfeit (a forfeit loss for both)        (16.1.1: a withdrawal's rounds)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.core.history import (
    BYE,
    DOUBLE_FORFEIT,
    DRAW,
    FORFEIT_LOSS,
    FORFEIT_WIN,
    HALF_BYE,
    LOSS,
    WIN,
    ZERO_BYE,
    GameRecord,
)

POINTS = {"W": 1.0, "D": 0.5, "L": 0.0, "P": 1.0, "+": 1.0, "H": 0.5, "-": 0.0, "=": 0.0, "Z": 0.0}
OVER_THE_BOARD = frozenset("WDL")
VOLUNTARY = frozenset("H-=Z")  # 16.1: requested byes and forfeit losses
REQUESTED = frozenset("HZ")


@dataclass(frozen=True)
class Cell:
    letter: str
    opponent: int | None = None
    second: bool = False  # had the second move ("black")


def grid(entries: Sequence[int], games: Sequence[GameRecord], rounds: int) -> dict[int, list[Cell]]:
    """Each player's rounds 1..rounds, as cells."""
    seen: dict[tuple[int, int], Cell] = {}
    first_letter = {WIN: "W", DRAW: "D", LOSS: "L", FORFEIT_WIN: "+", FORFEIT_LOSS: "-"}
    mirror = {"W": "L", "D": "D", "L": "W", "+": "-", "-": "+", "=": "="}
    for g in games:
        if g.second is None:
            seen[g.round, g.first] = Cell({BYE: "P", HALF_BYE: "H", ZERO_BYE: "Z"}[g.result])
            continue
        mine = "=" if g.result == DOUBLE_FORFEIT else first_letter[g.result]
        seen[g.round, g.first] = Cell(mine, g.second, False)
        seen[g.round, g.second] = Cell(mirror[mine], g.first, mine in OVER_THE_BOARD)
    return {p: [seen.get((rnd, p), Cell("Z")) for rnd in range(1, rounds + 1)] for p in entries}


def score(cells: list[Cell]) -> float:
    return sum(POINTS[c.letter] for c in cells)


def seen_by_opponents(cells: list[Cell]) -> float:
    """16.3: a requested bye with only voluntary unplayed rounds after it counts as a draw."""
    total = 0.0
    for i, c in enumerate(cells):
        only_vurs_after = all(later.letter in VOLUNTARY for later in cells[i + 1 :])
        total += 0.5 if c.letter in REQUESTED and only_vurs_after else POINTS[c.letter]
    return total


def contributions(g: dict[int, list[Cell]], p: int) -> list[tuple[float, bool]]:
    """Buchholz's addends (16.4: an own unplayed round is a dummy with the own score) and whether
    each is a voluntary unplayed round."""
    own = score(g[p])
    return [
        (seen_by_opponents(g[c.opponent]) if c.letter in OVER_THE_BOARD else own,
         c.letter in VOLUNTARY)
        for c in g[p]
    ]  # fmt: skip


def buchholz(g: dict[int, list[Cell]], p: int, low: int = 0, high: int = 0) -> float:
    """14.1-14.4 with 16.5: the ``low`` least significant addends go, voluntary unplayed rounds
    first (the lowest of them), then the ``high`` most significant."""
    addends = contributions(g, p)
    vurs = sorted(v for v, vur in addends if vur)
    rest = sorted(v for v, vur in addends if not vur)
    dropped_vurs = vurs[: min(low, len(vurs))]
    kept = vurs[len(dropped_vurs) :] + rest
    kept.sort()
    kept = kept[low - len(dropped_vurs) :]
    if high:
        kept = kept[: max(len(kept) - high, 0)]
    return sum(kept)


def fore(g: dict[int, list[Cell]]) -> dict[int, list[Cell]]:
    """8.3: every paired game of the final round as a draw over the board."""
    out = {}
    for p, cells in g.items():
        last = cells[-1]
        if last.opponent is not None:
            last = Cell("D", last.opponent, last.second)
        out[p] = [*cells[:-1], last] if cells else []
    return out


def average_opponents_buchholz(g: dict[int, list[Cell]], p: int) -> float:
    opponents = [c.opponent for c in g[p] if c.letter in OVER_THE_BOARD]
    if not opponents:
        return 0.0
    return sum(buchholz(g, o) for o in opponents if o is not None) / len(opponents)


def sonneborn_berger_cut1(g: dict[int, list[Cell]], p: int) -> float:
    """9.1 and 14.1.1: the product for the lowest-scored opponent goes (of several, the lowest
    product); 16.5: a voluntary unplayed round's lowest product goes instead when not lower."""
    rows = [
        (opp_score, opp_score * POINTS[c.letter], vur)
        for (opp_score, vur), c in zip(contributions(g, p), g[p], strict=True)
    ]
    if not rows:
        return 0.0
    total = sum(prod for _, prod, _ in rows)
    least = sorted((s, prod) for s, prod, _ in rows)[0][1]
    vur_products = [prod for _, prod, vur in rows if vur]
    if vur_products and min(vur_products) >= least:
        return total - min(vur_products)
    return total - least


def rounds_won(g: dict[int, list[Cell]], p: int) -> int:
    """7.1: rounds where the player got a win's points, with or without playing."""
    return sum(1 for c in g[p] if POINTS[c.letter] == 1.0)


def wins_with_second_move(g: dict[int, list[Cell]], p: int) -> int:
    return sum(1 for c in g[p] if c.letter == "W" and c.second)


def rounds_elected(g: dict[int, list[Cell]], p: int) -> int:
    """7.6: the rounds less the half-point byes, zero-point byes and forfeit losses."""
    return len(g[p]) - sum(1 for c in g[p] if c.letter in "HZ-=")
