"""gunicorn's settings for ``bench/load.py --server gunicorn`` (the comparison with the site's
server before granian): each worker, once the site is loaded, leaves what it loaded out of the
garbage collections, as the site's server does (``config.server.load_site``)."""

from __future__ import annotations

import gc
from typing import Any


def post_worker_init(worker: Any) -> None:
    gc.freeze()
