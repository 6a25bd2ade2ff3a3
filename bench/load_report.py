"""The report of ``bench/load.py``: one database's figures printed beside the floor's, against
the targets of issue 10."""

from __future__ import annotations

import argparse
import os
from typing import Any

from load_server import server_name

# Targets of issue 10 (2 workers, 50 players): on SQLite at least this share of the floor's
# moves/s and at least this many moves/s, p99 under this; on PostgreSQL at least this many.
TARGET_FLOOR_SHARE = 0.6
TARGET_SQLITE_MOVES = 600
TARGET_P99_MS = 80
TARGET_POSTGRES_MOVES = 450


def steal_text(share: float | None) -> str:
    """``", CPU steal 3.2 %"``: the host's share of the machine's CPU time while playing (a
    virtual machine's), or nothing where the system does not say."""
    return "" if share is None else f", CPU steal {100 * share:.1f} %"


def report(
    result: dict[str, Any], opts: argparse.Namespace, floor: dict[str, Any] | None = None
) -> bool:
    """Print one database's figures (beside the floor's when it ran); True when the database is
    consistent."""
    check = result["check"]
    refused = ", ".join(f"{k}={v}" for k, v in sorted(result["refused"].items())) or "none"
    errors = ", ".join(f"{k}: {v}" for k, v in sorted(result["errors"].items())) or "none"
    workers = server_name(opts)
    if opts.servers > 1:
        workers = f"{opts.servers} servers: {workers}"
    clients = "browser" if opts.browser else "fast"
    extra = "" if opts.conn_max_age is None else f"; CONN_MAX_AGE={opts.conn_max_age}"
    print(f"== {result['database']} ({workers}; {clients} clients{extra}) ==")
    print(
        f"{result['players']} players on {result['games']} games (logged in in "
        f"{result['login_s']:.1f} s); {result['accepted']} moves accepted in "
        f"{result['elapsed_s']:.2f} s: {result['moves_per_s']:.0f} moves/s "
        f"({result['requests_per_s']:.0f} requests/s)"
    )
    print(
        f"latency of accepted moves: p50 {result['p50_ms']:.1f} ms, p95 {result['p95_ms']:.1f} ms, "
        f"p99 {result['p99_ms']:.1f} ms (mean {result['mean_ms']:.1f}, max {result['max_ms']:.1f})"
    )
    print(f"refused: {refused}; errors: {errors}")
    per_move = 1000 * result["server_cpu_s"] / result["accepted"] if result["accepted"] else 0.0
    print(
        f"CPU while playing: server {result['server_cpu_s']:.1f} s ({per_move:.2f} ms a move), "
        f"players {result['client_cpu_s']:.1f} s, in {result['elapsed_s']:.1f} s on "
        f"{os.cpu_count()} CPUs (load average {result['load_average']:.1f}"
        + steal_text(result.get("steal_share"))
        + ")"
    )
    if result["stuck"]:
        print(f"players still running at the end: {', '.join(result['stuck'])}")
    if check is None:  # the floor: nothing stored to check
        print()
        return True
    problems = check["problems"]
    print(
        f"database: {check['games']} games ({check['finished']} finished), {check['moves']} moves; "
        + (
            "every game gapless, unique per ply, replays to its recorded result"
            if not problems
            else f"{len(problems)} PROBLEMS:\n  " + "\n  ".join(problems[:20])
        )
    )
    print(f"lost={check['lost']} doubled={check['doubled']}")
    ours = result["moves_per_s"]
    if floor is not None:
        ratio = ours / floor["moves_per_s"] if floor["moves_per_s"] else 0.0
        floor_cpu = 1000 * floor["server_cpu_s"] / max(1, floor["accepted"])
        print(
            f"moves/s: ours {ours:.0f}, floor {floor['moves_per_s']:.0f} (p99 "
            f"{floor['p99_ms']:.1f} ms, {floor_cpu:.2f} ms of server CPU a move): "
            f"ratio {ratio:.2f}"
        )
    if result["database"].startswith("postgresql"):
        met = ours >= TARGET_POSTGRES_MOVES
        wanted = f"≥{TARGET_POSTGRES_MOVES} moves/s"
    else:
        met = ours >= TARGET_SQLITE_MOVES and result["p99_ms"] < TARGET_P99_MS
        wanted = f"≥{TARGET_SQLITE_MOVES} moves/s, p99 < {TARGET_P99_MS} ms"
        if floor is not None:
            met = met and ours >= TARGET_FLOOR_SHARE * floor["moves_per_s"]
            wanted += f", ≥{TARGET_FLOOR_SHARE} × the floor"
    print(f"target ({wanted}): {'met' if met else 'NOT met'}")
    print()
    return not problems and check["lost"] == 0 and check["doubled"] == 0
