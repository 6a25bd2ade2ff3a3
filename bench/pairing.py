"""Swiss (Dutch) pairing time, and standings time and queries, for large random Swiss tournaments.

    .venv/bin/python bench/pairing.py [--sizes 100,500,1000] [--seed 1] [--repeat 1]
                                      [--reference DIR] [--no-reference]
                                      [--standings-players 1000] [--no-standings]

For each size, plays 8 seeded random rounds (``tournaments.pairing.simulate``: draws, results
with a first-move edge) and times ``pair_swiss`` for round 9 (best of ``--repeat``). Prints one
line per size, e.g. ``players=500 round=9 pair_time=0.84s matchings=41``, against the targets of
500 players in under 1 s and 1,000 in under 3 s on a 2-core machine. ``cpu_time`` is the
process's CPU time for the same pairing: on a shared, loaded machine the wall time can be several
times larger (each line ends with the load average). The earlier rounds' wall and CPU times are
printed too: round 1 and the big score groups of rounds 2–3 are the large part of the set-up.

Then re-pairs every round (from round 2) of the reference tournaments paired by bbpPairings'
FIDE Dutch (``/work/shared/pairing-reference``, 969 rounds), prints the total time and how many
rounds came out identical, against the target of 30 s.

Then stores a 1,000-player, 9-round Swiss in a throw-away SQLite database (through the models,
in bulk) and times ``tournaments.queries.standings`` with every tie-break of a Swiss in the
tournament's order, counting its queries, against the target of 0.3 s with a fixed number of
queries (the count is printed for 100 players too, to show it does not grow).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.pairing import matching as matching_module
from tournaments.pairing import pair_swiss
from tournaments.pairing.simulate import SwissSimulation

TARGETS = {500: 1.0, 1000: 3.0}  # players -> seconds
REFERENCE_TARGET = 30.0  # seconds for every reference round
STANDINGS_TARGET = 0.3  # seconds for 1,000 players x 9 rounds


@dataclass
class PairingFigure:
    players: int
    round_no: int
    pair_time: float  # seconds, best of the repeats
    matchings: int  # maximum-weight matchings computed for the round
    setup_time: float  # seconds to play the earlier rounds
    cpu_time: float = 0.0  # this process's CPU seconds for the timed pairing (best repeat)
    setup_cpu: float = 0.0  # this process's CPU seconds to play the earlier rounds

    def line(self) -> str:
        target = TARGETS.get(self.players)
        verdict = ""
        if target is not None:
            verdict = f" target<{target:g}s {'ok' if self.pair_time < target else 'MISSED'}"
        return (
            f"players={self.players} round={self.round_no} pair_time={self.pair_time:.2f}s "
            f"cpu_time={self.cpu_time:.2f}s matchings={self.matchings} "
            f"(earlier rounds {self.setup_time:.1f}s, cpu {self.setup_cpu:.1f}s) "
            f"load={_load()}{verdict}"
        )


def _load() -> str:
    """The machine's load average (1, 5, 15 minutes): the wall times depend on it."""
    try:
        return "/".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:  # pragma: no cover - not on every system
        return "?"


class _Counting:
    """Counts the matchings computed (wraps ``Matcher.solve``)."""

    def __init__(self) -> None:
        self.calls = 0
        self.original = matching_module.Matcher.solve

    def __enter__(self) -> _Counting:
        counter = self

        def solve(matcher):  # type: ignore[no-untyped-def]
            counter.calls += 1
            return counter.original(matcher)

        matching_module.Matcher.solve = solve  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc: object) -> None:
        matching_module.Matcher.solve = self.original  # type: ignore[method-assign]


def bench_pairing(
    players: int, *, seed: int = 1, rounds: int = 8, repeat: int = 1
) -> PairingFigure:
    """Play ``rounds`` random rounds, then time the pairing of the next one."""
    start = time.perf_counter()
    setup_cpu = time.process_time()
    sim = SwissSimulation(players, seed=seed, draw_rate=0.2)
    for _ in range(rounds):
        sim.play_round()
    setup = time.perf_counter() - start
    setup_cpu = time.process_time() - setup_cpu
    best = float("inf")
    calls = 0
    cpu = float("inf")
    for _ in range(repeat):
        with _Counting() as counter:
            t = time.perf_counter()
            c = time.process_time()
            pair_swiss(sim.roster, round_no=rounds + 1, games=sim.games)
            best = min(best, time.perf_counter() - t)
            cpu = min(cpu, time.process_time() - c)
        calls = counter.calls
    return PairingFigure(players, rounds + 1, best, calls, setup, cpu, setup_cpu)


def bench_reference(directory: Path) -> tuple[float, int, int, int, int]:
    """(seconds, rounds identical, rounds, boards identical, boards) over the reference files."""
    import re

    from tournaments import trf

    total = 0.0
    pair_cpu = 0.0
    cpu = time.process_time()
    same = rounds = same_boards = boards = 0
    for path in sorted(directory.glob("*.trf")):
        t = trf.parse(path.read_text(encoding="utf-8"))
        match = re.search(r"_(\d+)r\.trf$", path.name)
        planned = int(match.group(1)) if match else trf.paired_rounds(t)
        for k in range(2, trf.paired_rounds(t) + 1):
            state = trf.pairing_state(t, k)
            start = time.perf_counter()
            started_cpu = time.process_time()
            pairs = pair_swiss(
                state.players,
                round_no=k,
                games=state.games,
                point_system=state.point_system,
                total_rounds=planned,
                requested_byes=state.requested_byes,
                unallocated_byes=state.unallocated_byes,
                top_seed_first=state.top_seed_first,
            )
            total += time.perf_counter() - start
            pair_cpu += time.process_time() - started_cpu
            ours = {(p.first, p.second) for p in pairs}
            theirs = set()
            for p in t.players:
                block = p.round(k)
                if block.opponent is not None and block.colour == "w":
                    theirs.add((p.number, block.opponent))
                elif block.opponent is None and block.result == "U":
                    theirs.add((p.number, None))
            rounds += 1
            same += ours == theirs
            boards += len(theirs)
            same_boards += len(ours & theirs)
    print(
        f"reference pair_cpu_time={pair_cpu:.1f}s "
        f"cpu_time={time.process_time() - cpu:.1f}s (this process, all work) load={_load()}"
    )
    return total, same, rounds, same_boards, boards


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
    parser.add_argument("--repeat", type=int, default=1, help="timings of round 9; best is kept")
    parser.add_argument("--reference", default="/work/shared/pairing-reference")
    parser.add_argument("--no-reference", action="store_true")
    parser.add_argument("--standings-players", type=int, default=1000)
    parser.add_argument("--no-standings", action="store_true")
    args = parser.parse_args(argv)
    ok = True
    for size in (int(s) for s in args.sizes.split(",")):
        figure = bench_pairing(size, seed=args.seed, repeat=args.repeat)
        print(figure.line(), flush=True)
        target = TARGETS.get(size)
        ok = ok and (target is None or figure.pair_time < target)
    reference = Path(args.reference)
    if not args.no_reference and reference.is_dir():
        seconds, same, rounds, same_boards, boards = bench_reference(reference)
        verdict = "ok" if seconds < REFERENCE_TARGET else "MISSED"
        print(
            f"reference rounds={rounds} identical={same} boards={boards} "
            f"identical_boards={same_boards} total_time={seconds:.1f}s "
            f"target<{REFERENCE_TARGET:g}s {verdict}",
            flush=True,
        )
        ok = ok and seconds < REFERENCE_TARGET and same == rounds
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
