"""Writers queuing for the SQLite database: the site's backend against Django's own.

    .venv/bin/python bench/sqlite_writers.py [--processes 2] [--transactions 2000] [--work 300]

``--processes`` processes (as the server's workers) each run ``--transactions`` short write
transactions on one fresh SQLite file, configured as the site's (``config/database.py``: WAL,
``BEGIN IMMEDIATE``): each begins, updates a row, spends about ``--work`` microseconds of CPU
inside the transaction (what a move does between its lock and its commit) and commits, then
spends as long again outside it (the rest of a request). Once with Django's SQLite backend,
whose waiting writers sleep in SQLite's busy handler (1, 2, 5, 10 … 100 ms a try), once with the
site's (``config/sqlite``: a lock file, tried again after 50–500 µs). Printed for each: the
transactions a second, the wait to begin (p50, p99, the longest) and how much of the processes'
time was CPU (the rest is waiting). Every transaction's update is checked to be there.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

ENGINES = {
    "Django's backend (busy-handler sleeps)": "django.db.backends.sqlite3",
    "the site's backend (lock file)": "config.sqlite",
}


def spin(microseconds: int) -> None:
    """Spend about ``microseconds`` of CPU."""
    end = time.perf_counter() + microseconds / 1e6
    while time.perf_counter() < end:
        pass


def writer(path: str, engine: str, count: int, work: int, out: multiprocessing.Queue) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.db.utils import ConnectionHandler

    from config.database import database_config

    entry = database_config({"SQLITE_PATH": path}, ROOT)
    entry["ENGINE"] = engine
    connection = ConnectionHandler({"default": entry})["default"]
    waits = []
    cpu = time.process_time()
    started = time.perf_counter()
    for _ in range(count):
        asked = time.perf_counter()
        connection.set_autocommit(False, force_begin_transaction_with_broken_autocommit=True)
        waits.append(time.perf_counter() - asked)
        with connection.cursor() as cursor:
            cursor.execute("UPDATE counter SET n = n + 1")
        spin(work)
        connection.commit()
        connection.set_autocommit(True)
        spin(work)
    wall = time.perf_counter() - started
    connection.close()
    out.put((waits, time.process_time() - cpu, wall))


def run(engine: str, opts: argparse.Namespace) -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="bench-writers-") as tmp:
        path = str(Path(tmp) / "bench.sqlite3")
        plain = sqlite3.connect(path)
        plain.execute("PRAGMA journal_mode=WAL")
        plain.execute("CREATE TABLE counter (n INTEGER)")
        plain.execute("INSERT INTO counter VALUES (0)")
        plain.commit()
        plain.close()
        out: multiprocessing.Queue = multiprocessing.Queue()
        procs = [
            multiprocessing.Process(
                target=writer, args=(path, engine, opts.transactions, opts.work, out)
            )
            for _ in range(opts.processes)
        ]
        started = time.perf_counter()
        for p in procs:
            p.start()
        results = [out.get(timeout=600) for _ in procs]
        for p in procs:
            p.join()
        wall = time.perf_counter() - started
        plain = sqlite3.connect(path)
        (n,) = plain.execute("SELECT n FROM counter").fetchone()
        plain.close()
    total = opts.processes * opts.transactions
    if n != total:
        raise SystemExit(f"{n} updates stored of {total}")
    waits = sorted(w for ws, _cpu, _wall in results for w in ws)
    cpu = sum(c for _ws, c, _wall in results)
    busy = sum(w for _ws, _c, w in results)
    return {
        "per_second": total / wall,
        "p50": waits[len(waits) // 2] * 1000,
        "p99": waits[max(0, math.ceil(0.99 * len(waits)) - 1)] * 1000,
        "max": waits[-1] * 1000,
        "cpu_share": cpu / busy,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--transactions", type=int, default=2000)
    parser.add_argument("--work", type=int, default=300, help="µs of CPU inside and after")
    opts = parser.parse_args(argv)
    print(
        f"{opts.processes} processes × {opts.transactions} transactions, "
        f"{opts.work} µs of work inside each and as much after"
    )
    for label, engine in ENGINES.items():
        r = run(engine, opts)
        print(
            f"  {label}: {r['per_second']:.0f} transactions/s; wait to begin "
            f"p50 {r['p50']:.2f} ms, p99 {r['p99']:.2f} ms, longest {r['max']:.1f} ms; "
            f"CPU {r['cpu_share']:.0%} of the processes' time"
        )
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
