"""gunicorn's settings for the site: ``gunicorn -c config/gunicorn_conf.py config.wsgi:application``
(``make serve-production``, ``make serve-lan`` and ``bench/load.py`` pass it; options given on
the command line, such as ``--workers`` and ``--bind``, override these).

Threaded workers that keep connections alive, two threads each. gunicorn's default *sync* worker
closes the connection after every answer and, since gunicorn 24, waits for the client to close
its side before it takes the next request (up to two seconds): a page's poll and its moves each
open a new connection, and every worker sits idle for a round trip per request — on a club's
Wi-Fi several milliseconds, longer than the request itself. A *gthread* worker keeps an idle
connection open for ``keepalive`` seconds (the page polls every second) and answers up to
``threads`` requests at once, so one waiting on a database lock does not hold up the others.

Why two threads: ``bench/load.py --quick-login`` (2 workers, 50 players, SQLite; 2026-12-01, on
the shared 2-core machine at a load average of 4 to 11), the four choices run in turn, four
rounds — accepted moves/s, the mean of the rounds (their range), and the mean p99: sync 68
(27–133), p99 984 ms; gthread × 1 112 (65–167), 676 ms; × 2 156 (118–191), 442 ms; × 4 142
(112–168), 530 ms. Two threads had the most moves and the lowest p99: one thread answers while
the other waits for the database's write lock; more threads only add connections waiting for it
(each thread has its own) and switching on two cores. On a quiet machine the choices are closer
(the lead's figures before this pass: 252, 208 and 200 moves/s for 1, 2 and 4 threads, sync
233): measure again there with ``--worker-class`` and ``--threads``."""

from __future__ import annotations

import gc
from typing import Any

worker_class = "gthread"
# Requests a worker answers at once (each thread has its own database connection).
threads = 2
# Seconds an idle kept-alive connection stays open: longer than the page's poll period (1 s).
keepalive = 5


def post_worker_init(worker: Any) -> None:
    """Once a worker has loaded the site: the objects made so far (Django, the apps, the
    settings — most of the process, and alive to its end) leave the garbage collector's care, so
    its collections, which run every few requests, go over what the requests make only (about a
    tenth of a move's CPU otherwise, longer pauses for the whole-heap ones)."""
    gc.freeze()
