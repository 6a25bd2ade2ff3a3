"""SOS tables on the site's path: the time to seat round 9 through the act, with the database.

    .venv/bin/python bench/tables_site.py [--sizes 100,500,1000] [--size 4] [--seed 1]

(also run by ``bench/tables.py --site``). For each of ``--sizes``, builds in a throw-away SQLite
database an SOS event at tables of ``--size`` with that many players (registered through
``services.register``), seats rounds 1–8 through the pairing service (``pairings.pair_round``,
which calls ``tournaments.acts.tables.seat_tables``), enters every table's random SOS counts
(by bulk: the places and points computed by the act's own ``score_table``) and finishes each
round through ``services.finish_round``. Then seats round 9 through the pairing service and
prints its wall and CPU seconds and its number of queries, beside the core alone
(``seat_round`` on the same inputs, read from the database by the act's own helpers).
Target: 500 players seated in under 1 s.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def setup_django() -> None:
    tmp = tempfile.mkdtemp(prefix="bench-tables-")
    os.environ["SQLITE_PATH"] = os.path.join(tmp, "bench.sqlite3")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["DJANGO_DEBUG"] = "0"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def results_in_bulk(rnd: Any, rng: random.Random) -> None:
    """Every table of ``rnd`` with random SOS counts, scored as the act scores them."""
    from tournaments.acts import revision, tables
    from tournaments.acts.table_results import score_table
    from tournaments.models import TableSeat

    t = rnd.tournament
    opts = tables.options_of(t)
    seats = list(TableSeat.objects.filter(table__round=rnd).order_by("table_id", "seat"))
    by_table: dict[int, list[Any]] = {}
    for seat in seats:
        by_table.setdefault(seat.table_id, []).append(seat)
    for row in by_table.values():
        counts = [rng.randint(0, 6) for _ in row]
        places, points = score_table(counts, opts)
        for seat, count, place, pts in zip(row, counts, places, points, strict=True):
            seat.sos_count, seat.place, seat.points = count, place, pts
    TableSeat.objects.bulk_update(seats, ["sos_count", "place", "points"], batch_size=500)
    revision.bump(t)


def build(players: int, size: int, seed: int, online: bool) -> Any:
    from django.contrib.auth.models import User

    from games import player_services
    from tournaments import pairings
    from tournaments.acts import services

    arbiter = User.objects.create_user(f"arbiter{players}", password="x")
    t = services.create_tournament(
        name=f"Bench {players}",
        kind="sos",
        format="sos_tables",
        rounds=9,
        created_by=arbiter,
        format_options={"size": size},
        online=online,
    )
    for n in range(players):
        player = player_services.create_player(name=f"P{players}-{n:04d}", rating=2000 - n)
        services.register(tournament=t, player=player, user=arbiter)
    rng = random.Random(seed)
    for _ in range(8):
        rnd = pairings.pair_round(tournament=t, user=arbiter)
        results_in_bulk(rnd, rng)
        services.finish_round(round=rnd, user=arbiter)
    return t, arbiter


def core_inputs(t: Any) -> tuple[list[Any], list[list[int]], list[int]]:
    """Round 9's players, history and byes, as ``seat_tables`` gives them to the core."""
    from collections import defaultdict

    from tournaments import pairing
    from tournaments.acts import tables

    entries = list(t.entries.all())
    ranks = tables._ranks(entries)
    done, byes = tables.results(t, before=9)
    points: dict[int, float] = defaultdict(float)
    for table in done:
        for e, p in zip(table.seats, table.points, strict=True):
            points[e] += p
    for bye in byes:
        points[bye.entry] += bye.points
    history = [list(table.seats) for table in done]
    players = [pairing.TablePlayer(e.pk, ranks[e.pk], points[e.pk]) for e in entries]
    return players, history, [b.entry for b in byes]


def site(
    sizes: list[int], size: int, seed: int, profile: bool = False, online: bool = False
) -> None:
    """Round 9 seated through the act; ``online``: each table's game made too (as an online
    event's round is), else over the board (the seating alone)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tournaments import pairing, pairings

    for n in sizes:
        start = time.perf_counter()
        t, arbiter = build(n, size, seed, online)
        built = time.perf_counter() - start
        players, history, byes = core_inputs(t)
        cpu = time.process_time()
        pairing.seat_round(players, round_no=9, size=size, history=history, byes=byes)
        core_cpu = time.process_time() - cpu
        wall, cpu = time.perf_counter(), time.process_time()
        with CaptureQueriesContext(connection) as queries:
            if profile:
                import cProfile
                import pstats

                with cProfile.Profile() as prof:
                    rnd = pairings.pair_round(tournament=t, user=arbiter)
            else:
                rnd = pairings.pair_round(tournament=t, user=arbiter)
        site_wall, site_cpu = time.perf_counter() - wall, time.process_time() - cpu
        if profile:
            pstats.Stats(prof).sort_stats("cumulative").print_stats(25)
        print(
            f"site{'+games' if online else ''} players={n} round={rnd.number} "
            f"tables={rnd.tables.count()} "
            f"core_cpu={core_cpu:.3f}s site_cpu={site_cpu:.3f}s site_wall={site_wall:.3f}s "
            f"queries={len(queries)} setup={built:.0f}s load={os.getloadavg()[0]:.2f}",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,500,1000")
    parser.add_argument("--size", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true", help="profile round 9's seating")
    parser.add_argument(
        "--online", action="store_true", help="an online event: each table's game made as well"
    )
    args = parser.parse_args()
    setup_django()
    sizes = [int(x) for x in args.sizes.split(",") if x]
    site(sizes, args.size, args.seed, args.profile, args.online)


if __name__ == "__main__":
    main()
