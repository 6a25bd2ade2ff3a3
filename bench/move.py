"""The server's work for one move, in process, beside the load benchmark's floor view.

    .venv/bin/python bench/move.py [--moves 150] [--rounds 4] [--seed 1]

A throw-away SQLite database, two accounts, and Django's test client (the whole middleware
stack, DEBUG off): rounds of ``--moves`` moves POSTed to ``/games/<pk>/move/`` as the page does
(``expected_ply``, ``Accept: application/json``; random legal UTTT games, a new one when a game
ends), each round followed by as many POSTs to the floor view of ``bench/floor_urls.py`` (the
same stack, one locked UPDATE). Prints the CPU time a request of each (the best round: the
machine is shared, and a busy neighbour only ever adds time), their ratio, the SQL statements
a move runs, and the Python function calls a request makes (cProfile; a count that does not
depend on the machine's load), with the test client and without it (the same requests made on
the WSGI handler itself, as the server makes them, the live poll too). The move log is written
(to the null device), as the server writes it. ``bench/load.py`` is the real thing (the server,
50 players); this is the quick look at one request.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]  # the project, and floor_urls beside this file

import wsgi_request  # noqa: E402 - beside this file


def setup_django() -> None:
    tmp = tempfile.mkdtemp(prefix="bench-move-")
    os.environ["SQLITE_PATH"] = os.path.join(tmp, "bench.sqlite3")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["DJANGO_DEBUG"] = "0"
    os.environ.setdefault("DJANGO_ALLOWED_HOSTS", "testserver")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


class Bench:
    def __init__(self, seed: int) -> None:
        from django.contrib.auth.models import User
        from django.test import Client

        from games import services
        from games.models import Player
        from games.rules import get_rules

        users = [User.objects.create_user(f"bench-{n}", password=None) for n in (1, 2)]
        self.players = [Player.objects.create(name=f"P{n}", user=u) for n, u in enumerate(users)]
        self.clients = []
        for user in users:
            client = Client()
            client.force_login(user)
            self.clients.append(client)
        self.services = services
        self.rules = get_rules("uttt")
        self.rng = random.Random(seed)
        self.floor_game = services.create_game(kind="uttt", options={}, players=self.players)
        self.floor_ply = 0
        self.game: Any = None
        self.state: Any = None

    def move(self) -> None:
        rules = self.rules
        if self.game is None or rules.outcome(self.state) is not None:
            self.game = self.services.create_game(kind="uttt", options={}, players=self.players)
            self.state = rules.start()
        notation = self.rng.choice(rules.legal_moves(self.state))
        response = self.clients[rules.to_move(self.state)].post(
            f"/games/{self.game.pk}/move/",
            {"notation": notation, "expected_ply": self.state.ply},
            HTTP_ACCEPT="application/json",
        )
        assert response.status_code == 200, response.content
        self.state = rules.play(self.state, notation)

    def floor(self) -> None:
        """One POST to the floor view (inside :func:`floor_urls`)."""
        response = self.clients[0].post(
            f"/games/{self.floor_game.pk}/move/",
            {"expected_ply": self.floor_ply},
            HTTP_ACCEPT="application/json",
        )
        assert response.status_code == 200, response.content
        self.floor_ply += 1


class Wsgi:
    """The same requests, made on the WSGI handler itself (what the server calls), without the
    test client's own work: the server's side of a request alone."""

    def __init__(self, bench: Bench) -> None:
        from django.conf import settings
        from django.core.handlers.wsgi import WSGIHandler

        self.bench = bench
        self.handler = WSGIHandler()
        self.token = "wsgi" + "0" * 28  # a CSRF secret (32 characters), as cookie and field
        self.cookies = [
            f"{settings.SESSION_COOKIE_NAME}={c.cookies[settings.SESSION_COOKIE_NAME].value}; "
            f"{settings.CSRF_COOKIE_NAME}={self.token}"
            for c in bench.clients
        ]

    def call(self, method: str, path: str, seat: int, form: dict[str, Any] | None = None) -> int:
        import urllib.parse

        body = urllib.parse.urlencode({**(form or {}), "csrfmiddlewaretoken": self.token})
        return wsgi_request.call(
            self.handler,
            method,
            path,
            cookie=self.cookies[seat],
            body=body.encode() if method == "POST" else b"",
            headers={
                "HTTP_ACCEPT": "application/json",
                "CONTENT_TYPE": "application/x-www-form-urlencoded",
            },
        )

    def move(self) -> None:
        bench, rules = self.bench, self.bench.rules
        if bench.game is None or rules.outcome(bench.state) is not None:
            bench.game = bench.services.create_game(kind="uttt", options={}, players=bench.players)
            bench.state = rules.start()
        notation = bench.rng.choice(rules.legal_moves(bench.state))
        form = {"notation": notation, "expected_ply": bench.state.ply}
        seat = rules.to_move(bench.state)
        assert self.call("POST", f"/games/{bench.game.pk}/move/", seat, form) == 200
        bench.state = rules.play(bench.state, notation)

    def floor(self) -> None:
        form = {"expected_ply": self.bench.floor_ply}
        assert self.call("POST", f"/games/{self.bench.floor_game.pk}/move/", 0, form) == 200
        self.bench.floor_ply += 1

    def live(self) -> None:
        assert self.call("GET", f"/games/{self.bench.floor_game.pk}/live/", 1) == 200


def floor_urls() -> Any:
    """The floor's URLconf in force (for a whole round: switching it costs more than a POST)."""
    from django.test import override_settings

    return override_settings(ROOT_URLCONF="floor_urls")


def cpu_per_call(fn: Any, n: int) -> float:
    started = time.process_time()
    for _ in range(n):
        fn()
    return (time.process_time() - started) / n


def calls_per_call(fn: Any, n: int) -> float:
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(n):
        fn()
    profiler.disable()
    return pstats.Stats(profiler).total_calls / n


def statements(fn: Any) -> list[str]:
    from django.db import connection

    seen: list[str] = []

    def wrapper(execute, sql, params, many, context):  # type: ignore[no-untyped-def]
        seen.append(sql.split()[0].upper())
        return execute(sql, params, many, context)

    with connection.execute_wrapper(wrapper):
        fn()
    return seen


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=150)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    setup_django()
    import logging

    # Every move is logged (club.moves), as under the server: its cost is part of a move's. The
    # lines go to the null device rather than stderr, which the figures are printed on.
    null = open(os.devnull, "w")  # noqa: SIM115 - open while the benchmark runs
    for handler in logging.getLogger().handlers:
        if isinstance(handler, logging.StreamHandler):
            handler.setStream(null)
    bench = Bench(args.seed)
    for _ in range(30):  # warm-up
        bench.move()
        with floor_urls():
            bench.floor()
    ours, floor = [], []
    for _ in range(args.rounds):
        ours.append(cpu_per_call(bench.move, args.moves))
        with floor_urls():
            floor.append(cpu_per_call(bench.floor, args.moves))
    best_ours, best_floor = 1000 * min(ours), 1000 * min(floor)
    print(f"CPU a request (best of {args.rounds} rounds of {args.moves}):")
    print(f"  move  {best_ours:.2f} ms   (rounds: {', '.join(f'{1000 * t:.2f}' for t in ours)})")
    print(f"  floor {best_floor:.2f} ms   (rounds: {', '.join(f'{1000 * t:.2f}' for t in floor)})")
    print(f"  ratio floor/move {best_floor / best_ours:.2f}")
    move_calls = calls_per_call(bench.move, 100)
    with floor_urls():
        floor_statements, floor_calls = statements(bench.floor), calls_per_call(bench.floor, 100)
    print(f"statements: move {statements(bench.move)}, floor {floor_statements}")
    print(f"Python calls a request: move {move_calls:.0f}, floor {floor_calls:.0f}")
    wsgi = Wsgi(bench)
    for _ in range(10):
        wsgi.move()
        wsgi.live()
    server_move, server_live = calls_per_call(wsgi.move, 100), calls_per_call(wsgi.live, 100)
    with floor_urls():
        wsgi.floor()
        server_floor = calls_per_call(wsgi.floor, 100)
    print(
        f"  server side only (the WSGI handler, no test client): move {server_move:.0f}, "
        f"floor {server_floor:.0f}, the live poll {server_live:.0f}"
    )
    if hasattr(os, "getloadavg"):
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
