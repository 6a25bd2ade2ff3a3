"""Swiss pairing time, and standings time and queries, for large random Swiss tournaments.

    .venv/bin/python bench/pairing.py [--sizes 100,500,1000] [--seed 1] [--repeat 3]
                                      [--standings-players 1000] [--no-standings]

For each size, plays 8 seeded random rounds (``tournaments.pairing.simulate``: draws, results
with a first-move edge) and times ``pair_swiss`` for round 9 (best of ``--repeat``). Prints one
line per size, e.g. ``players=1000 round=9 pair_time=0.84s edges=13732 stages=1``, against the
target of 1,000 players in under 2 s on a 2-core machine.

Then stores a 1,000-player, 9-round Swiss in a throw-away SQLite database (through the models,
in bulk) and times ``tournaments.queries.standings`` with every tie-break of a Swiss in the
tournament's order, counting its queries, against the target of 0.3 s with a fixed number of
queries (the count is printed for 100 players too, to show it does not grow).
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
STANDINGS_TARGET = 0.3  # seconds for 1,000 players x 9 rounds


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


def bench_standings(players: int, *, seed: int = 1, rounds: int = 9, repeat: int = 3) -> tuple:
    """(best seconds, queries) to compute the standings of a stored random Swiss."""
    import os
    import tempfile

    tmp = tempfile.mkdtemp(prefix="bench-standings-")
    os.environ["SQLITE_PATH"] = os.path.join(tmp, "bench.sqlite3")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games.models import Player
    from tournaments.models import Entry, Pairing, Round, RoundStatus, Tournament
    from tournaments.queries import standings

    call_command("migrate", verbosity=0)
    sim = SwissSimulation(players, seed=seed, draw_rate=0.2)
    for _ in range(rounds):
        sim.play_round()
    t = Tournament.objects.create(
        name=f"Bench {players}",
        kind="uttt",
        format="swiss",
        rounds=rounds,
        online=False,
        tiebreaks=[
            "buchholz_cut1",
            "buchholz",
            "median_buchholz",
            "sonneborn_berger",
            "direct_encounter",
            "wins",
            "second_moves",
            "progressive",
        ],
    )
    people = Player.objects.bulk_create(Player(name=f"Player {p.entry}") for p in sim.roster)
    entries = Entry.objects.bulk_create(
        Entry(tournament=t, player=person, rank=p.rank)
        for person, p in zip(people, sim.roster, strict=True)
    )
    ids = {p.entry: e.pk for p, e in zip(sim.roster, entries, strict=True)}
    round_rows = {
        n: Round.objects.create(tournament=t, number=n, status=RoundStatus.FINISHED)
        for n in range(1, rounds + 1)
    }
    boards: dict[int, int] = {}
    rows = []
    for g in sim.games:
        boards[g.round] = boards.get(g.round, 0) + 1
        rows.append(
            Pairing(
                round=round_rows[g.round],
                board=boards[g.round],
                first_id=ids[g.first],
                second_id=ids[g.second] if g.second is not None else None,
                result=g.result or "",
            )
        )
    Pairing.objects.bulk_create(rows, batch_size=2000)
    best = float("inf")
    queries = 0
    for _ in range(repeat):
        with CaptureQueriesContext(connection) as ctx:
            start = time.perf_counter()
            table = standings(t)
            best = min(best, time.perf_counter() - start)
        queries = len(ctx.captured_queries)
    assert len(table.rows) == players
    return best, queries, len(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,500,1000", help="comma-separated player counts")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="timings of round 9; best is kept")
    parser.add_argument("--standings-players", type=int, default=1000)
    parser.add_argument("--no-standings", action="store_true")
    args = parser.parse_args(argv)
    ok = True
    for size in (int(s) for s in args.sizes.split(",")):
        figure = bench_pairing(size, seed=args.seed, repeat=args.repeat)
        print(figure.line(), flush=True)
        target = TARGETS.get(size)
        ok = ok and (target is None or figure.pair_time < target)
    if not args.no_standings:
        _, small_queries, _ = bench_standings(100, seed=args.seed, repeat=1)
        seconds, queries, records = bench_standings(
            args.standings_players, seed=args.seed, repeat=args.repeat
        )
        verdict = "ok" if seconds < STANDINGS_TARGET else "MISSED"
        print(
            f"standings players={args.standings_players} rounds=9 records={records} "
            f"time={seconds:.3f}s queries={queries} (100 players: {small_queries} queries) "
            f"target<{STANDINGS_TARGET}s {verdict}",
            flush=True,
        )
        ok = ok and seconds < STANDINGS_TARGET and queries == small_queries
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
