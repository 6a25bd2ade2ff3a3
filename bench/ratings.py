"""Recalculating a club's whole rating history from scratch, by each method: CPU seconds.

    .venv/bin/python bench/ratings.py [--players 2000] [--games 200000] [--years 10]
                                      [--seed 1] [--repeat 3] [--db]

Makes a synthetic club history (no database, no Django): ``--players`` players of hidden
strengths (normal, mean 1800, sd 300), three quarters of them on the list from the start (a
FIDE rating near their strength, 40 games played, some of them juniors; a Glicko-2 state at that
rating with RD 80), the others joining at random months and starting unrated (FIDE) or new
(Glicko-2); ``--games`` games spread evenly over ``--years`` × 12 monthly periods between two
players chosen at random among those who have joined, won, drawn (20%) or lost by the logistic
odds of their strengths. Then times ``ratings.core.periods.run`` over the whole history for each
method (``time.process_time``, the best of ``--repeat`` runs) and prints the figures with a few
facts about the result, so that a run that did nothing shows.

With ``--db``, the same history as tournaments in a throwaway SQLite database, rated end to end
by ``ratings.services.rebuild`` (``bench/ratings_db.py``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ratings.core.elo import EloState, FideElo
from ratings.core.glicko2 import Glicko2, Glicko2State
from ratings.core.periods import Game, Period, periods_of, run


def history(
    players: int, games: int, years: int, seed: int
) -> tuple[list[Period], dict[int, EloState], dict[int, Glicko2State]]:
    rng = random.Random(seed)
    months = [(2016 + m // 12, 1 + m % 12) for m in range(years * 12)]
    strength = [min(2700.0, max(1000.0, rng.gauss(1800, 300))) for _ in range(players)]
    founders = players * 3 // 4
    joins = sorted(rng.randrange(len(months)) for _ in range(players - founders))
    joined_at = [0] * founders + joins
    elo: dict[int, EloState] = {}
    glicko: dict[int, Glicko2State] = {}
    for p in range(founders):
        rating = max(1400, round(strength[p] + rng.gauss(0, 60)))
        born = 1960 + rng.randrange(50)  # some are juniors for part of the history
        elo[p] = EloState(rating, 40, rating >= 2400, born)
        glicko[p] = Glicko2State(float(rating), 80.0, 0.06)
    out: list[Game] = []
    per_month, extra = divmod(games, len(months))
    active = founders
    for m, month in enumerate(months):
        while active < players and joined_at[active] <= m:
            active += 1
        for _ in range(per_month + (m < extra)):
            a, b = rng.sample(range(active), 2)
            win = 1.0 / (1.0 + 10.0 ** ((strength[b] - strength[a]) / 400.0))
            x = rng.random()
            score = 0.5 if x < 0.2 else 1.0 if x < 0.2 + 0.8 * win else 0.0
            out.append(Game(a, b, score, month))
    return periods_of(out), elo, glicko


def timed(method: Any, periods: list[Period], initial: dict, repeat: int) -> tuple[float, Any]:
    best = float("inf")
    result = None
    for _ in range(repeat):
        start = time.process_time()
        result = run(method, periods, initial)
        best = min(best, time.process_time() - start)
    return best, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--games", type=int, default=200_000)
    parser.add_argument("--years", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--db",
        action="store_true",
        help="also build the history as tournaments in a throwaway SQLite database and time "
        "the list's rebuild end to end, and the update after one corrected result",
    )
    args = parser.parse_args()

    start = time.process_time()
    periods, elo, glicko = history(args.players, args.games, args.years, args.seed)
    made = time.process_time() - start
    count = sum(len(p.games) for p in periods)
    print(f"history: {args.players} players, {count} games, {len(periods)} monthly periods")
    print(f"  made in {made:.2f} s CPU (not counted below)")

    seconds, result = timed(FideElo(), periods, elo, args.repeat)
    last = result[-1].states
    rated = [s.rating for s in last.values() if s.rating is not None]
    print(f"fide-elo: {seconds:.2f} s CPU for the whole history (best of {args.repeat})")
    print(
        f"  at the end: {len(rated)} rated of {len(last)}, mean {statistics.mean(rated):.0f}, "
        f"{sum(s.pending != () for s in last.values())} pooling for a first rating"
    )

    seconds, result = timed(Glicko2(), periods, glicko, args.repeat)
    last = result[-1].states
    mean = statistics.mean(s.rating for s in last.values())
    rd = statistics.median(s.rd for s in last.values())
    print(f"glicko2: {seconds:.2f} s CPU for the whole history (best of {args.repeat})")
    print(f"  at the end: {len(last)} players, mean r {mean:.0f}, median RD {rd:.0f}")

    if args.db:
        from bench.ratings_db import run_db

        run_db(periods, elo, glicko)


if __name__ == "__main__":
    main()
