"""The board page of a finished 60-move ultimate tic-tac-toe game: server time and queries.

    .venv/bin/python bench/board.py [--requests 300] [--seed 1] [--profile]

Builds, in a throw-away SQLite database, one tactical UTTT game between two accounts that ends
(by the rules engine) at exactly move 60, recorded through ``games.recording.record_moves``. Then
GETs its page ``/games/<pk>/`` ``--requests`` times, for a visitor, for a logged-in player (who
created the game) and for an arbiter (a superuser: every arbiter's link shown), after a few
warm-up requests, twice: on the WSGI handler itself, as the server calls it (the *server side*: the
whole middleware stack, DEBUG off, the cached template loader, and nothing else), and through
Django's test client (which adds its own work: building the request, reading the answer). For
each it prints the time per request (median, mean, p95; the process's CPU time too — on a busy
machine the wall time includes waiting for a core, so the target is checked against the CPU
time), the number of queries a request makes, and the Python calls a request makes (a count the
machine's load does not change); the panel (``/panel/``, what the page's script reloads) the same
way. ``--profile`` also prints the cProfile of the visitor's requests through the test client
(top functions by cumulative time). Target of issue 10: under 4 ms of server CPU a page for a
visitor.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path[:0] = [str(Path(__file__).resolve().parent.parent), str(Path(__file__).resolve().parent)]

import wsgi_request  # noqa: E402 - beside this file

TARGET_MS = 4.0
PLY = 60
CALL_SAMPLES = 20


def setup_django() -> None:
    tmp = tempfile.mkdtemp(prefix="bench-board-")
    os.environ["SQLITE_PATH"] = os.path.join(tmp, "bench.sqlite3")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["DJANGO_DEBUG"] = "0"
    os.environ.setdefault("DJANGO_ALLOWED_HOSTS", "testserver")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def moves_ending_at(ply: int, seed: int) -> list[str]:
    """A random legal tactical UTTT game that the rules end at exactly move ``ply``."""
    from games.rules import get_rules

    rules = get_rules("uttt")
    rng = random.Random(seed)
    for _attempt in range(100_000):
        state = rules.start()
        while rules.outcome(state) is None and state.ply < ply:
            state = rules.play(state, rng.choice(rules.legal_moves(state)))
        if state.ply == ply and rules.outcome(state) is not None:
            return list(state.moves)
    raise SystemExit(f"no random game ending at move {ply} found")


def build(seed: int) -> tuple[Any, Any]:
    from django.contrib.auth.models import User

    from games import recording, services
    from games.models import GameStatus, Player

    users = [User.objects.create_user(f"bench-{n}", password="bench-pw") for n in (1, 2)]
    players = [Player.objects.create(name=f"Игрок {n}", user=u) for n, u in enumerate(users, 1)]
    game = services.create_game(kind="uttt", options={}, players=players, created_by=users[0])
    game = recording.record_moves(
        game=game, user=users[0], moves=moves_ending_at(PLY, seed), expected_ply=0
    )
    assert game.status == GameStatus.FINISHED and game.ply == PLY, (game.status, game.ply)
    return game, users[0]


class WsgiClient:
    """The same GET made on the WSGI handler itself (what the server calls), with the cookies of a
    test client: the server's side of a request alone, without the test client's own work
    (building the request, reading the answer's cookies and templates)."""

    def __init__(self, client: Any, language: str) -> None:
        from django.core.handlers.wsgi import WSGIHandler

        self.handler = WSGIHandler()
        self.cookie = "; ".join(f"{k}={m.value}" for k, m in client.cookies.items())
        self.language = language

    def get(self, path: str) -> Any:
        status = wsgi_request.call(
            self.handler,
            "GET",
            path,
            cookie=self.cookie,
            headers={"HTTP_ACCEPT_LANGUAGE": self.language},
        )
        return _Answer(status)


class _Answer:
    def __init__(self, status_code: int) -> None:
        self.status_code = status_code


def measure(client: Any, path: str, requests: int) -> dict[str, float]:
    from django.db import connection

    for _ in range(10):  # warm-up: templates compiled, caches filled
        assert client.get(path).status_code == 200
    queries: list[str] = []

    def count(execute, sql, params, many, context):  # type: ignore[no-untyped-def]
        queries.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        client.get(path)
    # Python calls a request (cProfile over a few requests): a figure the machine's load does not
    # change, for comparing two versions of the code on a busy machine.
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(CALL_SAMPLES):
        client.get(path)
    profiler.disable()
    calls = sum(row[1] for row in pstats.Stats(profiler).stats.values()) / CALL_SAMPLES  # type: ignore[attr-defined]
    times = []
    cpu = time.process_time()
    for _ in range(requests):
        started = time.perf_counter()
        response = client.get(path)
        times.append(time.perf_counter() - started)
        assert response.status_code == 200
    cpu = time.process_time() - cpu
    times.sort()
    return {
        "median": 1000 * statistics.median(times),
        "mean": 1000 * statistics.fmean(times),
        "p95": 1000 * times[int(0.95 * (len(times) - 1))],
        "cpu": 1000 * cpu / requests,
        "queries": len(queries),
        "calls": calls,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--language", default="ru")
    parser.add_argument("--profile", action="store_true", help="print the cProfile top 30")
    args = parser.parse_args(argv)
    setup_django()
    from django.contrib.auth.models import User
    from django.test import Client

    game, player = build(args.seed)
    visitor = Client(HTTP_ACCEPT_LANGUAGE=args.language)
    logged_in = Client(HTTP_ACCEPT_LANGUAGE=args.language)
    logged_in.force_login(player)
    arbiter = Client(HTTP_ACCEPT_LANGUAGE=args.language)
    arbiter.force_login(User.objects.create_superuser("bench-arbiter", password="bench-pw"))
    page, panel = f"/games/{game.pk}/", f"/games/{game.pk}/panel/"
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"finished {PLY}-move UTTT game {game.pk}, {args.requests} requests each (load {load}):")
    ok = True
    for label, client, path in (
        ("page, visitor", visitor, page),
        ("page, player", logged_in, page),
        ("page, arbiter", arbiter, page),
        ("panel, visitor", visitor, panel),
    ):
        m = measure(client, path, args.requests)
        server = measure(WsgiClient(client, args.language), path, args.requests)
        target = label == "page, visitor"
        met = server["cpu"] < TARGET_MS
        ok &= met or not target
        print(
            f"  {label:<15} server side: median {server['median']:.2f} ms, "
            f"mean {server['mean']:.2f} ms, p95 {server['p95']:.2f} ms, "
            f"CPU {server['cpu']:.2f} ms/request, {server['queries']} queries, "
            f"{server['calls']:,.0f} Python calls"
            + (
                f"  (target CPU < {TARGET_MS:g} ms: {'met' if met else 'NOT met'})"
                if target
                else ""
            )
        )
        print(
            f"  {'':<15} through the test client: CPU {m['cpu']:.2f} ms/request "
            f"(median {m['median']:.2f} ms), {m['calls']:,.0f} Python calls"
        )
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        for _ in range(args.requests):
            visitor.get(page)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(30)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
