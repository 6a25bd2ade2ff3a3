"""The server's side of ``bench/load.py``: the app server's process and a throw-away PostgreSQL
database, and the set-up and check that ``load.py --internal …`` runs in a subprocess with the
server's settings (so they see the database the server uses).
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from load_http import HOST
from load_players import PASSWORD

ROOT = Path(__file__).resolve().parent.parent


def _django() -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def internal_setup(games: int, series: int = 1) -> list[dict[str, Any]]:
    """Create ``games`` pairs of new accounts and ``series`` UTTT games for each pair, to be
    played one after the other; return who plays where."""
    _django()
    from django.contrib.auth.hashers import make_password
    from django.contrib.auth.models import User
    from django.db import transaction

    from games import player_services, services

    hashed = make_password(PASSWORD)  # one hash for every account: hashing takes ~0.5 s
    made = []
    with transaction.atomic():
        for number in range(1, games + 1):
            players = []
            for seat in (0, 1):
                user = User.objects.create(username=f"bench-{number}-{seat}", password=hashed)
                players.append(
                    player_services.create_player(name=f"Bench {number}.{seat}", user=user)
                )
            pair = [
                services.create_game(kind="uttt", options={}, players=players)
                for _ in range(series)
            ]
            made.append(
                {
                    "games": [game.pk for game in pair],
                    "options": pair[0].options,
                    "users": [p.user.username for p in players],
                }
            )
    return made


def internal_check(accepted_file: Path) -> dict[str, Any]:
    """Check the games in the database against the moves the players saw accepted."""
    _django()
    from games.integrity import game_problems
    from games.models import Game, Move

    report = json.loads(accepted_file.read_text())
    acked = {int(pk): {(ply, move) for ply, move in moves} for pk, moves in report["acked"].items()}
    unsure = {int(pk): count for pk, count in report["unsure"].items()}
    stored: dict[int, set[tuple[int, str]]] = {}
    for game_id, ply, notation in Move.objects.values_list("game_id", "ply", "notation"):
        stored.setdefault(game_id, set()).add((ply, notation))
    lost = doubled = 0
    for pk in set(acked) | set(stored):
        mine, theirs = acked.get(pk, set()), stored.get(pk, set())
        lost += len(mine - theirs)
        # Moves nobody saw accepted, beyond those whose answer never came (they may be in).
        doubled += max(0, len(theirs - mine) - unsure.get(pk, 0))
    statuses = Counter(Game.objects.values_list("status", flat=True))
    return {
        "games": sum(statuses.values()),
        "finished": statuses.get("finished", 0),
        "moves": Move.objects.count(),
        "problems": game_problems(),
        "lost": lost,
        "doubled": doubled,
    }


# -- processes -----------------------------------------------------------------------------


def venv_bin(name: str) -> str:
    candidate = Path(sys.executable).parent / name
    return str(candidate) if candidate.exists() else name


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def settings_module(explicit: str | None) -> str:
    if explicit:
        return explicit
    if (ROOT / "config" / "settings" / "production.py").exists():
        return "config.settings.production"
    return "config.settings"


def run_python(args: list[str], env: dict[str, str], what: str) -> str:
    result = subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600
    )
    if result.returncode != 0:
        raise SystemExit(f"{what} failed:\n{result.stdout}\n{result.stderr}")
    return result.stdout


@contextlib.contextmanager
def fresh_postgres(url: str) -> Iterator[str]:
    """A new, empty database on the server of ``url``; dropped afterwards."""
    import psycopg

    parts = urllib.parse.urlsplit(url)
    name = f"sosttt_bench_{secrets.token_hex(4)}"
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield urllib.parse.urlunsplit(parts._replace(path=f"/{name}"))
    finally:
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def machine_ticks() -> tuple[int, int]:
    """All CPUs' (steal, total) clock ticks so far (Linux ``/proc/stat``; else zeros).

    *Steal* is the time a virtual machine's CPUs were ready to run but the host ran something
    else: a slow run on a busy host shows it, where the load average does not."""
    try:
        fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except (OSError, ValueError):
        return 0, 0
    # user nice system idle iowait irq softirq steal [guest guest_nice: inside user already]
    return (fields[7] if len(fields) > 7 else 0), sum(fields[:8])


def steal_since(before: tuple[int, int]) -> float | None:
    """The share of the machine's CPU time stolen since ``before`` (a :func:`machine_ticks`);
    ``None`` where the system does not say."""
    (steal, total), (steal_before, total_before) = machine_ticks(), before
    return (steal - steal_before) / (total - total_before) if total > total_before else None


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of process ``pid`` and its children (Linux /proc; else 0)."""
    try:
        ticks = os.sysconf("SC_CLK_TCK")
        pids = [pid]
        for task in Path(f"/proc/{pid}/task").iterdir():
            pids += [int(child) for child in (task / "children").read_text().split()]
        total = 0
        for one in pids:
            fields = Path(f"/proc/{one}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        return total / ticks
    except (OSError, ValueError, IndexError):
        return 0.0


def server_command(opts: argparse.Namespace, port: int) -> list[str]:
    """The server of a run: the site's (``python -m config.server``, granian, as ``make
    serve-production`` runs it), or with ``--server gunicorn`` gunicorn, the site's server
    before it (gthread workers, one thread each unless ``--threads``; not installed with the
    site: ``pip install gunicorn``), for comparison."""
    threads = str(opts.threads or 1)
    if opts.server == "gunicorn":
        program = venv_bin("gunicorn")
        if shutil.which(program) is None:
            raise SystemExit("--server gunicorn: gunicorn is not installed (pip install gunicorn)")
        return [
            program,
            "config.wsgi:application",
            f"--config={Path(__file__).resolve().parent / 'gunicorn_conf.py'}",
            f"--bind={HOST}:{port}",
            f"--workers={opts.workers}",
            "--worker-class=gthread",
            f"--threads={threads}",
            "--keep-alive=5",
            "--backlog=2048",
            "--timeout=120",
        ]
    command = [sys.executable, "-m", "config.server", "--bind", f"{HOST}:{port}"]
    return [*command, "--workers", str(opts.workers), "--threads", threads]


def server_name(opts: argparse.Namespace) -> str:
    """How the report names the server: ``granian, 2 workers × 1 thread``."""
    threads = opts.threads or 1
    name = "gunicorn gthread" if opts.server == "gunicorn" else "granian"
    return f"{name}, {opts.workers} workers × {threads} thread{'s' if threads > 1 else ''}"


@contextlib.contextmanager
def app_server(
    env: dict[str, str], port: int, opts: argparse.Namespace, log: Path
) -> Iterator[int]:
    """The server on 127.0.0.1:``port``, stopped (by its pid) on the way out, whatever happens;
    yields its pid (its workers are its children)."""
    command = server_command(opts, port)
    with log.open("wb") as out:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=out)
    try:
        started = time.monotonic()
        while True:
            if process.poll() is not None:
                raise SystemExit(f"the server exited ({process.returncode}):\n{log.read_text()}")
            try:
                conn = http.client.HTTPConnection(HOST, port, timeout=2)
                conn.request("GET", "/accounts/login/")
                status = conn.getresponse().status
                conn.close()
                if status == 200:
                    break
                raise SystemExit(f"GET /accounts/login/ answered {status}: see {log}")
            except OSError:
                if time.monotonic() - started > 60:
                    raise SystemExit(f"the server did not answer in 60 s: see {log}") from None
                time.sleep(0.2)
        yield process.pid
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)
