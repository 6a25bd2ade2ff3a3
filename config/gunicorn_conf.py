"""gunicorn's settings for the site: ``gunicorn -c config/gunicorn_conf.py config.wsgi:application``
(``make serve-production``, ``make serve-lan`` and ``bench/load.py`` pass it; options given on
the command line, such as ``--workers`` and ``--bind``, override these).

Threaded workers that keep connections alive. gunicorn's default *sync* worker closes the
connection after every answer and, since gunicorn 24, waits for the client to close its side
before it takes the next request (up to two seconds): a page's poll and its moves each open a new
connection, and every worker sits idle for a round trip per request — on a club's Wi-Fi several
milliseconds, longer than the request itself. A *gthread* worker keeps an idle connection open
for ``keepalive`` seconds (the page polls every second) and answers up to ``threads`` requests at
once, so one waiting on a database lock does not hold up the others.
"""

from __future__ import annotations

import gc
from typing import Any

worker_class = "gthread"
# Requests a worker answers at once (each thread has its own database connection).
threads = 4
# Seconds an idle kept-alive connection stays open: longer than the page's poll period (1 s).
keepalive = 5


def post_worker_init(worker: Any) -> None:
    """Once a worker has loaded the site: the objects made so far (Django, the apps, the
    settings — most of the process, and alive to its end) leave the garbage collector's care, so
    its collections, which run every few requests, go over what the requests make only (about a
    tenth of a move's CPU otherwise, longer pauses for the whole-heap ones)."""
    gc.freeze()
