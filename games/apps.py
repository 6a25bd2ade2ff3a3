import os
import sys
import threading

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
    verbose_name = _("Games")

    def ready(self) -> None:
        from games import kinds
        from games.kinds.sos import SOS
        from games.kinds.uttt import UTTT

        for kind in (SOS, UTTT):  # the game-kind registry's entries, in the forms' order
            kinds.register(kind)
        from games import computer_moves, device_views

        device_views.connect()
        computer_moves.connect()
        if _serving_with_runserver():
            start_clock_checks()


# The development server (`make run`) checks the clocks itself, every few seconds; in production
# a cron job or a systemd timer runs `manage.py check_clocks` (docs/operations.md, docs/clocks.md).
CLOCK_CHECK_SECONDS = 5


def _serving_with_runserver() -> bool:
    """Under ``manage.py runserver``: in the autoreloader's serving child (or with
    ``--noreload``), never in its watching parent, nor in tests, the server or commands."""
    argv = sys.argv
    if len(argv) < 2 or argv[1] != "runserver":
        return False
    return os.environ.get("RUN_MAIN") == "true" or "--noreload" in argv


def start_clock_checks(
    every: float = CLOCK_CHECK_SECONDS, stop: threading.Event | None = None
) -> threading.Thread:
    """A daemon thread that runs the periodic clock check every ``every`` seconds, until
    ``stop`` is set (never, under runserver: it ends with the process)."""
    stop = stop or threading.Event()

    def loop() -> None:
        import logging

        from django.db import connections

        from games.timekeeping import check_clocks

        while not stop.wait(every):
            try:
                check_clocks()
            except Exception:  # a bug or a locked database: log it and check again later
                logging.getLogger("club.moves").exception("check_clocks failed")
            finally:
                connections.close_all()  # this thread's own connections only

    thread = threading.Thread(target=loop, name="check_clocks", daemon=True)
    thread.start()
    return thread
