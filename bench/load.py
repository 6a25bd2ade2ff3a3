"""Load test: concurrent players making legal moves through the real HTTP forms, on the site's
server (``config/server.py``: granian).

    .venv/bin/python bench/load.py                          # SQLite only
    .venv/bin/python bench/load.py --postgres postgres://user:pw@127.0.0.1:5432/postgres
    .venv/bin/python bench/load.py --no-sqlite --postgres URL --servers 2   # two app servers

For each database: a fresh one (a new SQLite file in a temporary folder; on PostgreSQL a new
database created next to the one in the URL, dropped at the end), ``migrate``, then a set-up script
run with the server's settings creates N pairs of new accounts (``--games``) and ``--series``
ultimate tic-tac-toe games for each pair, through ``games.services``. The site's server (``python
-m config.server``, as ``make serve-production`` runs it; ``--server gunicorn``: gunicorn, to
compare) serves it on 127.0.0.1 (a free port, DEBUG off, a random secret key; ``--servers M``: M
instances on M ports sharing the database, as behind a load balancer, the two players of each game
on different ones), and 2·N simulated players, one thread each:

1. log in with the login form (session and CSRF cookies), GET their first game's page (CSRF
   token, current ply, the moves so far);
2. then, until the time limit or the end of the game (or each side's ``--moves`` in it), then on
   to the pair's next game (its page GET first) until the series is played: N games are played at
   once for the whole run, a steady load, not a burst that thins out as games end. In each game:
   wait for their turn, pick a
   random legal move with the rules engine from the position they track (their moves and their
   opponent's, which the two threads of a game share, as the page's script would learn them) and
   POST it to ``/games/<pk>/move/`` with ``expected_ply`` and ``Accept: application/json``. A
   refused move (``stale``, ``not_allowed``…) makes the player re-read the page. While waiting, a
   player also polls ``/live/`` every ``--poll`` seconds, like the page (``--live-each-move`` adds a
   GET of ``/live/`` right before every move too, a stricter client). ``--browser`` makes every move
   cost what the page's script spends: the mover reloads the board panel after its move, and the
   waiting player, once it sees the new ply, loads the panel before moving.

Afterwards the database is checked: every game's moves numbered 1…n without gaps or repeats,
legal when replayed through the rules engine, the cached ply, status and result in line with the
replay (``games.integrity``); every move a player saw accepted is there (``lost``), and no
other (``doubled``). Printed: accepted moves per second, the latency of accepted moves
(p50/p95/p99), refusals by code and errors, the server's CPU time a move. The server is stopped
at the end, whatever happens.

First, unless ``--no-floor``, the same load runs against the *floor*: a fresh database and server
whose move URL is served by the trivial view of ``bench/floor_urls.py`` (authenticated POST,
sessions, CSRF, one locked UPDATE, under the same server on the same database; the benchmark's
throw-away settings alone name that URLconf). The report prints our moves/s beside the floor's
and their ratio, against the targets of issue 10 (SQLite: ≥ 0.6 × the floor, ≥ 600 moves/s,
p99 < 80 ms; PostgreSQL: ≥ 450 moves/s).

Everything is bounded: the time limit, the moves per player and the number of steps of each
player's loop. All traffic goes to 127.0.0.1 only.

Internal modes (run by the script itself, in a subprocess with the server's settings):
``--internal setup N`` and ``--internal check FILE``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import secrets
import signal
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))  # load_players, beside this file

from load_http import HOST, REQUEST_TIMEOUT  # noqa: E402 - after the path insert
from load_players import (  # noqa: E402 - some names read by tests/ops
    CSRF_INPUT,  # noqa: F401
    DATA_PLY,  # noqa: F401
    NOTATION,  # noqa: F401
    GameTrack,
    Player,
    accepted_report,
)
from load_report import report  # noqa: E402
from load_server import (  # noqa: E402
    app_server,
    cpu_seconds,
    free_port,
    fresh_postgres,
    internal_check,
    internal_setup,
    machine_ticks,
    run_python,
    settings_module,
    steal_since,
)

# -- running it all -----------------------------------------------------------------------------


def percentile(values: list[float], pct: float) -> float:
    """Nearest-rank percentile of ``values`` (0 when empty)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, min(len(ordered), math.ceil(pct / 100 * len(ordered))))
    return ordered[rank - 1]


def run_database(
    label: str, db_env: dict[str, str], opts: argparse.Namespace, *, floor: bool = False
) -> dict[str, Any]:
    """Everything for one database: migrate, set up, serve, play, check. Returns the figures.

    ``floor``: the same load against the floor view of ``bench/floor_urls.py`` (a trivial
    authenticated POST doing one locked UPDATE) instead of the move view; no check afterwards.
    """
    with tempfile.TemporaryDirectory(prefix="sosttt-load-") as tmp:
        env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "SQLITE_PATH")}
        env.update(db_env)
        env.update(
            {
                "DJANGO_SETTINGS_MODULE": settings_module(opts.settings),
                "DJANGO_DEBUG": "0",
                "DJANGO_ALLOWED_HOSTS": HOST,
                "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
                "DJANGO_STATIC_ROOT": str(Path(tmp) / "static"),
                # Plain HTTP on 127.0.0.1, as behind a TLS proxy that does the redirect itself.
                "DJANGO_SECURE_SSL_REDIRECT": "0",
                "PYTHONUNBUFFERED": "1",
            }
        )
        if "SQLITE_PATH" in db_env:
            env["SQLITE_PATH"] = str(Path(tmp) / "club.sqlite3")
        if opts.conn_max_age is not None or floor or opts.quick_login:
            # The settings as they are, but with persistent database connections, or with the
            # floor's URLconf (bench/floor_urls.py: only these throw-away settings name it), or
            # with a cheap password hash for the throw-away accounts (the untimed log-in phase).
            lines = [f"from {env['DJANGO_SETTINGS_MODULE']} import *  # noqa"]
            if opts.conn_max_age is not None:
                lines.append(f"DATABASES['default']['CONN_MAX_AGE'] = {opts.conn_max_age}  # noqa")
            if opts.quick_login:
                lines.append("PASSWORD_HASHERS = ['django.contrib.auth.hashers.MD5PasswordHasher']")
            if floor:
                lines.append("ROOT_URLCONF = 'floor_urls'")
            (Path(tmp) / "bench_settings.py").write_text("\n".join(lines) + "\n")
            path = [tmp, str(Path(__file__).resolve().parent), env.get("PYTHONPATH")]
            env["PYTHONPATH"] = os.pathsep.join(filter(None, path))
            env["DJANGO_SETTINGS_MODULE"] = "bench_settings"
        run_python(["manage.py", "migrate", "--noinput", "-v0"], env, "migrate")
        # Into the temporary folder (DJANGO_STATIC_ROOT): production serves the collected files.
        run_python(["manage.py", "collectstatic", "--noinput", "-v0"], env, "collectstatic")
        setup = [__file__, "--internal", "setup", str(opts.games), "--series", str(opts.series)]
        pairs = json.loads(run_python(setup, env, "set-up"))
        from games.rules import get_rules

        with contextlib.ExitStack() as servers:
            # --servers N: N app servers on N ports, as behind a load balancer; the two
            # players of a game are on different servers (seat 0 on one, seat 1 on the next).
            ports = [free_port() for _ in range(opts.servers)]
            server_pids = [
                servers.enter_context(app_server(env, port, opts, Path(tmp) / f"server-{n}.log"))
                for n, port in enumerate(ports)
            ]
            start_line = threading.Barrier(2 * len(pairs) + 1)
            login_gate = threading.Semaphore(2 * opts.workers * opts.servers)
            deadline_box = [0.0]
            players = []
            for number, pair in enumerate(pairs):
                rules = get_rules("uttt", **pair["options"])
                tracks = [GameTrack(pk, rules) for pk in pair["games"]]
                for seat, username in enumerate(pair["users"]):
                    players.append(
                        Player(
                            port=ports[(seat + number) % len(ports)],
                            username=username,
                            seat=seat,
                            tracks=tracks,
                            options=opts,
                            start_line=start_line,
                            login_gate=login_gate,
                            deadline_box=deadline_box,
                        )
                    )
            for player in players:
                player.start()
            login_started = time.monotonic()
            # Everyone logged in and on their page: go.
            while start_line.n_waiting < len(players):
                if time.monotonic() - login_started > 300:
                    start_line.abort()
                    raise SystemExit("the players did not log in within 300 s")
                time.sleep(0.05)
            login_time = time.monotonic() - login_started
            began = time.monotonic()
            deadline_box[0] = began + opts.duration
            server_cpu = sum(cpu_seconds(pid) for pid in server_pids)
            client_cpu = time.process_time()
            ticks = machine_ticks()
            start_line.wait()
            for player in players:
                player.join(timeout=opts.duration + 3 * REQUEST_TIMEOUT)
            elapsed = time.monotonic() - began
            server_cpu = sum(cpu_seconds(pid) for pid in server_pids) - server_cpu
            client_cpu = time.process_time() - client_cpu
            steal_share = steal_since(ticks)
            stuck = [p.name for p in players if p.is_alive()]
        tallies = [p.tally for p in players]
        accepted_file = Path(tmp) / "accepted.json"
        accepted_file.write_text(json.dumps(accepted_report(tallies)))
        check = (
            None
            if floor
            else json.loads(
                run_python([__file__, "--internal", "check", str(accepted_file)], env, "check")
            )
        )
        latencies = [x for t in tallies for x in t.latencies]
        accepted = sum(t.accepted for t in tallies)
        errors: Counter[str] = Counter()
        refused: Counter[str] = Counter()
        for t in tallies:
            errors.update(t.errors)
            refused.update(t.refused)
        requests = sum(t.requests for t in tallies)
        return {
            "database": label + (" floor" if floor else ""),
            "players": len(players),
            "games": len(pairs) * opts.series,
            "login_s": login_time,
            "elapsed_s": elapsed,
            "accepted": accepted,
            "moves_per_s": accepted / elapsed if elapsed else 0.0,
            "requests_per_s": requests / elapsed if elapsed else 0.0,
            "p50_ms": 1000 * percentile(latencies, 50),
            "p95_ms": 1000 * percentile(latencies, 95),
            "p99_ms": 1000 * percentile(latencies, 99),
            "max_ms": 1000 * max(latencies, default=0.0),
            "mean_ms": 1000 * statistics.fmean(latencies) if latencies else 0.0,
            "refused": dict(refused),
            "errors": dict(errors),
            "stuck": stuck,
            "server_cpu_s": server_cpu,
            "client_cpu_s": client_cpu,
            "load_average": os.getloadavg()[0] if hasattr(os, "getloadavg") else None,
            "steal_share": steal_share,
            "check": check,
        }


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--games", type=int, default=25, help="games at once: pairs of players (25)"
    )
    parser.add_argument(
        "--series", type=int, default=60, help="games each pair plays, one after the other (60)"
    )
    parser.add_argument(
        "--moves", type=int, default=41, help="moves per player and game at most (41: all)"
    )
    parser.add_argument("--duration", type=float, default=60.0, help="time limit in s (60)")
    parser.add_argument("--poll", type=float, default=1.0, help="live poll period while waiting")
    parser.add_argument(
        "--live-each-move", action="store_true", help="also GET /live/ right before every move"
    )
    parser.add_argument("--browser", action="store_true", help="reload the panel like the page")
    parser.add_argument("--workers", type=int, default=2, help="workers per server (2)")
    parser.add_argument(
        "--servers",
        type=int,
        default=1,
        help="app servers on as many ports, sharing the database (1); players alternate",
    )
    parser.add_argument(
        "--server",
        choices=["site", "gunicorn"],
        default="site",
        help="the site's server (config/server.py: granian), or gunicorn to compare (site)",
    )
    parser.add_argument("--threads", type=int, help="threads a worker (1)")
    parser.add_argument("--settings", help="DJANGO_SETTINGS_MODULE (default: production if any)")
    parser.add_argument(
        "--conn-max-age",
        type=int,
        metavar="SECONDS",
        help="override the settings' CONN_MAX_AGE (persistent database connections)",
    )
    parser.add_argument(
        "--postgres",
        default=os.environ.get("DATABASE_URL", ""),
        metavar="URL",
        help="also run on PostgreSQL: a new database is created on this server (CREATEDB needed)",
    )
    parser.add_argument("--no-sqlite", action="store_true", help="PostgreSQL only")
    parser.add_argument(
        "--no-floor",
        action="store_true",
        help="skip the floor (the same load against a trivial locked-UPDATE view)",
    )
    parser.add_argument(
        "--quick-login",
        action="store_true",
        help="a cheap password hash for the throw-away accounts: a quicker (untimed) log-in phase",
    )
    parser.add_argument("--seed", default="1")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    parser.add_argument("--internal", nargs=2, help=argparse.SUPPRESS)
    opts = parser.parse_args(argv)
    if not 1 <= opts.servers <= 8:
        parser.error("--servers must be 1 to 8")
    if min(opts.games, opts.series, opts.moves) < 1 or not 0 < opts.duration <= 3600:
        parser.error(
            "--games, --series and --moves must be positive, --duration within (0, 3600] s"
        )
    return opts


def main(argv: list[str]) -> int:
    opts = parse_args(argv)
    if opts.internal:
        mode, value = opts.internal
        if mode == "setup":
            print(json.dumps(internal_setup(int(value), opts.series)))
        elif mode == "check":
            print(json.dumps(internal_check(Path(value))))
        return 0
    sys.path.insert(0, str(ROOT))
    # SIGTERM ends the run like Ctrl+C does: through the finally blocks that stop the server.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    runs: list[tuple[str, Any]] = []
    if not opts.no_sqlite:
        runs.append(("sqlite", None))
    if opts.postgres:
        runs.append(("postgresql", opts.postgres))
    if not runs:
        raise SystemExit("nothing to run: --no-sqlite needs --postgres URL")
    results, consistent = [], True
    for label, url in runs:
        floor = None
        for is_floor in (False,) if opts.no_floor else (True, False):
            if url is None:
                result = run_database(label, {"SQLITE_PATH": "set per run"}, opts, floor=is_floor)
            else:
                with fresh_postgres(url) as fresh:
                    result = run_database(label, {"DATABASE_URL": fresh}, opts, floor=is_floor)
            consistent &= report(result, opts, None if is_floor else floor)
            results.append(result)
            if is_floor:
                floor = result
    if opts.json:
        print(json.dumps(results, indent=2))
    return 0 if consistent else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
