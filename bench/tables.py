"""SOS tables: the time to seat round 9, and the heuristic against the exact optimum.

    .venv/bin/python bench/tables.py [--sizes 100,500,1000] [--small 8,12,16,20,24]
                                     [--seeds 3] [--size 4] [--time-limit 3]
                                     [--seat-events 12]

For each of ``--sizes``, plays 8 seeded random rounds (``tournaments.pairing.tables_simulate``,
seated by the heuristic: random SOS counts, 3-2-1-0 placement points; no withdrawals, so round
9 has exactly that many players) and prints the CPU
seconds of ``seat_round`` for round 9 (the heuristic: these fields are over the exact limit),
its cost under criteria A–D and its lower bound, against the target of 500 players in under
1 s.

For each of ``--small`` and each seed, plays 8 rounds seated by the heuristic (with
withdrawals and late entries, so the count drifts a little), then seats round
9 both ways: the heuristic's cost (after the exchanges, and after the windows re-solved), the
exact optimum (CP-SAT, criteria A–D in order), the
solver's CPU seconds and whether it proved every criterion within ``--time-limit`` units of
CP-SAT's deterministic time each. This is how ``tables.EXACT_LIMIT`` was chosen
(docs/tables-core.md).

Then (``--site``, by default 100, 500 and 1,000 players) the same round 9 on the site's path:
the event built in a throw-away SQLite database and seated through the pairing service and
the act ``seat_tables`` (``bench/tables_site.py``, which also runs on its own and can profile),
its CPU and wall seconds and its queries beside the core alone.

Last, ``--seat-events`` random events (13–120 players, 3–12 rounds, sizes 3–6, the heuristic's
seating): how far any player's first seats are from his fair share.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournaments.pairing.tables import TIME_LIMIT, TablePlayer, seat_round, standing
from tournaments.pairing.tables_cost import lower_bound, make_field, seating_cost
from tournaments.pairing.tables_exact import solve_exact
from tournaments.pairing.tables_lns import resolve_windows
from tournaments.pairing.tables_search import heuristic
from tournaments.pairing.tables_simulate import simulate
from tournaments.pairing.tables_split import split


def heuristic_only(*args, **kwargs):
    return seat_round(*args, exact_limit=0, **kwargs)


def eight_rounds(players: int, seed: int, size: int, seater=seat_round, churn=True):
    rng = random.Random(seed)
    rounds = list(simulate(rng, players, 8, size=size, seater=seater, churn=churn))
    return rounds[-1][0]


def large(sizes: list[int], size: int, seed: int) -> None:
    for n in sizes:
        event = eight_rounds(n, seed, size, heuristic_only, churn=False)
        players = event.players()
        start = time.process_time()
        result = seat_round(players, round_no=9, size=size, history=event.history, byes=event.byes)
        cpu = time.process_time() - start
        print(
            f"players={len(players)} round=9 method={result.method} cpu_time={cpu:.3f}s "
            f"cost={tuple(vars(result.cost).values())} bound={tuple(vars(result.bound).values())}"
            f" load={os.getloadavg()[0]:.2f}",
            flush=True,
        )


def small(sizes: list[int], size: int, seeds: int, time_limit: float) -> None:
    for n in sizes:
        for seed in range(1, seeds + 1):
            event = eight_rounds(n, seed, size, heuristic_only)
            ordered: list[TablePlayer] = standing(event.players())
            split_sizes = split(len(ordered), size)
            field = make_field(
                [p.entry for p in ordered],
                {p.entry: p.score for p in ordered},
                event.history,
                split_sizes,
            )
            tables = heuristic(field)
            g = seating_cost(field, tables)
            tables = resolve_windows(field, tables)
            h = seating_cost(field, tables)
            start = time.process_time()
            exact = solve_exact(field, tables, time_limit=time_limit)
            cpu = time.process_time() - start
            best = seating_cost(field, exact.tables) if exact.tables else None
            print(
                f"players={len(ordered)} seed={seed} exchanges={tuple(vars(g).values())} "
                f"heuristic={tuple(vars(h).values())} "
                f"exact={tuple(vars(best).values()) if best else None} "
                f"proved={exact.optimal} bound={tuple(vars(exact.bound).values())} "
                f"simple_bound={tuple(vars(lower_bound(field)).values())} "
                f"exact_cpu={cpu:.2f}s",
                flush=True,
            )


def seats(events: int, seed: int) -> None:
    """First seats against each player's fair share (1/n for every game at a table of n)."""
    pick = random.Random(seed)
    for k in range(events):
        n, rounds, size = pick.randint(13, 120), pick.randint(3, 12), pick.randint(3, 6)
        run = list(simulate(random.Random(k), n, rounds, size=size, seater=heuristic_only))
        history = run[-1][0].history
        firsts = Counter(t[0] for t in history)
        share: Counter[int] = Counter()
        for table in history:
            for entry in table:
                share[entry] += 1 / len(table)
        worst = max(abs(firsts[e] - fair) for e, fair in share.items())
        print(f"seats players={n} rounds={rounds} size={size} max_off_fair_share={worst:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,500,1000")
    parser.add_argument("--small", default="8,12,16,20,24")
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--size", type=int, default=4)
    parser.add_argument("--time-limit", type=float, default=TIME_LIMIT)
    parser.add_argument("--seat-events", type=int, default=12)
    parser.add_argument(
        "--site",
        default="100,500,1000",
        help="round 9 seated through the act, with the database (bench/tables_site.py); "
        "empty: skip",
    )
    args = parser.parse_args()
    to_ints = lambda s: [int(x) for x in s.split(",") if x]  # noqa: E731
    large(to_ints(args.sizes), args.size, args.seed)
    if to_ints(args.site):
        import tables_site  # bench/ is on the path when this file runs

        tables_site.setup_django()
        tables_site.site(to_ints(args.site), args.size, args.seed)
    small(to_ints(args.small), args.size, args.seeds, args.time_limit)
    seats(args.seat_events, 5)


if __name__ == "__main__":
    main()
