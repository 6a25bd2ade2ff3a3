"""The move service with and without a clock: moves/s in process, and queries per move.

    .venv/bin/python bench/clocks.py [--games 200] [--moves 20]

Builds, in a throw-away SQLite database, ``--games`` 7×7 SOS games without a clock and as many
with ``3+2``, and plays ``--moves`` random legal moves in each through
``games.services.submit_move`` (in turn, each by its seat's account), timing every call. Prints
moves/s (wall and CPU time: the machine may be shared), the median and p95 time of a move, and the
queries a move makes — the same number with a clock (its arrival times are read in the query
that reads the moves; the arrival time is the column the move's row always had).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def setup_django() -> None:
    tmp = tempfile.mkdtemp(prefix="bench-clocks-")
    os.environ["SQLITE_PATH"] = os.path.join(tmp, "bench.sqlite3")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["DJANGO_DEBUG"] = "0"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def run(games: int, moves: int, time_control: str, seed: int) -> dict[str, Any]:
    from django.contrib.auth.models import User

    from games import services
    from games.models import Game, Player

    rng = random.Random(seed)
    tag = time_control.replace("/", "-") or "none"
    made = []
    for n in range(games):
        users = [User.objects.create_user(f"{tag}-{n}-{s}") for s in (0, 1)]
        players = [Player.objects.create(name=f"P{n}.{s}", user=u) for s, u in enumerate(users)]
        game = services.create_game(
            kind="sos", options={"rows": 7, "cols": 7}, players=players, time_control=time_control
        )
        made.append((game.pk, users))
    times: list[float] = []
    cpu = 0.0
    for _ in range(moves):
        for pk, users in made:
            game = Game.objects.get(pk=pk)  # the caller's read, not timed
            state = game.current_state()
            seat = game.rules.to_move(state)
            notation = rng.choice(game.rules.legal_moves(state))
            started, cpu_started = time.perf_counter(), time.process_time()
            services.submit_move(game=Game(pk=pk), user=users[seat], notation=notation)
            times.append(time.perf_counter() - started)
            cpu += time.process_time() - cpu_started
    per_move = _queries_per_move(made[0])
    times.sort()
    total = sum(times)
    return {
        "moves": len(times),
        "per_s": len(times) / total,
        "median": 1000 * statistics.median(times),
        "p95": 1000 * times[int(0.95 * (len(times) - 1))],
        "cpu": cpu,
        "queries": per_move,
    }


def _queries_per_move(made: tuple[int, list[Any]]) -> int:
    from django.db import connection

    from games import services
    from games.models import Game

    pk, users = made
    game = Game.objects.get(pk=pk)
    state = game.current_state()
    seat = game.rules.to_move(state)
    notation = game.rules.legal_moves(state)[0]
    seen: list[str] = []

    def count(execute, sql, params, many, context):  # type: ignore[no-untyped-def]
        seen.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        services.submit_move(game=Game(pk=pk), user=users[seat], notation=notation)
    return len([q for q in seen if not q.startswith(("SAVEPOINT", "RELEASE"))])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    setup_django()
    print(f"{args.games} games × {args.moves} moves through submit_move, SQLite, in process:")
    for label, code in (("no clock", ""), ("3+2", "fischer/180/2")):
        m = run(args.games, args.moves, code, args.seed)
        print(
            f"  {label:<9} {m['per_s']:.0f} moves/s (CPU {m['moves'] / m['cpu']:.0f} moves/s), "
            f"median {m['median']:.2f} ms, p95 {m['p95']:.2f} ms, {m['queries']} queries a move"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
