"""Rules engine throughput: random games through the public API (legal_moves + play).

    .venv/bin/python bench/rules.py [--seconds 3] [--seed 1]

Prints games/s and moves/s for SOS 3×3, SOS 8×8, UTTT tactical and UTTT classic, against the
targets of issue 2 (3,000 UTTT games/s and 20,000 SOS 3×3 games/s on a 2-core machine).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.rules import get_rules

CONFIGS = (
    ("SOS 3×3", "sos", {"rows": 3, "cols": 3}, 20_000),
    ("SOS 8×8", "sos", {"rows": 8, "cols": 8}, None),
    ("UTTT tactical", "uttt", {"preset": "tactical"}, 3_000),
    ("UTTT classic", "uttt", {"preset": "classic"}, 3_000),
)


def measure(kind: str, options: dict, seconds: float, seed: int) -> tuple[int, int, float]:
    """Play random games for ``seconds``; return (games, moves, elapsed seconds)."""
    rules = get_rules(kind, **options)
    rnd = random.Random(seed)
    choice = rnd.choice
    legal_moves, play, outcome = rules.legal_moves, rules.play, rules.outcome
    games = moves = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = rules.start()
        while True:
            options_now = legal_moves(state)
            if not options_now:
                break
            state = play(state, choice(options_now))
            moves += 1
        assert outcome(state) is not None
        games += 1
    return games, moves, time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per configuration")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'configuration':<15} {'games/s':>10} {'moves/s':>10} {'target':>10}")
    ok = True
    for label, kind, options, target in CONFIGS:
        games, moves, elapsed = measure(kind, options, args.seconds, args.seed)
        gps = games / elapsed
        verdict = ""
        if target:
            verdict = f"{target:>7,} {'ok' if gps >= target else 'MISSED'}"
            ok = ok and gps >= target
        print(f"{label:<15} {gps:>10,.0f} {moves / elapsed:>10,.0f} {verdict}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
