"""The open API's server time: the standings of a big Swiss, their queries, and the 304.

    .venv/bin/python bench/api.py [--players 1000] [--small 100] [--rounds 7] [--repeat 20]
                                  [--seed 1]

Stores, in a throw-away SQLite database, random Swisses of ``--small`` and ``--players``
players whose ``--rounds`` rounds are finished (``bench/pairing.store_swiss``: the models in
bulk, every Swiss tie-break). Then, through Django's test client (the whole stack: middleware,
URL, view, JSON; no network), times over ``--repeat`` requests — median and p95 — the big one's
``GET /api/v1/tournaments/{pk}/standings`` (target: under 50 ms) and the same request with
``If-None-Match`` naming its ETag, answered 304 (target: under 5 ms); and the first request after
a change (the tournament's change stamp raised: the body built again, no target); and counts the
queries of each at both sizes (the standings' must not grow with the players), with the median
CPU time of this process (steadier than the wall's on a loaded machine).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # pairing.py, beside this file
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

STANDINGS_TARGET_MS = 50.0
NOT_MODIFIED_TARGET_MS = 5.0


def setup_django() -> None:
    tmp = tempfile.mkdtemp(prefix="bench-api-")
    os.environ["SQLITE_PATH"] = os.path.join(tmp, "bench.sqlite3")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["DJANGO_DEBUG"] = "0"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def timed(request: Callable[[], Any], repeat: int, status: int) -> tuple[float, float, int, float]:
    """(median ms, p95 ms, queries, median CPU ms) of ``request``, each answer checked to be
    ``status`` (the CPU time of this process: steadier than the wall's on a loaded machine)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    request()  # warm up
    times, cpu = [], []
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        response = request()
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
        assert response.status_code == status, response.status_code
    with CaptureQueriesContext(connection) as captured:
        request()
    times.sort()
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    return statistics.median(times), p95, len(captured), statistics.median(cpu)


def measure(t: Any, repeat: int) -> dict[str, tuple[float, float, int, float]]:
    from django.db.models import F
    from django.test import Client

    from tournaments.models import Tournament

    client = Client(HTTP_ACCEPT_LANGUAGE="en", HTTP_HOST="localhost")
    url = f"/api/v1/tournaments/{t.pk}/standings"

    def after_a_change() -> Any:  # the tournament's stamp raised: the body built again
        Tournament.objects.filter(pk=t.pk).update(revision=F("revision") + 1)
        return client.get(url)

    built = timed(after_a_change, max(3, repeat // 4), 200)
    first = client.get(url)
    assert first.status_code == 200 and len(first.json()["rows"]) > 0
    etag = first["ETag"]
    return {
        "standings": timed(lambda: client.get(url), repeat, 200),
        "304": timed(lambda: client.get(url, HTTP_IF_NONE_MATCH=etag), repeat, 304),
        "built": built,
    }


def verdict(ms: float, target: float) -> str:
    return f"target<{target:g} ms {'ok' if ms < target else 'MISSED'}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--small", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    setup_django()
    from pairing import store_swiss

    figures = {}
    for players in (args.small, args.players):
        start = time.perf_counter()
        t = store_swiss(players, seed=args.seed, rounds=args.rounds, name=f"API {players}")
        built = time.perf_counter() - start
        figures[players] = measure(t, args.repeat)
        print(f"stored {players} players x {args.rounds} rounds in {built:.1f} s")
    print(f"{'request':<34}{'players':>8}{'median ms':>11}{'p95 ms':>9}{'queries':>9}{'CPU ms':>9}")
    for players, found in figures.items():
        for name, label in (
            ("standings", "GET standings"),
            ("304", "GET standings, If-None-Match"),
            ("built", "GET standings after a change"),
        ):
            median, p95, queries, cpu = found[name]
            print(f"{label:<34}{players:>8}{median:>11.2f}{p95:>9.2f}{queries:>9}{cpu:>9.2f}")
    big = figures[args.players]
    same = figures[args.small]["standings"][2] == big["standings"][2]
    print(
        f"standings at {args.players} players: {verdict(big['standings'][0], STANDINGS_TARGET_MS)}"
    )
    print(f"304 at {args.players} players: {verdict(big['304'][0], NOT_MODIFIED_TARGET_MS)}")
    print(f"queries the same at {args.small} and {args.players} players: {'yes' if same else 'NO'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
