"""Time the standings of a synthetic Swiss: ``python -m tournaments.standings [entries] [rounds]``.

Prints figures only (a benchmark, not a test). Rounds are paired by points (neighbours in the
order), with byes, requested byes, forfeits and a few withdrawals, so every code path runs.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Sequence

from tournaments.core.history import (
    BYE,
    DOUBLE_FORFEIT,
    DRAW,
    FORFEIT_LOSS,
    FORFEIT_WIN,
    HALF_BYE,
    LOSS,
    WIN,
    GameRecord,
    PointSystem,
    game_points,
)

from . import SWISS_ORDER, TIEBREAKS, compute_standings, crosstable


def synthetic_swiss(n: int, rounds: int, seed: int = 1) -> list[GameRecord]:
    rng = random.Random(seed)
    system = PointSystem()
    points = dict.fromkeys(range(1, n + 1), 0.0)
    withdrawn: set[int] = set()
    games: list[GameRecord] = []
    for rnd in range(1, rounds + 1):
        if rnd > 2:
            withdrawn.update(rng.sample(sorted(points), 2))
        active = [e for e in points if e not in withdrawn]
        for e in rng.sample(active, max(1, n // 200)):  # requested half-point byes
            active.remove(e)
            games.append(GameRecord(rnd, e, None, HALF_BYE))
        active.sort(key=lambda e: (-points[e], e))
        if len(active) % 2:
            games.append(GameRecord(rnd, active.pop(), None, BYE))
        for a, b in zip(active[::2], active[1::2], strict=True):
            result = rng.choices(
                (WIN, DRAW, LOSS, FORFEIT_WIN, FORFEIT_LOSS, DOUBLE_FORFEIT),
                (45, 20, 31, 2, 1, 1),
            )[0]
            s1, s2 = rng.randrange(0, 12), rng.randrange(0, 12)
            games.append(GameRecord(rnd, a, b, result, s1, s2))
        for g in games:
            if g.round == rnd:
                for e in (g.first, g.second):
                    if e is not None:
                        points[e] += game_points(g, e, system)
    return games


def _time(run, repeat: int = 7) -> tuple[float, float, float]:
    """Best and median wall time, and best CPU time, in milliseconds."""
    wall, cpu = [], []
    for _ in range(repeat):
        w, c = time.perf_counter(), time.process_time()
        run()
        wall.append(time.perf_counter() - w)
        cpu.append(time.process_time() - c)
    wall.sort()
    return wall[0] * 1000, wall[len(wall) // 2] * 1000, min(cpu) * 1000


def main(argv: list[str]) -> None:
    n = int(argv[0]) if argv else 1000
    rounds = int(argv[1]) if len(argv) > 1 else 9
    games = synthetic_swiss(n, rounds)
    entries = list(range(1, n + 1))
    ranks = {e: e for e in entries}
    ratings = {e: 2600 - e for e in entries}  # by starting rank, for the rating tie-breaks
    print(f"{n} entries x {rounds} rounds, {len(games)} records")
    orders = {
        f"all {len(TIEBREAKS)} tie-breaks": list(TIEBREAKS),
        "Swiss default order": SWISS_ORDER,
    }
    for name, order in orders.items():

        def run(order: Sequence[str] = order) -> None:
            compute_standings(
                entries,
                games,
                system=PointSystem(),
                order=order,
                rounds_played=rounds,
                ranks=ranks,
                ratings=ratings,
            )

        best, median, cpu = _time(run)
        print(f"  {name}: best {best:.1f} ms, median {median:.1f} ms (wall); best {cpu:.1f} ms CPU")
    best, median, cpu = _time(lambda: crosstable(entries[:20], games))
    print(f"  crosstable of 20: best {best:.1f} ms")


if __name__ == "__main__":
    main(sys.argv[1:])
