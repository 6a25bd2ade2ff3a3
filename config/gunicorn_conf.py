"""gunicorn's settings for the site: ``gunicorn -c config/gunicorn_conf.py config.wsgi:application``
(``make serve-production``, ``make serve-lan`` and ``bench/load.py`` pass it; options given on
the command line, such as ``--workers`` and ``--bind``, override these).

Threaded workers that keep connections alive, one thread each. gunicorn's default *sync* worker
closes the connection after every answer and, since gunicorn 24, waits for the client to close
its side before it takes the next request (up to two seconds): a page's poll and its moves each
open a new connection, and every worker sits idle for a round trip per request — on a club's
Wi-Fi several milliseconds, longer than the request itself. A *gthread* worker keeps an idle
connection open for ``keepalive`` seconds (the page polls every second) and answers up to
``threads`` requests at once.

Why one thread: ``bench/load.py --games 25 --quick-login`` (2 workers, 50 players) on the quiet
2-core machine (load average 0.5–2; 2026-12-01, 19:00 UTC), accepted moves/s and p99 of our move:

- SQLite: sync 291 (p99 133 ms); gthread × 1 284, 274, 282 in three runs (p99 174, 141, 146 ms);
  × 2 280, 205, 336 (p99 307, 240, 220 ms, single moves up to 1.1 s); × 4 227 (p99 638 ms).
- PostgreSQL: gthread × 1 199 (p99 183 ms), × 2 206 (p99 226 ms), sync 190 (p99 158 ms).

More threads bring no more moves — a worker's threads share one core's Python, and on SQLite
the moves queue for the one write lock anyway — only a longer tail: a thread holding the lock
may wait for the core while another thread of its worker runs. One thread is as fast as the
*sync* worker within a few percent, with its tail close to sync's, and it keeps the connections
alive. (Under heavy
load from other work, on a shared machine at load 4–11, two threads came out ahead: 156 moves/s
mean against 112; measure again with ``--worker-class`` and ``--threads`` where it matters.)"""

from __future__ import annotations

import gc
from typing import Any

worker_class = "gthread"
# Requests a worker answers at once (each thread has its own database connection).
threads = 1
# Seconds an idle kept-alive connection stays open: longer than the page's poll period (1 s).
keepalive = 5


def post_worker_init(worker: Any) -> None:
    """Once a worker has loaded the site: the objects made so far (Django, the apps, the
    settings — most of the process, and alive to its end) leave the garbage collector's care, so
    its collections, which run every few requests, go over what the requests make only (about a
    tenth of a move's CPU otherwise, longer pauses for the whole-heap ones)."""
    gc.freeze()
