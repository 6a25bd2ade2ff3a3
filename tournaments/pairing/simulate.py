"""Random Swiss tournaments paired by ``pair_swiss`` (Dutch): for tests, benchmarks and demo data.

Seeded and deterministic. Each round some players may withdraw, ask for a bye (recorded as a
half-point or zero-point bye) or join late (with zero points, or half-point byes for the rounds
they missed); results are random, with draws and the odd forfeit.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from tournaments.core.history import (
    BYE,
    DRAW,
    FORFEIT_LOSS,
    FORFEIT_WIN,
    HALF_BYE,
    LOSS,
    WIN,
    ZERO_BYE,
    GameRecord,
    History,
    histories,
)

from .base import Pair, SwissPlayer
from .swiss import pair_swiss


@dataclass
class RoundLog:
    """One round as paired: who was asked to pair, who was left out, and the boards."""

    round_no: int
    histories: dict[int, History]  # before the round
    active: list[int]  # entries paired (active, less requested byes)
    requested_byes: set[int]
    pairs: list[Pair]


@dataclass
class SwissSimulation:
    """A seeded random Swiss: ``play_round()`` pairs the next round and plays it.

    Entries are 1001, 1002, … with starting ranks 1, 2, …; ``games`` holds every record so far
    and ``log`` every round as paired. First movers win 55 % of the decisive games.
    """

    players: int
    seed: int = 0
    draw_rate: float = 0.2
    forfeit_rate: float = 0.0
    withdraw_rate: float = 0.0
    bye_request_rate: float = 0.0
    late_entries: int = 0  # held back from round 1, joining in rounds 2 and 3
    total_rounds: int | None = None  # for the last round's top-scorer exception
    games: list[GameRecord] = field(default_factory=list)
    log: list[RoundLog] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.roster = [SwissPlayer(1000 + i, i) for i in range(1, self.players + 1)]
        late = set(self.rng.sample(range(self.players), min(self.late_entries, self.players)))
        self.joins = {
            p.entry: (self.rng.choice((2, 3)) if i in late else 1)
            for i, p in enumerate(self.roster)
        }
        self.withdrawn: set[int] = set()
        self.attempt: tuple[int, dict[int, History], list[int]] | None = None

    def roster_at(self, round_no: int) -> list[SwissPlayer]:
        """The players of round ``round_no`` who had joined and not withdrawn (as now)."""
        return [
            p
            for p in self.roster
            if self.joins[p.entry] <= round_no and p.entry not in self.withdrawn
        ]

    def play_round(self) -> RoundLog:
        """Pair the next round (``PairingImpossible`` propagates) and record random results."""
        rng = self.rng
        round_no = len(self.log) + 1
        here = [p for p in self.roster if self.joins[p.entry] <= round_no]
        for p in here:
            if self.joins[p.entry] == round_no and round_no > 1:
                for r in range(1, round_no):  # missed rounds: half-point byes or nothing
                    if rng.random() < 0.5:
                        self.games.append(GameRecord(r, p.entry, None, HALF_BYE))
        if self.withdraw_rate and round_no > 1:
            for p in here:
                if p.entry not in self.withdrawn and rng.random() < self.withdraw_rate:
                    self.withdrawn.add(p.entry)
        active = [p for p in here if p.entry not in self.withdrawn]
        requested = {
            p.entry
            for p in active
            if self.bye_request_rate and rng.random() < self.bye_request_rate
        }
        hist = histories([p.entry for p in self.roster], self.games)
        to_pair = [p.entry for p in active if p.entry not in requested]
        self.attempt = (round_no, hist, to_pair)  # kept for a caller who gets an error
        pairs = pair_swiss(
            active,
            round_no=round_no,
            games=self.games,
            total_rounds=self.total_rounds,
            requested_byes=requested,
        )
        for entry in sorted(requested):
            kind = HALF_BYE if rng.random() < 0.5 else ZERO_BYE
            self.games.append(GameRecord(round_no, entry, None, kind))
        for pair in pairs:
            if pair.second is None:
                self.games.append(GameRecord(round_no, pair.first, None, BYE))
                continue
            x = rng.random()
            if x < self.forfeit_rate:
                result = FORFEIT_WIN if rng.random() < 0.5 else FORFEIT_LOSS
            elif x < self.forfeit_rate + self.draw_rate:
                result = DRAW
            else:
                result = WIN if rng.random() < 0.55 else LOSS
            self.games.append(GameRecord(round_no, pair.first, pair.second, result))
        log = RoundLog(round_no, hist, to_pair, requested, pairs)
        self.log.append(log)
        return log
