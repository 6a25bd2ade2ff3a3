"""Random SOS table events for the tests and the benchmark: seeded, pure, no Django.

Every round: some players withdraw, some enter late (with score 0 and the next starting
ranks), ``seat_round`` seats the rest, each table gets random SOS counts (a stronger seed
tends to make more), and the players score placement points (size-1, …, 1, 0: 3-2-1-0 at
tables of 4, scaled for the smaller tables).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from .tables import TablePlayer, TablesRound, seat_round
from .tables_score import placement_points


@dataclass
class Event:
    """The state of a simulated event between rounds."""

    size: int = 4
    next_rank: int = 1
    active: dict[int, TablePlayer] = field(default_factory=dict)
    history: list[tuple[int, ...]] = field(default_factory=list)
    byes: list[int] = field(default_factory=list)
    rounds: list[TablesRound] = field(default_factory=list)

    def enter(self, count: int) -> None:
        for _ in range(count):
            rank = self.next_rank
            self.active[rank] = TablePlayer(entry=rank, rank=rank, score=0.0)
            self.next_rank += 1

    def players(self) -> list[TablePlayer]:
        return list(self.active.values())


Seater = Callable[..., TablesRound]


def play_round(
    rng: random.Random, event: Event, round_no: int, seater: Seater = seat_round
) -> TablesRound:
    result = seater(
        event.players(),
        round_no=round_no,
        size=event.size,
        history=event.history,
        byes=event.byes,
    )
    scheme = tuple(range(event.size - 1, -1, -1))  # 3-2-1-0 at tables of 4
    for table in result.tables:
        counts = [rng.randint(0, 6) + (3 if p % 3 == 0 else 0) for p in table.seats]
        for entry, pts in zip(table.seats, placement_points(counts, scheme), strict=True):
            p = event.active[entry]
            event.active[entry] = TablePlayer(p.entry, p.rank, round(p.score + pts, 4))
        event.history.append(table.seats)
    for entry in result.byes:
        p = event.active[entry]
        event.active[entry] = TablePlayer(p.entry, p.rank, round(p.score + 1.5, 4))
        event.byes.append(entry)
    event.rounds.append(result)
    return result


def simulate(
    rng: random.Random,
    players: int,
    rounds: int,
    *,
    size: int = 4,
    churn: bool = True,
    seater: Seater = seat_round,
) -> Iterator[tuple[Event, TablesRound]]:
    """Yield the event after each round (withdrawals and late entries when ``churn``)."""
    event = Event(size=size)
    event.enter(players)
    for r in range(1, rounds + 1):
        if churn and r > 1:
            for entry in rng.sample(sorted(event.active), k=rng.randint(0, max(1, players // 20))):
                if len(event.active) > 3:
                    del event.active[entry]
            event.enter(rng.randint(0, max(1, players // 25)))
        yield event, play_round(rng, event, r, seater)
