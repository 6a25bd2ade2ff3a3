"""Swiss pairing time: round 9 of a random Swiss after 8 rounds paired by the same code.

    .venv/bin/python bench/pairing.py [--sizes 100,500,1000] [--seed 1] [--repeat 3]

For each size, plays 8 seeded random rounds (``tournaments.pairing.simulate``: draws, results
with a first-move edge) and times ``pair_swiss`` for round 9 (best of ``--repeat``). Prints one
line per size, e.g. ``players=1000 round=9 pair_time=0.84s edges=13732 stages=1``, against the
target of 1,000 players in under 2 s on a 2-core machine.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.pairing import pair_swiss, swiss
from tournaments.pairing.simulate import SwissSimulation
from tournaments.records import histories

TARGETS = {1000: 2.0}  # players -> seconds


@dataclass
class PairingFigure:
    players: int
    round_no: int
    pair_time: float  # seconds, best of the repeats
    edges: int  # edges of the last graph matched
    stages: int  # graphs tried (sparse ones, then the complete one)
    setup_time: float  # seconds to play the earlier rounds

    def line(self) -> str:
        target = TARGETS.get(self.players)
        verdict = ""
        if target is not None:
            verdict = f" target<{target:g}s {'ok' if self.pair_time < target else 'MISSED'}"
        return (
            f"players={self.players} round={self.round_no} pair_time={self.pair_time:.2f}s "
            f"edges={self.edges} stages={self.stages} "
            f"(earlier rounds {self.setup_time:.1f}s){verdict}"
        )


def bench_pairing(
    players: int, *, seed: int = 1, rounds: int = 8, repeat: int = 3
) -> PairingFigure:
    """Play ``rounds`` random rounds, then time the pairing of the next one."""
    start = time.perf_counter()
    sim = SwissSimulation(players, seed=seed, draw_rate=0.2)
    for _ in range(rounds):
        sim.play_round()
    setup = time.perf_counter() - start
    hist = histories([p.entry for p in sim.roster], sim.games)
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        pair_swiss(sim.roster, round_no=rounds + 1, histories=hist)
        best = min(best, time.perf_counter() - t)
    stats = swiss.last_stats
    return PairingFigure(players, rounds + 1, best, stats.edges, stats.stages, setup)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,500,1000", help="comma-separated player counts")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="timings of round 9; best is kept")
    args = parser.parse_args(argv)
    ok = True
    for size in (int(s) for s in args.sizes.split(",")):
        figure = bench_pairing(size, seed=args.seed, repeat=args.repeat)
        print(figure.line(), flush=True)
        target = TARGETS.get(size)
        ok = ok and (target is None or figure.pair_time < target)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
